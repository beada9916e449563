/**
 * Revoking an API key reaches what it has open (CONTRACT §7.2: "Revoking a key closes its open
 * streams and subscriptions within 5 s"). Built once by `buildServices` over the key store:
 * - `store` is the key store whose `revoke` also announces the revocation in this process: the
 *   key's open streams (SSE feeds, GraphQL subscriptions, registered with `watch`) end at once and
 *   `onRevoked` runs (it cancels the key's simulations);
 * - for keys revoked by another API process (there is no notification channel between processes),
 *   the owners of this process's open streams are re-checked every `checkEveryMs` (one query for
 *   all of them, only while a stream is open).
 */
import type { ApiKeyStore } from './ports.js';

/** Open streams of a key revoked elsewhere end within this (plus one query). */
export const REVOCATION_CHECK_MS = 2000;

export interface KeyRevocationsOptions {
  /** Runs once for every key revoked through this process (after its streams were told). */
  onRevoked?: (ownerId: string) => Promise<unknown> | void;
  checkEveryMs?: number;
}

export class KeyRevocations {
  /** Owner id → what to call when it is revoked. */
  private readonly streams = new Map<string, Set<() => void>>();
  /** Keys seen revoked by this process (a stream opened on a cached key ends at once). */
  private readonly revoked = new Set<string>();
  private timer: ReturnType<typeof setInterval> | undefined;
  private checking = false;
  /** The key store, with a `revoke` that announces. */
  readonly store: ApiKeyStore;

  constructor(
    private readonly keys: ApiKeyStore,
    private readonly options: KeyRevocationsOptions = {},
  ) {
    this.store = {
      create: (name) => keys.create(name),
      resolve: (key) => keys.resolve(key),
      revokedAmong: (ids) => keys.revokedAmong(ids),
      revoke: async (id) => {
        const revoked = await keys.revoke(id);
        if (revoked) {
          this.announce(id);
          await Promise.resolve(this.options.onRevoked?.(id)).catch(() => undefined);
        }
        return revoked;
      },
    };
  }

  /** Calls `onRevoked` once if `ownerId`'s key is revoked while registered; returns the unregistering function. */
  watch(ownerId: string, onRevoked: () => void): () => void {
    if (this.revoked.has(ownerId)) {
      queueMicrotask(onRevoked);
      return () => undefined;
    }
    let set = this.streams.get(ownerId);
    if (!set) this.streams.set(ownerId, (set = new Set()));
    let called = false;
    const once = () => {
      if (called) return;
      called = true;
      onRevoked();
    };
    set.add(once);
    this.timer ??= setInterval(() => void this.check(), this.options.checkEveryMs ?? REVOCATION_CHECK_MS);
    this.timer.unref?.();
    return () => {
      set.delete(once);
      if (set.size === 0 && this.streams.get(ownerId) === set) this.streams.delete(ownerId);
      if (this.streams.size === 0) this.stopChecking();
    };
  }

  /** The key of `ownerId` is revoked: its registered streams end. */
  announce(ownerId: string): void {
    this.revoked.add(ownerId);
    const set = this.streams.get(ownerId);
    this.streams.delete(ownerId);
    for (const end of set ?? []) end();
    if (this.streams.size === 0) this.stopChecking();
  }

  /** Re-check the owners of the open streams (keys revoked by another process). */
  async check(): Promise<void> {
    if (this.checking || this.streams.size === 0) return;
    this.checking = true;
    try {
      for (const id of await this.keys.revokedAmong([...this.streams.keys()])) this.announce(id);
    } catch {
      // the database does not answer: the next check retries
    } finally {
      this.checking = false;
    }
  }

  close(): void {
    this.stopChecking();
  }

  private stopChecking(): void {
    if (this.timer) clearInterval(this.timer);
    this.timer = undefined;
  }
}
