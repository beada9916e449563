/** Queued Monte Carlo simulations (CONTRACT §6): use cases, the job, the store port. */
export * from './service.js';
export * from './ports.js';
export * from './job.js';
