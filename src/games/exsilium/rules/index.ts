/** Exsilium rules core (pure): decks, Newaru combat and movement, player combat, respawn, victory. */
export * from './decks.js';
export * from './outcome.js';
export * from './enemy-actions.js';
export * from './consequences.js';
export * from './newaru-combat.js';
export * from './player-combat.js';
export * from './board.js';
export * from './newaru-movement.js';
export * from './respawn.js';
export * from './victory.js';
export * from './retreat.js';
export * from './mines.js';
export * from './eliminations.js';
export * from './deposits.js';
