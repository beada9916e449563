/**
 * BullMQ sandboxed processor (bull-worker.ts, loaded through entry.ts): runs in a child process
 * forked by the worker, so a CPU-bound simulation never blocks the worker's lock renewal. A sliced
 * job (steps.ts) runs one slice here and answers where its next turn starts; the worker re-queues it.
 */
import type { SandboxedJob } from 'bullmq';
import { runJob, type JobContext } from './jobs.js';
import { isSliced, runStep } from './steps.js';

export default async function process(job: SandboxedJob, _token?: string, signal?: AbortSignal): Promise<unknown> {
  const ctx: JobContext = {
    attempt: (job.attemptsMade ?? 0) + 1,
    progress: (fraction) => job.updateProgress(fraction),
    signal,
  };
  return isSliced(job.name) ? runStep(job.name, job.data, ctx) : runJob(job.name, job.data, ctx);
}
