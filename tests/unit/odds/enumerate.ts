/**
 * Brute-force oracle for the exact-odds engine: runs the rule function on every possible dice
 * sequence (FixedDice, extended one die at a time whenever it runs out), each weighing 6^-length.
 * Independent of src/games/eden/odds: no binomials, no knowledge of the rules' structure.
 */
import { FixedDice, type Dice } from '../../../src/games/dice/index.js';
import { RuleViolation } from '../../../src/games/errors.js';
import type { Outcome } from '../../../src/games/eden/simulate/index.js';
import type { WeightedOutcome } from '../../../src/games/eden/odds/index.js';

export function enumerateAll(run: (dice: Dice) => Outcome, maxRuns = 200_000): WeightedOutcome[] {
  const out: WeightedOutcome[] = [];
  const stack: number[][] = [[]];
  let runs = 0;
  while (stack.length) {
    const prefix = stack.pop()!;
    if (++runs > maxRuns) throw new Error('too many dice sequences for the oracle');
    try {
      out.push({ p: 6 ** -prefix.length, outcome: run(new FixedDice(prefix)) });
    } catch (error) {
      if (!(error instanceof RuleViolation) || error.code !== 'dice_exhausted') throw error;
      for (let v = 1; v <= 6; v++) stack.push([...prefix, v]);
    }
  }
  return out;
}
