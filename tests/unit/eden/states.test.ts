import { describe, expect, it } from 'vitest';
import { allowedUnderStates, applySlow, assertAllowed, burn, calmRage, douseFire, shakeFear, wearOffPoison } from '../../../src/games/eden/rules/states.js';
import { characteristic } from '../../../src/games/eden/rules/fighter.js';
import { RuleViolation } from '../../../src/kernel/errors.js';
import { dice, grunt, yuri } from '../../fixtures/eden-fighters.js';

describe('EDEN states (EDEN-STATE-*)', () => {
  describe('Fire (EDEN-STATE-FIRE-1/2, EDEN-UPKEEP-3)', () => {
    it('3 damage dice then 1 location die; dice strictly above VIG wound one limb, protection subtracted from the total', () => {
      const d = dice(5, 6, 4, 1);
      const r = burn(yuri({ markers: { fire: 2 } }), d);
      expect(r).toMatchObject({ damageDice: [5, 6, 4], vig: 4, hits: 2, face: 1, limb: 'head', protection: 1, marked: 1 });
      expect(r.fighter.wounds.head).toBe(1);
      expect(r.fighter.markers.fire).toBe(1);
      expect(d.transcript().rolls.map((x) => [x.purpose, x.values.length])).toEqual([
        ['yuri-1 fire damage', 3],
        ['yuri-1 fire location', 1],
      ]);
    });

    it('EDEN-ROLL-4: a die equal to VIG does not wound (strict >)', () => {
      expect(burn(grunt('g', { VIG: 4 }, { markers: { fire: 1 } }), dice(4, 4, 4, 2)).hits).toBe(0);
    });

    it('VIG ≥ 6 is immune to fire', () => {
      const r = burn(grunt('g', { VIG: 6 }, { markers: { fire: 1 } }), dice(6, 6, 6, 4));
      expect([r.hits, r.marked, r.fighter.markers.fire]).toEqual([0, 0, 0]);
    });

    it('VIG ≤ 0 (Poison on VIG 1) takes every die', () => {
      const r = burn(grunt('g', { VIG: 1 }, { markers: { fire: 1, poison: 1 } }), dice(1, 1, 1, 6));
      expect([r.vig, r.hits, r.limb, r.marked]).toEqual([0, 3, 'legs', 3]);
    });

    it('EDEN-STATE-RAGE-1: Rage lowers the VIG fire is compared with', () => {
      expect(burn(grunt('g', { VIG: 4 }, { markers: { fire: 1, rage: 2 } }), dice(3, 3, 2, 4)).hits).toBe(2);
    });

    it('the number of Fire markers changes duration, not damage', () => {
      const one = burn(grunt('g', {}, { markers: { fire: 1 } }), dice(5, 5, 1, 2));
      const three = burn(grunt('g', {}, { markers: { fire: 3 } }), dice(5, 5, 1, 2));
      expect([one.hits, three.hits, three.fighter.markers.fire]).toEqual([2, 2, 2]);
    });

    it('EDEN-STATE-FIRE-2 / EDEN-AMB-27: 1 AP removes 1 Fire marker, repeatable, allowed under Fear', () => {
      const f = douseFire(grunt('g', {}, { markers: { fire: 3, fear: 1 } }), 2);
      expect([f.ap, f.markers.fire]).toEqual([1, 1]);
      expect(() => douseFire(grunt('g', {}, { ap: 0, markers: { fire: 1 } }))).toThrow(/AP/);
      expect(() => douseFire(grunt('g'))).toThrow(RuleViolation);
    });
  });

  describe('Fear (EDEN-STATE-FEAR-1/2)', () => {
    it('EDEN-EX-1: PSI 4 vs 5 with 1, 4, 5, 6 → 2 successes remove 2 Fear markers', () => {
      const r = shakeFear(yuri({ markers: { fear: 3 } }), dice(1, 4, 5, 6));
      expect([r.roll.successes, r.removed, r.fighter.markers.fear]).toEqual([2, 2, 1]);
    });

    it('successes beyond the markers carried remove nothing more', () => {
      const r = shakeFear(yuri({ markers: { fear: 1 } }), dice(6, 6, 6, 6));
      expect([r.removed, r.fighter.markers.fear]).toEqual([1, 0]);
    });

    it('EDEN-STATE-FEAR-1 / EDEN-AMB-38: only Move, Passive and Dodge under Fear', () => {
      const feared = grunt('g', {}, { markers: { fear: 1 } });
      expect(allowedUnderStates(feared)).toEqual({ actions: ['move'], reactions: ['passive', 'dodge'] });
      expect(() => assertAllowed(feared, 'response')).toThrow(/Fear/);
      expect(() => assertAllowed(feared, 'attack')).toThrow(RuleViolation);
      expect(() => assertAllowed(feared, 'dodge')).not.toThrow();
      expect(() => assertAllowed(grunt('g'), 'response')).not.toThrow();
    });
  });

  describe('Rage, Poison, Slow', () => {
    it('EDEN-STATE-RAGE-1: N markers give +N CBT/RAP and −N VIG/PSI', () => {
      const f = grunt('g', { PSI: 3, CBT: 4, VIG: 4, RAP: 4 }, { markers: { rage: 2 } });
      expect(['PSI', 'CBT', 'VIG', 'RAP'].map((c) => characteristic(f, c as 'PSI'))).toEqual([1, 6, 2, 6]);
    });

    it('EDEN-STATE-RAGE-2: removal takes one marker; none to take → unchanged', () => {
      expect(calmRage(grunt('g', {}, { markers: { rage: 2 } })).markers.rage).toBe(1);
      const calm = grunt('g');
      expect(calmRage(calm)).toBe(calm);
    });

    it('EDEN-STATE-POISON-1: a flat −1 however many markers; one marker wears off per upkeep', () => {
      const f = grunt('g', { CBT: 4 }, { markers: { poison: 3 } });
      expect(characteristic(f, 'CBT')).toBe(3);
      expect(wearOffPoison(f).markers.poison).toBe(2);
    });

    it('EDEN-STATE-SLOW-1: lose 1 AP however many markers, and one marker', () => {
      const f = applySlow(grunt('g', {}, { ap: 3, markers: { slow: 3 } }));
      expect([f.ap, f.markers.slow]).toEqual([2, 2]);
    });

    it('EDEN-STATE-SLOW-1 (DE explicit): the AP goes even with the last marker; never below 0 AP', () => {
      expect(applySlow(grunt('g', {}, { ap: 3, markers: { slow: 1 } }))).toMatchObject({ ap: 2, markers: { slow: 0 } });
      expect(applySlow(grunt('g', {}, { ap: 0, markers: { slow: 1 } })).ap).toBe(0);
      const none = grunt('g');
      expect(applySlow(none)).toBe(none);
    });
  });
});
