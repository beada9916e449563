/**
 * What one request may make the dice notation do (CONTRACT §7.3; README "Budgets"). Every budget has
 * a name and a limit and is checked BEFORE the work it bounds; past it the request is 422
 * `too_complex` with `budget: {name, limit, needed}` (`needed`: what the request would take, at
 * least), so a caller knows which bound it hit and by how much.
 *
 * - `dice.draws`: dice drawn by one roll in the worst case: every die × (1 + its explosions) ×
 *   (1 + the rerolls of each draw), with the caps MAX_EXPLOSIONS and MAX_REROLLS. The dice count
 *   alone does not bound the draws: rerolls and explosions multiply them.
 * - `dice.transcriptEntries`: the answer's size: one transcript entry per term plus one per reroll or
 *   explosion draw, in the worst case.
 * - `dice.distributionWork`: weighted big-integer operations of one exact distribution, charged
 *   before each step (tables included) — see exact.ts.
 * - `dice.distributionRange`: integers one distribution may span (dense counts).
 */
import { RuleViolation } from '../../errors.js';
import { MAX_EXPLOSIONS, MAX_REROLLS, diceTerms, highestFace, lowestFace, type DiceExpression, type DiceTerm } from './ast.js';

export type BudgetName = 'dice.draws' | 'dice.transcriptEntries' | 'dice.distributionWork' | 'dice.distributionRange';

/** Worst-case draws of one roll (the most fixed `values` a request may carry is the same). */
export const MAX_DRAWS = 100_000;
/** Worst-case transcript entries of one roll (≈ 130 bytes each at most: an answer of a few MB). */
export const MAX_TRANSCRIPT_ENTRIES = 20_000;
/** Widest range of values a distribution may span (dense counts). */
export const MAX_RANGE = 200_000;
/** Elementary big-integer operations one distribution may cost (weighted by operand size). */
export const WORK_BUDGET = 6_000_000;

export const BUDGET_LIMITS: Readonly<Record<BudgetName, number>> = {
  'dice.draws': MAX_DRAWS,
  'dice.transcriptEntries': MAX_TRANSCRIPT_ENTRIES,
  'dice.distributionWork': WORK_BUDGET,
  'dice.distributionRange': MAX_RANGE,
};

/** 422 `too_complex` naming the budget; the distribution's budgets keep their earlier members `operations` and `range`. */
export function overBudget(name: BudgetName, needed: number, why: string, limit = BUDGET_LIMITS[name]): never {
  const earlier = name.startsWith('dice.distribution') ? { operations: WORK_BUDGET, range: MAX_RANGE } : {};
  throw new RuleViolation('too_complex', `The notation is too complex: ${why} (budget ${name}).`, { budget: { name, limit, needed: Math.ceil(needed), ...earlier } });
}

/** How many times one draw of `term` may be rerolled: 0 when no face is below the threshold. */
export function rerollsPerDraw(term: DiceTerm): number {
  if (!term.reroll || term.reroll.below <= lowestFace(term)) return 0;
  return term.reroll.once ? 1 : MAX_REROLLS;
}

/** How many times one die of `term` may explode: 0 when no face reaches the threshold. */
export function explosionsPerDie(term: DiceTerm): number {
  return term.explode && term.explode.atLeast <= highestFace(term) ? MAX_EXPLOSIONS : 0;
}

/** Draws one die of `term` takes in the worst case: its first draw and each explosion, each with its rerolls. */
export function worstDrawsPerDie(term: DiceTerm): number {
  return (1 + explosionsPerDie(term)) * (1 + rerollsPerDraw(term));
}

export interface RollCost {
  /** Dice drawn in the worst case. */
  draws: number;
  /** Transcript entries in the worst case: one per term, one per reroll or explosion draw. */
  entries: number;
}

/** The worst case of rolling `expression`, from its tree alone (nothing is drawn). */
export function rollCost(expression: DiceExpression): RollCost {
  let draws = 0;
  let entries = 0;
  for (const term of diceTerms(expression)) {
    const perDie = worstDrawsPerDie(term);
    draws += term.count * perDie;
    entries += 1 + term.count * (perDie - 1);
  }
  return { draws, entries };
}

/**
 * The roll's budgets, checked before the first die is drawn: 422 `too_complex` past either.
 * `times`: the sets of a `repeat` roll (CONTRACT §8.3), which share the budgets.
 */
export function checkRollBudget(expression: DiceExpression, times = 1): RollCost {
  const one = rollCost(expression);
  const cost = { draws: one.draws * times, entries: one.entries * times };
  if (cost.draws > MAX_DRAWS) {
    overBudget('dice.draws', cost.draws, `rolling it may draw ${cost.draws.toLocaleString('en')} dice with its rerolls and explosions (at most ${MAX_DRAWS.toLocaleString('en')})`);
  }
  if (cost.entries > MAX_TRANSCRIPT_ENTRIES) {
    overBudget(
      'dice.transcriptEntries',
      cost.entries,
      `its transcript may have ${cost.entries.toLocaleString('en')} entries (at most ${MAX_TRANSCRIPT_ENTRIES.toLocaleString('en')}: one per term and one per reroll or explosion)`,
    );
  }
  return cost;
}
