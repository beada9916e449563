import { describe, expect, it } from 'vitest';
import { FixedDice, SeededDice, SeededRandom, diceFor } from '../../../src/kernel/dice/index.js';
import { InvalidInput, RuleViolation } from '../../../src/kernel/errors.js';

describe('dice engine (CONTRACT §1)', () => {
  describe('fixed values', () => {
    it('are consumed left to right and recorded with their purpose', () => {
      const dice = new FixedDice([4, 1, 6, 2]);
      expect(dice.roll('attacker CBT', 3)).toEqual([4, 1, 6]);
      expect(dice.roll('location', 1)).toEqual([2]);
      expect(dice.transcript()).toEqual({
        seed: null,
        rolls: [
          { purpose: 'attacker CBT', sides: 6, values: [4, 1, 6] },
          { purpose: 'location', sides: 6, values: [2] },
        ],
      });
    });

    it('a pool of zero consumes nothing and records nothing', () => {
      const dice = new FixedDice([5]);
      expect(dice.roll('empty pool', 0)).toEqual([]);
      expect(dice.roll('negative pool', -2)).toEqual([]);
      expect(dice.transcript().rolls).toEqual([]);
      expect(dice.consumed).toBe(0);
    });

    it('running out is a 422 dice_exhausted rule violation', () => {
      const dice = new FixedDice([3]);
      expect(() => dice.roll('two dice', 2)).toThrowError(RuleViolation);
      try {
        new FixedDice([]).roll('one', 1);
      } catch (error) {
        expect(error).toBeInstanceOf(RuleViolation);
        expect((error as RuleViolation).code).toBe('dice_exhausted');
        expect((error as RuleViolation).status).toBe(422);
      }
    });

    it('a value that is not a face of the die is a 400 with the pointer of that value', () => {
      const dice = new FixedDice([6, 7]);
      dice.roll('first', 1);
      let caught: unknown;
      try {
        dice.roll('second', 1);
      } catch (error) {
        caught = error;
      }
      expect(caught).toBeInstanceOf(InvalidInput);
      expect((caught as InvalidInput).errors).toEqual([{ path: '/dice/values/1', code: 'not_a_face', message: expect.stringContaining('d6') }]);
    });

    it('a d10 accepts 10 but not 11', () => {
      expect(new FixedDice([10]).roll('d10', 1, 10)).toEqual([10]);
      expect(() => new FixedDice([11]).roll('d10', 1, 10)).toThrowError(InvalidInput);
      expect(() => new FixedDice([10]).roll('d6', 1, 6)).toThrowError(InvalidInput);
    });
  });

  describe('seeded generator (cyrb128 → sfc32, rejection sampling)', () => {
    it('golden values: the raw words of seed "arbiter" never change', () => {
      const random = new SeededRandom('arbiter');
      expect([random.nextUint32(), random.nextUint32(), random.nextUint32()]).toEqual([3188326765, 2614291842, 3722804119]);
    });

    it('golden values: d6 rolls of seed "arbiter"', () => {
      expect(new SeededDice('arbiter').roll('x', 12)).toEqual([2, 1, 2, 5, 4, 4, 5, 2, 1, 2, 4, 6]);
    });

    it('golden values: d10 rolls of a non-ASCII seed (UTF-8 encoded)', () => {
      expect(new SeededDice('Yûri ⚔').roll('x', 10, 10)).toEqual([9, 9, 7, 7, 6, 4, 6, 10, 1, 4]);
    });

    it('golden values: Fisher–Yates shuffle of seed "deck"', () => {
      expect(new SeededRandom('deck').shuffle([1, 2, 3, 4, 5, 6, 7, 8, 9, 10])).toEqual([3, 6, 5, 9, 10, 4, 1, 8, 7, 2]);
    });

    it('the transcript reports the seed', () => {
      const dice = new SeededDice('s');
      dice.roll('p', 2);
      expect(dice.transcript().seed).toBe('s');
    });

    it('faces are uniform: chi-square of 60,000 d6 rolls below the 0.1% critical value', () => {
      const counts = new Array(6).fill(0);
      const random = new SeededRandom('uniformity');
      for (let i = 0; i < 60_000; i++) counts[random.die(6) - 1]++;
      const chi = counts.reduce((sum, c) => sum + (c - 10_000) ** 2 / 10_000, 0);
      expect(chi).toBeLessThan(20.52);
      expect(counts.every((c) => c > 0)).toBe(true);
    });

    it('different seeds give different streams', () => {
      expect(new SeededDice('a').roll('x', 20)).not.toEqual(new SeededDice('b').roll('x', 20));
    });
  });

  describe('diceFor', () => {
    it('uses values, then seed, then a fresh random seed', () => {
      expect(diceFor({ values: [2] }, () => 'unused').roll('x', 1)).toEqual([2]);
      expect(diceFor({ seed: 'arbiter' }, () => 'unused').roll('x', 2)).toEqual([2, 1]);
      const random = diceFor(undefined, () => 'fresh');
      random.roll('x', 1);
      expect(random.transcript().seed).toBe('fresh');
    });
  });
});
