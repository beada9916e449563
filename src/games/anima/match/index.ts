// The Ánima match (ANIMA-SETUP..ANIMA-MISSION): its state, its events and their folds, its command table and its assembly.
import { ANIMA_COMMANDS } from './game.js';

export * from './state.js';
export { type AnimaEvent, type AnimaEventData } from './events.js';
export { animaFolds } from './evolve.js';
export { ANIMA_COMMANDS, ANIMA_RESOLVED_EVENTS, animaGame } from './game.js';
export { animaProjection, type AnimaMatch, type AnimaPlayerRecord } from './projection.js';

/** The full-match command types (the command table's keys). */
export const ANIMA_COMMAND_TYPES = Object.keys(ANIMA_COMMANDS);
