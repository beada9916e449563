/**
 * A BullMQ worker in its own process for tests/contract/job-runner.test.ts, so the suite can kill
 * it (SIGKILL of its process group, sandboxed children included) as a real crash would.
 */
import { startBullWorker } from '../../src/infra/queue/index.js';

// LOCK_MS=default: the service's own lock settings (JOB_LOCK_MS); else short locks (1 s) so a dead worker's job is taken back quickly
const lockDuration = process.env.LOCK_MS === 'default' ? undefined : Number(process.env.LOCK_MS ?? 1000);
const { close } = await startBullWorker({ url: process.env.REDIS_URL!, queueName: process.env.QUEUE_NAME!, concurrency: 2, ...(lockDuration ? { lockDuration } : {}) });
process.stdout.write('ready\n');
process.on('SIGTERM', () => {
  void close().then(() => process.exit(0));
});
// never outlive the test run that started it
const parent = process.ppid;
setInterval(() => {
  if (process.ppid !== parent) process.exit(0);
}, 1000);
