import { describe, expect, it } from 'vitest';
import { resolveThrow } from '../../../src/games/eden/rules/thrown.js';
import { resolveSpray } from '../../../src/games/eden/rules/spray.js';
import { dice, grunt, item, yuri } from '../../fixtures/eden-fighters.js';

const grenade = item({ name: 'Grenade', categories: ['thrown'], range: 20, explosive: 3, fear: 1, perGame: 1 });
const thrower = (over = {}) => grunt('a', {}, { equipment: [grenade], ...over });
const point = { distance: 10, lineOfSight: true };

describe('EDEN-THROW-1 / EDEN-EFFECT-EXPLOSIVE', () => {
  it('EDEN-EFFECT-EXPLOSIVE: X dice per affected fighter in request order against its own VIG; one success → one wound on each limb, protection ignored', () => {
    const d = dice(5, 1, 1, 1, 1, 6);
    const r = resolveThrow(
      {
        attacker: thrower(),
        weapon: 'Grenade',
        point,
        affected: [
          { id: 'y', fighter: yuri({ id: 'y' }) },
          { id: 'g', fighter: grunt('g', { VIG: 6 }) },
        ],
      },
      d,
    );
    expect(r.success).toBe(true);
    expect(r.results.map((x) => x.id)).toEqual(['y', 'g']);
    expect(r.results[0]).toMatchObject({ roll: { pool: 3, threshold: 4, successes: 1 }, marked: 4, markedByLimb: { head: 1, arms: 1, torso: 1, legs: 1 } });
    expect(r.results[0]!.fighter.wounds).toEqual({ head: 1, arms: 1, torso: 1, legs: 1 });
    expect(r.results[1]).toMatchObject({ roll: { successes: 1 }, marked: 4 });
    expect(d.transcript().rolls.map((x) => x.purpose)).toEqual(['explosion y', 'explosion g']);
  });

  it('EDEN-EFFECT-EXPLOSIVE step 4: with no success there are no wounds, but Fear still applies to everyone covered', () => {
    const r = resolveThrow({ attacker: thrower(), weapon: 'Grenade', point, affected: [{ id: 'g', fighter: grunt('g') }] }, dice(1, 2, 3));
    expect(r.results[0]).toMatchObject({ marked: 0 });
    expect(r.results[0]!.fighter.markers.fear).toBe(1);
  });

  it('EDEN-AMB-13: one wound on each limb is applied in full before the out-of-action check', () => {
    const g = grunt('g', {}, { wounds: { head: 2, arms: 2, torso: 2, legs: 2 } });
    const r = resolveThrow({ attacker: thrower(), weapon: 'Grenade', point, affected: [{ id: 'g', fighter: g }] }, dice(6, 6, 6));
    expect(r.results[0]!.fighter.wounds).toEqual({ head: 3, arms: 3, torso: 3, legs: 3 });
    expect(r.results[0]!.fighter.outOfAction).toBe(true);
  });

  it('EDEN-ROLL-4: the Explosive pool follows the cap (VIG 7 → difficulty 6, 2 dice)', () => {
    const d = dice(6, 1);
    const r = resolveThrow({ attacker: thrower(), weapon: 'Grenade', point, affected: [{ id: 'g', fighter: grunt('g', { VIG: 7 }) }] }, d);
    expect(r.results[0]!.roll).toMatchObject({ pool: 2, threshold: 6, successes: 1 });
  });

  it('EDEN-THROW-1: the point beyond Range is 422 out_of_range; Elevation adds 5 cm; exactly the Range is allowed', () => {
    expect(() => resolveThrow({ attacker: thrower(), weapon: 'Grenade', point: { distance: 21, lineOfSight: true }, affected: [] }, dice())).toThrow(
      expect.objectContaining({ code: 'out_of_range' }),
    );
    expect(resolveThrow({ attacker: thrower(), weapon: 'Grenade', point: { distance: 25, lineOfSight: true }, attackerElevated: true, affected: [] }, dice()).success).toBe(true);
    expect(resolveThrow({ attacker: thrower(), weapon: 'Grenade', point: { distance: 20, lineOfSight: true }, affected: [] }, dice()).apSpent).toBe(1);
  });

  it('EDEN-THROW-1: no line of sight to the point is 422 no_line_of_sight', () => {
    expect(() => resolveThrow({ attacker: thrower(), weapon: 'Grenade', point: { distance: 5, lineOfSight: false }, affected: [] }, dice())).toThrow(
      expect.objectContaining({ code: 'no_line_of_sight' }),
    );
  });

  it('EDEN-EFFECT-LIMIT: a 1 / Game grenade already used is 422 item_limit', () => {
    expect(() => resolveThrow({ attacker: thrower(), weapon: 'Grenade', point, affected: [], weaponUses: { game: 1 } }, dice())).toThrow(
      expect.objectContaining({ code: 'item_limit' }),
    );
  });

  it('EDEN-WOUND-4: a fighter already out of action rolls no dice and is returned unchanged', () => {
    const d = dice();
    const r = resolveThrow({ attacker: thrower(), weapon: 'Grenade', point, affected: [{ id: 'g', fighter: grunt('g', {}, { wounds: { legs: 3 } }) }] }, d);
    expect(r.results[0]).toMatchObject({ roll: null, marked: 0, fighter: { outOfAction: true } });
  });
});

