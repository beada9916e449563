/**
 * Group commit (issue 38, src/app/matches/turn-batches.ts): commands sent to one match while its
 * turn runs wait, and the next turn decides them all, in arrival order, each on the state the one
 * before it left, and appends their events with one write. What each caller gets must be what it
 * would get alone in that order: its own events and version, its own refusal, its own conflict.
 * Run on the in-memory store and on the embedded PGlite (where the one write is what it saves).
 */
import { randomUUID } from 'node:crypto';
import { afterAll, afterEach, describe, expect, it, vi } from 'vitest';
import { TurnBatches, type TurnOutcome } from '../../../src/app/matches/turn-batches.js';
import { matchServices } from '../../../src/app/matches/service.js';
import type { EventStore } from '../../../src/app/matches/ports.js';
import type { Database } from '../../../src/app/ports.js';
import { MemoryEventStore } from '../../../src/infra/event-store/memory.js';
import { SqlEventStore } from '../../../src/infra/event-store/index.js';
import { sharedTestPglite } from '../../helpers/database.js';
import { ANIMA_PLAYERS, animaSpeed as speed } from '../../fixtures/anima-match.js';

/** TurnBatches whose turns are recorded, the first held until `open()`; `answer` answers each turn. */
function heldFirstTurn(answer: (jobs: number[]) => TurnOutcome<number>[]) {
  const turns: number[][] = [];
  let open!: () => void;
  const opened = new Promise<void>((resolve) => (open = resolve));
  const batches = new TurnBatches<number, number>(async (jobs) => {
    turns.push(jobs);
    if (turns.length === 1) await opened;
    return answer(jobs);
  });
  return { batches, turns, open };
}

describe('TurnBatches: one turn at a time per key, every job that waited in the next one', () => {
  it('jobs sent while a turn runs go together, in arrival order, into the next turn', async () => {
    const { batches, turns, open } = heldFirstTurn((jobs) => jobs.map((j) => ({ value: j * 10 })));
    const answers = [1, 2, 3, 4].map((j) => batches.submit('m', j));
    open();
    expect(await Promise.all(answers)).toEqual([10, 20, 30, 40]);
    expect(turns).toEqual([[1], [2, 3, 4]]);
    expect(batches.size).toBe(0);
  });

  it('keys apart run apart; a turn takes at most `most` jobs', async () => {
    const turns: string[][] = [];
    const batches = new TurnBatches<string, string>(async (jobs) => (turns.push(jobs), jobs.map((j) => ({ value: j }))), 2);
    await Promise.all(['a1', 'a2', 'a3', 'a4', 'a5'].map((j) => batches.submit('a', j)).concat(batches.submit('b', 'b1')));
    expect(turns).toEqual([['a1'], ['b1'], ['a2', 'a3'], ['a4', 'a5']]);
  });

  it('a job left for later runs first in the next turn; an error answers only its job', async () => {
    const turns: number[][] = [];
    const batches = new TurnBatches<number, number>(async (jobs) => {
      turns.push(jobs);
      // the first job always runs; from the third on, nothing runs this turn
      return jobs.map((j, i): TurnOutcome<number> => (i >= 2 ? undefined : j === 3 ? { error: new Error('three') } : { value: j }));
    });
    const answers = [1, 2, 3, 4, 5].map((j) => batches.submit('m', j).catch((e: Error) => e.message));
    expect(await Promise.all(answers)).toEqual([1, 2, 'three', 4, 5]);
    expect(turns).toEqual([[1], [2, 3, 4, 5], [4, 5]]);
  });

  it('a turn that fails as a whole runs its jobs again one per turn, each answered alone', async () => {
    const { batches, turns, open } = heldFirstTurn((jobs) => {
      if (jobs.length > 1) throw new Error('the write failed');
      if (jobs[0] === 3) throw new Error('three cannot be kept');
      return [{ value: jobs[0]! }];
    });
    const answers = [1, 2, 3, 4].map((j) => batches.submit('m', j).catch((e: Error) => e.message));
    open();
    expect(await Promise.all(answers)).toEqual([1, 2, 'three cannot be kept', 4]);
    expect(turns).toEqual([[1], [2, 3, 4], [2], [3], [4]]);
  });

  it('a turn that runs none of its jobs answers them with an error instead of running them forever', async () => {
    const batches = new TurnBatches<number, number>(async (jobs) => jobs.map(() => undefined));
    await expect(batches.submit('m', 1)).rejects.toThrow(/none of its commands/);
    expect(batches.size).toBe(0);
  });
});

const OWNER = 'owner';
const players = ANIMA_PLAYERS;
const ids = { newId: randomUUID, randomSeed: () => 'seed' };
type Body = { version: number; events: { version: number; data: { dice: { values: number[] } } }[]; state: { resolutions: number } };

const databases: Database[] = [];
afterAll(async () => {
  for (const db of databases) await db.close();
});

/** Each store, and the prototype whose `append` is the one write of a turn. */
const targets: { name: string; open(): Promise<EventStore>; proto: { append: EventStore['append'] } }[] = [
  { name: 'memory', open: async () => MemoryEventStore.create(), proto: MemoryEventStore.prototype },
  {
    name: 'pglite',
    open: async () => {
      const db = await sharedTestPglite();
      databases.push(db);
      return SqlEventStore.over(db);
    },
    proto: SqlEventStore.prototype,
  },
];

