/** The EDEN match decider: initialState / decide / evolve (pure; the projection is a fold). */
export { initialState, evolve, type MatchSetup } from './evolve.js';
export { decide, EDEN_COMMANDS, type EdenCommand, type EdenCommandType } from './decide.js';
export * from './state.js';
