/**
 * Server-Sent Events for the streaming routes (match feeds, simulation progress) over the
 * maintained @fastify/sse plugin: the response goes through Fastify's reply, so the headers that
 * hooks set (CORS, x-request-id, security, rate limit) reach streams too. Routes declare
 * `sse: SSE_ROUTE` (no Accept negotiation: these routes always stream); this module adds what the
 * plugin does not write: the opening `: <comment>` line with `retry:`, and a `: ping` comment
 * every 15 s (the plugin's own heartbeat writes `: heartbeat`, so it is off).
 */
import type { FastifyReply } from 'fastify';
import type { SSERouteOptions } from '@fastify/sse';

/** Milliseconds a client waits before reconnecting (sent as `retry:` when the stream opens). */
export const SSE_RETRY_MS = 2000;
/** A `: ping` comment this often keeps idle connections (and proxies) open. */
export const SSE_PING_MS = 15_000;

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
