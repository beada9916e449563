/**
 * Event streams end when their API key is revoked (CONTRACT §7.2): the stream registers its owner
 * with the revocation service (`app.services.revocations`) and, once revoked, sends a final
 * `event: revoked` (data: the 401 `key_revoked` problem) and ends.
 */
import type { FastifyReply } from 'fastify';
import { problem } from '../transport/problem.js';
import { sendEvent } from './sse.js';

/** Calls `onRevoked` (once) if the key of `ownerId` is revoked while the stream is open. */
export function onRevocation(reply: FastifyReply, ownerId: string, onRevoked: () => void): void {
  const revocations = reply.server.services.revocations;
  if (!revocations) return;
  const off = revocations.watch(ownerId, onRevoked);
  reply.raw.once('close', off);
}

/** The final event of a stream whose key was revoked. */
export function sendRevoked(reply: FastifyReply): Promise<void> {
  if (!reply.sse.isConnected) return Promise.resolve();
  return sendEvent(reply, 'revoked', problem(401, 'key_revoked', 'The API key of this stream was revoked.')).catch(() => undefined);
}
