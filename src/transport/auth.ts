/**
 * API-key authentication for /v1/matches/**, /v1/simulations/** and their GraphQL fields
 * (CONTRACT §0). `requireApiKey(request)` resolves `Authorization: Bearer <key>` to its owner
 * (once per request) or throws a 401 problem. On the stream routes that take feed tokens,
 * `?token=` stands for the key that issued it (src/transport/feed-token.ts). A database that does not answer is a 503, never a 500.
 */
import type { FastifyRequest } from 'fastify';
import type { KeyOwner } from '../app/ports.js';
import { HttpProblem, isOutage, unavailable } from './problem.js';
import { FEED_STREAM_ROUTES, feedTokenOwner, feedTokenRequest, looksLikeFeedToken, queryToken } from './feed-token.js';
import { TABLE_TOKEN_ROUTES, isTableToken, tableTokenOwner, tableTokenRequest } from './table-token.js';
import './services.js';

export type ApiKeyOwner = KeyOwner;

/** The token of `Authorization: Bearer <token>` (scheme case-insensitive), if any. */
export function bearerToken(request: Pick<FastifyRequest, 'headers'>): string | undefined {
  const header = request.headers.authorization;
  if (typeof header !== 'string') return undefined;
  const match = /^Bearer[ \t]+(\S+)[ \t]*$/i.exec(header);
  return match?.[1];
}

function unauthorized(detail: string): HttpProblem {
  return new HttpProblem(401, 'unauthorized', detail);
}

async function resolveOwner(request: FastifyRequest): Promise<ApiKeyOwner> {
  // a match route called with a seat or spectator token: it stands for the owner's key, as its seat (CONTRACT §8.1)
  const table = tableTokenRequest(request);
  if (table) return tableTokenOwner(request, table);
  // a stream route called with ?token=: the feed token stands for the key (CONTRACT §7.2)
  const feed = feedTokenRequest(request);
  if (feed) return feedTokenOwner(request, feed);
  const key = bearerToken(request);
  if (!key) {
    const hint = queryToken(request) ? ` Feed tokens (?token=) open only ${FEED_STREAM_ROUTES}.` : '';
    throw unauthorized('Send Authorization: Bearer <api key>.' + hint);
  }
  const keys = request.server.services.apiKeys;
  if (!keys) throw unavailable('API keys cannot be checked: no database is configured.');
  let owner: ApiKeyOwner | undefined;
  try {
    owner = await keys.resolve(key);
  } catch (error) {
    if (!isOutage(error)) request.log.error({ err: error }, 'API key lookup failed'); // an outage is logged once
    throw unavailable('API keys cannot be checked right now; retry later.');
  }
  if (!owner) {
    if (isTableToken(key)) throw new HttpProblem(401, 'invalid_token', `A seat or spectator token is accepted only by ${TABLE_TOKEN_ROUTES} of its match.`);
    if (looksLikeFeedToken(key)) throw unauthorized(`A feed token is not an API key: it opens only ${FEED_STREAM_ROUTES}, as ?token=.`);
    throw unauthorized('Unknown or revoked API key.');
  }
  return owner;
}

/** The owner of the request's API key (looked up once per request), or a 401/503 problem. */
export function requireApiKey(request: FastifyRequest): Promise<ApiKeyOwner> {
  return (request.apiKeyOwner ??= resolveOwner(request));
}
