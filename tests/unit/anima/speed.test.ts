import { describe, expect, it } from 'vitest';
import { FixedDice } from '../../../src/kernel/dice/index.js';
import { speedTest } from '../../../src/games/anima/rules/index.js';

const group = (speed: number, extra = {}) => ({ characters: [{ name: 'a', combat: 1, speed }], ...extra });

describe('ANIMA-SPEED-1 speed test', () => {
  it('ANIMA-SPEED-1: Speed 5, roll 4, difficulty 9 → success (equal succeeds)', () => {
    const r = speedTest(group(5), 9, new FixedDice([4]));
    expect(r).toEqual({ speed: 5, roll: 4, total: 9, difficulty: 9, success: true });
  });

  it('ANIMA-SPEED-1: Speed 5, roll 3, difficulty 9 → failure', () => {
    expect(speedTest(group(5), 9, new FixedDice([3])).success).toBe(false);
  });

  it('ANIMA-MOVE-12: the Rest bonus turns that failure into a success', () => {
    expect(speedTest(group(5, { rested: true }), 9, new FixedDice([3])).success).toBe(true);
  });

  it('ANIMA-AMB-11: an incapacitated Character still adds Speed', () => {
    const g = { characters: [{ name: 'a', combat: 1, speed: 5, incapacitated: true }] };
    expect(speedTest(g, 6, new FixedDice([1])).success).toBe(true);
  });
});
