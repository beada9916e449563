/**
 * One contract suite for the StreamSlots port (src/transport/stream-slots.ts: the slots of open
 * streams, CONTRACT §8.5, §9.4), run against every implementation: in process (LocalStreamSlots)
 * always, Redis (src/transport/stream-slots-redis.ts) when REDIS_URL is set, on key prefixes unique
 * to this run. Then what only the shared store does: two replicas on one Redis share the caps, the
 * slots of a replica that stops renewing them (killed) lapse, and a Redis that does not answer falls
 * back to the process's own count without an error or a wait (that part needs no Redis server).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { randomUUID } from 'node:crypto';
import type { Redis } from 'ioredis';
import { LocalStreamSlots, type SlotCounter, type StreamSlots } from '../../src/transport/stream-slots.js';
import { RedisStreamSlots, type RedisStreamSlotsOptions } from '../../src/transport/stream-slots-redis.js';
import { openRedis } from '../../src/infra/redis.js';

const REDIS_URL = process.env.REDIS_URL;

async function readyRedis(url: string): Promise<Redis> {
  const redis = openRedis(url);
  // commands are not queued while connecting (enableOfflineQueue: false): wait until it is ready
  if (redis.status !== 'ready') await new Promise((resolve) => redis.once('ready', resolve));
  return redis;
}

interface Target {
  name: string;
  open(): Promise<{ slots: StreamSlots; close(): Promise<void> }>;
}

const targets: Target[] = [{ name: 'in process', open: async () => ({ slots: new LocalStreamSlots(), close: async () => {} }) }];
if (REDIS_URL) {
  targets.push({
    name: 'Redis',
    open: async () => {
      const redis = await readyRedis(REDIS_URL);
      const slots = new RedisStreamSlots(redis, { replica: randomUUID(), prefix: `{test-streams-${randomUUID()}}:` });
      return {
        slots,
        close: async () => {
          await slots.close();
          redis.disconnect();
        },
      };
    },
  });
}

/** Counters of this test (fresh names: the counts of one test never meet another's). */
function counters() {
  const run = randomUUID();
  return {
    key: (limit: number): SlotCounter => ({ counter: `key:${run}`, limit, setting: 'MAX_STREAMS_PER_KEY' }),
    ip: (limit: number): SlotCounter => ({ counter: `ip:${run}`, limit, setting: 'MAX_STREAMS_PER_IP' }),
    token: (limit: number): SlotCounter => ({ counter: `token:${run}`, limit, setting: 'MAX_STREAMS_PER_TOKEN' }),
    match: (limit: number): SlotCounter => ({ counter: `match:${run}`, limit, setting: 'MAX_STREAMS_PER_MATCH' }),
  };
}

let lastStream = 0;
const stream = () => `s${++lastStream}`;

