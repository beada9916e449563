/**
 * SSE streams end when their credential stops working (CONTRACT §7.2, §8.1, §9.4): the API key is
 * revoked, the seat's tokens are revoked, or the seat, spectator or feed token expires. The stream then
 * sends a final event — `event: revoked` (reasons `key_revoked`, `seat_revoked`) or
 * `event: expired` (reason `expired`), whose data is the 401 problem with its `reason` — and ends.
 */
import type { FastifyReply, FastifyRequest } from 'fastify';
import { toProblem } from '../transport/problem.js';
import { streamEndProblem, watchStreamEnd, type StreamEndReason } from '../transport/stream-end.js';
import '../transport/table-token.js';
import '../transport/feed-token.js';
import { sendEvent } from './sse.js';

export type { StreamEndReason } from '../transport/stream-end.js';

/**
 * Calls `onEnd` (once) when the stream's credential stops working: the key of `ownerId` revoked and,
 * for a stream opened with a seat or spectator token (`request.tableToken`), its seat revoked or
 * the token expired; for one opened with a feed token (`?token=`), that token expired.
 * Unregistered when the connection closes.
 */
export function onStreamEnd(request: FastifyRequest, reply: FastifyReply, ownerId: string, onEnd: (reason: StreamEndReason) => void): void {
  const off = watchStreamEnd(reply.server, ownerId, request.tableToken, onEnd, request.feedTokenExpiresAt);
  reply.raw.once('close', off);
}

/** The final event of a stream ended for `reason`: `event: expired` for an expired token, else `event: revoked`. */
export function sendEnded(reply: FastifyReply, reason: StreamEndReason): Promise<void> {
  if (!reply.sse.isConnected) return Promise.resolve();
  const credential = reply.request.feedTokenExpiresAt === undefined ? 'table' : 'feed';
  return sendEvent(reply, reason === 'expired' ? 'expired' : 'revoked', toProblem(streamEndProblem(reason, credential))).catch(() => undefined);
}
