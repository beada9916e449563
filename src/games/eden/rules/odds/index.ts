/** Exact outcome distributions of EDEN attacks (no sampling), from the rule functions. */
export { meleeOdds } from './melee.js';
export { rangedOdds } from './ranged.js';
export { successDistribution, opposedWinA } from './distribution.js';
export { reduceOutcomes, type OddsResult, type WeightedOutcome } from './result.js';
