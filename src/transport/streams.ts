/**
 * The open streams of this process — SSE feeds and GraphQL subscriptions (CONTRACT §8.5). A stream
 * takes a slot for its API key (a feed token counts for the key that issued it) and for its client
 * address; a stream opened with a seat or spectator token takes none of its owner's key but one of
 * the token's own and one of its match's (CONTRACT §9.4: MAX_STREAMS_PER_TOKEN, MAX_STREAMS_PER_MATCH).
 * Past MAX_STREAMS_PER_KEY, MAX_STREAMS_PER_IP or those it is refused with a 429 problem
 * `too_many_streams` (with Retry-After) naming the limit (`setting`, `limit`); closing a stream frees its slot.
 * On shutdown every open stream is told to end (SSE: a last `event: shutdown`; GraphQL: completed)
 * and no new one opens; the transports decide how they end, this module only counts and broadcasts.
 */
import type { FastifyInstance } from 'fastify';
import { HttpProblem } from './problem.js';
import type { TableTokenBudget } from './table-token.js';

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
  owner: StreamOwner;
  ending: StreamEnding;
}

export class StreamRegistry {
  private readonly open = new Set<Entry>();
  private readonly perKey = new Map<string, number>();
  private readonly perIp = new Map<string, number>();
  private readonly perToken = new Map<string, number>();
  private readonly perMatch = new Map<string, number>();
  private closing = false;
  private drained?: () => void;

  constructor(private readonly limits: StreamLimits) {}

  /** Open streams now. */
  get size(): number {
    return this.open.size;
  }

  /** Open streams of the API key `key` (its seat and spectator tokens' are not among them). */
  openFor(key: string): number {
    return this.perKey.get(key) ?? 0;
  }

  /** Open streams of the seat and spectator tokens of match `matchId`. */
  openForMatch(matchId: string): number {
    return this.perMatch.get(matchId) ?? 0;
  }

  /**
   * Takes a slot for a stream of `owner`, or throws: 429 `too_many_streams` past a cap, 503
   * `shutting_down` once the server is shutting down. Call before the stream's answer is committed.
   */
  acquire(owner: StreamOwner, ending: StreamEnding): OpenStream {
    if (this.closing) {
      throw Object.assign(new HttpProblem(503, 'shutting_down', 'The server is shutting down; open the stream again (another instance will answer).'), { retryAfter: 1 });
    }
    const { perKey, perIp } = this.limits;
    const token = owner.token;
    if (token) {
      // a token's streams never take its owner's key's slots (CONTRACT §9.4)
      if (token.perToken > 0 && (this.perToken.get(token.budget) ?? 0) >= token.perToken) throw tooMany('MAX_STREAMS_PER_TOKEN', token.perToken, 'this seat or spectator token');
      if (token.perMatch > 0 && (this.perMatch.get(token.matchId) ?? 0) >= token.perMatch)
        throw tooMany('MAX_STREAMS_PER_MATCH', token.perMatch, 'this match (its seat and spectator tokens together)');
    } else if (perKey > 0 && (this.perKey.get(owner.key) ?? 0) >= perKey) throw tooMany('MAX_STREAMS_PER_KEY', perKey, 'this API key');
    if (perIp > 0 && owner.ip !== undefined && (this.perIp.get(owner.ip) ?? 0) >= perIp) throw tooMany('MAX_STREAMS_PER_IP', perIp, 'this client address');
    const entry: Entry = { owner, ending };
    this.open.add(entry);
    this.count(owner, 1);
    return { release: () => this.release(entry) };
  }

  /**
   * Shutdown: refuses new streams, tells every open one to end, and resolves once all have
   * released their slots — or after `settleMs`, when the rest are destroyed.
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
    if (this.open.size === 0) return;
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
      this.release(entry);
      try {
        entry.ending.destroy?.();
      } catch {
        // already gone
      }
    }
  }

  private release(entry: Entry): void {
    if (!this.open.delete(entry)) return;
    this.count(entry.owner, -1);
    if (this.open.size === 0) this.drained?.();
  }

  private count(owner: StreamOwner, by: number): void {
    if (owner.token) {
      bump(this.perToken, owner.token.budget, by);
      bump(this.perMatch, owner.token.matchId, by);
    } else bump(this.perKey, owner.key, by);
    if (owner.ip !== undefined) bump(this.perIp, owner.ip, by);
  }
}

function bump(counts: Map<string, number>, key: string, by: number): void {
  const n = (counts.get(key) ?? 0) + by;
  if (n > 0) counts.set(key, n);
  else counts.delete(key);
}

function tooMany(setting: 'MAX_STREAMS_PER_KEY' | 'MAX_STREAMS_PER_IP' | 'MAX_STREAMS_PER_TOKEN' | 'MAX_STREAMS_PER_MATCH', limit: number, whose: string): HttpProblem {
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
