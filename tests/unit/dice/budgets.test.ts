/**
 * Budgets of the dice notation (CONTRACT §7.3, README "Budgets"): the worst-case draws and
 * transcript entries of a roll are checked from the tree before any die is drawn; the exact
 * distribution's work budget is charged for every table it builds, keep/drop's binomial table
 * included, and checked before the table is built; the estimate of that work (distributionCost)
 * stays close to what the computation is charged.
 */
import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { FixedDice, SeededDice, type Dice, type DieKind } from '../../../src/kernel/dice/index.js';
import {
  Budget,
  MAX_DRAWS,
  MAX_EXPLOSIONS,
  MAX_REROLLS,
  MAX_TRANSCRIPT_ENTRIES,
  WORK_BUDGET,
  distributionCost,
  notationDistribution,
  parseNotation,
  rollCost,
  rollNotation,
} from '../../../src/kernel/dice/notation/index.js';
import { binomialTableSize, keepOrderFloor } from '../../../src/kernel/dice/notation/distribution.js';
import { weighted } from '../../../src/kernel/dice/notation/exact.js';

/** The notation: ten terms of 1000 dice that always reroll and always explode (259 characters). */
const HOSTILE_ROLL = Array.from({ length: 10 }, () => '1000d1000000!>=1r<1000001').join('+');

/** A dice source that counts what is asked of it and draws nothing itself. */
function countingDice(seed = 'count'): Dice & { draws: number } {
  const inner = new SeededDice(seed);
  const dice = {
    draws: 0,
    roll(purpose: string, count: number, sides?: number, kind?: DieKind) {
      dice.draws += Math.max(0, count);
      return inner.roll(purpose, count, sides, kind);
    },
    transcript: () => inner.transcript(),
  };
  return dice;
}

const thrown = (fn: () => unknown): Record<string, any> => {
  try {
    fn();
  } catch (error) {
    return error as Record<string, any>;
  }
  throw new Error('did not throw');
};

describe('roll budgets: dice.draws and dice.transcriptEntries, from the tree (CONTRACT §7.3)', () => {
  it('worst case per die: (1 + explosions) × (1 + rerolls per draw), only where a face can trigger them', () => {
    const each = MAX_EXPLOSIONS + 1;
    expect(rollCost(parseNotation('1000d6'))).toEqual({ draws: 1000, entries: 1 });
    expect(rollCost(parseNotation('1000d6!'))).toEqual({ draws: 1000 * each, entries: 1 + 1000 * MAX_EXPLOSIONS });
    expect(rollCost(parseNotation('1000d6!r<2')).draws).toBe(1000 * each * (MAX_REROLLS + 1));
    expect(rollCost(parseNotation('10d6ro<3')).draws).toBe(20);
    expect(rollCost(parseNotation('10d6r<1!>=7')).draws).toBe(10); // no face below 1, none reaches 7
    expect(rollCost(parseNotation('4dF!>=-1')).draws).toBe(4 * each);
    expect(rollCost(parseNotation('2d6+3*d4-1'))).toEqual({ draws: 3, entries: 2 });
    expect(rollCost(parseNotation(HOSTILE_ROLL))).toEqual({ draws: 1_210_000, entries: 1_200_010 });
  });

  it('the worst case is reached (d1 always explodes and always rerolls) and never passed by a seeded roll', () => {
    const dice = countingDice();
    rollNotation(parseNotation('3d1!r<2'), dice);
    expect(dice.draws).toBe(rollCost(parseNotation('3d1!r<2')).draws);
    expect(dice.transcript().rolls).toHaveLength(rollCost(parseNotation('3d1!r<2')).entries);
    const notation = fc
      .tuple(fc.integer({ min: 1, max: 20 }), fc.constantFrom('2', '4', '6', 'F'), fc.constantFrom('', '!', '!>=2', '!>=0'), fc.constantFrom('', 'r<2', 'ro<3', 'r<7'))
      .map(([n, d, e, r]) => `${n}d${d}${e}${r}+d4`);
    fc.assert(
      fc.property(notation, fc.string(), (text, seed) => {
        const counted = countingDice(seed);
        rollNotation(parseNotation(text), counted);
        const worst = rollCost(parseNotation(text));
        expect(counted.draws).toBeLessThanOrEqual(worst.draws);
        expect(counted.transcript().rolls.length).toBeLessThanOrEqual(worst.entries);
      }),
      { numRuns: 60 },
    );
  });

  it("the issue's 10 × 1000d1000000!>=1r<1000001 (1.21 M draws) is 422 too_complex naming dice.draws, before one die is drawn", () => {
    expect(HOSTILE_ROLL).toHaveLength(259);
    const dice = countingDice();
    const error = thrown(() => rollNotation(parseNotation(HOSTILE_ROLL), dice));
    expect(error).toMatchObject({ status: 422, code: 'too_complex', extra: { budget: { name: 'dice.draws', limit: MAX_DRAWS, needed: 1_210_000 } } });
    expect(dice.draws).toBe(0);
    expect(dice.transcript().rolls).toEqual([]);
  });

  it('within the draws, past the transcript entries: 1000d6!+1000d6! (20,002 entries at worst) names dice.transcriptEntries', () => {
    const dice = countingDice();
    const error = thrown(() => rollNotation(parseNotation('1000d6!+1000d6!'), dice));
    expect(error).toMatchObject({ code: 'too_complex', extra: { budget: { name: 'dice.transcriptEntries', limit: MAX_TRANSCRIPT_ENTRIES, needed: 20_002 } } });
    expect(dice.draws).toBe(0);
    expect(rollNotation(parseNotation('1000d6!'), new SeededDice('fits')).terms[0]!.values).toHaveLength(1000);
  });

  it('fixed values: a notation over the budget consumes none of them', () => {
    const dice = new FixedDice([1, 2, 3]);
    expect(thrown(() => rollNotation(parseNotation('1000d6!r<2'), dice))).toMatchObject({ code: 'too_complex' });
    expect(dice.consumed).toBe(0);
  });
});

