/**
 * Slots of open streams (CONTRACT §8.5, §9.4): the port the stream registry (./streams.ts) counts
 * through, and its in-process implementation. A stream takes one slot of each of its counters (its
 * API key's, its client address's, or its seat or spectator token's and its match's) or of none:
 * past a counter's cap it is refused, naming the first counter found full (its setting and limit).
 * In process (`LocalStreamSlots`) the counts are this process's streams — with N replicas, N × the
 * cap; with Redis (./stream-slots-redis.ts) they are every replica's.
 */

/** The settings that cap open streams (0 turns one off). */
export type StreamCapSetting = 'MAX_STREAMS_PER_KEY' | 'MAX_STREAMS_PER_IP' | 'MAX_STREAMS_PER_TOKEN' | 'MAX_STREAMS_PER_MATCH';

/** One counter a stream takes a slot of: its name (`key:<id>`, `ip:<address>`…), its cap (0: none) and the setting that sets it. */
export interface SlotCounter {
  counter: string;
  limit: number;
  setting: StreamCapSetting;
}

/** Granted: the stream holds one slot of every counter; refused: it holds none, `setting` is full at `limit`. */
export type SlotAnswer = { granted: true } | { granted: false; setting: StreamCapSetting; limit: number };

/** Where the slots of open streams are counted. */
export interface StreamSlots {
  /**
   * Takes one slot of every counter of `counters` (checked in their order) for the stream `stream`
   * (an id unique in this process), or none. Never rejects: an outage of the counting backend is
   * the implementation's to absorb.
   */
  acquire(stream: string, counters: readonly SlotCounter[]): Promise<SlotAnswer>;
  /** Frees the slots of `stream` (idempotent; an unknown stream is ignored). Never rejects. */
  release(stream: string): Promise<void>;
  /** Frees every slot still held and stops any background work. */
  close(): Promise<void>;
}

/** The slots held by this process's streams, per counter. */
export class SlotCounts {
  private readonly counts = new Map<string, number>();
  private readonly held = new Map<string, readonly SlotCounter[]>();

  /** The streams holding slots now, with their counters. */
  get streams(): ReadonlyMap<string, readonly SlotCounter[]> {
    return this.held;
  }

  /** The first counter of `counters` at its cap here (a cap of 0 is none), if any. */
  full(counters: readonly SlotCounter[]): SlotCounter | undefined {
    return counters.find((c) => c.limit > 0 && (this.counts.get(c.counter) ?? 0) >= c.limit);
  }

  /** Counts `stream`'s slots, without checking the caps (once per stream). */
  take(stream: string, counters: readonly SlotCounter[]): void {
    if (this.held.has(stream)) return;
    this.held.set(stream, counters);
    for (const c of counters) this.counts.set(c.counter, (this.counts.get(c.counter) ?? 0) + 1);
  }

  /** Stops counting `stream`'s slots; its counters, or undefined when it held none. */
  give(stream: string): readonly SlotCounter[] | undefined {
    const counters = this.held.get(stream);
    if (!counters) return undefined;
    this.held.delete(stream);
    for (const c of counters) {
      const n = (this.counts.get(c.counter) ?? 0) - 1;
      if (n > 0) this.counts.set(c.counter, n);
      else this.counts.delete(c.counter);
    }
    return counters;
  }
}

/** What `counters` answer when `full` is the counter found at its cap (or none). */
export function slotAnswer(full: SlotCounter | undefined): SlotAnswer {
  return full ? { granted: false, setting: full.setting, limit: full.limit } : { granted: true };
}

/** This process's streams only: the caps count per replica. */
export class LocalStreamSlots implements StreamSlots {
  private readonly counts = new SlotCounts();

  async acquire(stream: string, counters: readonly SlotCounter[]): Promise<SlotAnswer> {
    if (this.counts.streams.has(stream)) return { granted: true };
    const answer = slotAnswer(this.counts.full(counters));
    if (answer.granted) this.counts.take(stream, counters);
    return answer;
  }

  async release(stream: string): Promise<void> {
    this.counts.give(stream);
  }

  async close(): Promise<void> {
    for (const stream of [...this.counts.streams.keys()]) this.counts.give(stream);
  }
}
