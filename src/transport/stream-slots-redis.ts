/**
 * Stream slots shared by every replica through Redis (CONTRACT §9.4: with Redis configured, stream
 * caps are global). Each counter is a sorted set `<prefix><counter>` of the streams holding one of
 * its slots — member `<replica>:<stream>`, score the time (Redis's clock) the slot lapses unless its
 * replica renews it. One Lua script drops the lapsed members, checks every counter and adds the
 * stream to all of them or to none, so two replicas never both take a counter's last slot. The
 * owning replica renews its streams every `renewMs` and removes them when they end: the slots of a
 * replica killed with SIGKILL lapse within `ttlMs`, and a counter nobody renews expires with them.
 *
 * While Redis does not answer (an error, or no answer within REDIS_WAIT_MS) a stream is counted
 * against this process's own streams, as without Redis — never a 500, never a wait; the outage is
 * logged once. The next renewal after Redis returns writes the slots granted meanwhile, so they count
 * for every replica again (the counters may then stand above their cap until streams end).
 */
import { SlotCounts, slotAnswer, type SlotAnswer, type SlotCounter, type StreamSlots } from './stream-slots.js';

/** The part of an ioredis client this store uses (the scripts are defined on it once). */
interface RedisClient {
  defineCommand(name: string, definition: { lua: string }): void;
  zrem(key: string, member: string): Promise<number>;
  arbiterStreamAcquire?: (numberOfKeys: number, ...args: (string | number)[]) => Promise<number>;
  arbiterStreamRenew?: (numberOfKeys: number, ...args: (string | number)[]) => Promise<number>;
}

/** Where a warning goes (the app's logger). */
interface Warnings {
  warn(details: object, message: string): void;
}

export interface RedisStreamSlotsOptions {
  /** This replica's id, unique in the fleet (a member is `<replica>:<stream>`). */
  replica: string;
  /** Prefix of the counters' keys; one hash tag, so that a script's keys share a cluster slot. */
  prefix?: string;
  /** A slot lapses this long after its last renewal (default 30 s). */
  ttlMs?: number;
  /** How often this replica renews its streams' slots (default 10 s). */
  renewMs?: number;
  log?: Warnings;
}

/** How long a Redis answer is waited for before this process's own count is used (as the admin guesses, src/http/plugins/auth.ts). */
const REDIS_WAIT_MS = 250;
const SLOT_TTL_MS = 30_000;
const RENEW_MS = 10_000;

/** Milliseconds on Redis's clock (one clock for every replica; TIME before a write needs Redis ≥ 5, which replicates a script's effects). */
const NOW_LUA = `
local time = redis.call('TIME')
local now = tonumber(time[1]) * 1000 + math.floor(tonumber(time[2]) / 1000)
`;

/** KEYS: the counters; ARGV: the slot's time to live (ms), the member, then each counter's cap. 0: added to all; i: the i-th is full, added to none. */
const ACQUIRE_LUA = `${NOW_LUA}
local ttl = tonumber(ARGV[1])
for i, key in ipairs(KEYS) do
  redis.call('ZREMRANGEBYSCORE', key, '-inf', now)
  if redis.call('ZSCORE', key, ARGV[2]) == false and redis.call('ZCARD', key) >= tonumber(ARGV[i + 2]) then return i end
end
for _, key in ipairs(KEYS) do
  redis.call('ZADD', key, now + ttl, ARGV[2])
  if redis.call('PTTL', key) < ttl then redis.call('PEXPIRE', key, ttl) end
end
return 0
`;

/** KEYS: the counters of one stream; ARGV: the time to live (ms), the member. Written whatever the caps (the slot is held already). */
const RENEW_LUA = `${NOW_LUA}
local ttl = tonumber(ARGV[1])
for _, key in ipairs(KEYS) do
  redis.call('ZADD', key, now + ttl, ARGV[2])
  if redis.call('PTTL', key) < ttl then redis.call('PEXPIRE', key, ttl) end
end
return 0
`;

const within = <T>(p: Promise<T>): Promise<T> =>
  Promise.race([p, new Promise<never>((_, reject) => setTimeout(() => reject(new Error('redis: no answer')), REDIS_WAIT_MS).unref())]);