for (const target of targets) {
  describe(`stream slots ${target.name}`, () => {
    let slots: StreamSlots;
    let close: (() => Promise<void>) | undefined;
    beforeAll(async () => {
      ({ slots, close } = await target.open());
    });
    afterAll(async () => close?.());

    it('MAX_STREAMS_PER_KEY: grants up to the cap, then refuses naming the setting and its limit; another key is not affected', async () => {
      const c = counters();
      for (let i = 0; i < 3; i++) expect(await slots.acquire(stream(), [c.key(3)])).toEqual({ granted: true });
      expect(await slots.acquire(stream(), [c.key(3)])).toEqual({ granted: false, setting: 'MAX_STREAMS_PER_KEY', limit: 3 });
      expect(await slots.acquire(stream(), [counters().key(3)])).toEqual({ granted: true });
    });

    it('all or none: a stream refused on its address takes no slot of its key', async () => {
      const c = counters();
      expect(await slots.acquire(stream(), [c.key(2), c.ip(1)])).toEqual({ granted: true });
      expect(await slots.acquire(stream(), [c.key(2), c.ip(1)])).toEqual({ granted: false, setting: 'MAX_STREAMS_PER_IP', limit: 1 });
      // the key still has one free slot (the refused stream took none), then none
      expect(await slots.acquire(stream(), [c.key(2)])).toEqual({ granted: true });
      expect(await slots.acquire(stream(), [c.key(2)])).toEqual({ granted: false, setting: 'MAX_STREAMS_PER_KEY', limit: 2 });
    });

    it('MAX_STREAMS_PER_TOKEN before MAX_STREAMS_PER_MATCH: the first full counter, in order, is named', async () => {
      const c = counters();
      expect(await slots.acquire(stream(), [c.token(1), c.match(1)])).toEqual({ granted: true });
      expect(await slots.acquire(stream(), [c.token(1), c.match(1)])).toEqual({ granted: false, setting: 'MAX_STREAMS_PER_TOKEN', limit: 1 });
      expect(await slots.acquire(stream(), [counters().token(1), c.match(1)])).toEqual({ granted: false, setting: 'MAX_STREAMS_PER_MATCH', limit: 1 });
    });

    it('a cap of 0 is none', async () => {
      const c = counters();
      for (let i = 0; i < 5; i++) expect(await slots.acquire(stream(), [c.key(0), c.ip(0)])).toEqual({ granted: true });
    });

    it('release frees the slots of every counter once; releasing again or an unknown stream frees nothing', async () => {
      const c = counters();
      const [first, second] = [stream(), stream()];
      expect(await slots.acquire(first, [c.key(2), c.ip(2)])).toEqual({ granted: true });
      expect(await slots.acquire(second, [c.key(2), c.ip(2)])).toEqual({ granted: true });
      expect((await slots.acquire(stream(), [c.key(2)])).granted).toBe(false);
      await slots.release(first);
      await slots.release(first);
      await slots.release('never-acquired');
      const third = stream();
      expect(await slots.acquire(third, [c.key(2), c.ip(2)])).toEqual({ granted: true });
      expect(await slots.acquire(stream(), [c.key(2)])).toEqual({ granted: false, setting: 'MAX_STREAMS_PER_KEY', limit: 2 });
      expect(await slots.acquire(stream(), [c.ip(2)])).toEqual({ granted: false, setting: 'MAX_STREAMS_PER_IP', limit: 2 });
    });

    it('acquiring again for a stream that holds its slots takes no more', async () => {
      const c = counters();
      const held = stream();
      expect(await slots.acquire(held, [c.key(2)])).toEqual({ granted: true });
      expect(await slots.acquire(held, [c.key(2)])).toEqual({ granted: true });
      expect(await slots.acquire(stream(), [c.key(2)])).toEqual({ granted: true });
    });

    it('concurrent acquisitions: exactly the cap is granted', async () => {
      const c = counters();
      const answers = await Promise.all(Array.from({ length: 20 }, () => slots.acquire(stream(), [c.key(5), c.ip(0)])));
      expect(answers.filter((a) => a.granted)).toHaveLength(5);
    });
  });
}

