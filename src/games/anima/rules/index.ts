/** Ánima: La Sombra de Omega — pure rules; comments cite the rulebook digest's rule IDs (ANIMA-*). */
export * from './group.js';
export * from './combat.js';
export * from './exploration.js';
export * from './speed.js';
export * from './turn-order.js';
export * from './rewards.js';
export * from './prior.js';
export * from './events.js';
export * from './movement.js';
export * from './seek.js';
export * from './interaction.js';
export * from './missions.js';
