/**
 * CONTRACT §8.1: revoking a seat closes its open streams within 5 s, also when the revocation went
 * through another API process (no channel between processes): the seats of open streams are read
 * again every SEAT_CHECK_MS (2 s). Here the store is revoked directly, as another process would,
 * and the watch re-reads it on a short interval.
 */
import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { MemoryEventStore } from '../../../src/infra/event-store/memory.js';
import { SEAT_CHECK_MS, SeatWatch } from '../../../src/app/matches/seat-watch.js';

async function setUp() {
  const store = MemoryEventStore.create();
  const m = await store.createMatch({ id: randomUUID(), ownerId: 'o', game: 'exsilium', players: [], options: {} });
  return { store, matchId: m.id };
}

const until = async (pred: () => boolean) => {
  while (!pred()) await new Promise((r) => setTimeout(r, 5));
};

describe('open streams of a revoked seat end (CONTRACT §8.1)', () => {
  it('checks well within the 5 s the contract allows', () => {
    expect(SEAT_CHECK_MS).toBeLessThanOrEqual(2500);
  });

  it('a revocation through another process ends the seat’s streams at the next check; other seats and the other match stay open', async () => {
    const { store, matchId } = await setUp();
    const watch = new SeatWatch(store, 10);
    const ended: string[] = [];
    watch.watch({ ownerId: 'o', matchId, playerId: 'p1', generation: 0 }, () => ended.push('p1'));
    watch.watch({ ownerId: 'o', matchId, playerId: 'p2', generation: 0 }, () => ended.push('p2'));
    await store.revokeSeat('o', matchId, 'p1');
    await until(() => ended.length > 0);
    await new Promise((r) => setTimeout(r, 40));
    expect(ended).toEqual(['p1']);
    watch.close();
  });

  it('a revocation through this process ends them at once; unwatching stops the checks', async () => {
    const { store, matchId } = await setUp();
    const watch = new SeatWatch(store, 60_000);
    const ended: string[] = [];
    const off = watch.watch({ ownerId: 'o', matchId, playerId: 'p1', generation: 0 }, () => ended.push('p1'));
    watch.watch({ ownerId: 'o', matchId, playerId: 'p2', generation: 0 }, () => ended.push('p2'));
    watch.announce(matchId, 'p2');
    expect(ended).toEqual(['p2']);
    off();
    watch.announce(matchId, 'p1');
    expect(ended).toEqual(['p2']);
    watch.close();
  });
});
