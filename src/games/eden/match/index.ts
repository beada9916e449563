/** The EDEN match decider: initialState / decide / evolve (pure; the projection is a fold). */
export { initialState, evolve, EDEN_EVENT_TYPES, type MatchSetup } from './evolve.js';
export { decide, EDEN_COMMANDS, EDEN_COMMAND_TYPES, type EdenCommandSpec } from './commands.js';
export type { Preconditions, Stage, Turn, Acting } from './preconditions.js';
export * from './command-types.js';
export * from './state.js';
export { edenOutcome, type EdenOutcome } from './outcome.js';
