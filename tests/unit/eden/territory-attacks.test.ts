/** Territory and weather modifiers of ranged attacks and NPC targeting (ES optional rules). */
import { describe, expect, it } from 'vitest';
import { legalTargets, resolveShot, type ShotCandidate } from '../../../src/games/eden/rules/ranged.js';
import { resolveThrow } from '../../../src/games/eden/rules/thrown.js';
import { decideNpc } from '../../../src/games/eden/rules/npc.js';
import { dice, grunt, item } from '../../fixtures/eden-fighters.js';

const pistol = item({ name: 'Pistol', categories: ['shooting'], range: 30, potency: 3 });
const shooter = () => grunt('s', { CBT: 4 }, { equipment: [pistol] });
const cand = (id: string, distance: number, extra: Partial<ShotCandidate> = {}): ShotCandidate => ({
  id,
  fighter: grunt(id, { RAP: 4, VIG: 4 }),
  distance,
  lineOfSight: true,
  ...extra,
});

describe('EDEN-TERRAIN-LIST-10 Energy beacon', () => {
  // CBT 4 vs RAP 4: [4, 4, 1, 1] → 2 successes; location 4 = torso; Pot 3 + 2 = 5 dice vs VIG 4: [4, 4, 4, 1, 1] → 3 wounds
  const rolls = () => dice(4, 4, 1, 1, 4, 4, 4, 4, 1, 1);

  it('EDEN-TERRAIN-LIST-10: without a beacon the 3 Potency wounds all mark the torso', () => {
    const r = resolveShot({ shooter: shooter(), weapon: 'Pistol', candidates: [cand('t', 10)] }, rolls());
    expect([r.protection, r.marked, r.energyBeacon]).toEqual([0, 3, false]);
  });

  it('EDEN-TERRAIN-LIST-10: within 5 cm of a beacon the target has Complete +2 for this attack only: 3 − 2 = 1 marked', () => {
    const r = resolveShot({ shooter: shooter(), weapon: 'Pistol', candidates: [cand('t', 10, { nearEnergyBeacon: true })] }, rolls());
    expect([r.protection, r.marked, r.energyBeacon, r.success]).toEqual([2, 1, true, true]);
    expect(r.hit!.fighter.equipment).toEqual([]);
    expect(r.hit!.fighter.wounds.torso).toBe(1);
  });

  it('EDEN-TERRAIN-LIST-10 with EDEN-RANGED-4: the redirected fighter uses its own beacon flag', () => {
    const target = cand('t', 10, { engagedWith: [{ id: 'e', fighter: grunt('e', { VIG: 4 }), distanceToShooter: 9, nearEnergyBeacon: true }] });
    // 1 success (odd) → redirected to e; location 4; Pot 3 + 1 = 4 dice [4, 4, 4, 1] → 3 wounds − 2 = 1
    const r = resolveShot({ shooter: shooter(), weapon: 'Pistol', candidates: [target] }, dice(4, 1, 1, 1, 4, 4, 4, 4, 1));
    expect([r.redirectedTo, r.protection, r.marked, r.energyBeacon]).toEqual(['e', 2, 1, true]);
  });
});

