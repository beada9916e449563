/**
 * The operation context of a request (src/app/operation.ts), the same for REST and GraphQL:
 * the summary language from Accept-Language, and dice that are fixed, seeded, or seeded from the
 * injected id source when the request names neither.
 */
import type { FastifyRequest } from 'fastify';
import type { OperationContext } from '../app/operation.js';
import { pickLanguage, type Lang } from '../app/i18n.js';
import { diceFor } from '../games/dice/index.js';
import './services.js';

/** Negotiated languages by Accept-Language value: clients repeat the same few headers. */
const languages = new Map<string, Lang>();
const LANGUAGES_KEPT = 256;

export function languageOf(header: string | undefined): Lang {
  if (!header) return 'en';
  let lang = languages.get(header);
  if (lang === undefined) {
    lang = pickLanguage(header);
    if (languages.size >= LANGUAGES_KEPT) languages.clear();
    if (header.length <= 256) languages.set(header, lang);
  }
  return lang;
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
