/**
 * The match service folds only the events after its cached fold (src/app/matches/fold-cache.ts).
 * What it answers must be what folding the whole log answers, whatever else wrote to the log: a
 * second service (another API process) sending commands and notes, corrections withdrawing events
 * the cache had folded, and a command refused after the state was folded.
 */
import { randomUUID } from 'node:crypto';
import { describe, expect, it, vi } from 'vitest';
import { matchServices } from '../../../src/app/matches/service.js';
import { MemoryEventStore } from '../../../src/infra/event-store/memory.js';
import { FoldCache } from '../../../src/app/matches/fold-cache.js';
import { animaSpeed as speed } from '../../fixtures/anima-match.js';

const OWNER = 'owner';
const players = [
  { id: 'p1', name: 'Uno' },
  { id: 'p2', name: 'Dos' },
];
const ids = { newId: randomUUID, randomSeed: () => 'seed' };

async function setUp() {
  const store = MemoryEventStore.create();
  const here = matchServices(store, { ids });
  const elsewhere = matchServices(store, { ids });
  const { id } = (await here.commands.create(OWNER, { game: 'anima', players })).body as { id: string };
  /** What a service without any cached fold answers. */
  const fresh = () => matchServices(store, { ids, foldCacheSize: 0 }).reads.view(OWNER, id);
  return { store, here, elsewhere, id, fresh };
}

