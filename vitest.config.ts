import { defineConfig } from 'vitest/config';

// CI asks for a JSON report beside the usual output (ARBITER_TEST_REPORT, see .ci/run).
const report = process.env.ARBITER_TEST_REPORT;

/**
 * Suites that measure concurrency on a real PostgreSQL server, or spawn the service, run alone
 * after the others: PostgreSQL's snapshot horizon and connection limit are shared by the whole
 * server, so a neighbour's open transaction or pool would distort what they prove.
 */
const exclusive = [
  'tests/contract/event-store.test.ts',
  'tests/contract/migrator.test.ts',
  'tests/api/server.test.ts',
  'tests/reliability/idempotent-conflicts.test.ts',
  'tests/reliability/killed-writer.test.ts',
  'tests/reliability/embedded-owner.test.ts',
  'tests/reliability/database-unavailable.test.ts',
  'tests/reliability/graphql-cost.test.ts',
  'tests/reliability/revocation.test.ts',
  'tests/reliability/queue-fairness.test.ts',
  'tests/reliability/feeds-scale-out.test.ts',
  'tests/reliability/compiled-start.test.ts',
  // spawn redis-server, or measure event-loop delay and timeouts
  'tests/reliability/redis-outage-http.test.ts',
  'tests/reliability/startup-pressure.test.ts',
  'tests/reliability/request-timeout.test.ts',
  // start a real Chromium
  'tests/api/browser-table.test.ts',
  'tests/api/graphiql-browser.test.ts',
  'tests/client/browser.test.ts',
];

export default defineConfig({
  test: {
    testTimeout: 30_000,
    hookTimeout: 60_000,
    pool: 'forks',
    reporters: report ? ['default', 'json'] : ['default'],
    outputFile: report ? { json: report } : undefined,
    projects: [
      {
        extends: true,
        test: { name: 'main', include: ['tests/**/*.test.ts'], exclude: exclusive, sequence: { groupOrder: 0 } },
      },
      {
        extends: true,
        test: { name: 'exclusive', include: exclusive, fileParallelism: false, sequence: { groupOrder: 1 } },
      },
    ],
  },
});