describe('EDEN-TERRAIN-R-CONCEALMENT and EDEN-WEATHER-4 targeting', () => {
  it('EDEN-TERRAIN-R-CONCEALMENT: a hidden fighter more than 5 cm away is not eligible and does not count as the nearest', () => {
    expect(legalTargets([cand('hidden', 8, { concealed: true }), cand('open', 12)], 30).map((c) => c.id)).toEqual(['open']);
    expect(legalTargets([cand('hidden', 5, { concealed: true }), cand('open', 12)], 30).map((c) => c.id)).toEqual(['hidden']);
    expect(() => resolveShot({ shooter: shooter(), weapon: 'Pistol', candidates: [cand('hidden', 8, { concealed: true })], targetId: 'hidden' }, dice())).toThrow(
      expect.objectContaining({ code: 'illegal_target', extra: { legalTargets: [] } }),
    );
  });

  it('EDEN-WEATHER-4: under Thick fog a candidate at 16 cm is not eligible (shot has no target); at 15 cm it is', () => {
    const far = resolveShot({ shooter: shooter(), weapon: 'Pistol', candidates: [cand('t', 16)], weather: ['thick_fog'] }, dice());
    expect([far.targetId, far.reason]).toEqual([null, 'no_target']);
    const near = resolveShot({ shooter: shooter(), weapon: 'Pistol', candidates: [cand('t', 15)], weather: ['thick_fog'] }, dice(1, 1, 1, 1));
    expect(near.targetId).toBe('t');
  });

  it('EDEN-WEATHER-4: under Thick fog a throw at a point 16 cm away is 422 out_of_range', () => {
    const grenade = item({ name: 'Grenade', categories: ['thrown'], range: 20, explosive: 2 });
    const attacker = grunt('a', {}, { equipment: [grenade] });
    expect(() => resolveThrow({ attacker, weapon: 'Grenade', point: { distance: 16, lineOfSight: true }, affected: [], weather: ['thick_fog'] }, dice())).toThrow(
      expect.objectContaining({ code: 'out_of_range' }),
    );
    expect(resolveThrow({ attacker, weapon: 'Grenade', point: { distance: 16, lineOfSight: true }, affected: [] }, dice()).success).toBe(true);
  });

  it('EDEN-TERRAIN-R-CONCEALMENT / EDEN-AMB-30: an NPC neither charges nor is triggered by a hidden fighter 7 cm away', () => {
    expect(decideNpc({ contacts: [], visible: [{ id: 'h', distance: 7, lineOfSight: true, concealed: true }] }).action).toBe('wander');
    expect(decideNpc({ contacts: [], visible: [{ id: 'h', distance: 4, lineOfSight: true, concealed: true }] })).toMatchObject({ action: 'charge', targetId: 'h' });
  });
});

describe('EDEN-TERRAIN-R-ELEVATION in melee', () => {
  it('EDEN-TERRAIN-R-ELEVATION: a raised attacker rolls CBT + 2 in melee; the Dodge is against that CBT', async () => {
    const { resolveMelee } = await import('../../../src/games/eden/rules/melee.js');
    const r = resolveMelee({ attacker: grunt('a', { CBT: 4 }), target: grunt('t'), elevated: { attacker: true } }, dice(1, 1, 1, 1, 1, 4, 4));
    expect([r.exchanges[0]!.roll.value, r.exchanges[0]!.roll.pool]).toEqual([6, 6]);
    const d = resolveMelee({ attacker: grunt('a', { CBT: 4 }), target: grunt('t'), reaction: 'dodge', elevated: { attacker: true } }, dice(6, 6, 1, 1, 1, 1, 4, 1, 1, 1, 1));
    expect(d.exchanges[0]!.dodge!.difficulty).toBe(6);
    const level = resolveMelee({ attacker: grunt('a', { CBT: 4 }), target: grunt('t'), elevated: { attacker: true, target: true } }, dice(1, 1, 1, 1));
    expect(level.exchanges[0]!.roll.pool).toBe(4);
  });

  it('EDEN-TERRAIN-R-ELEVATION: a raised target that Responds gets +2 in the opposed roll and its strike', async () => {
    const { resolveMelee } = await import('../../../src/games/eden/rules/melee.js');
    // opposed: attacker 4 + 3 = 7, target (4 + 2) + 1 = 7 → equal totals, the higher CBT (target, 6) wins
    const r = resolveMelee({ attacker: grunt('a'), target: grunt('t'), reaction: 'response', elevated: { target: true } }, dice(3, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1));
    expect(r.opposed).toMatchObject({ winner: 'b', by: 'characteristic', b: { value: 6 } });
    expect(r.exchanges[0]).toMatchObject({ striker: 'target', roll: { value: 6 } });
  });
});

describe('EDEN-WOUND-4 with a fighter flagged out of action (EDEN-TERRAIN-R-JUMP leaves wounds unchanged)', () => {
  it('EDEN-TERRAIN-R-JUMP / EDEN-WOUND-4: `outOfAction: true` without full limbs cannot attack and is not a legal shooting target', async () => {
    const { resolveMelee } = await import('../../../src/games/eden/rules/melee.js');
    const fallen = { ...grunt('j'), outOfAction: true };
    expect(() => resolveMelee({ attacker: fallen, target: grunt('t') }, dice())).toThrow(expect.objectContaining({ code: 'out_of_action' }));
    expect(() => resolveMelee({ attacker: grunt('a'), target: fallen }, dice())).toThrow(expect.objectContaining({ code: 'out_of_action' }));
    expect(legalTargets([cand('j', 5, { fighter: fallen }), cand('o', 9)], 30).map((c) => c.id)).toEqual(['o']);
  });
});
