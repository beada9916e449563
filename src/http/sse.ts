/**
 * Server-Sent Events for the streaming routes (match feeds, simulation progress) over the
 * maintained @fastify/sse plugin: the response goes through Fastify's reply, so the headers that
 * hooks set (CORS, x-request-id, security, rate limit) reach streams too. Routes declare
 * `sse: SSE_ROUTE` (no Accept negotiation: these routes always stream); this module adds what the
 * plugin does not write: the opening `: <comment>` line with `retry:`, and a `: ping` comment
 * every 15 s (the plugin's own heartbeat writes `: heartbeat`, so it is off).
 *
 * Every stream holds a slot of the stream registry (src/transport/streams.ts) while it is open:
 * past MAX_STREAMS_PER_KEY / MAX_STREAMS_PER_IP (a seat or spectator token's stream: past
 * MAX_STREAMS_PER_TOKEN / MAX_STREAMS_PER_MATCH instead of its owner's key's cap, CONTRACT §9.4) it
 * is refused with 429 `too_many_streams`, and on
 * shutdown it gets a last `event: shutdown` (with `retry:`) and ends (CONTRACT §8.5).
 */
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { SSERouteOptions } from '@fastify/sse';
import { problem } from '../transport/problem.js';
import { streamOwner } from '../transport/streams.js';
import '../transport/table-token.js';
import { problemResponses } from './schemas.js';

/** Milliseconds a client waits before reconnecting (sent as `retry:` when the stream opens). */
const SSE_RETRY_MS = 2000;
/** A `: ping` comment this often keeps idle connections (and proxies) open. */
const SSE_PING_MS = 15_000;

export const SSE_ROUTE: SSERouteOptions = { kind: 'manual', heartbeat: false };

/**
 * Commits the response as an event stream: the head (with every header set so far), then
 * `: <comment>` and `retry:`; pings until the connection closes. Call once the request is known
 * to be answerable (errors before this are ordinary problem+json answers).
 */
export function openEventStream(reply: FastifyReply, comment: string): void {
  reply.header('content-type', 'text/event-stream; charset=utf-8').header('cache-control', 'no-cache, no-transform');
  reply.sse.sendHeaders(200);
  reply.raw.write(`: ${comment}\nretry: ${SSE_RETRY_MS}\n\n`);
  const ping = setInterval(() => {
    if (reply.sse.isConnected) reply.raw.write(': ping\n\n');
  }, SSE_PING_MS);
  ping.unref();
  reply.raw.once('close', () => clearInterval(ping));
}

/** One event: `id:` (when given), `event:` and `data:` (the JSON of `data`). */
export function sendEvent(reply: FastifyReply, event: string, data: unknown, id?: number): Promise<void> {
  return reply.sse.send(id === undefined ? { event, data } : { id: String(id), event, data });
}

/**
 * Takes the stream's slot for its API key (`ownerId`: the issuing key for feed tokens) — or, opened
 * with a seat or spectator token (`request.tableToken`), for that token and its match — and client
 * address, or throws the 429 `too_many_streams` problem; call before `openEventStream`. The slot is
 * freed when the connection closes. On shutdown `onShutdown` is called once: the route stops its
 * stream and ends it with `sendShutdown`; a stream still open after the settling time is dropped.
 */
export async function holdStream(request: FastifyRequest, reply: FastifyReply, ownerId: string, onShutdown: () => void): Promise<void> {
  const owner = streamOwner(request.server, ownerId, request.ip, request.tableToken);
  // with Redis the slot is counted across replicas: the client may have left meanwhile
  const slot = await request.server.streams.acquire(owner, { end: onShutdown, destroy: () => reply.raw.destroy() });
  if (reply.raw.destroyed) slot.release();
  else reply.raw.once('close', () => slot.release());
}

/** The last event of a stream the server ends because it shuts down: reconnect after `retry:` ms. */
export function sendShutdown(reply: FastifyReply): Promise<void> {
  if (!reply.sse.isConnected) return Promise.resolve();
  const data = problem(503, 'shutting_down', 'The server is shutting down; reconnect (with Last-Event-ID where the stream takes it) to go on.');
  return reply.sse.send({ event: 'shutdown', data, retry: SSE_RETRY_MS }).catch(() => undefined);
}

/**
 * The last event of a stream whose read failed because the database is unavailable (CONTRACT §9.4:
 * an outage, never a silent end): `event: unavailable` with the 503 problem; reconnect after
 * `retry:` ms with Last-Event-ID, nothing is lost.
 */
export function sendUnavailable(reply: FastifyReply): Promise<void> {
  if (!reply.sse.isConnected) return Promise.resolve();
  const data = problem(503, 'unavailable', 'The database is unavailable; reconnect (with Last-Event-ID) to go on from the last event received.');
  return reply.sse.send({ event: 'unavailable', data, retry: SSE_RETRY_MS }).catch(() => undefined);
}

/** The problem answers of a stream route: 429 is also `too_many_streams`. */
export function streamProblemResponses(statuses: number[]): Record<number, unknown> {
  const responses = problemResponses([...new Set([...statuses, 429])].sort((a, b) => a - b));
  const tooMany = responses[429] as { description: string };
  responses[429] = {
    ...tooMany,
    description:
      'Rate limit exceeded, or too many streams open (`too_many_streams`: at most MAX_STREAMS_PER_KEY per API key and MAX_STREAMS_PER_IP per client address); retry after Retry-After seconds.',
  };
  return responses;
}
