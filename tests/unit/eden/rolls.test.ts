import { describe, expect, it } from 'vitest';
import { characteristicRoll, opposedRoll } from '../../../src/games/eden/rules/rolls.js';
import { aimLocation } from '../../../src/games/eden/rules/location.js';
import { RuleViolation } from '../../../src/kernel/errors.js';
import { dice, grunt, yuri } from '../../fixtures/eden-fighters.js';

describe('EDEN-ROLL-1..4 characteristic roll', () => {
  it('EDEN-EX-1: Yûri PSI 4, difficulty 5, dice 1, 4, 5, 6 → 2 successes', () => {
    const d = dice(1, 4, 5, 6);
    const r = characteristicRoll(d, 'PSI', 4, 5);
    expect(r).toMatchObject({ pool: 4, threshold: 5, successes: 2, values: [1, 4, 5, 6] });
  });

  it('EDEN-EX-2 / EDEN-ROLL-2: Abama CBT 4 at difficulty 7 rolls 3 dice at 6: 6, 4, 3 → 1 success', () => {
    const d = dice(6, 4, 3, 6);
    const r = characteristicRoll(d, 'CBT', 4, 7);
    expect(r).toMatchObject({ pool: 3, threshold: 6, successes: 1 });
    expect(d.consumed).toBe(3);
  });

  it('EDEN-ROLL-3: a pool ≤ 0 after the cap fails without consuming a die', () => {
    const d = dice(6);
    expect(characteristicRoll(d, 'CBT', 3, 9)).toMatchObject({ pool: 0, successes: 0, values: [] });
    expect(characteristicRoll(d, 'CBT', 0, 4)).toMatchObject({ pool: 0, successes: 0 });
    expect(characteristicRoll(d, 'CBT', -2, 4)).toMatchObject({ pool: 0, successes: 0 });
    expect(d.consumed).toBe(0);
    expect(d.transcript().rolls).toEqual([]);
  });

  it('EDEN-ROLL-1: a die equal to the difficulty is a success', () => {
    expect(characteristicRoll(dice(3, 2), 'x', 2, 3).successes).toBe(1);
  });

  it('CONTRACT §1: running out of fixed dice is 422 dice_exhausted', () => {
    expect(() => characteristicRoll(dice(6, 6), 'x', 3, 4)).toThrow(expect.objectContaining({ code: 'dice_exhausted' }));
  });
});

describe('EDEN-ROLL-5 opposed roll', () => {
  it('EDEN-EX-3: Vladd CBT 6 rolls 1, Ngobo CBT 4 rolls 4 → 7 vs 8, Ngobo wins', () => {
    const r = opposedRoll(dice(1, 4), 'Vladd', 'Ngobo', 6, 4);
    expect(r).toMatchObject({ winner: 'b', by: 'total', a: { total: 7 }, b: { total: 8 } });
  });

  it('EDEN-ROLL-5 step 3: equal totals → the higher characteristic wins', () => {
    const r = opposedRoll(dice(3, 4), 'a', 'b', 5, 4);
    expect(r).toMatchObject({ winner: 'a', by: 'characteristic', rounds: [{ a: 3, b: 4 }] });
  });

  it('EDEN-ROLL-5 step 4: a full tie re-rolls another pair, first party first', () => {
    const d = dice(2, 2, 1, 5);
    const r = opposedRoll(d, 'a', 'b', 4, 4);
    expect(r.rounds).toEqual([
      { a: 2, b: 2 },
      { a: 1, b: 5 },
    ]);
    expect(r.winner).toBe('b');
    expect(d.transcript().rolls.map((x) => x.purpose)).toEqual(['a', 'b', 'a', 'b']);
  });

  it('EDEN-ROLL-5: endless full ties with fixed dice end in dice_exhausted', () => {
    expect(() => opposedRoll(dice(3, 3, 3, 3), 'a', 'b', 4, 4)).toThrow(expect.objectContaining({ code: 'dice_exhausted' }));
  });

  it('EDEN-AMB-4: an opposed roll still uses 1D6 + value when the value is ≤ 0', () => {
    expect(opposedRoll(dice(6, 1), 'a', 'b', -1, 2)).toMatchObject({ winner: 'a', a: { total: 5 }, b: { total: 3 } });
  });
});

describe('EDEN-ROLL-6/7 location and aim (CONTRACT §2)', () => {
  const elenia = grunt('elenia'); // torso 4–5, legs 6

  it("EDEN-EX-4: Elenia's 5 (torso) moved +1 gives 6, the legs; per DE, −1 to 4 is allowed too", () => {
    expect(aimLocation(elenia, 5, 2, { shift: 1 })).toEqual({ rolled: 5, shift: 1, face: 6, limb: 'legs' });
    expect(aimLocation(elenia, 5, 2, { shift: -1 })).toEqual({ rolled: 5, shift: -1, face: 4, limb: 'torso' });
  });

  it('EDEN-ROLL-7 (EDEN-EX-4): a 6 can never become 7 → illegal_shift', () => {
    expect(() => aimLocation(elenia, 6, 3, { shift: 1 })).toThrow(expect.objectContaining({ code: 'illegal_shift' }));
    expect(() => aimLocation(elenia, 1, 3, { shift: -1 })).toThrow(RuleViolation);
  });

  it('EDEN-MELEE-3 step 5 / EDEN-AMB-39: at least one success remains, so with 1 success no shift is allowed', () => {
    expect(() => aimLocation(elenia, 3, 1, { shift: 1 })).toThrow(expect.objectContaining({ code: 'illegal_shift' }));
    expect(() => aimLocation(elenia, 3, 3, { shift: 3 })).toThrow(expect.objectContaining({ code: 'illegal_shift' }));
    expect(aimLocation(elenia, 3, 3, { shift: 2 })).toMatchObject({ face: 5, limb: 'torso' });
    expect(aimLocation(elenia, 3, 1, { shift: 0 })).toMatchObject({ face: 3, shift: 0 });
  });

  it('CONTRACT §2 aim limb: the fewest successes onto the limb (5 → arms 3 costs 2)', () => {
    expect(aimLocation(yuri(), 5, 3, 'arms')).toEqual({ rolled: 5, shift: -2, face: 3, limb: 'arms' });
    expect(aimLocation(yuri(), 6, 6, 'head')).toEqual({ rolled: 6, shift: -5, face: 1, limb: 'head' });
  });

  it('CONTRACT §2 aim limb: impossible with the successes kept back → the die stays where it fell', () => {
    expect(aimLocation(yuri(), 6, 5, 'head')).toEqual({ rolled: 6, shift: 0, face: 6, limb: 'legs' });
    expect(aimLocation(yuri(), 3, 1, 'torso')).toEqual({ rolled: 3, shift: 0, face: 3, limb: 'arms' });
  });

  it('CONTRACT §2 aim limb: already on the limb → no success spent', () => {
    expect(aimLocation(yuri(), 4, 4, 'torso')).toMatchObject({ shift: 0, face: 4 });
  });
});