describe('distribution budget: every table charged, checked before it is built (CONTRACT §7.3)', () => {
  it("the issue's 1000d2kh500 is refused by the pre-check: the binomial table is charged, never built, and the budget is not spent", () => {
    const budget = new Budget();
    const error = thrown(() => notationDistribution(parseNotation('1000d2kh500'), budget));
    expect(error).toMatchObject({ status: 422, code: 'too_complex', extra: { budget: { name: 'dice.distributionWork', limit: WORK_BUDGET, operations: WORK_BUDGET } } });
    // what was charged: the faces and the binomial table (refused before the table and the passes run)
    expect(budget.spent).toBe(weighted(2) + weighted(binomialTableSize(1000), 1000));
    expect(budget.spent).toBeLessThan(WORK_BUDGET);
    expect(error.extra.budget.needed).toBeGreaterThanOrEqual(Math.floor(budget.spent + weighted(keepOrderFloor(1000, 2), 4 * 1000)));
  });

  it('keep/drop within the budget is unchanged: 4d6kh3, 20d6kh3, 50d6kh25', () => {
    expect(notationDistribution(parseNotation('4d6kh3')).max).toBe(18);
    expect(notationDistribution(parseNotation('20d6kh3')).min).toBe(3);
    expect(notationDistribution(parseNotation('50d6kh25')).max).toBe(150);
  });

  it('a million-face die is charged for its table; products check their range before the work (no stack overflow)', () => {
    const budget = new Budget();
    notationDistribution(parseNotation('d1000000>=500000'), budget);
    expect(budget.spent).toBeGreaterThanOrEqual(1_000_000);
    const range = new Budget();
    expect(thrown(() => notationDistribution(parseNotation('d1000*d1000'), range))).toMatchObject({ code: 'too_complex', extra: { budget: { name: 'dice.distributionRange' } } });
    expect(range.spent).toBeLessThan(10_000);
    expect(notationDistribution(parseNotation('d1000*d100')).max).toBe(100_000);
  });

  it('values beyond ±(2^53 − 1) are 422 out_of_range, as when rolling; 3 × 10^9 is answered', () => {
    expect(thrown(() => notationDistribution(parseNotation('1000000000*1000000000')))).toMatchObject({ status: 422, code: 'out_of_range' });
    expect(notationDistribution(parseNotation('1000000000+1000000000+1000000000'))).toMatchObject({ min: 3_000_000_000, max: 3_000_000_000 });
  });

  it('distributionCost: the charges made on shapes, within a factor of two of the real ones', () => {
    const notations = ['4d6kh3+2', '2d20kh1', '10d10!', '4dF', '6d6>=5', '(2d6+3)*2', '100d6', '300d6', '100d20', '50d6kh25', '5d100kh2', '4d6r<2', '10d6!r<3'];
    notations.push('10d6!>=5', '5d20!>=15', '4d10!>=8kh2', '8d10!>=9kh3', '20d6r<3kh10', '30d6>=4kh20', '3d6/d4', '100d6-50d8', 'd6*d6*d6*d6', 'd100*d100', '-d6*d100');
    for (const text of notations) {
      const budget = new Budget();
      notationDistribution(parseNotation(text), budget);
      const ratio = distributionCost(parseNotation(text)) / budget.spent;
      expect({ text, ratio }).toEqual({ text, ratio: expect.toSatisfy((r: number) => r >= 0.5 && r <= 2) });
    }
  });

  it('distributionCost stops where the computation stops: at the budget, the range, a divisor that can be 0', () => {
    for (const text of ['1000d6', '1000d2kh500', '3d%!>=3', '60d10!']) {
      const budget = new Budget();
      expect(() => notationDistribution(parseNotation(text), budget)).toThrow();
      const estimate = distributionCost(parseNotation(text));
      expect({ text, over: estimate > WORK_BUDGET || estimate === budget.spent }).toEqual({ text, over: true });
    }
    expect(distributionCost(parseNotation('d1000*d1000'))).toBeLessThan(10_000);
    expect(distributionCost(parseNotation('d6/(d2-1)'))).toBeLessThan(100);
  });
});
