import { describe, expect, it } from 'vitest';
import {
  characteristic,
  isOutOfAction,
  isWounded,
  limbForFace,
  markWounds,
  normalizeFighter,
  protectionFor,
  withOutOfAction,
  LIMB_CHARACTERISTIC,
} from '../../../src/games/eden/rules/fighter.js';
import { grunt, yuri, item } from '../../fixtures/eden-fighters.js';

describe('EDEN fighter model', () => {
  it('CONTRACT §2: wounds and markers default to zero, ap to 3', () => {
    const f = normalizeFighter({ id: 'x', name: 'X', limbs: yuri().limbs });
    expect(f.wounds).toEqual({ head: 0, arms: 0, torso: 0, legs: 0 });
    expect(f.markers).toEqual({ fire: 0, fear: 0, rage: 0, slow: 0, poison: 0 });
    expect(f.ap).toBe(3);
    expect(f.equipment).toEqual([]);
  });

  it('CONTRACT §2: limb → characteristic is head PSI, arms CBT, torso VIG, legs RAP', () => {
    expect(LIMB_CHARACTERISTIC).toEqual({ head: 'PSI', arms: 'CBT', torso: 'VIG', legs: 'RAP' });
  });

  it('EDEN-EX-7: one wound on the head leaves it Normal, a second makes it Wounded and PSI drops 4 → 3', () => {
    const one = markWounds(yuri(), 'head', 1, { ignoreProtection: true }).fighter;
    expect(isWounded(one, 'head')).toBe(false);
    expect(characteristic(one, 'PSI')).toBe(4);
    const two = markWounds(one, 'head', 1, { ignoreProtection: true }).fighter;
    expect(isWounded(two, 'head')).toBe(true);
    expect(characteristic(two, 'PSI')).toBe(3);
  });

  it('EDEN-WOUND-3: a limb without red boxes is never Wounded; its last white box puts the fighter out of action', () => {
    const f = grunt('g');
    const noRed = { ...f, limbs: { ...f.limbs, legs: { ...f.limbs.legs, red: 0 } } };
    const hit = markWounds(noRed, 'legs', 2).fighter;
    expect(isWounded(hit, 'legs')).toBe(false);
    expect(isOutOfAction(hit)).toBe(true);
  });

  it('EDEN-WOUND-4: out of action as soon as any one limb is full, whatever the others', () => {
    const f = grunt('g', {}, { wounds: { arms: 3 } });
    expect(isOutOfAction(f)).toBe(true);
    expect(isOutOfAction(grunt('g', {}, { wounds: { head: 2, arms: 2, torso: 2, legs: 2 } }))).toBe(false);
    expect(withOutOfAction(f).outOfAction).toBe(true);
  });

  it('EDEN-WOUND-4: wounds beyond the last box are discarded (marked never exceeds the boxes)', () => {
    const r = markWounds(grunt('g', {}, { wounds: { torso: 2 } }), 'torso', 5);
    expect(r).toMatchObject({ inflicted: 5, protection: 0, marked: 1 });
    expect(r.fighter.wounds.torso).toBe(3);
  });

  it('EDEN-EX-8: Helmet Head +1 — 3 wounds mark 2, 1 wound marks 0, ignored protection marks 1', () => {
    const f = yuri();
    expect(markWounds(f, 'head', 3)).toMatchObject({ protection: 1, marked: 2 });
    expect(markWounds(f, 'head', 1)).toMatchObject({ protection: 1, marked: 0 });
    expect(markWounds(f, 'head', 1, { ignoreProtection: true })).toMatchObject({ protection: 0, marked: 1 });
    expect(markWounds(f, 'arms', 1)).toMatchObject({ protection: 0, marked: 1 });
  });

  it('EDEN-EQUIP-3: protections covering the same limb add up; "all" covers every limb', () => {
    const f = yuri({ equipment: [...yuri().equipment, item({ name: 'Field', categories: ['protection'], protection: { limbs: 'all', value: 2 } })] });
    expect(protectionFor(f, 'head')).toBe(3);
    expect(protectionFor(f, 'legs')).toBe(2);
  });

  it('EDEN-STATE-POISON-1: any number of Poison markers is a flat −1 on all four', () => {
    const f = grunt('g', { PSI: 3, CBT: 4, VIG: 4, RAP: 4 }, { markers: { poison: 3 } });
    expect([characteristic(f, 'PSI'), characteristic(f, 'CBT'), characteristic(f, 'VIG'), characteristic(f, 'RAP')]).toEqual([2, 3, 3, 3]);
  });

  it('EDEN-STATE-RAGE-1: N Rage markers give +N CBT and RAP, −N VIG and PSI', () => {
    const f = grunt('g', { PSI: 3, CBT: 4, VIG: 4, RAP: 4 }, { markers: { rage: 2 } });
    expect([characteristic(f, 'PSI'), characteristic(f, 'CBT'), characteristic(f, 'VIG'), characteristic(f, 'RAP')]).toEqual([1, 6, 2, 6]);
  });

  it('EDEN-CHAR-1 / EDEN-ROUND-1 (EDEN-EX-5): modifiers add up and a fraction rounds up', () => {
    const f = grunt('g', { PSI: 3 });
    expect(characteristic(f, 'PSI', { PSI: -1.5 })).toBe(2);
    expect(characteristic(f, 'CBT', { CBT: 2 }, { CBT: -1 })).toBe(5);
  });

  it('EDEN-WOUND-2: the red value applies once every white box is marked', () => {
    const f = grunt('g', { CBT: 4 }, { wounds: { arms: 2 } });
    expect(characteristic(f, 'CBT')).toBe(3);
  });

  it('EDEN-ROLL-6: limbForFace reads the location index', () => {
    const f = yuri();
    expect([1, 2, 3, 4, 5, 6].map((n) => limbForFace(f, n))).toEqual(['head', 'arms', 'arms', 'torso', 'torso', 'legs']);
  });

  it('markWounds is immutable', () => {
    const f = yuri();
    const r = markWounds(f, 'arms', 1);
    expect(f.wounds.arms).toBe(0);
    expect(r.fighter).not.toBe(f);
    expect(r.fighter.wounds.arms).toBe(1);
  });
});
