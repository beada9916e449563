/**
 * Why the server ends a stream before its client does (CONTRACT §7.2, §8.1, §9.4), shared by SSE
 * feeds and GraphQL subscriptions: every stream ends with a final event whose `reason` says why —
 * - `key_revoked`: the API key of the stream (for a token, its owner's key) was revoked
 *   (`app.services.revocations`: at once in the revoking process, within its re-check elsewhere);
 * - `seat_revoked`: the owner revoked the tokens of the seat the stream was opened with
 *   (`matches.seatWatch`: at once in the revoking process, within its re-check elsewhere);
 * - `expired`: the seat, spectator or feed token the stream was opened with expired (./token-expiry.ts:
 *   every process reads the expiry from the token and its own clock).
 * The final event carries the 401 problem a new request with the same credential would get.
 */
import type { FastifyInstance } from 'fastify';
import { HttpProblem } from './problem.js';
import type { TableTokenBudget } from './table-token.js';
import { tokenExpiryOf } from './token-expiry.js';
import './services.js';

export type StreamEndReason = 'expired' | 'seat_revoked' | 'key_revoked';

/** The problem a stream ends with (its `reason` member names why). */
export function streamEndProblem(reason: StreamEndReason, credential: 'table' | 'feed' = 'table'): HttpProblem {
  // a feed token (`?token=`, CONTRACT §7.2) ends as a new request with it would be refused
  if (reason === 'expired' && credential === 'feed')
    return new HttpProblem(401, 'invalid_feed_token', 'The feed token has expired; ask POST …/feed-tokens for a new one.', { reason });
  switch (reason) {
    case 'key_revoked':
      return new HttpProblem(401, 'key_revoked', 'The API key of this stream was revoked.', { reason });
    case 'seat_revoked':
      return new HttpProblem(401, 'invalid_token', 'The tokens of this seat were revoked by the match owner.', { reason });
    case 'expired':
      return new HttpProblem(401, 'invalid_token', 'The token of this stream has expired; ask the match owner for a new one and open the stream again.', { reason });
  }
}

/**
 * Calls `onEnd` once, with the first reason that arrives: the key of `ownerId` revoked, or — for a
 * stream opened with a seat or spectator `token` — its seat's tokens revoked or the token expired.
 * Returns the unregistering function (call it when the stream ends, whatever the reason).
 */
export function watchStreamEnd(
  app: Pick<FastifyInstance, 'services'>,
  ownerId: string,
  token: TableTokenBudget | undefined,
  onEnd: (reason: StreamEndReason) => void,
  feedTokenExpiresAt?: number,
): () => void {
  let ended = false;
  const offs: (() => void)[] = [];
  const off = () => {
    for (const f of offs.splice(0)) f();
  };
  const end = (reason: StreamEndReason) => {
    if (ended) return;
    ended = true;
    off();
    onEnd(reason);
  };
  const { revocations, matches } = app.services;
  if (revocations) offs.push(revocations.watch(ownerId, () => end('key_revoked')));
  if (token?.kind === 'seat' && matches && token.playerId !== undefined) {
    const seat = { ownerId, matchId: token.matchId, playerId: token.playerId, generation: token.generation ?? 0 };
    offs.push(matches.seatWatch.watch(seat, () => end('seat_revoked')));
  }
  const expiresAt = token?.expiresAt ?? feedTokenExpiresAt;
  if (expiresAt !== undefined) offs.push(tokenExpiryOf(app).watch(expiresAt, () => end('expired')));
  // a watcher may have answered at once (a key already seen revoked): nothing is left to unregister
  if (ended) off();
  return off;
}
