/**
 * The operation context of a request (src/app/operation.ts), the same for REST and GraphQL:
 * the summary language from Accept-Language, and dice that are fixed, seeded, or seeded from the
 * injected id source when the request names neither.
 */
import type { FastifyRequest } from 'fastify';
import type { OperationContext } from '../kernel/operation.js';
import { pickLanguage, type Lang } from '../kernel/i18n.js';
import { diceFor } from '../kernel/dice/index.js';
import { memoByHeader } from './header-memo.js';
import './services.js';

/** Negotiated languages by Accept-Language value: clients repeat the same few headers. */
const languageFor = memoByHeader(pickLanguage, 256);

/** The summaries' language of a request (`en` without Accept-Language). */
export function languageOf(header: string | undefined): Lang {
  return header ? languageFor(header) : 'en';
}

export function contextFor(request: Pick<FastifyRequest, 'headers' | 'server'>): OperationContext {
  const { ids, receipts } = request.server.services;
  const { randomSeed } = ids;
  return {
    lang: languageOf(request.headers['accept-language']),
    dice: (spec) => diceFor(spec, randomSeed),
    randomSeed,
    receipts,
  };
}
