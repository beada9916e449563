import { describe, expect, it } from 'vitest';
import { giftDraw, groupCombat, groupSize, groupSpeed } from '../../../src/games/anima/rules/index.js';

const acrobat = { name: 'Guerrera Acróbata', combat: 4, speed: 4 };
const warlock = { name: 'Warlock', combat: 3, speed: 4 };

describe('Ánima group sums', () => {
  it('ANIMA-GROUP-2 / ANIMA-EX-1: Acrobat Warrior (C4 S4) + Warlock (C3 S4) → Combat 7, Speed 8', () => {
    const group = { characters: [acrobat, warlock] };
    expect(groupCombat(group)).toBe(7);
    expect(groupSpeed(group)).toBe(8);
  });

  it('ANIMA-INCAP-2 / ANIMA-AMB-11: an incapacitated Character adds no Combat but still adds Speed and size', () => {
    const group = { characters: [acrobat, { ...warlock, incapacitated: true }] };
    expect(groupCombat(group)).toBe(4);
    expect(groupSpeed(group)).toBe(8);
    expect(groupSize(group)).toBe(2);
  });

  it('ANIMA-MOVE-12: a rested Group has +2 Combat and +2 Speed', () => {
    const group = { characters: [acrobat], rested: true };
    expect(groupCombat(group)).toBe(6);
    expect(groupSpeed(group)).toBe(6);
  });

  it('ANIMA-COMBAT-1: card modifiers add to Combat and Speed', () => {
    const group = { characters: [acrobat], modifiers: { combat: 3, speed: -1 } };
    expect(groupCombat(group)).toBe(7);
    expect(groupSpeed(group)).toBe(3);
  });
});

describe('ANIMA-HAND-1 gift cap', () => {
  it('ANIMA-EX-11: 4 in hand, draw 3 → 1', () => expect(giftDraw(3, 4)).toBe(1));
  it('ANIMA-HAND-1: a full hand of 5 draws nothing', () => expect(giftDraw(2, 5)).toBe(0));
  it('ANIMA-HAND-1: an empty hand draws all k', () => expect(giftDraw(2, 0)).toBe(2));
});
