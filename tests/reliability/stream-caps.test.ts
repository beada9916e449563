/**
 * Open streams are capped (CONTRACT §8.5): SSE feeds (opened with the API key or a feed token,
 * which counts for the key that issued it) and GraphQL subscriptions count together, at most
 * MAX_STREAMS_PER_KEY per key and MAX_STREAMS_PER_IP per client address. Past a cap the stream is
 * refused with a 429 problem `too_many_streams` (Retry-After, naming the setting and its limit) —
 * a WebSocket `error` with the same extensions for a subscription — and closing a stream frees its
 * slot. Here with small caps (3) on a listening app over in-memory stores.
 */
import { afterAll, afterEach, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { memoryApp } from '../helpers/app.js';
import type { WsClient } from '../helpers/ws.js';
import type { JobRunner, JobState } from '../../src/app/ports.js';
import { loadConfig } from '../../src/config.js';
import { meleeRequest } from '../fixtures/simulate.js';
import { subscribeToMatch } from '../helpers/match-subscription.js';

interface Opened {
  status: number;
  headers: Headers;
  json?: Record<string, unknown>;
  close(): void;
}

/** GET a stream; a 200 is kept open (until `close`) once its opening `retry:` arrived, anything else read whole. */
async function openStream(url: string, headers: Record<string, string> = {}): Promise<Opened> {
  const abort = new AbortController();
  const res = await fetch(url, { headers, signal: abort.signal });
  if (res.status !== 200) return { status: res.status, headers: res.headers, json: (await res.json()) as Record<string, unknown>, close: () => abort.abort() };
  const reader = res.body!.getReader();
  let text = '';
  while (!text.includes('retry:')) {
    const { value, done } = await reader.read();
    if (done) break;
    text += new TextDecoder().decode(value);
  }
  return { status: 200, headers: res.headers, close: () => abort.abort() };
}

async function until(what: string, check: () => boolean, ms = 10_000): Promise<void> {
  const deadline = Date.now() + ms;
  while (!check()) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 20));
  }
}

/** A graphql-transport-ws subscription to a match's events; resolves once it is answered or running. */
const subscribe = subscribeToMatch;