describe.skipIf(!REDIS_URL)('stream slots shared through Redis', () => {
  const redisClients: Redis[] = [];
  const stores: RedisStreamSlots[] = [];
  const prefix = `{test-streams-${randomUUID()}}:`;
  /** A replica's store on a Redis connection of its own (so that it can be cut off as a killed replica is). */
  async function replica(options: Partial<RedisStreamSlotsOptions> = {}) {
    const redis = await readyRedis(REDIS_URL!);
    redisClients.push(redis);
    const slots = new RedisStreamSlots(redis, { replica: randomUUID(), prefix, ...options });
    stores.push(slots);
    return { slots, redis };
  }
  afterAll(async () => {
    for (const s of stores) await s.close();
    for (const r of redisClients) r.disconnect();
  });

  it('two replicas share a cap: one slot each fills a cap of 2 for both; a release on one frees a slot on the other', async () => {
    const [a, b] = [await replica(), await replica()];
    const c = counters();
    const onA = stream();
    expect(await a.slots.acquire(onA, [c.key(2)])).toEqual({ granted: true });
    expect(await b.slots.acquire(stream(), [c.key(2)])).toEqual({ granted: true });
    expect(await a.slots.acquire(stream(), [c.key(2)])).toEqual({ granted: false, setting: 'MAX_STREAMS_PER_KEY', limit: 2 });
    expect(await b.slots.acquire(stream(), [c.key(2)])).toEqual({ granted: false, setting: 'MAX_STREAMS_PER_KEY', limit: 2 });
    await a.slots.release(onA);
    expect(await b.slots.acquire(stream(), [c.key(2)])).toEqual({ granted: true });
  });

  it('concurrent acquisitions on two replicas: exactly the cap is granted', async () => {
    const [a, b] = [await replica(), await replica()];
    const c = counters();
    const answers = await Promise.all(Array.from({ length: 20 }, (_, i) => (i % 2 ? a : b).slots.acquire(stream(), [c.key(4)])));
    expect(answers.filter((x) => x.granted)).toHaveLength(4);
  });

  it('a replica that renews keeps its slots past their time to live; the slots of one that stops (killed) lapse', async () => {
    const timing = { ttlMs: 1000, renewMs: 100 };
    const [alive, killed, other] = [await replica(timing), await replica(timing), await replica(timing)];
    const c = counters();
    expect(await alive.slots.acquire(stream(), [c.key(2)])).toEqual({ granted: true });
    expect(await killed.slots.acquire(stream(), [c.key(2)])).toEqual({ granted: true });
    expect(await other.slots.acquire(stream(), [c.key(2)])).toEqual({ granted: false, setting: 'MAX_STREAMS_PER_KEY', limit: 2 });
    // killed: its connection is gone, nothing renews or releases its slot (the counter lives on: alive renews it)
    killed.redis.disconnect();
    await new Promise((r) => setTimeout(r, 2.5 * timing.ttlMs));
    expect(await other.slots.acquire(stream(), [c.key(2)])).toEqual({ granted: true });
    // alive's slot is still held
    expect(await other.slots.acquire(stream(), [c.key(2)])).toEqual({ granted: false, setting: 'MAX_STREAMS_PER_KEY', limit: 2 });
  });

  it('a slot granted while Redis did not answer (this process counting alone) is written to Redis by the next renewal once it answers', async () => {
    const { redis } = await replica();
    let down = true;
    // the same connection, its scripts failing while `down`
    const flaky = new Proxy(redis, {
      get: (target, name) => {
        const value = Reflect.get(target, name, target) as unknown;
        if (down && (name === 'arbiterStreamAcquire' || name === 'arbiterStreamRenew')) return () => Promise.reject(new Error('Connection is closed.'));
        return typeof value === 'function' ? value.bind(target) : value;
      },
    });
    const a = new RedisStreamSlots(flaky, { replica: randomUUID(), prefix, renewMs: 50 });
    stores.push(a);
    const b = await replica();
    const c = counters();
    expect(await a.acquire(stream(), [c.key(2)])).toEqual({ granted: true });
    expect(await redis.zcard(prefix + c.key(2).counter)).toBe(0);
    down = false;
    // the renewal runs every 50 ms: a hang fails by the test's timeout
    while ((await redis.zcard(prefix + c.key(2).counter)) === 0) await new Promise((r) => setTimeout(r, 20));
    expect(await b.slots.acquire(stream(), [c.key(2)])).toEqual({ granted: true });
    expect(await b.slots.acquire(stream(), [c.key(2)])).toEqual({ granted: false, setting: 'MAX_STREAMS_PER_KEY', limit: 2 });
  });

  it('close frees every slot the replica holds', async () => {
    const [a, b] = [await replica(), await replica()];
    const c = counters();
    expect(await a.slots.acquire(stream(), [c.key(1)])).toEqual({ granted: true });
    await a.slots.close();
    expect(await b.slots.acquire(stream(), [c.key(1)])).toEqual({ granted: true });
  });
});

describe('stream slots while Redis does not answer', () => {
  /** A client whose commands never answer (a stalled server), or fail at once (a refused connection). */
  const client = (answer: () => Promise<never>) => ({
    defineCommand: () => undefined,
    arbiterStreamAcquire: answer,
    arbiterStreamRenew: answer,
    zrem: answer,
  });
  const warnings: string[] = [];
  const log = { warn: (_: object, message: string) => void warnings.push(message) };

  for (const [name, answer] of [
    ['stalled', () => new Promise<never>(() => undefined)],
    ['refusing', () => Promise.reject(new Error('Connection is closed.'))],
  ] as const) {
    it(`${name}: streams are counted against this process's own (the cap per replica), with no error; the outage is logged once`, async () => {
      warnings.length = 0;
      const slots = new RedisStreamSlots(client(answer), { replica: 'r', log });
      const c = counters();
      const first = stream();
      expect(await slots.acquire(first, [c.key(2), c.ip(0)])).toEqual({ granted: true });
      expect(await slots.acquire(stream(), [c.key(2), c.ip(0)])).toEqual({ granted: true });
      expect(await slots.acquire(stream(), [c.key(2), c.ip(0)])).toEqual({ granted: false, setting: 'MAX_STREAMS_PER_KEY', limit: 2 });
      await slots.release(first);
      expect(await slots.acquire(stream(), [c.key(2), c.ip(0)])).toEqual({ granted: true });
      expect(warnings).toHaveLength(1);
      await slots.close();
    });
  }
});
