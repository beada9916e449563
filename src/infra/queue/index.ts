/** The job runners: BullMQ at REDIS_URL, or in-process worker threads (`openJobRunner` picks one). */
export { BullJobRunner, DEFAULT_QUEUE } from './bullmq.js';
export { startBullWorker } from './bull-worker.js';
export { InProcessJobRunner } from './in-process.js';
export { openJobRunner } from './open.js';
