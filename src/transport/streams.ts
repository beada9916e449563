/**
 * The open streams of this process — SSE feeds and GraphQL subscriptions (CONTRACT §8.5). A stream
 * takes a slot for its API key (a feed token counts for the key that issued it) and for its client
 * address; a stream opened with a seat or spectator token takes none of its owner's key but one of
 * the token's own and one of its match's (CONTRACT §9.4: MAX_STREAMS_PER_TOKEN, MAX_STREAMS_PER_MATCH).
 * Past MAX_STREAMS_PER_KEY, MAX_STREAMS_PER_IP or those it is refused with a 429 problem
 * `too_many_streams` (with Retry-After) naming the limit (`setting`, `limit`); closing a stream frees its slot.
 * The slots are counted through a `StreamSlots` port (./stream-slots.ts): in this process, or — with
 * Redis configured — across every replica (CONTRACT §9.4; ./stream-slots-redis.ts, wired by the
 * composition root through `shareSlots`).
 * On shutdown every open stream is told to end (SSE: a last `event: shutdown`; GraphQL: completed)
 * and no new one opens; the transports decide how they end, this module only counts and broadcasts.
 */
import type { FastifyInstance } from 'fastify';
import { HttpProblem } from './problem.js';
import type { TableTokenBudget } from './table-token.js';
import { LocalStreamSlots, type SlotCounter, type StreamCapSetting, type StreamSlots } from './stream-slots.js';

declare module 'fastify' {
  interface FastifyInstance {
    /** Open streams of this app: caps and the shutdown broadcast (decorated by src/http/app.ts). */
    streams: StreamRegistry;
  }
}

/** Caps on open streams; 0 turns one off. */
export interface StreamLimits {
  perKey: number;
  perIp: number;
}

/**
 * Who opens a stream: the API key's id (the issuing key for feed tokens) and the client's address;
 * for a seat or spectator token, the token's budget and its match, with their caps (0: none).
 */
export interface StreamOwner {
  key: string;
  ip?: string;
  token?: { budget: string; matchId: string; perToken: number; perMatch: number };
}

/** The owner of a stream of `ownerId`'s key, or of the seat or spectator token `token` (its caps from the app's configuration). */
export function streamOwner(app: Pick<FastifyInstance, 'config'>, ownerId: string, ip: string | undefined, token?: TableTokenBudget): StreamOwner {
  const owner: StreamOwner = ip === undefined ? { key: ownerId } : { key: ownerId, ip };
  if (!token) return owner;
  const config = (app as { config?: { maxStreamsPerToken?: number; maxStreamsPerMatch?: number } }).config;
  return { ...owner, token: { budget: token.budget, matchId: token.matchId, perToken: config?.maxStreamsPerToken ?? 0, perMatch: config?.maxStreamsPerMatch ?? 0 } };
}

/** How the registry ends a stream when the server shuts down. */
export interface StreamEnding {
  /** End it gracefully: send the last event / complete it. Called once. */
  end(): void;
  /** Drop it at once: it did not end within the settling time. */
  destroy?(): void;
}

/** The slot of one open stream. */
export interface OpenStream {
  /** Frees the slot (idempotent): call when the stream ends, whatever the reason. */
  release(): void;
}

/** Seconds a refused client should wait before opening a stream again. */
const STREAMS_RETRY_AFTER_S = 5;

interface Entry {
  id: string;
  owner: StreamOwner;
  ending: StreamEnding;
}

export class StreamRegistry {
  private readonly open = new Set<Entry>();
  private slots: StreamSlots = new LocalStreamSlots();
  private lastId = 0;
  private closing = false;
  private drained?: () => void;

  constructor(private readonly limits: StreamLimits) {}

  /**
   * Counts the slots through `slots` from now on (the composition root: Redis, so that the caps are
   * global, CONTRACT §9.4). Call before the app serves: streams already open stay where they were counted.
   */
  shareSlots(slots: StreamSlots): void {
    this.slots = slots;
  }

  /** Open streams now (of this process). */
  get size(): number {
    return this.open.size;
  }

  /** Open streams of this process of the API key `key` (its seat and spectator tokens' are not among them). */
  openFor(key: string): number {
    return [...this.open].filter((e) => !e.owner.token && e.owner.key === key).length;
  }

