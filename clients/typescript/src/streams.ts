/**
 * Following the live streams with fetch and the SSE parser (sse.ts): a match's feed
 * (GET /v1/matches/{id}/feed: `id:` = version, `event:` = type, `data:` = the event) resumed with
 * `Last-Event-ID` after a dropped connection, and a simulation's progress
 * (GET /v1/simulations/{id}/events) until its final status. A revoked key ends either stream with
 * `event: revoked`, thrown here as an ArbiterProblem (401 `key_revoked`).
 */
import { ArbiterProblem } from './problem.js';
import { createSseParser, readSse } from './sse.js';
import type { MatchEvent, Simulation } from './types.js';

export type Send = (request: Request) => Promise<Response>;

export interface FollowMatchOptions {
  /** First version to receive (default: only events appended after the call). */
  from?: number;
  /** Resume after this version (what the last event's `version` was): wins over `from`. */
  lastEventId?: number | string;
  /** `false`: receive what exists and stop (no live tail). */
  follow?: boolean;
  /** Reconnect after a dropped connection, resuming with Last-Event-ID (default true). */
  reconnect?: boolean;
  /** Wait before reconnecting when the server sent no `retry:` (default 2000 ms). */
  reconnectDelayMs?: number;
  signal?: AbortSignal;
}

export type SimulationStatus = Simulation['status'];
export interface SimulationUpdate {
  /** `progress` while queued or running, then the final status (`completed`, `failed`, `cancelled`). */
  event: string;
  simulation: Simulation;
}

const FINAL = new Set(['completed', 'failed', 'cancelled']);

function wait(ms: number, signal?: AbortSignal): Promise<void> {
  return new Promise((resolve, reject) => {
    if (signal?.aborted) return reject(signal.reason);
    const timer = setTimeout(resolve, ms);
    signal?.addEventListener('abort', () => (clearTimeout(timer), reject(signal.reason)), { once: true });
  });
}

async function open(send: Send, url: URL, headers: Record<string, string>, signal?: AbortSignal): Promise<ReadableStream<Uint8Array>> {
  const response = await send(new Request(url, { headers: { accept: 'text/event-stream', ...headers }, signal }));
  if (!response.ok) throw await ArbiterProblem.fromResponse(response);
  if (!response.body) throw new ArbiterProblem(response.status, { detail: 'The stream has no body.' });
  return response.body;
}

/** The events of a match as they are appended; break out of the loop (or abort) to stop. */
export async function* followMatch(send: Send, baseUrl: string, id: string, options: FollowMatchOptions = {}): AsyncGenerator<MatchEvent> {
  const { reconnect = true, signal } = options;
  let lastId = options.lastEventId === undefined ? undefined : String(options.lastEventId);
  let delay = options.reconnectDelayMs ?? 2000;
  for (;;) {
    const url = new URL(`v1/matches/${encodeURIComponent(id)}/feed`, withSlash(baseUrl));
    if (lastId === undefined && options.from !== undefined) url.searchParams.set('from', String(options.from));
    if (options.follow === false) url.searchParams.set('follow', 'false');
    const parser = createSseParser();
    try {
      const body = await open(send, url, lastId === undefined ? {} : { 'last-event-id': lastId }, signal);
      for await (const message of readSse(body, parser)) {
        if (message.event === 'revoked') throw new ArbiterProblem(401, JSON.parse(message.data));
        const event = JSON.parse(message.data) as MatchEvent;
        lastId = message.id ?? String(event.version);
        yield event;
      }
    } catch (error) {
      // problems (404, 401, revoked) and aborts end the feed; a dropped connection is resumed
      if (error instanceof ArbiterProblem || signal?.aborted || !reconnect) throw error;
    }
    if (options.follow === false || !reconnect) return;
    delay = parser.retry ?? delay;
    await wait(delay, signal);
  }
}

/** A simulation's progress, ending with its final status (`completed`, `failed` or `cancelled`). */
export async function* followSimulation(
  send: Send,
  baseUrl: string,
  id: string,
  options: { signal?: AbortSignal; reconnectDelayMs?: number } = {},
): AsyncGenerator<SimulationUpdate> {
  const url = new URL(`v1/simulations/${encodeURIComponent(id)}/events`, withSlash(baseUrl));
  for (;;) {
    const parser = createSseParser();
    try {
      for await (const message of readSse(await open(send, url, {}, options.signal), parser)) {
        if (message.event === 'revoked') throw new ArbiterProblem(401, JSON.parse(message.data));
        const simulation = JSON.parse(message.data) as Simulation;
        yield { event: message.event, simulation };
        if (FINAL.has(simulation.status)) return;
      }
    } catch (error) {
      if (error instanceof ArbiterProblem || options.signal?.aborted) throw error;
    }
    // the stream ended before a final status: reconnect (the stream starts with the current state)
    await wait(parser.retry ?? options.reconnectDelayMs ?? 2000, options.signal);
  }
}

export const withSlash = (url: string) => (url.endsWith('/') ? url : `${url}/`);
