/**
 * In-process wake-ups for feeds: appends made by this process wake its SSE feeds and GraphQL
 * subscriptions at once; appends made elsewhere are found by the feeds' polling (the database is
 * the source of truth, the notifier only shortens the wait).
 */
import { EventEmitter } from 'node:events';

export class AppendNotifier {
  private readonly emitter = new EventEmitter();
  constructor() {
    this.emitter.setMaxListeners(0);
  }

  notify(matchId: string, version: number): void {
    this.emitter.emit(matchId, version);
  }

  /** Resolves on the next append to `matchId`, after `ms`, or when `signal` aborts. */
  wait(matchId: string, ms: number, signal?: AbortSignal): Promise<void> {
    return new Promise((resolve) => {
      const done = () => {
        clearTimeout(timer);
        this.emitter.off(matchId, done);
        signal?.removeEventListener('abort', done);
        resolve();
      };
      const timer = setTimeout(done, ms);
      this.emitter.on(matchId, done);
      signal?.addEventListener('abort', done);
    });
  }
}

/**
 * Events of one match after `afterVersion`, as they are committed: catch up, then wait for appends
 * (notifier or polling every `pollMs`), until `signal` aborts.
 */
export async function* follow<E extends { version: number }>(
  read: (afterVersion: number) => Promise<E[]>,
  wait: (signal: AbortSignal) => Promise<void>,
  afterVersion: number,
  signal: AbortSignal,
): AsyncGenerator<E> {
  let after = afterVersion;
  while (!signal.aborted) {
    const batch = await read(after);
    for (const e of batch) {
      if (e.version <= after) continue;
      after = e.version;
      yield e;
    }
    if (batch.length === 0) await wait(signal);
  }
}
