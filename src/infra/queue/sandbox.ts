/**
 * BullMQ sandboxed processor (bull-worker.ts, loaded through entry.ts): runs in a child process
 * forked by the worker, so a CPU-bound simulation never blocks the worker's lock renewal. A sliced
 * job (steps.ts) runs one slice here and answers where its next turn starts; the worker re-queues it.
 *
 * Never an orphan: when the worker process dies (kill -9: no chance to stop its children) this
 * child exits too — on the IPC channel's `disconnect`, at the next progress report of a running job
 * and on a one-second check between jobs (its parent changed or the channel closed). Another worker
 * takes the job back when its lock expires (bull-worker.ts).
 */
import type { SandboxedJob } from 'bullmq';
import { runJob, type JobContext } from './jobs.js';
import { isSliced, runStep } from './steps.js';

const parent = process.ppid;
/** The worker that forked this child is gone. */
const orphaned = () => process.ppid !== parent || (process.send !== undefined && !process.connected);
const leaveIfOrphaned = () => {
  if (orphaned()) process.exit(0);
};
process.on('disconnect', () => process.exit(0));
setInterval(leaveIfOrphaned, 1000).unref();

export default async function process_(job: SandboxedJob, _token?: string, signal?: AbortSignal): Promise<unknown> {
  const ctx: JobContext = {
    attempt: (job.attemptsMade ?? 0) + 1,
    progress: (fraction) => {
      leaveIfOrphaned();
      return job.updateProgress(fraction);
    },
    signal,
  };
  return isSliced(job.name) ? runStep(job.name, job.data, ctx) : runJob(job.name, job.data, ctx);
}
