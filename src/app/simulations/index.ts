/** Queued Monte Carlo simulations (CONTRACT §6): use cases, the job, the table. */
export * from './service.js';
export * from './store.js';
export * from './job.js';
