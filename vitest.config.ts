import { readFileSync } from 'node:fs';
import { relative } from 'node:path';
import { defineConfig, type TestProjectInlineConfiguration } from 'vitest/config';
import { BaseSequencer, type TestSpecification } from 'vitest/node';

// CI asks for a JSON report beside the usual output (ARBITER_TEST_REPORT, see .ci/run).
const report = process.env.ARBITER_TEST_REPORT;

/**
 * The file lists (CONTRIBUTING.md, "Which tests to run"):
 * - unit: the pure rules — no app, no database. `npm run test:unit`, the edit-run loop.
 * - storage: what the backend changes (event store, keys, rosters, simulations, feeds, queues,
 *   idempotency): run on PGlite by `npm test`, and again on PostgreSQL and Redis by
 *   `npm run test:backends`; storageSerial: those that race many writers on a real server (whose
 *   snapshot horizon and connection limit are shared) or kill processes, one file at a time there.
 * Everything else (the app through inject/supertest/a socket, the processes, the browsers) runs in
 * `npm test` only. Files of one worker share their modules (`isolate: false`): the rules and the
 * app are imported once per worker, not once per file. No test file may leave global state behind
 * (mocks, timers, environment); each file gets its own app or database loan (tests/helpers).
 */
const storageSerial = [
  'tests/contract/event-store.test.ts',
  'tests/contract/migrator.test.ts',
  'tests/reliability/idempotent-conflicts.test.ts',
  'tests/reliability/match-contention.test.ts',
  'tests/reliability/killed-writer.test.ts',
  'tests/reliability/embedded-owner.test.ts',
  'tests/reliability/database-unavailable.test.ts',
  'tests/reliability/revocation.test.ts',
  'tests/reliability/queue-fairness.test.ts',
  'tests/reliability/feeds-scale-out.test.ts',
  'tests/reliability/redis-outage-http.test.ts',
  'tests/reliability/redis-outage-queue.test.ts',
  'tests/reliability/connection-drops.test.ts',
  'tests/reliability/slow-database.test.ts',
  'tests/reliability/fleet.test.ts',
];

const storage = [
  'tests/contract/**/*.test.ts',
  'tests/reliability/unstorable-text.test.ts',
  'tests/api/simulations.test.ts',
  'tests/api/feed-tokens.test.ts',
  'tests/api/admin-keys.test.ts',
  'tests/api/league.test.ts',
  'tests/api/league-catalogs.test.ts',
  'tests/api/sealed-lists.test.ts',
  'tests/api/blind-roll-quota.test.ts',
  'tests/reliability/admin-guesses-shared.test.ts',
  'tests/reliability/stream-caps-shared.test.ts',
];

/** Files that install fake timers: a timer another module creates meanwhile (fetch's, a pool's) would stay on the fake clock, so they get a worker of their own each. */
const fakeTimers = ['tests/api/ready.test.ts', 'tests/client/retry.test.ts', 'tests/examples/discord-bot.test.ts'];

const unit = [
  'tests/unit/**/*.test.ts',
  ...['anima-match', 'exsilium-match', 'spirit-of-eden-match', 'odds', 'odds-sampler', 'roster-text'].map((f) => `tests/property/${f}.property.test.ts`),
];

/** Files that race writers on the machine's real PostgreSQL server even on the embedded defaults: one at a time (tests/helpers/server-turn.ts). */
const realServer = ['tests/contract/event-store.test.ts', 'tests/contract/migrator.test.ts', 'tests/reliability/database-unavailable.test.ts'];

/** `serial`: one file at a time; `after`: once the other groups are done (alone with the other `after` projects). */
const project = (name: string, include: string[], exclude: string[], options: { serial?: boolean; after?: boolean; isolate?: boolean } = {}): TestProjectInlineConfiguration => ({
  extends: true,
  test: {
    name,
    include,
    exclude,
    ...(options.serial ? { fileParallelism: false } : {}),
    ...(options.isolate ? { isolate: true } : {}),
    sequence: { groupOrder: options.after ? 1 : 0 },
  },
});

/**
 * Which files run together. Vitest runs one project's files at a time (two workers), so a suite
 * split into many projects waits at the end of each for its slowest file: `npm test` runs one
 * project of every file that may share a worker (`all`), then the fake-timer files in workers of
 * their own (`isolated`). The files that race writers on the machine's real PostgreSQL server take
 * turns there through an advisory lock (tests/helpers/server-turn.ts), spread apart in the order.
 * The named suites (`ARBITER_SUITE`): `npm run test:unit` (the pure rules), `npm run test:backends`
 * (what the backend changes, run on PostgreSQL and Redis by CI: `storage`, then `storage-serial`
 * one file at a time).
 */
function projects(suite: string | undefined): TestProjectInlineConfiguration[] {
  if (suite === 'unit') return [project('unit', unit, [])];
  if (suite === 'backends') return [project('storage', storage, storageSerial), project('storage-serial', storageSerial, [], { serial: true, after: true })];
  return [project('all', ['tests/**/*.test.ts'], fakeTimers), project('isolated', fakeTimers, [], { isolate: true })];
}

/** Each file's last duration in seconds (`npm run test:durations` writes it from Vitest's cache). */
const DURATIONS: Record<string, number> = JSON.parse(readFileSync(new URL('./tests/durations.json', import.meta.url), 'utf8'));

/**
 * Vitest's order (by group, then project), then the longest files first by tests/durations.json —
 * the same order on a fresh clone as on a warm checkout (Vitest's own figures live in
 * node_modules/.vite, and without them it starts files by size). A file not listed yet counts as 5 s.
 */
/** Seconds of the two workers' time between two files' turns on the real server (each takes ≤ 20 s). */
const TURN_SPACING_S = 25;

class LongestFirst extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const path = (spec: TestSpecification) => relative(process.cwd(), spec.moduleId);
    const seconds = (spec: TestSpecification) => DURATIONS[path(spec)] ?? 5;
    const sorted = [...files].sort((a, b) => {
      const group = a.project.config.sequence.groupOrder - b.project.config.sequence.groupOrder;
      if (group !== 0) return group;
      if (a.project.name !== b.project.name) return a.project.name < b.project.name ? -1 : 1;
      return seconds(b) - seconds(a);
    });
    // the files that take turns on the real server: one at the start, each next one about
    // TURN_SPACING_S of the two workers' time later, so that no worker waits for the other's turn
    const turns = sorted.filter((spec) => realServer.includes(path(spec)));
    const out: TestSpecification[] = [];
    let elapsed = 0;
    for (const spec of sorted) {
      if (realServer.includes(path(spec))) continue;
      while (turns.length && elapsed >= out.filter((o) => realServer.includes(path(o))).length * TURN_SPACING_S) out.push(turns.shift()!);
      out.push(spec);
      elapsed += seconds(spec) / 2;
    }
    return [...out, ...turns];
  }
}

export default defineConfig({
  test: {
    testTimeout: 30_000,
    hookTimeout: 60_000,
    pool: 'threads',
    isolate: false,
    maxWorkers: 2,
    sequence: { sequencer: LongestFirst },
    reporters: report ? ['default', 'json'] : ['default'],
    outputFile: report ? { json: report } : undefined,
    projects: projects(process.env.ARBITER_SUITE),
  },
});
