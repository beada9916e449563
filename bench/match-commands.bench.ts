/**
 * A command's cost must not grow with the match (issue: snapshots or a cache of the fold): the
 * median time of one command on a match holding 5,000 events against the same command on a match
 * holding 10 (goal: ratio ≤ 1.5), through the match service over the SQL event store on the
 * embedded database (PGlite, the default). Both logs are real game events: one Ánima command's
 * `anima.speed.resolved` event appended 10 and 5,000 times. Each side's first command (the
 * service's first fold of that match, as after a restart) is not measured.
 */
import { randomUUID } from 'node:crypto';
import type { BenchFigure } from './run.js';
import { openTestPglite } from '../src/infra/database/index.js';
import { SqlEventStore } from '../src/infra/event-store/index.js';
import { matchServices } from '../src/app/matches/service.js';
import { medianMs } from './median.js';

const LONG = 5_000;
const SHORT = 10;
const RUNS = 60;
const OWNER = 'bench';
const players = [
  { id: 'p1', name: 'Uno' },
  { id: 'p2', name: 'Dos' },
];
const command = { type: 'anima.speed', group: { characters: [{ name: 'Novel', combat: 3, speed: 5 }] }, difficulty: 9, dice: { values: [4] } };

export async function run(): Promise<BenchFigure[]> {
  const db = await openTestPglite();
  try {
    const store = SqlEventStore.over(db);
    const ids = { newId: randomUUID, randomSeed: () => 'bench' };
    const builder = matchServices(store, { ids }).commands;
    // the event one command writes, appended as often as each log needs
    const probe = (await builder.create(OWNER, { game: 'anima', players })).body as { id: string };
    const first = (await builder.command(OWNER, probe.id, { command })).body as { events: { type: string; data: unknown }[] };
    const event = { type: first.events[0]!.type, data: first.events[0]!.data, schemaVersion: 1, metadata: { command: command.type } };
    async function matchOf(length: number): Promise<string> {
      const { id } = (await builder.create(OWNER, { game: 'anima', players })).body as { id: string };
      for (let at = 0; at < length; at += 500)
        await store.append(
          OWNER,
          id,
          at,
          Array.from({ length: Math.min(500, length - at) }, () => event),
        );
      return id;
    }
    const [short, long] = [await matchOf(SHORT), await matchOf(LONG)];
    const median = (xs: number[]) => xs.sort((a, b) => a - b)[xs.length >> 1]!;
    /** Median command times on the short and the long log, by a fresh service (as a restarted process): its first command on each match folds the whole log. */
    async function measure(foldCacheSize: number | undefined, runs: number) {
      const service = matchServices(store, { ids, ...(foldCacheSize === undefined ? {} : { foldCacheSize }) }).commands;
      const time = (id: string) => medianMs(() => service.command(OWNER, id, { command }), runs, 3);
      // alternate the two sides so load from other processes hits both alike
      const shortMs: number[] = [];
      const longMs: number[] = [];
      for (let round = 0; round < 3; round++) {
        shortMs.push(await time(short));
        longMs.push(await time(long));
      }
      return { s: median(shortMs), l: median(longMs) };
    }
    const cached = await measure(undefined, RUNS);
    // the same without the cached fold (every command folds the whole log), for comparison
    const whole = await measure(0, 5);
    const figure = (name: string, { s, l }: { s: number; l: number }, goal?: number): BenchFigure => ({
      name,
      value: l,
      unit: 'ms (median)',
      baseline: { name: `the same command on a ${SHORT}-event log`, value: s, unit: 'ms' },
      ratio: l / s,
      ...(goal === undefined ? {} : { goal: `≤ ${goal}`, met: l / s <= goal }),
    });
    return [
      figure(`match command on a ${LONG.toLocaleString('en')}-event log`, cached, 1.5),
      figure(`match command on a ${LONG.toLocaleString('en')}-event log, fold cache off (each command folds the whole log)`, whole),
    ];
  } finally {
    await db.close();
  }
}
