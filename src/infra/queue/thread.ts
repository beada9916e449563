/**
 * Worker thread of the in-process job runner (in-process.ts), run by a tinypool pool (loaded through
 * entry.ts). Each task gets a MessagePort: the thread's id first, then the job's progress reports.
 */
import { threadId, type MessagePort } from 'node:worker_threads';
import { runJob } from './jobs.js';

export interface ThreadTask {
  port: MessagePort;
  name: string;
  data: unknown;
  attempt: number;
}

/** Runs one job (or one slice of one); a handler's error is an answer, only a dead thread rejects. */
export default async function run({ port, name, data, attempt }: ThreadTask): Promise<{ ok: boolean; result?: unknown; message?: string }> {
  port.postMessage({ type: 'start', threadId });
  try {
    const result = await runJob(name, data, { attempt, progress: (progress) => port.postMessage({ type: 'progress', progress }) });
    return { ok: true, result };
  } catch (error) {
    return { ok: false, message: (error as Error | undefined)?.message ?? String(error) };
  }
}
