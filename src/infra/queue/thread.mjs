// Worker thread of the in-process job runner (in-process.ts), run by a tinypool pool. Plain JS so
// it starts without a loader; it registers tsx itself to load the TypeScript job handlers.
// Each task gets a MessagePort: the thread's id first, then the job's progress reports.
import { threadId } from 'node:worker_threads';
import { register } from 'tsx/esm/api';

register();
const { runJob } = await import('./jobs.ts');

/** Runs one job (or one slice of one); a handler's error is an answer, only a dead thread rejects. */
export default async function run({ port, name, data, attempt }) {
  port.postMessage({ type: 'start', threadId });
  try {
    const result = await runJob(name, data, { attempt, progress: (progress) => port.postMessage({ type: 'progress', progress }) });
    return { ok: true, result };
  } catch (error) {
    return { ok: false, message: error?.message ?? String(error) };
  }
}
