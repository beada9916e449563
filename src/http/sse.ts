/**
 * Server-Sent Events (`text/event-stream`) shared by the hand-written streaming routes (match
 * feeds, simulation progress): the response head, the opening comment with the reconnection
 * delay, and the framing of one event.
 */
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { ServerResponse } from 'node:http';

/** Milliseconds a client waits before reconnecting (sent as `retry:` when the stream opens). */
export const SSE_RETRY_MS = 2000;

/**
 * Takes the response out of Fastify's hands, writes the event-stream head and the opening
 * `: <comment>` line with `retry:`, and returns the raw response to write events to.
 */
export function openEventStream(request: FastifyRequest, reply: FastifyReply, comment: string): ServerResponse {
  reply.hijack();
  const raw = reply.raw;
  raw.writeHead(200, {
    'content-type': 'text/event-stream; charset=utf-8',
    'cache-control': 'no-cache, no-transform',
    connection: 'keep-alive',
    'x-accel-buffering': 'no',
    'x-request-id': request.id,
  });
  raw.write(`: ${comment}\nretry: ${SSE_RETRY_MS}\n\n`);
  return raw;
}

/** One event: `id:` (when given), `event:` and `data:` (the JSON of `data`). */
export function sseEvent(event: string, data: unknown, id?: string | number): string {
  return `${id === undefined ? '' : `id: ${id}\n`}event: ${event}\ndata: ${JSON.stringify(data)}\n\n`;
}