describe('EDEN-SPRAY-1/2', () => {
  const flamer = item({ name: 'Flamer', categories: ['spray'], fire: 1 });
  const sprayer = (over = {}) => grunt('a', {}, { equipment: [flamer], ...over });

  it('EDEN-SPRAY-2 / EDEN-EX-8: one wound on each limb of every covered fighter, the Helmet ignored; Fire markers added', () => {
    const r = resolveSpray({
      attacker: sprayer(),
      weapon: 'Flamer',
      covered: [
        { id: 'y', fighter: yuri({ id: 'y' }) },
        { id: 'own', fighter: grunt('own') },
      ],
    });
    expect(r.success).toBe(true);
    expect(r.results[0]!.fighter.wounds.head).toBe(1);
    expect(r.results[0]).toMatchObject({ marked: 4, fighter: { markers: { fire: 1 } } });
    expect(r.results[1]!.marked).toBe(4);
    expect(r.apSpent).toBe(1);
  });

  it('EDEN-AMB-24: a Spray nobody loses PC to (nobody covered) is a failure', () => {
    expect(resolveSpray({ attacker: sprayer(), weapon: 'Flamer', covered: [] }).success).toBe(false);
  });

  it('EDEN-AMB-13: a full limb puts the fighter out of action only after all four wounds', () => {
    const r = resolveSpray({ attacker: sprayer(), weapon: 'Flamer', covered: [{ id: 'g', fighter: grunt('g', {}, { wounds: { head: 2 } }) }] });
    expect(r.results[0]!.fighter.wounds).toEqual({ head: 3, arms: 1, torso: 1, legs: 1 });
    expect(r.results[0]!.fighter.outOfAction).toBe(true);
  });

  it('EDEN-RANGED-1: a Spray needs Spray equipment, a free attacker and 1 AP', () => {
    expect(() => resolveSpray({ attacker: yuri(), weapon: 'Pistol', covered: [] })).toThrow(expect.objectContaining({ code: 'wrong_category' }));
    expect(() => resolveSpray({ attacker: sprayer(), weapon: 'Flamer', covered: [], attackerEngaged: true })).toThrow(expect.objectContaining({ code: 'not_free' }));
    expect(() => resolveSpray({ attacker: sprayer({ ap: 0 }), weapon: 'Flamer', covered: [] })).toThrow(expect.objectContaining({ code: 'no_ap' }));
  });
});
