import { describe, expect, it } from 'vitest';
import { FixedDice } from '../../../src/kernel/dice/index.js';
import { InvalidInput, RuleViolation } from '../../../src/kernel/errors.js';
import { fightCreature, fightGroup } from '../../../src/games/anima/rules/index.js';

const g = (...combat: number[]) => ({ characters: combat.map((c, i) => ({ name: `c${i}`, combat: c, speed: 1 })) });

describe('Ánima combat vs Creature', () => {
  it('ANIMA-EX-6: Juan 6 + 3 = 9 beats Guerrero Errante 2 + 4 = 6 by 3, nobody dies', () => {
    const dice = new FixedDice([3, 4]);
    const r = fightCreature(g(4, 2), { name: 'Guerrero Errante', combat: 2 }, dice);
    expect(r.group).toEqual({ combat: 6, roll: 3, total: 9 });
    expect(r.creature).toEqual({ combat: 2, roll: 4, total: 6 });
    expect(r.margin).toBe(3);
    expect(r.winner).toBe('group');
    expect(r.characterDies).toBe(false);
    expect(dice.transcript().rolls.map((x) => x.purpose)).toEqual(['group combat vs Guerrero Errante', 'creature combat (Guerrero Errante)']);
  });

  it('ANIMA-COMBAT-3: a tie against a Creature (7 vs 7) goes to the Group', () => {
    const r = fightCreature(g(4), { name: 'X', combat: 5 }, new FixedDice([3, 2]));
    expect(r.margin).toBe(0);
    expect(r.winner).toBe('group');
  });

  it('ANIMA-COMBAT-2: the higher total wins — the Creature by 1', () => {
    const r = fightCreature(g(4), { name: 'X', combat: 5 }, new FixedDice([3, 3]));
    expect(r.winner).toBe('creature');
    expect(r.characterDies).toBe(false);
  });

  it('ANIMA-COMBAT-4: losing by exactly 5 kills a Character', () => {
    const r = fightCreature(g(2), { name: 'Tiamat', combat: 6 }, new FixedDice([1, 2]));
    expect(r.margin).toBe(-5);
    expect(r.characterDies).toBe(true);
  });

  it('ANIMA-COMBAT-4: losing by 4 kills nobody', () => {
    const r = fightCreature(g(2), { name: 'Tiamat', combat: 5 }, new FixedDice([1, 2]));
    expect(r.margin).toBe(-4);
    expect(r.characterDies).toBe(false);
  });

  it('ANIMA-COMBAT-4: a Group winning by 5 or more kills nothing (a Creature has no Characters)', () => {
    const r = fightCreature(g(9), { name: 'X', combat: 0 }, new FixedDice([10, 1]));
    expect(r.winner).toBe('group');
    expect(r.characterDies).toBe(false);
  });

  it('ANIMA-MOVE-12: the Rest bonus adds +2 to the Group total', () => {
    const r = fightCreature({ ...g(3), rested: true }, { name: 'X', combat: 5 }, new FixedDice([1, 2]));
    expect(r.group.total).toBe(6);
  });

  it('ANIMA-DICE-1: running out of fixed dice is dice_exhausted; 11 is not a d10 face', () => {
    expect(() => fightCreature(g(3), { name: 'X', combat: 5 }, new FixedDice([4]))).toThrowError(RuleViolation);
    expect(() => fightCreature(g(3), { name: 'X', combat: 5 }, new FixedDice([11, 1]))).toThrowError(InvalidInput);
  });
});

describe('Ánima combat Group vs Group', () => {
  it('ANIMA-COMBAT-3: totals 10 vs 10 are a draw, nobody dies', () => {
    const r = fightGroup(g(5), g(6), new FixedDice([5, 4]));
    expect(r.winner).toBe('draw');
    expect(r.characterDies).toBeNull();
  });

  it('ANIMA-COMBAT-4: 6 vs 11 — the 6-side loses by 5 and loses a Character', () => {
    const r = fightGroup(g(3), g(6), new FixedDice([3, 5]));
    expect([r.group.total, r.opponent.total]).toEqual([6, 11]);
    expect(r.winner).toBe('opponent');
    expect(r.characterDies).toBe('group');
  });

  it('ANIMA-COMBAT-4: the opponent losing by 5+ loses the Character', () => {
    const r = fightGroup(g(8), g(2), new FixedDice([6, 1]));
    expect(r.winner).toBe('group');
    expect(r.characterDies).toBe('opponent');
  });

  it('ANIMA-COMBAT-2: winning by 4 kills nobody', () => {
    const r = fightGroup(g(6), g(2), new FixedDice([1, 1]));
    expect(r.margin).toBe(4);
    expect(r.characterDies).toBeNull();
  });

  it('ANIMA-COMBAT-6: incapacitated Characters add nothing to a Group combat', () => {
    const group = {
      characters: [
        { name: 'a', combat: 5, speed: 1, incapacitated: true },
        { name: 'b', combat: 1, speed: 1 },
      ],
    };
    const r = fightGroup(group, g(1), new FixedDice([1, 1]));
    expect(r.group.combat).toBe(1);
    expect(r.winner).toBe('draw');
  });
});
