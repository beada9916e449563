/**
 * Blind rolls in memory: the same contract as the SQL store (src/infra/blind-roll-store.ts;
 * tests/contract/blind-roll-store.test.ts runs one suite against both). Nothing survives the
 * process. The first reveal wins: nothing awaits between the check and the write. Answers are
 * copies, so a caller cannot change what is stored.
 */
import type { BlindRoll, BlindRollStore } from '../../app/dice/blind-ports.js';

export function memoryBlindRollStore(): BlindRollStore {
  const rolls = new Map<string, BlindRoll>();
  const live = (id: string, now: number) => {
    const r = rolls.get(id);
    return r && r.expiresAt > now ? r : undefined;
  };
  return {
    async create(r) {
      if (rolls.has(r.id)) throw new Error('duplicate key value violates unique constraint "blind_rolls_pkey"');
      rolls.set(r.id, { ...r, clientSeed: null, revealedAt: null });
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
      let n = 0;
      for (const [id, r] of rolls) if (r.expiresAt <= now && rolls.delete(id)) n++;
      return n;
    },
  };
}
