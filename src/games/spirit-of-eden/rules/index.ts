/** The Spirit of Eden — pure rules (digest shared/rules/spirit-of-eden.md). */
export * from './board.js';
export * from './end.js';
export * from './goomz-phase.js';
export * from './player-phase.js';
export * from './noa.js';
export * from './actions.js';
export * from './setup.js';