for (const target of targets) {
  describe(`commands sent together to one match share its turns (group commit) on ${target.name}`, () => {
    afterEach(() => vi.restoreAllMocks());

    async function setUp() {
      const store = await target.open();
      const services = matchServices(store, { ids });
      const { id } = (await services.commands.create(OWNER, { game: 'anima', players })).body as { id: string };
      const original = target.proto.append;
      /** Every append, passed on unless `failing` says otherwise. */
      let failing: (events: unknown[]) => boolean = () => false;
      const appends = vi.spyOn(target.proto, 'append').mockImplementation(function (this: EventStore, ...args: Parameters<EventStore['append']>) {
        if (failing(args[3])) return Promise.reject(new Error('the write failed'));
        return original.apply(this, args);
      });
      return { services, id, appends, failWhen: (f: typeof failing) => (failing = f) };
    }

    it('twelve commands at once: each answered with its own events at its own version, in two writes', async () => {
      const { services, id, appends } = await setUp();
      const dice = [1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 1, 2];
      const answers = await Promise.all(dice.map((d) => services.commands.command(OWNER, id, { command: speed(d) })));
      const bodies = answers.map((a) => a.body as Body);
      // in arrival order: the first alone, the eleven that waited for it in the next turn
      expect(bodies.map((b) => b.version)).toEqual(dice.map((_, i) => i + 1));
      expect(bodies.map((b) => b.events.map((e) => [e.version, e.data.dice.values[0]]))).toEqual(dice.map((d, i) => [[i + 1, d]]));
      expect(bodies.map((b) => b.state.resolutions)).toEqual(dice.map((_, i) => i + 1));
      expect(appends).toHaveBeenCalledTimes(2);
      // the log is what they were answered
      const log = (await services.reads.events(OWNER, id, 1, 100)).events;
      expect(log.map((e) => (e.data as Body['events'][0]['data']).dice.values[0])).toEqual(dice);
    });

    it('a command refused in a shared turn gets its own refusal; the others are kept as if it had not been sent', async () => {
      const { services, id } = await setUp();
      const sent = [speed(3), { ...speed(4), difficulty: 'high' }, speed(5), speed(6)];
      const answers = await Promise.allSettled(sent.map((command) => services.commands.command(OWNER, id, { command })));
      expect(answers.map((a) => a.status)).toEqual(['fulfilled', 'rejected', 'fulfilled', 'fulfilled']);
      expect(answers.flatMap((a) => (a.status === 'fulfilled' ? [(a.value.body as Body).version] : []))).toEqual([1, 2, 3]);
      expect((answers[1] as PromiseRejectedResult).reason).toMatchObject({ errors: [expect.objectContaining({ path: '/command/difficulty' })] });
      const view = await services.reads.view(OWNER, id);
      expect(view.version).toBe(3);
    });

    it('commands naming the same expectedVersion in one turn: the first is kept, the others get 409 with the version it left', async () => {
      const { services, id } = await setUp();
      await services.commands.command(OWNER, id, { command: speed(1) });
      const answers = await Promise.allSettled([2, 3, 4].map((d) => services.commands.command(OWNER, id, { expectedVersion: 1, command: speed(d) })));
      expect(answers.map((a) => a.status)).toEqual(['fulfilled', 'rejected', 'rejected']);
      for (const a of answers.slice(1)) expect((a as PromiseRejectedResult).reason).toMatchObject({ expectedVersion: 1, currentVersion: 2 });
    });

    it('CONTRACT-9.2: a takeback, which reads the log, waits for the commands before it in a shared turn to be committed', async () => {
      const { services, id, appends } = await setUp();
      for (const d of [1, 2]) await services.commands.command(OWNER, id, { command: speed(d) });
      const takeback = { type: 'match.request_takeback', player: 'p1', toVersion: 3 };
      const answers = await Promise.all([speed(3), speed(4), takeback, speed(5)].map((command) => services.commands.command(OWNER, id, { command })));
      const bodies = answers.map((a) => a.body as { events: { version: number; type: string }[]; state: Body['state'] });
      expect(bodies.map((b) => b.events.map((e) => [e.version, e.type]))).toEqual([
        [[3, 'anima.speed.resolved']],
        [[4, 'anima.speed.resolved']],
        [[5, 'match.takeback']],
        [[6, 'anima.speed.resolved']],
      ]);
      // speed(3) alone; speed(4) first in the next turn, where the takeback waited (and speed(5) behind it) for the turn after
      expect(appends.mock.calls.map((call) => call[3].length)).toEqual([1, 1, 1, 1, 2]);
      // speed(5) was decided on the state the takeback left: versions 1..3 count, then its own
      expect(bodies[3]!.state.resolutions).toBe(4);
      const view = await services.reads.view(OWNER, id);
      expect(view.withdrawn).toEqual([4]);
    });

    it('a shared write that fails runs each command again alone, each answered with its own outcome', async () => {
      const { services, id, appends, failWhen } = await setUp();
      let failed = 0;
      failWhen((events) => events.length > 1 && ++failed > 0);
      const answers = await Promise.all([1, 2, 3].map((d) => services.commands.command(OWNER, id, { command: speed(d) })));
      expect(failed).toBeGreaterThan(0);
      expect(answers.map((a) => (a.body as Body).version)).toEqual([1, 2, 3]);
      // the first alone; the two after it together, refused on the guess and again on what the store holds; then each alone
      expect(appends.mock.calls.map((call) => call[3].length)).toEqual([1, 2, 2, 1, 1]);
      expect((await services.reads.view(OWNER, id)).version).toBe(3);
    });
  });
}