export class RedisStreamSlots implements StreamSlots {
  private readonly redis: RedisClient;
  /** This process's streams (granted through Redis or, during an outage, here): the count used while Redis does not answer. */
  private readonly local = new SlotCounts();
  private readonly prefix: string;
  private readonly ttlMs: number;
  private readonly renewal: NodeJS.Timeout;
  private renewing = false;
  /** Releases sent and not answered yet (close waits for them). */
  private readonly releasing = new Set<Promise<void>>();
  private outage = false;

  constructor(
    redis: unknown,
    private readonly options: RedisStreamSlotsOptions,
  ) {
    this.redis = redis as RedisClient;
    if (!this.redis.arbiterStreamAcquire) this.redis.defineCommand('arbiterStreamAcquire', { lua: ACQUIRE_LUA });
    if (!this.redis.arbiterStreamRenew) this.redis.defineCommand('arbiterStreamRenew', { lua: RENEW_LUA });
    this.prefix = options.prefix ?? '{arbiter-streams}:';
    this.ttlMs = options.ttlMs ?? SLOT_TTL_MS;
    this.renewal = setInterval(() => void this.renew(), options.renewMs ?? RENEW_MS);
    this.renewal.unref();
  }

  async acquire(stream: string, counters: readonly SlotCounter[]): Promise<SlotAnswer> {
    if (this.local.streams.has(stream)) return { granted: true };
    // an uncapped counter need not be shared: only this process's count of it is kept
    const capped = counters.filter((c) => c.limit > 0);
    let answer: SlotAnswer;
    try {
      const full =
        capped.length === 0
          ? 0
          : await within(this.redis.arbiterStreamAcquire!(capped.length, ...this.keys(capped), this.ttlMs, this.member(stream), ...capped.map((c) => c.limit)));
      this.recovered();
      answer = slotAnswer(capped[full - 1]);
    } catch (error) {
      // CONTRACT §9.4: Redis unavailable → this process's own count, as without Redis (never a 500, never a wait)
      this.unavailable(error);
      answer = slotAnswer(this.local.full(counters));
    }
    if (answer.granted) this.local.take(stream, counters);
    return answer;
  }

  async release(stream: string): Promise<void> {
    const counters = this.local.give(stream);
    if (!counters) return;
    const member = this.member(stream);
    const removal = within(Promise.all(this.keys(counters.filter((c) => c.limit > 0)).map((key) => this.redis.zrem(key, member)))).then(
      () => undefined,
      // Redis unavailable: the slot is no longer renewed and lapses within ttlMs
      (error: unknown) => this.unavailable(error),
    );
    this.releasing.add(removal);
    await removal;
    this.releasing.delete(removal);
  }

  /** Stops renewing and frees every slot still held; resolves once the releases under way are answered (or given up). */
  async close(): Promise<void> {
    clearInterval(this.renewal);
    await Promise.all([...this.local.streams.keys()].map((stream) => this.release(stream)));
    await Promise.all(this.releasing);
  }

  /** Renews every slot this process holds (and writes those granted while Redis did not answer). */
  private async renew(): Promise<void> {
    if (this.renewing) return;
    this.renewing = true;
    try {
      const renewals = [...this.local.streams].map(([stream, counters]) => {
        const capped = counters.filter((c) => c.limit > 0);
        return capped.length === 0 ? Promise.resolve(0) : this.redis.arbiterStreamRenew!(capped.length, ...this.keys(capped), this.ttlMs, this.member(stream));
      });
      await within(Promise.all(renewals));
      if (renewals.length > 0) this.recovered();
    } catch (error) {
      this.unavailable(error);
    } finally {
      this.renewing = false;
    }
  }

  private keys(counters: readonly SlotCounter[]): string[] {
    return counters.map((c) => this.prefix + c.counter);
  }

  private member(stream: string): string {
    return `${this.options.replica}:${stream}`;
  }

  private unavailable(error: unknown): void {
    if (!this.outage) this.options.log?.warn({ err: error }, "redis (stream caps) unavailable: counting this process's streams only");
    this.outage = true;
  }

  private recovered(): void {
    this.outage = false;
  }
}
