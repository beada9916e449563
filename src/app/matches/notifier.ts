/**
 * In-process wake-ups for feeds (the `AppendNotifications` port, ./notifications.ts): appends made
 * by this process wake its SSE feeds and GraphQL subscriptions at once. Enough on its own where one
 * process owns the data (the in-memory store, embedded PGlite); src/infra/notify adds the other
 * processes' appends on PostgreSQL on top of it.
 */
import { EventEmitter } from 'node:events';
import type { AppendListener, AppendNotifications } from './notifications.js';

const RESYNC = Symbol('resync');

export class AppendNotifier implements AppendNotifications {
  private readonly emitter = new EventEmitter();
  constructor() {
    this.emitter.setMaxListeners(0);
  }

  subscribe(matchId: string, listener: AppendListener): () => void {
    const id = matchId.toLowerCase();
    const resync = () => listener(undefined);
    this.emitter.on(id, listener);
    this.emitter.on(RESYNC, resync);
    return () => {
      this.emitter.off(id, listener);
      this.emitter.off(RESYNC, resync);
    };
  }

  publish(matchId: string, version: number): void {
    this.emitter.emit(matchId.toLowerCase(), version);
  }

  /** Wakes every feed to read once (after notifications may have been missed). */
  resync(): void {
    this.emitter.emit(RESYNC);
  }

  /** The matches some feed follows (lower-case ids). */
  followedMatches(): string[] {
    return this.emitter.eventNames().filter((name): name is string => typeof name === 'string');
  }

  async close(): Promise<void> {
    this.emitter.removeAllListeners();
  }
}

/**
 * Events of one match after `afterVersion`, as they are committed: subscribe, catch up, then read
 * again only when woken (an append beyond what was sent, or a resync), until `signal` aborts.
 * `read` answers at most `pageSize` events per call. No timer: an idle feed costs nothing.
 */
export async function* follow<E extends { version: number }>(
  read: (afterVersion: number) => Promise<E[]>,
  subscribe: (listener: AppendListener) => () => void,
  afterVersion: number,
  signal: AbortSignal,
  pageSize = 100,
): AsyncGenerator<E> {
  let after = afterVersion;
  /** The highest version an append announced (0: none beyond what was read). */
  let announced = 0;
  let stale = true; // read once at the start
  let wake: (() => void) | undefined;
  const unsubscribe = subscribe((version) => {
    if (version !== undefined && version <= after) return; // already sent (e.g. this process's own echo)
    if (version !== undefined) announced = Math.max(announced, version);
    stale = true;
    wake?.();
  });
  const onAbort = () => wake?.();
  signal.addEventListener('abort', onAbort);
  try {
    while (!signal.aborted) {
      if (!stale) {
        await new Promise<void>((resolve) => (wake = resolve));
        wake = undefined;
        continue;
      }
      stale = false;
      const batch = await read(after);
      for (const e of batch) {
        if (e.version <= after) continue;
        after = e.version;
        yield e;
      }
      // A full page may have more behind it; an announced version not reached yet is still coming.
      if (batch.length >= pageSize || (batch.length > 0 && announced > after)) stale = true;
    }
  } finally {
    signal.removeEventListener('abort', onAbort);
    unsubscribe();
  }
}