  /** Open streams of this process of the seat and spectator tokens of match `matchId`. */
  openForMatch(matchId: string): number {
    return [...this.open].filter((e) => e.owner.token?.matchId === matchId).length;
  }

  /**
   * Takes a slot for a stream of `owner`, or throws: 429 `too_many_streams` past a cap, 503
   * `shutting_down` once the server is shutting down. Call before the stream's answer is committed.
   */
  async acquire(owner: StreamOwner, ending: StreamEnding): Promise<OpenStream> {
    if (this.closing) throw shuttingDown();
    const id = String(++this.lastId);
    const slots = this.slots;
    const answer = await slots.acquire(id, this.countersOf(owner));
    if (!answer.granted) throw tooMany(answer.setting, answer.limit);
    // CONTRACT §8.5: the server began shutting down while the slot was taken: no new stream
    if (this.closing) {
      void slots.release(id);
      throw shuttingDown();
    }
    const entry: Entry = { id, owner, ending };
    this.open.add(entry);
    return { release: () => this.release(entry, slots) };
  }

  /**
   * Shutdown: refuses new streams, tells every open one to end, and resolves once all have
   * released their slots — or after `settleMs`, when the rest are destroyed. Then the slots' store is closed.
   */
  async shutdown(settleMs: number): Promise<void> {
    this.closing = true;
    for (const entry of [...this.open]) {
      try {
        entry.ending.end();
      } catch {
        // one stream failing to end must not keep the others open
      }
    }
    if (this.open.size > 0) await this.settle(settleMs);
    await this.slots.close();
  }

  private async settle(settleMs: number): Promise<void> {
    let timer: NodeJS.Timeout | undefined;
    await Promise.race([
      new Promise<void>((resolve) => (this.drained = resolve)),
      new Promise<void>((resolve) => {
        timer = setTimeout(resolve, settleMs);
        timer.unref();
      }),
    ]);
    clearTimeout(timer);
    for (const entry of [...this.open]) {
      this.release(entry, this.slots);
      try {
        entry.ending.destroy?.();
      } catch {
        // already gone
      }
    }
  }

  private release(entry: Entry, slots: StreamSlots): void {
    if (!this.open.delete(entry)) return;
    // never rejects; with Redis, an unanswered release lapses with the slot's time to live
    void slots.release(entry.id);
    if (this.open.size === 0) this.drained?.();
  }

  /** The counters a stream of `owner` takes a slot of, in the order they are checked. */
  private countersOf(owner: StreamOwner): SlotCounter[] {
    const counters: SlotCounter[] = [];
    const token = owner.token;
    if (token) {
      // a token's streams never take its owner's key's slots (CONTRACT §9.4)
      counters.push({ counter: `token:${token.budget}`, limit: token.perToken, setting: 'MAX_STREAMS_PER_TOKEN' });
      counters.push({ counter: `match:${token.matchId}`, limit: token.perMatch, setting: 'MAX_STREAMS_PER_MATCH' });
    } else counters.push({ counter: `key:${owner.key}`, limit: this.limits.perKey, setting: 'MAX_STREAMS_PER_KEY' });
    if (owner.ip !== undefined) counters.push({ counter: `ip:${owner.ip}`, limit: this.limits.perIp, setting: 'MAX_STREAMS_PER_IP' });
    return counters;
  }
}

function shuttingDown(): HttpProblem {
  return Object.assign(new HttpProblem(503, 'shutting_down', 'The server is shutting down; open the stream again (another instance will answer).'), { retryAfter: 1 });
}

/** Whose streams a setting caps, as the problem's detail names them. */
const CAPPED: Record<StreamCapSetting, string> = {
  MAX_STREAMS_PER_KEY: 'this API key',
  MAX_STREAMS_PER_IP: 'this client address',
  MAX_STREAMS_PER_TOKEN: 'this seat or spectator token',
  MAX_STREAMS_PER_MATCH: 'this match (its seat and spectator tokens together)',
};

function tooMany(setting: StreamCapSetting, limit: number): HttpProblem {
  const whose = CAPPED[setting];
  const problem = new HttpProblem(
    429,
    'too_many_streams',
    `${whose[0]!.toUpperCase()}${whose.slice(1)} already has ${limit} streams open (${setting} = ${limit}); close one first.`,
    {
      setting,
      limit,
    },
  );
  return Object.assign(problem, { retryAfter: STREAMS_RETRY_AFTER_S });
}
