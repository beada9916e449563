/**
 * Stream caps are global when Redis is configured (CONTRACT §9.4, issue 36 item 4: the caps were
 * per process, so N replicas allowed N × the cap): two apps on one Redis (as two replicas, over
 * the same stores), streams opened on both count together — per API key (SSE feeds and GraphQL
 * subscriptions), per client address (TRUST_PROXY), per seat or spectator token and per match — and
 * a stream closed on one replica frees its slot on the other. Needs REDIS_URL.
 */
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { randomUUID } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import type { Redis } from 'ioredis';
import { memoryApp } from '../helpers/app.js';
import { waitFor } from '../helpers/sse-stream.js';
import type { WsClient } from '../helpers/ws.js';
import { memoryStores } from '../../src/infra/memory/index.js';
import { openRedis } from '../../src/infra/redis.js';
import { subscribeToMatch } from '../helpers/match-subscription.js';

const REDIS_URL = process.env.REDIS_URL;

interface Opened {
  status: number;
  retryAfter: string | null;
  json?: Record<string, unknown>;
  close(): void;
}

/** A client address of this run (the Redis server is shared). */
const address = () => `198.51.${Math.floor(Math.random() * 250)}.${1 + Math.floor(Math.random() * 250)}`;

describe.skipIf(!REDIS_URL)('stream caps shared by two replicas through Redis', () => {
  let redis: Redis;
  let a: FastifyInstance;
  let b: FastifyInstance;
  const open: Opened[] = [];
  const sockets: WsClient[] = [];

  beforeAll(async () => {
    redis = openRedis(REDIS_URL!);
    // commands are not queued while connecting (enableOfflineQueue: false): wait until it is ready
    if (redis.status !== 'ready') await new Promise((resolve) => redis.once('ready', resolve));
    const stores = memoryStores();
    const config = { maxStreamsPerKey: 2, maxStreamsPerIp: 2, maxStreamsPerToken: 1, maxStreamsPerMatch: 2, trustProxy: 1 };
    a = await memoryApp(config, { stores, redis });
    b = await memoryApp(config, { stores, redis });
    for (const app of [a, b]) await app.listen({ port: 0, host: '127.0.0.1' });
  });
  afterEach(() => {
    for (const o of open.splice(0)) o.close();
    for (const s of sockets.splice(0)) s.close();
  });
  afterAll(async () => {
    await a?.close();
    await b?.close();
    redis?.disconnect();
  });

  const base = (app: FastifyInstance) => `http://127.0.0.1:${(app.server.address() as { port: number }).port}`;

  /** GET a stream on `app` from `from`; a 200 is kept open (until `close`) once its opening `retry:` arrived, anything else read whole. */
  async function stream(app: FastifyInstance, path: string, credential: string, from = address()): Promise<Opened> {
    const abort = new AbortController();
    const res = await fetch(base(app) + path, { headers: { authorization: `Bearer ${credential}`, 'x-forwarded-for': from }, signal: abort.signal });
    const opened: Opened = { status: res.status, retryAfter: res.headers.get('retry-after'), close: () => abort.abort() };
    open.push(opened);
    if (res.status !== 200) return { ...opened, json: (await res.json()) as Record<string, unknown> };
    const reader = res.body!.getReader();
    let text = '';
    while (!text.includes('retry:')) {
      const { value, done } = await reader.read();
      if (done) break;
      text += new TextDecoder().decode(value);
    }
    return opened;
  }

  /** A GraphQL subscription to a match's events on `app`; resolves once it is answered or holds its slot. */
  const subscribe = (app: FastifyInstance, key: string, matchId: string) => subscribeToMatch((app.server.address() as { port: number }).port, key, matchId, sockets, app);

  async function table() {
    const owner = await a.services.apiKeys!.create(`owner-${randomUUID()}`);
    const players = [
      { id: 'p1', name: 'Ana' },
      { id: 'p2', name: 'Ben' },
    ];
    const created = await a.inject({ method: 'POST', url: '/v1/matches', headers: { authorization: `Bearer ${owner.key}` }, payload: { game: 'eden', players } });
    expect(created.statusCode).toBe(201);
    return { owner, id: created.json().id as string, feed: `/v1/matches/${created.json().id}/feed` };
  }

  const expectTooMany = (o: Opened, setting: string, limit: number) => {
    expect(o.status).toBe(429);
    expect(Number(o.retryAfter)).toBeGreaterThan(0);
    expect(o.json).toMatchObject({ status: 429, code: 'too_many_streams', setting, limit });
  };

  it('MAX_STREAMS_PER_KEY=2: one feed on A and one on B; a third feed or a subscription on either is 429; closing A’s frees a slot on B', async () => {
    const { owner, id, feed } = await table();
    const onA = await stream(a, feed, owner.key);
    expect(onA.status).toBe(200);
    expect((await stream(b, feed, owner.key)).status).toBe(200);
    expectTooMany(await stream(a, feed, owner.key), 'MAX_STREAMS_PER_KEY', 2);
    expectTooMany(await stream(b, feed, owner.key), 'MAX_STREAMS_PER_KEY', 2);
    const refused = await subscribe(b, owner.key, id);
    await waitFor('the refusal', () => refused.some((m) => m.id === 's1'));
    expect(refused.find((m) => m.id === 's1')).toMatchObject({
      type: 'error',
      payload: [{ extensions: { code: 'too_many_streams', status: 429, setting: 'MAX_STREAMS_PER_KEY', limit: 2 } }],
    });

    onA.close();
    await waitFor('A to release the slot', () => a.streams.openFor(owner.id) === 0);
    // the release reaches Redis just after A forgets the stream: B is refused at most until then
    let third = await stream(b, feed, owner.key);
    for (let tries = 0; third.status !== 200 && tries < 100; tries++) {
      await new Promise((r) => setTimeout(r, 50));
      third = await stream(b, feed, owner.key);
    }
    expect(third.status).toBe(200);
    expectTooMany(await stream(a, feed, owner.key), 'MAX_STREAMS_PER_KEY', 2);
  });

  it('MAX_STREAMS_PER_IP=2 (TRUST_PROXY): two streams of one client address on A and B, whatever the keys; the third on either is 429', async () => {
    const from = address();
    const [first, second, third] = [await table(), await table(), await table()];
    expect((await stream(a, first.feed, first.owner.key, from)).status).toBe(200);
    expect((await stream(b, second.feed, second.owner.key, from)).status).toBe(200);
    expectTooMany(await stream(a, third.feed, third.owner.key, from), 'MAX_STREAMS_PER_IP', 2);
    expectTooMany(await stream(b, third.feed, third.owner.key, from), 'MAX_STREAMS_PER_IP', 2);
    expect((await stream(b, third.feed, third.owner.key, address())).status).toBe(200);
  });

  it('MAX_STREAMS_PER_TOKEN=1 and MAX_STREAMS_PER_MATCH=2: a spectator token’s stream on A fills its cap on B; the match’s tokens share 2 across both', async () => {
    const { owner, feed, id } = await table();
    const spectator = async () => {
      const res = await a.inject({ method: 'POST', url: `/v1/matches/${id}/spectator-tokens`, headers: { authorization: `Bearer ${owner.key}` }, payload: { ttlSeconds: 300 } });
      expect(res.statusCode).toBe(201);
      return res.json().token as string;
    };
    const [first, second, third] = [await spectator(), await spectator(), await spectator()];
    expect((await stream(a, feed, first)).status).toBe(200);
    expectTooMany(await stream(b, feed, first), 'MAX_STREAMS_PER_TOKEN', 1);
    expect((await stream(b, feed, second)).status).toBe(200);
    expectTooMany(await stream(a, feed, third), 'MAX_STREAMS_PER_MATCH', 2);
    expectTooMany(await stream(b, feed, third), 'MAX_STREAMS_PER_MATCH', 2);
    // the tokens' streams took none of the owner key's slots (CONTRACT §9.4)
    expect((await stream(b, feed, owner.key)).status).toBe(200);
  });
});
