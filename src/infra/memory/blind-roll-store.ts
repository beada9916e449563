/**
 * Blind rolls in memory: the same contract as the SQL store (src/infra/blind-roll-store.ts;
 * tests/contract/blind-roll-store.test.ts runs one suite against both). Nothing survives the
 * process. The first reveal wins: nothing awaits between the check and the write. Answers are
 * copies, so a caller cannot change what is stored.
 *
 * Expired rolls are deleted (`purgeExpired`, and before every roll kept under an anonymous
 * budget), so the process holds only live rolls: at most MAX_BLIND_ROLLS_ANONYMOUS anonymous ones.
 */
import type { BlindRoll, BlindRollStore } from '../../app/dice/blind-ports.js';

export interface MemoryBlindRollStore extends BlindRollStore {
  /** Rolls held, expired or not (tests: expiry deletes). */
  readonly size: number;
}

export function memoryBlindRollStore(): MemoryBlindRollStore {
  const rolls = new Map<string, BlindRoll>();
  /** The anonymous client of each roll kept under a budget, and the ids of each client's rolls. */
  const clientOf = new Map<string, string>();
  const byClient = new Map<string, Set<string>>();
  /** No roll expires before this instant (ms): a purge before it has nothing to do. */
  let nextExpiry = Infinity;
  const live = (id: string, now: number) => {
    const r = rolls.get(id);
    return r && r.expiresAt > now ? r : undefined;
  };
  const remove = (id: string) => {
    rolls.delete(id);
    const client = clientOf.get(id);
    if (client === undefined) return;
    clientOf.delete(id);
    const ids = byClient.get(client)!;
    ids.delete(id);
    if (ids.size === 0) byClient.delete(client);
  };
  const purge = (now: number) => {
    if (now < nextExpiry) return 0;
    let n = 0;
    nextExpiry = Infinity;
    for (const [id, r] of rolls) {
      if (r.expiresAt <= now) {
        remove(id);
        n++;
      } else nextExpiry = Math.min(nextExpiry, r.expiresAt);
    }
    return n;
  };
  const oldestExpiry = (ids: Iterable<string>) => {
    let at = Infinity;
    for (const id of ids) at = Math.min(at, rolls.get(id)!.expiresAt);
    return at;
  };
  return {
    get size() {
      return rolls.size;
    },
    async create(r, budget) {
      if (rolls.has(r.id)) throw new Error('duplicate key value violates unique constraint "blind_rolls_pkey"');
      if (budget) {
        // only live rolls are left after the purge: the counts are the sizes
        purge(r.createdAt);
        const mine = byClient.get(budget.client);
        if (budget.perClient > 0 && (mine?.size ?? 0) >= budget.perClient) return { scope: 'client', limit: budget.perClient, freesAt: oldestExpiry(mine!) };
        if (budget.total > 0 && clientOf.size >= budget.total) return { scope: 'total', limit: budget.total, freesAt: oldestExpiry(clientOf.keys()) };
        clientOf.set(r.id, budget.client);
        if (mine) mine.add(r.id);
        else byClient.set(budget.client, new Set([r.id]));
      }
      rolls.set(r.id, { ...r, clientSeed: null, revealedAt: null });
      nextExpiry = Math.min(nextExpiry, r.expiresAt);
      return undefined;
    },
    async find(id, now) {
      const r = live(id, now);
      return r && { ...r };
    },
    async reveal(id, clientSeed, now) {
      const r = live(id, now);
      if (!r) return undefined;
      if (r.revealedAt === null) Object.assign(r, { clientSeed, revealedAt: now });
      return { ...r };
    },
    async purgeExpired(now) {
      return purge(now);
    },
  };
}
