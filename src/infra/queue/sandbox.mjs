// BullMQ sandboxed processor (bullmq.ts): runs in a child process forked by the worker, so a
// CPU-bound simulation never blocks the worker's lock renewal. Registers tsx to load the handlers.
import { register } from 'tsx/esm/api';

register();
const { runJob } = await import('./jobs.ts');

export default async function process(job, _token, signal) {
  return runJob(job.name, job.data, {
    attempt: (job.attemptsMade ?? 0) + 1,
    progress: (fraction) => job.updateProgress(fraction),
    signal,
  });
}