describe('the cached fold of a match answers what the whole log folds to', () => {
  it('catches up with commands and events appended by another process', async () => {
    const { here, elsewhere, id, fresh } = await setUp();
    await here.commands.command(OWNER, id, { command: speed(4) });
    await elsewhere.commands.command(OWNER, id, { command: speed(1) });
    await elsewhere.commands.append(OWNER, id, { expectedVersion: 2, events: [{ type: 'match.note', data: { text: 'tea break', author: null } }] });
    const answer = (await here.commands.command(OWNER, id, { expectedVersion: 3, command: speed(6) })).body as { version: number; state: unknown };
    expect(answer.version).toBe(4);
    const whole = await fresh();
    expect(answer.state).toEqual(whole.state);
    expect(await here.reads.view(OWNER, id)).toEqual(whole);
    expect((whole.state as unknown as { resolutions: number; otherEvents: number }).resolutions).toBe(3);
  });

  it('a correction withdrawing folded events makes the next command fold the whole log again', async () => {
    const { here, elsewhere, id, fresh } = await setUp();
    await here.commands.command(OWNER, id, { command: speed(4) });
    await here.commands.command(OWNER, id, { command: speed(1) });
    await elsewhere.commands.correct(OWNER, id, { expectedVersion: 2, reason: 'wrong die', undo: 1 }, { id: OWNER, name: 'owner' });
    const view = await here.reads.view(OWNER, id);
    expect(view).toEqual(await fresh());
    expect(view.withdrawn).toEqual([2]);
    expect((view.state as unknown as { resolutions: number }).resolutions).toBe(1);
    const answer = (await here.commands.command(OWNER, id, { command: speed(6) })).body as { state: { resolutions: number } };
    expect(answer.state.resolutions).toBe(2);
    expect(answer.state).toEqual((await fresh()).state);
  });

  it('a refused command or a version conflict leaves the cached fold as it was', async () => {
    const { here, elsewhere, id, fresh } = await setUp();
    await here.commands.command(OWNER, id, { command: speed(4) });
    await expect(here.commands.command(OWNER, id, { command: { type: 'anima.speed', player: 'zz', difficulty: 9 } })).rejects.toMatchObject({ code: 'unknown_player' });
    await elsewhere.commands.command(OWNER, id, { command: speed(2) });
    await expect(here.commands.command(OWNER, id, { expectedVersion: 1, command: speed(3) })).rejects.toMatchObject({ status: 409 });
    expect(await here.reads.view(OWNER, id)).toEqual(await fresh());
  });

  it('a seat reading the events after a version it had (a live feed) reads what redacting the whole log gives', async () => {
    const { store, here, id } = await setUp();
    const seat = { ownerId: OWNER, viewer: { kind: 'seat' as const, playerId: 'p2' } };
    await here.commands.command(OWNER, id, { command: speed(4) });
    const v1 = await here.reads.eventsAfterFor(seat, id, 0);
    await here.commands.command(OWNER, id, { command: speed(1) });
    await here.commands.correct(OWNER, id, { expectedVersion: 2, reason: 'wrong die', undo: 1 }, { id: OWNER, name: 'owner' });
    await here.commands.command(OWNER, id, { command: speed(6) });
    const live = [...v1, ...(await here.reads.eventsAfterFor(seat, id, 1)).slice(0, 1), ...(await here.reads.eventsAfterFor(seat, id, 2))];
    const whole = await matchServices(store, { ids, foldCacheSize: 0 }).reads.eventsAfterFor(seat, id, 0);
    expect(live).toEqual(whole);
    expect(whole.map((e) => e.version)).toEqual([1, 2, 3, 4]);
  });

  it('a command on a match whose kept fold is at the version just read reads no events; one behind reads only the events after it', async () => {
    const { here, elsewhere, id, fresh } = await setUp();
    await here.commands.command(OWNER, id, { command: speed(4) });
    const reads: { from?: number }[] = [];
    // every store a command works with (a turn gets its own over the same memory)
    const original = MemoryEventStore.prototype.read;
    const read = vi.spyOn(MemoryEventStore.prototype, 'read').mockImplementation(function (this: MemoryEventStore, owner, match, range = {}) {
      reads.push(range);
      return original.call(this, owner, match, range);
    });
    await here.commands.command(OWNER, id, { command: speed(1) });
    expect(reads).toEqual([]);
    await elsewhere.commands.command(OWNER, id, { command: speed(2) });
    reads.length = 0;
    const answer = (await here.commands.command(OWNER, id, { command: speed(6) })).body as { version: number; state: unknown };
    expect(reads).toEqual([{ from: 3 }]);
    expect(answer.version).toBe(4);
    read.mockRestore();
    expect(answer.state).toEqual((await fresh()).state);
  });

  it('a command on the match this process last folded reads neither the match nor its events: the append at that version is the check', async () => {
    const { here, id, fresh } = await setUp();
    await here.commands.command(OWNER, id, { command: speed(4) });
    const getMatch = vi.spyOn(MemoryEventStore.prototype, 'getMatch');
    const read = vi.spyOn(MemoryEventStore.prototype, 'read');
    const answer = (await here.commands.command(OWNER, id, { command: speed(1) })).body as { version: number; state: unknown };
    expect([getMatch.mock.calls.length, read.mock.calls.length]).toEqual([0, 0]);
    getMatch.mockRestore();
    read.mockRestore();
    expect(answer.version).toBe(2);
    expect(answer.state).toEqual((await fresh()).state);
  });

  it('a guess behind the log (another process appended) is decided again on the log, with the same dice', async () => {
    const { here, elsewhere, id, fresh } = await setUp();
    await here.commands.command(OWNER, id, { command: speed(4) });
    await elsewhere.commands.command(OWNER, id, { command: speed(2) });
    const answer = (await here.commands.command(OWNER, id, { command: speed(6) })).body as { version: number; events: { version: number }[]; state: unknown };
    expect(answer.version).toBe(3);
    expect(answer.events.map((e) => e.version)).toEqual([3]);
    expect(answer.state).toEqual((await fresh()).state);
    expect((answer.state as { resolutions: number }).resolutions).toBe(3);
  });

  it("another key's command on a match this process has folded is 404, never decided on the kept fold", async () => {
    const { here, id, store } = await setUp();
    await here.commands.command(OWNER, id, { command: speed(4) });
    await expect(here.commands.command('intruder', id, { command: speed(1) })).rejects.toMatchObject({ status: 404 });
    await expect(here.commands.command('intruder', id, { command: { type: 'anima.speed', player: 'zz', difficulty: 9 } })).rejects.toMatchObject({ status: 404 });
    expect((await store.read(OWNER, id)).map((e) => e.version)).toEqual([1]);
  });

  it('keeps the most recently used matches only, and never goes back to an older fold', () => {
    const cache = new FoldCache(2);
    const entry = (version: number) => ({
      version,
      fold: { game: 'anima' as const, state: { outcome: { ended: false, winners: [] }, pending: [] } },
      withdrawn: new Set<number>(),
    });
    cache.set('a', entry(1));
    cache.set('b', entry(1));
    cache.get('a');
    cache.set('c', entry(1));
    expect([cache.get('a')?.version, cache.get('b'), cache.get('c')?.version]).toEqual([1, undefined, 1]);
    cache.set('a', entry(5));
    cache.set('a', entry(3));
    expect(cache.get('a')?.version).toBe(5);
    expect(Object.isFrozen(cache.get('a')!.fold.state)).toBe(true);
  });
});
