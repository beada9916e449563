/** Monte Carlo simulations of EDEN attacks over the same rule functions the endpoints use. */
export * from './outcome.js';
export * from './stats.js';
export * from './stream.js';
export * from './sampler.js';
export { runChunk, runChunkDirect, samplerFor, simulate, simulateTally, type SimulationSpec, type SimulateOptions } from './run.js';
