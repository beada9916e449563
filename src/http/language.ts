/**
 * Headers of answers whose `summary` follows Accept-Language (CONTRACT §7.5): `Content-Language`
 * names the language chosen, `Vary: Accept-Language` tells caches the answer depends on it. Set by
 * the routes that answer summaries, not by a global hook.
 */
import type { FastifyReply } from 'fastify';
import type { Lang } from '../kernel/i18n.js';

/** Add `field` to the answer's Vary header. */
export function appendVary(reply: FastifyReply, field: string): void {
  const vary = reply.getHeader('vary');
  reply.header('vary', vary ? `${String(vary)}, ${field}` : field);
}

/**
 * Whether `answer` carries a narrative `summary`: at its top, in an event (v1 resolutions kept the
 * answer, summary included), or in a resolution's answer the match state derives (`state.latest`).
 */
export function carriesSummary(answer: unknown): boolean {
  if (answer === null || typeof answer !== 'object') return false;
  const a = answer as { summary?: unknown; events?: unknown; state?: { latest?: unknown } };
  if (typeof a.summary === 'string') return true;
  const latest = a.state?.latest;
  if (latest && typeof latest === 'object' && Object.values(latest).some((entry: { result?: { summary?: unknown } } | null) => typeof entry?.result?.summary === 'string')) {
    return true;
  }
  if (!Array.isArray(a.events)) return false;
  return a.events.some(
    (e: { data?: { summary?: unknown; result?: { summary?: unknown } } }) => typeof e?.data?.summary === 'string' || typeof e?.data?.result?.summary === 'string',
  );
}

export function announceLanguage(reply: FastifyReply, lang: Lang): void {
  reply.header('content-language', lang);
  appendVary(reply, 'Accept-Language');
}
