/**
 * The operation context of a request (src/app/operation.ts), the same for REST and GraphQL:
 * the summary language from Accept-Language, and dice that are fixed, seeded, or seeded from the
 * injected id source when the request names neither.
 */
import type { FastifyRequest } from 'fastify';
import type { OperationContext } from '../app/operation.js';
import { pickLanguage } from '../app/i18n.js';
import { diceFor } from '../games/dice/index.js';
import './services.js';

export function contextFor(request: Pick<FastifyRequest, 'headers' | 'server'>): OperationContext {
  const { randomSeed } = request.server.services.ids;
  return {
    lang: pickLanguage(request.headers['accept-language']),
    dice: (spec) => diceFor(spec, randomSeed),
    randomSeed,
    receipts: request.server.services.receipts,
  };
}
