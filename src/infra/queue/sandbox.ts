/**
 * BullMQ sandboxed processor (bullmq.ts, loaded through entry.ts): runs in a child process forked by
 * the worker, so a CPU-bound simulation never blocks the worker's lock renewal.
 */
import type { SandboxedJob } from 'bullmq';
import { runJob } from './jobs.js';

export default async function process(job: SandboxedJob, _token?: string, signal?: AbortSignal): Promise<unknown> {
  return runJob(job.name, job.data, {
    attempt: (job.attemptsMade ?? 0) + 1,
    progress: (fraction) => job.updateProgress(fraction),
    signal,
  });
}