describe('caps on open streams (MAX_STREAMS_PER_KEY, MAX_STREAMS_PER_IP)', () => {
  const open: Opened[] = [];
  const sockets: WsClient[] = [];
  const apps: FastifyInstance[] = [];

  /** A listening app with these caps; `base` is its address. */
  async function start(caps: { maxStreamsPerKey: number; maxStreamsPerIp: number }, jobs?: JobRunner) {
    const app = await memoryApp(caps, jobs ? { jobs } : {});
    apps.push(app);
    await app.listen({ port: 0, host: '127.0.0.1' });
    const port = (app.server.address() as { port: number }).port;
    return { app, port, base: `http://127.0.0.1:${port}` };
  }
  async function key(app: FastifyInstance, name: string) {
    const created = await app.services.apiKeys!.create(name);
    return { id: created.id, auth: { authorization: `Bearer ${created.key}` }, key: created.key };
  }
  async function match(app: FastifyInstance, auth: Record<string, string>): Promise<string> {
    const players = [
      { id: 'p1', name: 'A' },
      { id: 'p2', name: 'B' },
    ];
    const res = await app.inject({ method: 'POST', url: '/v1/matches', headers: auth, payload: { game: 'eden', players } });
    return res.json().id as string;
  }
  const keep = (o: Opened) => (open.push(o), o);
  const expectTooMany = (o: Opened, setting: string, limit: number) => {
    expect(o.status).toBe(429);
    expect(o.headers.get('content-type')).toMatch(/^application\/problem\+json/);
    expect(Number(o.headers.get('retry-after'))).toBeGreaterThan(0);
    expect(o.json).toMatchObject({ status: 429, code: 'too_many_streams', setting, limit });
  };

  afterEach(() => {
    for (const o of open.splice(0)) o.close();
    for (const s of sockets.splice(0)) s.close();
  });
  afterAll(async () => {
    for (const app of apps) await app.close();
  });

  it('defaults to 100 per key and 100 per address, 0 turning a cap off', () => {
    expect(loadConfig({})).toMatchObject({ maxStreamsPerKey: 100, maxStreamsPerIp: 100 });
    expect(loadConfig({ MAX_STREAMS_PER_KEY: '3', MAX_STREAMS_PER_IP: '0' })).toMatchObject({ maxStreamsPerKey: 3, maxStreamsPerIp: 0 });
    expect(() => loadConfig({ MAX_STREAMS_PER_KEY: '-1' })).toThrow();
  });

  it('per key: the 4th stream is a 429 naming MAX_STREAMS_PER_KEY; feed tokens and subscriptions count; closing one frees a slot', async () => {
    const { app, port, base } = await start({ maxStreamsPerKey: 3, maxStreamsPerIp: 0 });
    const a = await key(app, 'capped');
    const id = await match(app, a.auth);
    const feed = `${base}/v1/matches/${id}/feed`;
    for (let i = 0; i < 3; i++) expect(keep(await openStream(feed, a.auth)).status).toBe(200);
    expect(app.streams.openFor(a.id)).toBe(3);

    expectTooMany(keep(await openStream(feed, a.auth)), 'MAX_STREAMS_PER_KEY', 3);
    // a feed token stands for the key that issued it
    const token = (await app.inject({ method: 'POST', url: `/v1/matches/${id}/feed-tokens`, headers: a.auth })).json().token as string;
    expectTooMany(keep(await openStream(`${feed}?token=${encodeURIComponent(token)}`)), 'MAX_STREAMS_PER_KEY', 3);
    // a GraphQL subscription is refused the same way
    const refused = await subscribe(port, a.key, id, sockets);
    await until('the refusal', () => refused.some((m) => m.id === 's1'));
    const error = refused.find((m) => m.id === 's1')!;
    expect(error.type).toBe('error');
    expect(error.payload[0].extensions).toMatchObject({ code: 'too_many_streams', status: 429, setting: 'MAX_STREAMS_PER_KEY', limit: 3 });
    // another key is not affected
    const b = await key(app, 'other');
    expect(keep(await openStream(`${base}/v1/matches/${await match(app, b.auth)}/feed`, b.auth)).status).toBe(200);

    // closing one frees its slot: then a subscription takes it, and a feed is refused again
    open[0]!.close();
    await until('the slot to be freed', () => app.streams.openFor(a.id) === 2);
    const running = await subscribe(port, a.key, id, sockets);
    await until('the subscription to hold its slot', () => app.streams.openFor(a.id) === 3);
    expect(running.some((m) => m.id === 's1' && m.type === 'error')).toBe(false);
    expectTooMany(keep(await openStream(feed, a.auth)), 'MAX_STREAMS_PER_KEY', 3);
    // the subscription's socket closing frees its slot too
    sockets.at(-1)!.close();
    await until('the subscription slot to be freed', () => app.streams.openFor(a.id) === 2);
    expect(keep(await openStream(`${feed}?token=${encodeURIComponent(token)}`)).status).toBe(200);
  });

  it('per address: the 4th stream from one address is a 429 naming MAX_STREAMS_PER_IP, whatever the keys', async () => {
    const { app, base } = await start({ maxStreamsPerKey: 0, maxStreamsPerIp: 3 });
    for (let i = 0; i < 3; i++) {
      const k = await key(app, `ip-${i}`);
      expect(keep(await openStream(`${base}/v1/matches/${await match(app, k.auth)}/feed`, k.auth)).status).toBe(200);
    }
    const last = await key(app, 'ip-3');
    const id = await match(app, last.auth);
    expectTooMany(keep(await openStream(`${base}/v1/matches/${id}/feed`, last.auth)), 'MAX_STREAMS_PER_IP', 3);
    open[0]!.close();
    await until('the slot to be freed', () => app.streams.size === 2);
    expect(keep(await openStream(`${base}/v1/matches/${id}/feed`, last.auth)).status).toBe(200);
  });

  it('simulation progress streams count too', async () => {
    const states = new Map<string, JobState>();
    const jobs: JobRunner = {
      kind: 'in-process',
      enqueue: async (job) => void states.set(job.id, { id: job.id, status: 'queued', progress: 0 }),
      get: async (id) => states.get(id),
      cancel: async () => false,
      onUpdate: () => () => undefined,
      ping: async () => undefined,
      close: async () => undefined,
    };
    const { app, base } = await start({ maxStreamsPerKey: 1, maxStreamsPerIp: 0 }, jobs);
    const a = await key(app, 'simulations');
    const submitted = await app.inject({
      method: 'POST',
      url: '/v1/simulations',
      headers: a.auth,
      payload: { kind: 'eden.melee', request: meleeRequest('passive'), iterations: 10, seed: 'caps' },
    });
    expect(submitted.statusCode).toBe(202);
    const events = `${base}/v1/simulations/${submitted.json().id}/events`;
    expect(keep(await openStream(events, a.auth)).status).toBe(200);
    expectTooMany(keep(await openStream(events, a.auth)), 'MAX_STREAMS_PER_KEY', 1);
  });
});
