// Worker thread of the in-process job runner (in-process.ts). Plain JS so it starts without a
// loader; it registers tsx itself to load the TypeScript job handlers.
import { parentPort } from 'node:worker_threads';
import { register } from 'tsx/esm/api';

register();
const { runJob } = await import('./jobs.ts');

parentPort.on('message', async (msg) => {
  if (!msg || msg.type !== 'run') return;
  const { jobId, name, data, attempt } = msg;
  try {
    const result = await runJob(name, data, {
      attempt,
      progress: (progress) => parentPort.postMessage({ type: 'progress', jobId, progress }),
    });
    parentPort.postMessage({ type: 'done', jobId, result });
  } catch (error) {
    parentPort.postMessage({ type: 'error', jobId, message: error?.message ?? String(error) });
  }
});
parentPort.postMessage({ type: 'ready' });
