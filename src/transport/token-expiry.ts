/**
 * Streams end when their seat or spectator token expires (CONTRACT §9.4): a stream opened with a
 * token registers the token's expiry here and is told once the service's clock (the injected
 * `app.services.clock`) reaches it. Expiry is read from the token itself, so every process ends its
 * own streams, with no message between processes. The clock is read every TOKEN_EXPIRY_CHECK_MS
 * (and only while such a stream is open): a stream ends within that much after its token expired.
 */
import type { FastifyInstance } from 'fastify';
import type { Clock } from '../app/ports.js';
import './services.js';

/** How often the clock is read while a token's stream is open: it ends within this after expiry. */
const TOKEN_EXPIRY_CHECK_MS = 1000;

interface Watcher {
  expiresAt: number;
  end: () => void;
}

class TokenExpiry {
  private readonly watchers = new Set<Watcher>();
  private timer: ReturnType<typeof setInterval> | undefined;

  constructor(
    private readonly clock: Clock,
    private readonly checkEveryMs = TOKEN_EXPIRY_CHECK_MS,
  ) {}

  /** Open streams waiting for their token to expire. */
  get size(): number {
    return this.watchers.size;
  }

  /** Calls `onExpired` once when the clock reaches `expiresAt` (ms); returns the unregistering function. */
  watch(expiresAt: number, onExpired: () => void): () => void {
    let called = false;
    const watcher: Watcher = {
      expiresAt,
      end: () => {
        if (called) return;
        called = true;
        this.watchers.delete(watcher);
        onExpired();
      },
    };
    if (this.clock.now() >= expiresAt) {
      queueMicrotask(watcher.end);
      return () => (called = true);
    }
    this.watchers.add(watcher);
    this.timer ??= setInterval(() => this.check(), this.checkEveryMs);
    this.timer.unref?.();
    return () => {
      called = true;
      this.watchers.delete(watcher);
      if (this.watchers.size === 0) this.stop();
    };
  }

  /** Ends the streams whose token has expired by now. */
  check(): void {
    const now = this.clock.now();
    for (const w of [...this.watchers]) {
      if (now < w.expiresAt) continue;
      try {
        w.end();
      } catch {
        // one stream failing to end must not keep the others open
      }
    }
    if (this.watchers.size === 0) this.stop();
  }

  private stop(): void {
    if (this.timer) clearInterval(this.timer);
    this.timer = undefined;
  }
}

/** One watcher per set of services (the app's clock); every transport's streams share it. */
const byServices = new WeakMap<object, TokenExpiry>();

/** The token expiry of `app` (over `app.services.clock`). */
export function tokenExpiryOf(app: Pick<FastifyInstance, 'services'>): TokenExpiry {
  let expiry = byServices.get(app.services);
  if (!expiry) byServices.set(app.services, (expiry = new TokenExpiry(app.services.clock)));
  return expiry;
}
