import { describe, expect, it } from 'vitest';
import { climb, hostilePresence, jump, obstruction, swim, swimPenalty } from '../../../src/games/eden/rules/terrain.js';
import { RuleViolation } from '../../../src/kernel/errors.js';
import { dice, grunt, item, yuri } from '../../fixtures/eden-fighters.js';

const code = (fn: () => unknown) => {
  try {
    fn();
  } catch (e) {
    return (e as RuleViolation).code;
  }
  return 'no error';
};

describe('EDEN Territory tests (§16)', () => {
  describe('EDEN-TERRAIN-R-CLIMB', () => {
    it('EDEN-TERRAIN-R-CLIMB: a Move costing 2 AP; one RAP success vs X places the fighter up', () => {
      const d = dice(4, 1, 1, 1);
      const r = climb(grunt('g', { RAP: 4 }), 4, d);
      expect(r).toMatchObject({ climbed: true, apSpent: 2, wounds: [], outOfAction: false });
      expect(r.fighter.ap).toBe(1);
      expect(d.transcript().rolls.map((x) => x.purpose)).toEqual(['g climb RAP']);
    });

    it('EDEN-TERRAIN-R-CLIMB: 0 RAP successes: stays put, then a VIG roll vs X; a VIG success means no wounds', () => {
      const d = dice(1, 2, 3, 4, 5, 1, 1, 1);
      const r = climb(grunt('g', { RAP: 4, VIG: 4 }), 5, d);
      expect(r).toMatchObject({ climbed: false, wounds: [] });
      expect(r.rolls.map((x) => x.roll.successes)).toEqual([0, 1]);
    });

    it('EDEN-TERRAIN-R-CLIMB: 0 RAP and 0 VIG successes: one wound on each limb, protection ignored (Helmet does not help)', () => {
      const r = climb(yuri(), 6, dice(1, 1, 1, 1, 1, 2, 2, 2, 2));
      expect(r.fighter.wounds).toEqual({ head: 1, arms: 1, torso: 1, legs: 1 });
      expect(r.wounds.map((w) => w.marked)).toEqual([1, 1, 1, 1]);
    });

    it('EDEN-AMB-13: the four wounds are all marked before the out-of-action check', () => {
      const g = grunt('g', { RAP: 4, VIG: 4 }, { wounds: { head: 2 } });
      const r = climb(g, 6, dice(1, 1, 1, 1, 1, 1, 1, 1));
      expect(r.fighter.wounds).toEqual({ head: 3, arms: 1, torso: 1, legs: 1 });
      expect(r.outOfAction).toBe(true);
    });

    it('EDEN-ROLL-2: Climb (7) rolls RAP − 1 dice at difficulty 6', () => {
      const d = dice(6, 1, 1, 1);
      const r = climb(yuri(), 7, d);
      expect(r.rolls[0]!.roll).toMatchObject({ pool: 4, threshold: 6, successes: 1 });
    });

    it('EDEN-TERRAIN-R-CLIMB / EDEN-WOUND-4: needs 2 AP (422 no_ap) and a fighter on the table (422 out_of_action)', () => {
      expect(code(() => climb(grunt('g', {}, { ap: 1 }), 3, dice()))).toBe('no_ap');
      expect(code(() => climb(grunt('g', {}, { wounds: { arms: 3 } }), 3, dice()))).toBe('out_of_action');
    });
  });

  describe('EDEN-TERRAIN-R-SWIM', () => {
    it('EDEN-TERRAIN-R-SWIM: VIG penalty = items carried, a Complete protection counting 2', () => {
      expect(swimPenalty(yuri())).toBe(3);
      expect(swimPenalty(grunt('g', {}, { equipment: [item({ name: 'Armour', protection: { limbs: 'all', value: 1 } }), item({ name: 'Knife' })] }))).toBe(3);
      expect(swimPenalty(grunt('g'))).toBe(0);
    });

    it('EDEN-TERRAIN-R-SWIM: one success with the penalised VIG crosses; 2 AP spent', () => {
      const d = dice(4, 1);
      const r = swim(grunt('g', { VIG: 4 }, { equipment: [item({ name: 'A' }), item({ name: 'B' })] }), 4, d);
      expect(r).toMatchObject({ crossed: true, penalty: 2, apSpent: 2, wounds: [] });
      expect(r.rolls[0]!.roll.pool).toBe(2);
      expect(r.fighter.ap).toBe(1);
    });

    it('EDEN-TERRAIN-R-SWIM: each failure is a Head wound ignoring protection, then the roll repeats until a success', () => {
      // Yuri: VIG 4 − 3 items = 1 die vs Lake (4)
      const r = swim(yuri(), 4, dice(3, 2, 5));
      expect(r.crossed).toBe(true);
      expect(r.fighter.wounds.head).toBe(2);
      expect(r.rolls.map((x) => x.roll.values)).toEqual([[3], [2], [5]]);
    });

    it('EDEN-TERRAIN-R-SWIM: repeats until out of action when every roll fails', () => {
      const d = dice(...Array(12).fill(1));
      const r = swim(grunt('g', { VIG: 4 }), 5, d);
      expect(r).toMatchObject({ crossed: false, outOfAction: true });
      expect(r.fighter.wounds.head).toBe(3);
      expect(r.rolls).toHaveLength(3);
    });

    it('EDEN-ROLL-3: a penalised VIG ≤ 0 fails every time without dice until out of action', () => {
      const d = dice();
      const r = swim(grunt('g', { VIG: 2 }, { equipment: [item({ name: 'Armour', protection: { limbs: 'all', value: 1 } })] }), 4, d);
      expect(r).toMatchObject({ crossed: false, outOfAction: true });
      expect(r.fighter.wounds.head).toBe(3);
      expect(d.transcript().rolls).toEqual([]);
    });
  });

  describe('EDEN-TERRAIN-R-JUMP', () => {
    it('EDEN-TERRAIN-R-JUMP: a Move action (1 AP); a RAP success clears the element', () => {
      const r = jump(grunt('g', { RAP: 2 }), 3, dice(3, 1));
      expect(r).toMatchObject({ jumped: true, apSpent: 1, outOfAction: false });
      expect(r.fighter.ap).toBe(2);
    });

    it('EDEN-TERRAIN-R-JUMP: 0 successes → automatically out of action', () => {
      const r = jump(grunt('g', { RAP: 2 }), 3, dice(2, 1));
      expect(r).toMatchObject({ jumped: false, outOfAction: true });
      expect(r.fighter.outOfAction).toBe(true);
    });

    it('EDEN-ROLL-3: RAP ≤ 0 (after Poison) cannot succeed — out of action without dice', () => {
      const d = dice();
      const r = jump(grunt('g', { RAP: 1 }, { markers: { poison: 2 } }), 2, d);
      expect(r.outOfAction).toBe(true);
      expect(d.transcript().rolls).toEqual([]);
    });

    it('EDEN-TERRAIN-R-JUMP: needs 1 AP', () => {
      expect(code(() => jump(grunt('g', {}, { ap: 0 }), 2, dice()))).toBe('no_ap');
    });
  });

  describe('EDEN-TERRAIN-R-HOSTILE', () => {
    it('EDEN-TERRAIN-R-HOSTILE: X wounds, a separate location roll each, protection ignored', () => {
      const d = dice(1, 6);
      const r = hostilePresence(yuri(), 2, d);
      expect(r.wounds).toEqual([
        { limb: 'head', face: 1, marked: 1 },
        { limb: 'legs', face: 6, marked: 1 },
      ]);
      expect(r.fighter.wounds).toMatchObject({ head: 1, legs: 1 });
      expect(r.apSpent).toBe(0);
      expect(d.transcript().rolls.map((x) => x.purpose)).toEqual(['yuri-1 hostile presence location 1', 'yuri-1 hostile presence location 2']);
    });

    it('EDEN-TERRAIN-R-HOSTILE: stops rolling once the fighter is out of action (EDEN-WOUND-4: extra wounds discarded)', () => {
      const d = dice(1);
      const r = hostilePresence(grunt('g', {}, { wounds: { head: 2 } }), 3, d);
      expect(r.outOfAction).toBe(true);
      expect(r.wounds).toHaveLength(1);
    });

    it('EDEN-TERRAIN-R-HOSTILE: Hostile Presence (0) does nothing', () => {
      expect(hostilePresence(grunt('g'), 0, dice()).wounds).toEqual([]);
    });
  });

  describe('EDEN-TERRAIN-R-OBSTRUCTION', () => {
    it('EDEN-EX-6: a 10 cm Move wholly inside Obstruction (2) covers at most 5 cm', () => {
      expect(obstruction(2, 5, 0, 10)).toEqual({ cost: 10, allowance: 10, allowed: true, maxInside: 5 });
      expect(obstruction(2, 5.5, 0, 10)).toMatchObject({ cost: 11, allowed: false });
    });

    it('EDEN-TERRAIN-R-OBSTRUCTION: cm outside cost 1 each: 4 cm outside + 3 cm in Obstruction (2) = 10', () => {
      expect(obstruction(2, 3, 4, 10)).toMatchObject({ cost: 10, allowed: true, maxInside: 3 });
    });

    it('EDEN-WEATHER-3: under Headwind the 8 cm Move fits 4 cm of Obstruction (2)', () => {
      expect(obstruction(2, 4, 0, 8)).toMatchObject({ allowed: true, maxInside: 4 });
    });
  });
});
