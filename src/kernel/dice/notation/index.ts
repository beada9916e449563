/** Dice notation (CONTRACT §7.3): parse to a tree with positions, roll with a `Dice` source, exact distributions. */
export * from './ast.js';
export { BadNotation, parseNotation } from './parse.js';
export { rollNotation, keptMask, type Draw, type NotationRoll, type RolledTerm } from './roll.js';
export { compareNotations, notationDistribution, summarize, type Comparison, type DistributionEntry, type DistributionSummary } from './distribution.js';
export { Budget, type Exact } from './exact.js';
export * from './budgets.js';
export { distributionCost } from './cost.js';
