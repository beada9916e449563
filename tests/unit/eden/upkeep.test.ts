import { describe, expect, it } from 'vitest';
import { upkeep } from '../../../src/games/eden/rules/upkeep.js';
import { InvalidInput } from '../../../src/kernel/errors.js';
import { SeededDice } from '../../../src/kernel/dice/index.js';
import { dice, grunt, yuri } from '../../fixtures/eden-fighters.js';

const purposes = (d: ReturnType<typeof dice>) => d.transcript().rolls.map((r) => r.purpose);

describe('EDEN upkeep steps 3–9 (EDEN-UPKEEP-3..9)', () => {
  it('EDEN-UPKEEP-3: fire alternates players from the First player, each band in listed order; a side out of picks is skipped', () => {
    const d = dice(...Array(16).fill(1));
    const A = [grunt('a1', {}, { markers: { fire: 1 } }), grunt('a2'), grunt('a3', {}, { markers: { fire: 2 } }), grunt('a4', {}, { markers: { fire: 1 } })];
    const B = [grunt('b1', {}, { markers: { fire: 1 } })];
    const r = upkeep({ firstPlayer: 'B', bands: { A, B } }, d);
    expect(r.log.filter((e) => e.step === 3).map((e) => e.fighterId)).toEqual(['b1', 'a1', 'a3', 'a4']);
    expect(purposes(d)).toEqual([
      'b1 fire damage',
      'b1 fire location',
      'a1 fire damage',
      'a1 fire location',
      'a3 fire damage',
      'a3 fire location',
      'a4 fire damage',
      'a4 fire location',
    ]);
    expect(r.bands.A.map((f) => f.markers.fire)).toEqual([0, 0, 1, 0]);
  });

  it('EDEN-UPKEEP-3: each burning fighter is picked once, whatever its Fire markers', () => {
    const d = dice(6, 6, 6, 4);
    const r = upkeep({ firstPlayer: 'A', bands: { A: [grunt('a', { VIG: 3 }, { markers: { fire: 3 } })], B: [] } }, d);
    expect(r.bands.A[0]).toMatchObject({ wounds: { torso: 3 }, markers: { fire: 2 }, outOfAction: true });
    expect(r.log[0]).toMatchObject({ step: 3, rule: 'EDEN-UPKEEP-3', side: 'A', hits: 3, limb: 'torso', marked: 3, outOfAction: true });
  });

  it('CONTRACT §1: all fire dice come before any fear roll; fear alternates from the First player (EDEN-UPKEEP-4)', () => {
    const d = dice(1, 1, 1, 2, /* fear x: PSI 3 */ 5, 1, 1, /* y */ 1, 1, 1, /* z */ 6, 6, 6);
    const A = [grunt('x', { PSI: 3 }, { markers: { fear: 2, fire: 1 } })];
    const B = [grunt('y', { PSI: 3 }, { markers: { fear: 1 } }), grunt('z', { PSI: 3 }, { markers: { fear: 1 } })];
    const r = upkeep({ firstPlayer: 'A', bands: { A, B } }, d);
    expect(purposes(d)).toEqual(['x fire damage', 'x fire location', 'x fear PSI', 'y fear PSI', 'z fear PSI']);
    expect(r.bands.A[0]!.markers.fear).toBe(1);
    expect(r.bands.B.map((f) => f.markers.fear)).toEqual([1, 0]);
    expect(r.log.filter((e) => e.step === 4).map((e) => [e.fighterId, e.successes, e.removed])).toEqual([
      ['x', 1, 1],
      ['y', 0, 0],
      ['z', 3, 1],
    ]);
  });

  it("EDEN-UPKEEP-4: the PSI roll uses the value after this upkeep's fire wounds (Yuri head Wounded → PSI 3)", () => {
    const d = dice(6, 6, 6, 1, /* PSI 3 dice */ 1, 1, 1);
    const y = yuri({ equipment: [], markers: { fire: 1, fear: 1 } });
    const r = upkeep({ firstPlayer: 'A', bands: { A: [y], B: [] } }, d);
    expect(r.log[1]).toMatchObject({ step: 4, psi: 3, roll: [1, 1, 1] });
  });

  it('EDEN-WOUND-4: a fighter put out of action by fire makes no fear roll and gets no AP', () => {
    const d = dice(6, 6, 6, 1);
    const g = grunt('g', { VIG: 2 }, { ap: 1, markers: { fire: 1, fear: 1 } });
    const r = upkeep({ firstPlayer: 'A', bands: { A: [g], B: [] } }, d);
    expect(purposes(d)).toEqual(['g fire damage', 'g fire location']);
    expect(r.bands.A[0]).toMatchObject({ outOfAction: true, ap: 1, markers: { fear: 1 } });
  });

  it('EDEN-UPKEEP-5..9: poison −1, chosen rage −1, AP reset then 3, Slow −1 AP and −1 marker', () => {
    const A = [grunt('p', {}, { ap: 2, markers: { poison: 2, rage: 2, slow: 2 } }), grunt('q', {}, { ap: 0, markers: { rage: 1 } })];
    const B = [grunt('s', {}, { ap: 1, markers: { slow: 1 } })];
    const d = dice();
    const r = upkeep({ firstPlayer: 'B', bands: { A, B }, removeRage: ['p'] }, d);
    expect(d.transcript().rolls).toEqual([]);
    expect(r.bands.A[0]).toMatchObject({ ap: 2, markers: { poison: 1, rage: 1, slow: 1 }, outOfAction: false });
    expect(r.bands.A[1]).toMatchObject({ ap: 3, markers: { rage: 1 } });
    expect(r.bands.B[0]).toMatchObject({ ap: 2, markers: { slow: 0 } });
    expect(r.log.map((e) => e.rule)).toEqual(['EDEN-UPKEEP-5', 'EDEN-UPKEEP-6', 'EDEN-UPKEEP-7', 'EDEN-UPKEEP-8', 'EDEN-UPKEEP-9', 'EDEN-UPKEEP-9']);
    expect(r.log.find((e) => e.step === 7)).toMatchObject({ apLost: 3 });
  });

  it('EDEN-UPKEEP-6: Rage removal is optional — fighters not listed keep every marker', () => {
    const r = upkeep({ firstPlayer: 'A', bands: { A: [grunt('a', {}, { markers: { rage: 3 } })], B: [] } }, dice());
    expect(r.bands.A[0]!.markers.rage).toBe(3);
  });

  it('EDEN-UPKEEP-6: removeRage naming no band fighter is a 400 with its path', () => {
    try {
      upkeep({ firstPlayer: 'A', bands: { A: [grunt('a')], B: [] }, removeRage: ['a', 'ghost'] }, dice());
      expect.unreachable();
    } catch (e) {
      expect(e).toBeInstanceOf(InvalidInput);
      expect((e as InvalidInput).errors).toEqual([expect.objectContaining({ path: '/removeRage/1', code: 'unknown_fighter' })]);
    }
  });

  it('EDEN-WOUND-4: fighters already out of action are off the table: untouched by every step', () => {
    const dead = grunt('d', {}, { ap: 2, wounds: { head: 3 }, markers: { fire: 1, fear: 1, poison: 1, slow: 1 } });
    const d = dice();
    const r = upkeep({ firstPlayer: 'A', bands: { A: [dead], B: [] } }, d);
    expect(r.bands.A[0]).toMatchObject({ ap: 2, outOfAction: true, markers: { fire: 1, fear: 1, poison: 1, slow: 1 } });
    expect(d.transcript().rolls).toEqual([]);
  });

  it('EDEN-AMB-18 / EDEN-AMB-30: NPCs burn after both players, and have no AP', () => {
    const d = dice(...Array(8).fill(2));
    const npc = grunt('n', {}, { npc: true, ap: 0, markers: { fire: 1, slow: 1 } });
    const r = upkeep({ firstPlayer: 'B', bands: { A: [grunt('a', {}, { markers: { fire: 1 } })], B: [] }, npcs: [npc] }, d);
    expect(purposes(d)).toEqual(['a fire damage', 'a fire location', 'n fire damage', 'n fire location']);
    expect(r.npcs[0]).toMatchObject({ ap: 0, markers: { fire: 0, slow: 0 } });
  });

  it('EDEN-UPKEEP-7/8: empty bands give an empty transcript and a log of steps 7 and 8', () => {
    const r = upkeep({ firstPlayer: 'A', bands: { A: [], B: [] } }, dice());
    expect(r.log.map((e) => e.step)).toEqual([7, 8]);
  });

  it('CONTRACT §1: the same seed gives the same upkeep', () => {
    const input = () => ({ firstPlayer: 'A' as const, bands: { A: [yuri({ markers: { fire: 2, fear: 2 } })], B: [grunt('b', {}, { markers: { fire: 1 } })] } });
    expect(upkeep(input(), new SeededDice('s'))).toEqual(upkeep(input(), new SeededDice('s')));
  });
});
