/**
 * Feed tokens at the transport (CONTRACT §7.2): a stream route declares `config: { feedToken: kind }`
 * and then accepts `?token=<feed token>` in place of `Authorization: Bearer <api key>` (browsers'
 * EventSource cannot send headers). The token must be valid, unexpired, for this very resource
 * (the route's `:id`), and its API key must not be revoked; anything else is a 401 problem. Every
 * other route ignores `?token=`. Tokens are issued and checked by `app.services.feedTokens`.
 */
import type { FastifyRequest } from 'fastify';
import type { KeyOwner } from '../app/ports.js';
import type { FeedResource, FeedResourceKind, FeedTokenRejection } from '../app/feeds/feed-tokens.js';
import { HttpProblem, isOutage, unavailable } from './problem.js';
import './services.js';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** This stream route accepts `?token=<feed token>` for the resource of this kind named by `:id`. */
    feedToken?: FeedResourceKind;
  }
  interface FastifyRequest {
    /** When the feed token this stream was opened with expires (ms since the epoch): the stream ends then (CONTRACT §9.4). */
    feedTokenExpiresAt?: number;
  }
}

/** The routes that take feed tokens (for the messages of refusals). */
export const FEED_STREAM_ROUTES = 'GET /v1/matches/{id}/feed, GET /v1/simulations/{id}/events and its chart.svg';

const REJECTIONS: Record<FeedTokenRejection, string> = {
  malformed: 'The feed token is malformed.',
  not_a_feed_token: 'The token is not a feed token (a receipt, or a token for another use): ask POST …/feed-tokens for one.',
  bad_signature: 'The feed token was not signed by this service (or was altered).',
  expired: 'The feed token has expired; ask POST …/feed-tokens for a new one.',
  other_resource: 'The feed token was issued for another match or simulation.',
};

/** The `?token=` of a request, if any. */
export function queryToken(request: Pick<FastifyRequest, 'query'>): string | undefined {
  const token = (request.query as { token?: unknown } | undefined)?.token;
  return typeof token === 'string' && token.length > 0 ? token : undefined;
}

/** The token and the resource it must be for, when a stream route that takes feed tokens is called with `?token=`. */
export function feedTokenRequest(request: FastifyRequest): { token: string; resource: FeedResource } | undefined {
  const kind = request.routeOptions?.config?.feedToken;
  const token = kind && queryToken(request);
  const id = (request.params as { id?: unknown } | undefined)?.id;
  return kind && token && typeof id === 'string' ? { token, resource: { kind, id } } : undefined;
}

/** A credential shaped as a compact JWS (API keys have no dots). */
export const looksLikeFeedToken = (credential: string) => /^[\w-]+\.[\w-]+\.[\w-]+$/.test(credential);

/**
 * The owner of the API key that issued the request's feed token, or a 401 (`invalid_feed_token`,
 * `key_revoked`) / 503 problem. Streams use only the owner's id (`name` is not carried by tokens).
 */
export async function feedTokenOwner(request: FastifyRequest, feed: { token: string; resource: FeedResource }): Promise<KeyOwner> {
  const { feedTokens, apiKeys } = request.server.services;
  if (!apiKeys) throw unavailable('Feed tokens cannot be checked: no database is configured.');
  let check: Awaited<ReturnType<typeof feedTokens.check>>;
  let revoked: string[] = [];
  try {
    check = await feedTokens.check(feed.token, feed.resource);
    if (check.ok) revoked = await apiKeys.revokedAmong([check.ownerId]);
  } catch (error) {
    if (!isOutage(error)) request.log.error({ err: error }, 'feed token check failed'); // an outage is logged once
    throw unavailable('Feed tokens cannot be checked right now; retry later.');
  }
  if (!check.ok) throw new HttpProblem(401, 'invalid_feed_token', REJECTIONS[check.reason], { reason: check.reason });
  if (revoked.length > 0) throw new HttpProblem(401, 'key_revoked', 'The API key that issued this feed token was revoked.');
  request.feedTokenExpiresAt = check.expiresAt;
  return { id: check.ownerId, name: '' };
}
