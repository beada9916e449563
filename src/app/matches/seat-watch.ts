/**
 * Revoking a seat reaches its open streams (CONTRACT §8.1: "its open streams close within 5 s").
 * Streams opened with a seat token register here with the seat's generation:
 * - a revocation through this process (`announce`) ends them at once;
 * - for revocations through another API process (there is no channel between processes), the
 *   seats of this process's open streams are re-read every `checkEveryMs` (one query per match,
 *   only while such a stream is open), and a stream whose seat moved to another generation ends.
 */
import type { EventStore } from './ports.js';

/** Open streams of a seat revoked elsewhere end within this (plus one query). */
export const SEAT_CHECK_MS = 2000;

interface Watcher {
  ownerId: string;
  matchId: string;
  playerId: string;
  generation: number;
  end: () => void;
}

export class SeatWatch {
  private readonly watchers = new Set<Watcher>();
  private timer: ReturnType<typeof setInterval> | undefined;
  private checking = false;

  constructor(
    private readonly events: EventStore,
    private readonly checkEveryMs = SEAT_CHECK_MS,
  ) {}

  /** Calls `onRevoked` once when the seat leaves `generation`; returns the unregistering function. */
  watch(seat: Omit<Watcher, 'end'>, onRevoked: () => void): () => void {
    let called = false;
    const watcher: Watcher = {
      ...seat,
      end: () => {
        if (called) return;
        called = true;
        this.watchers.delete(watcher);
        onRevoked();
      },
    };
    this.watchers.add(watcher);
    this.timer ??= setInterval(() => void this.check(), this.checkEveryMs);
    this.timer.unref?.();
    return () => {
      this.watchers.delete(watcher);
      if (this.watchers.size === 0) this.stop();
    };
  }

  /** The seat's tokens were revoked through this process: its open streams end now. */
  announce(matchId: string, playerId: string): void {
    for (const w of [...this.watchers]) if (w.matchId === matchId && w.playerId === playerId) w.end();
  }

  /** Re-read the seats of every match with an open seat stream; end the streams of seats revoked meanwhile. */
  private async check(): Promise<void> {
    if (this.checking) return;
    this.checking = true;
    try {
      const byMatch = new Map<string, Watcher[]>();
      for (const w of this.watchers) byMatch.set(`${w.ownerId}\u0000${w.matchId}`, [...(byMatch.get(`${w.ownerId}\u0000${w.matchId}`) ?? []), w]);
      for (const watchers of byMatch.values()) {
        const first = watchers[0]!;
        const generations = await this.events.seatGenerations(first.ownerId, first.matchId).catch(() => 'unknown' as const);
        if (generations === 'unknown') continue; // the database did not answer: check again next time
        for (const w of watchers) if (!generations || (generations[w.playerId] ?? 0) !== w.generation) w.end();
      }
    } finally {
      this.checking = false;
      if (this.watchers.size === 0) this.stop();
    }
  }

  private stop(): void {
    if (this.timer) clearInterval(this.timer);
    this.timer = undefined;
  }

  close(): void {
    this.stop();
    this.watchers.clear();
  }
}
