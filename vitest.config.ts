import { defineConfig } from 'vitest/config';

// CI asks for a JSON report beside the usual output (ARBITER_TEST_REPORT, see .ci/run).
const report = process.env.ARBITER_TEST_REPORT;

export default defineConfig({
  test: {
    include: ['tests/**/*.test.ts'],
    testTimeout: 30_000,
    hookTimeout: 60_000,
    pool: 'forks',
    reporters: report ? ['default', 'json'] : ['default'],
    outputFile: report ? { json: report } : undefined,
  },
});
