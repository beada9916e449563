/** The EDEN match decider: initialState / decide / evolve (pure; the projection is a fold). */
export { initialState, evolve, isEdenEvent, EDEN_EVENT_TYPES, type MatchSetup } from './evolve.js';
export { decide, EDEN_COMMANDS, EDEN_COMMAND_TYPES, type EdenCommand, type EdenCommandType } from './commands.js';
export { defineCommand, type EdenCommandDef, type Preconditions, type Stage, type Turn, type Acting } from './preconditions.js';
export type { FighterRef, PlayerRef } from './command-schemas.js';
export type { StrikeOptions } from './attacks.js';
export * from './state.js';
export { edenOutcome, type EdenOutcome } from './outcome.js';
