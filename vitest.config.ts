import { defineConfig, type TestProjectInlineConfiguration } from 'vitest/config';

// CI asks for a JSON report beside the usual output (ARBITER_TEST_REPORT, see .ci/run).
const report = process.env.ARBITER_TEST_REPORT;

/**
 * Four projects (CONTRIBUTING.md, "Which tests to run"):
 * - unit: the pure rules — no app, no database. `npm run test:unit`, the edit-run loop.
 * - api: the app through inject/supertest/a socket, over in-memory stores or one shared embedded
 *   database per worker; the backend does not matter to what they prove.
 * - storage: what the backend changes (event store, keys, rosters, simulations, feeds, queues,
 *   idempotency): run on PGlite, and again on PostgreSQL and Redis by `npm run test:backends`.
 * - storage-serial / serial: suites that spawn the service or a browser, kill processes, or race
 *   many writers on a real PostgreSQL server (whose snapshot horizon and connection limit are
 *   shared by the whole server) run one file at a time, after the others.
 * Files of one worker share their modules (`isolate: false`): the rules and the app are imported
 * once per worker, not once per file. No test file may leave global state behind (mocks, timers,
 * environment); each file gets its own app or database loan (tests/helpers).
 */
const storageSerial = [
  'tests/contract/event-store.test.ts',
  'tests/contract/migrator.test.ts',
  'tests/reliability/idempotent-conflicts.test.ts',
  'tests/reliability/killed-writer.test.ts',
  'tests/reliability/embedded-owner.test.ts',
  'tests/reliability/database-unavailable.test.ts',
  'tests/reliability/revocation.test.ts',
  'tests/reliability/queue-fairness.test.ts',
  'tests/reliability/feeds-scale-out.test.ts',
  'tests/reliability/redis-outage-http.test.ts',
  'tests/reliability/redis-outage-queue.test.ts',
];

const storage = [
  'tests/contract/**/*.test.ts',
  'tests/reliability/unstorable-text.test.ts',
  'tests/api/simulations.test.ts',
  'tests/api/feed-tokens.test.ts',
  'tests/api/admin-keys.test.ts',
  'tests/api/league.test.ts',
  'tests/api/league-catalogs.test.ts',
];

const serial = [
  'tests/api/server.test.ts',
  'tests/reliability/compiled-start.test.ts',
  'tests/reliability/image-runtime.test.ts',
  'tests/reliability/startup-pressure.test.ts',
  'tests/reliability/request-timeout.test.ts',
  'tests/reliability/graphql-cost.test.ts',
  'tests/reliability/shutdown.test.ts',
  // start a real Chromium
  'tests/api/browser-table.test.ts',
  'tests/api/graphiql-browser.test.ts',
  'tests/client/browser.test.ts',
  'tests/browser/**/*.test.ts',
];

/** Files that install fake timers: a timer another module creates meanwhile (fetch's, a pool's) would stay on the fake clock, so they get a worker of their own each. */
const fakeTimers = ['tests/api/ready.test.ts', 'tests/client/retry.test.ts', 'tests/examples/discord-bot.test.ts'];

const unit = [
  'tests/unit/**/*.test.ts',
  ...['anima-match', 'exsilium-match', 'spirit-of-eden-match', 'odds', 'odds-sampler', 'roster-text'].map((f) => `tests/property/${f}.property.test.ts`),
];

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

export default defineConfig({
  test: {
    testTimeout: 30_000,
    hookTimeout: 60_000,
    pool: 'threads',
    isolate: false,
    maxWorkers: 2,
    reporters: report ? ['default', 'json'] : ['default'],
    outputFile: report ? { json: report } : undefined,
    projects: [
      project('unit', unit, []),
      project('api', ['tests/**/*.test.ts'], [...unit, ...storage, ...storageSerial, ...serial, ...fakeTimers]),
      project('api-isolated', fakeTimers, [], { isolate: true }),
      project('storage', storage, storageSerial),
      project('serial', serial, []),
      project('storage-serial', storageSerial, [], { serial: true, after: true }),
    ],
  },
});
