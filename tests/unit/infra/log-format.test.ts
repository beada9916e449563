/**
 * One log format for every process (CONTRACT §9.3 integrator refinements; issue: the API logged
 * `"level": 30` while the worker logged `"level": "info"`): the worker's lines are pino's, as the
 * API's (Fastify's logger) — a numeric level, time, pid, hostname and msg.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { killAll, run } from '../../helpers/process.js';

describe('log lines', () => {
  afterEach(killAll);

  it("the worker's lines have pino's shape: a numeric level (50 for an error), time, pid, hostname, msg", { timeout: 60_000 }, async () => {
    const worker = run('src/worker.ts', { REDIS_URL: '' });
    expect(await worker.exited).toBe(1);
    const line = worker
      .output()
      .split('\n')
      .find((l) => l.startsWith('{'));
    expect(line, worker.output()).toBeDefined();
    const parsed = JSON.parse(line!);
    expect(parsed).toMatchObject({ level: 50, time: expect.any(Number), pid: expect.any(Number), hostname: expect.any(String), msg: expect.stringContaining('REDIS_URL') });
  });
});
