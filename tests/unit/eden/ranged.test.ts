import { describe, expect, it } from 'vitest';
import {
  isFree,
  GYROMAGNETIC_FIELD,
  chooseTarget,
  inPlay,
  legalTargets,
  protectionOnHit,
  redirectCandidates,
  resolveShot,
  shotHit,
  shotRange,
  shotWounds,
  type ShotCandidate,
} from '../../../src/games/eden/rules/ranged.js';
import { InvalidInput } from '../../../src/kernel/errors.js';
import { dice, grunt, item, yuri } from '../../fixtures/eden-fighters.js';

const pistol = item({ name: 'Pistol', categories: ['shooting'], range: 30, potency: 3 });
const shooter = (over = {}) => grunt('s', { CBT: 4 }, { equipment: [pistol], ...over });
const cand = (id: string, distance: number, extra: Partial<ShotCandidate> = {}): ShotCandidate => ({
  id,
  fighter: grunt(id, { RAP: 4, VIG: 4 }),
  distance,
  lineOfSight: true,
  ...extra,
});
const engaged = (id: string, distanceToShooter: number) => ({ id, fighter: grunt(id, { VIG: 4 }), distanceToShooter });

describe('EDEN-RANGED-2 target choice', () => {
  it('EDEN-RANGED-2: the nearest eligible candidate is taken; out of range and no-LoS candidates are not eligible', () => {
    const cs = [cand('far', 20), cand('near', 8, { lineOfSight: false }), cand('mid', 12), cand('out', 31)];
    expect(legalTargets(cs, 30).map((c) => c.id)).toEqual(['mid']);
    const r = resolveShot({ shooter: shooter(), weapon: 'Pistol', candidates: cs }, dice(1, 1, 1, 1));
    expect(r.targetId).toBe('mid');
  });

  it('EDEN-EFFECT-RANGE: a target at exactly the Range is in range; Elevation adds 5 cm', () => {
    expect(legalTargets([cand('x', 30)], 30)).toHaveLength(1);
    const r = resolveShot({ shooter: shooter(), weapon: 'Pistol', candidates: [cand('x', 34)], shooterElevated: true }, dice(1, 1, 1, 1));
    expect(r.targetId).toBe('x');
  });

  it('EDEN-RANGED-2: a farther target when a free eligible one is nearer is 422 illegal_target with legalTargets', () => {
    const cs = [cand('near', 5), cand('far', 10)];
    expect(() => resolveShot({ shooter: shooter(), weapon: 'Pistol', candidates: cs, targetId: 'far' }, dice())).toThrow(
      expect.objectContaining({ code: 'illegal_target', extra: { legalTargets: ['near'] } }),
    );
    expect(() => resolveShot({ shooter: shooter(), weapon: 'Pistol', candidates: cs, targetId: 'nobody' }, dice())).toThrow(expect.objectContaining({ code: 'illegal_target' }));
  });

  it('EDEN-RANGED-2 exception: a nearer fighter that is not free may be skipped or chosen', () => {
    const cs = [cand('melee', 5, { engagedWith: [engaged('friend', 6)] }), cand('free', 10), cand('farther', 15)];
    expect(legalTargets(cs, 30).map((c) => c.id)).toEqual(['melee', 'free']);
    expect(resolveShot({ shooter: shooter(), weapon: 'Pistol', candidates: cs }, dice(1, 1, 1, 1)).targetId).toBe('melee');
    expect(resolveShot({ shooter: shooter(), weapon: 'Pistol', candidates: cs, ignoreEngaged: true }, dice(1, 1, 1, 1)).targetId).toBe('free');
    expect(resolveShot({ shooter: shooter(), weapon: 'Pistol', candidates: cs, targetId: 'free' }, dice(1, 1, 1, 1)).targetId).toBe('free');
  });

  it('EDEN-AMB-22: equally near candidates are both legal; the automatic choice takes request order', () => {
    const cs = [cand('b', 10), cand('a', 10)];
    expect(legalTargets(cs, 30).map((c) => c.id)).toEqual(['b', 'a']);
    expect(resolveShot({ shooter: shooter(), weapon: 'Pistol', candidates: cs }, dice(1, 1, 1, 1)).targetId).toBe('b');
  });

  it('EDEN-RANGED-2 EDITION NOTE: no eligible target → no_target; ES pays 1 AP, DE pays none; no dice rolled', () => {
    const d = dice();
    const es = resolveShot({ shooter: shooter(), weapon: 'Pistol', candidates: [cand('x', 50)] }, d);
    expect(es).toMatchObject({ targetId: null, success: false, reason: 'no_target', apSpent: 1, roll: null, hit: null });
    expect(es.shooter.ap).toBe(2);
    const de = resolveShot({ shooter: shooter(), weapon: 'Pistol', candidates: [], edition: 'de' }, d);
    expect(de).toMatchObject({ targetId: null, reason: 'no_target', apSpent: 0 });
    expect(d.consumed).toBe(0);
  });
});

describe('EDEN-RANGED-3..7 resolution', () => {
  it('EDEN-RANGED-3/5/6/7: CBT vs RAP, location, Pot + remaining successes vs VIG, wounds', () => {
    const d = dice(4, 5, 1, 1, 4, 6, 6, 1, 1, 1);
    const r = resolveShot({ shooter: shooter(), weapon: 'Pistol', candidates: [cand('t', 10)] }, d);
    expect(r.roll).toMatchObject({ successes: 2, threshold: 4 });
    expect(r.location).toMatchObject({ face: 4, limb: 'torso' });
    expect(r.potency).toMatchObject({ value: 5, roll: { pool: 5, threshold: 4, successes: 2 } });
    expect(r).toMatchObject({ success: true, inflicted: 2, marked: 2, redirectedTo: null, reason: null });
    expect(r.hit!.fighter.wounds.torso).toBe(2);
    expect(d.transcript().rolls.map((x) => x.purpose)).toEqual(['shooter CBT', 'shooter location', 'potency']);
  });

  it('EDEN-RANGED-3: −1 CBT per Obstacle; 0 successes end the shot with no location or potency die', () => {
    const d = dice(6, 1, 1, 1, 1, 1, 1);
    const r = resolveShot({ shooter: shooter(), weapon: 'Pistol', candidates: [cand('t', 10, { obstacles: 2 })] }, d);
    expect(r.roll).toMatchObject({ pool: 2, successes: 1 });
    const d2 = dice(1, 1, 1, 6);
    const r2 = resolveShot({ shooter: shooter(), weapon: 'Pistol', candidates: [cand('t', 10, { obstacles: 1 })] }, d2);
    expect(r2).toMatchObject({ success: false, reason: 'no_success', location: null, potency: null });
    expect(d2.consumed).toBe(3);
    expect(r2.apSpent).toBe(1);
  });

  it('EDEN-RANGED-4: odd successes against a fighter not free hit the one in contact nearest to the shooter', () => {
    const c = cand('t', 10, { engagedWith: [engaged('far', 12), engaged('own', 9)] });
    const r = resolveShot({ shooter: shooter(), weapon: 'Pistol', candidates: [c] }, dice(6, 1, 1, 1, 4, 1, 1, 1, 1));
    expect(r).toMatchObject({ targetId: 't', redirectedTo: 'own', hit: { id: 'own' } });
  });

  it('EDEN-RANGED-4: even successes hit the original target; a free target is never redirected', () => {
    const c = cand('t', 10, { engagedWith: [engaged('own', 9)] });
    expect(resolveShot({ shooter: shooter(), weapon: 'Pistol', candidates: [c] }, dice(6, 6, 1, 1, 4, 1, 1, 1, 1, 1)).redirectedTo).toBeNull();
    expect(resolveShot({ shooter: shooter(), weapon: 'Pistol', candidates: [cand('t', 10)] }, dice(6, 1, 1, 1, 4, 1, 1, 1, 1)).redirectedTo).toBeNull();
  });

  it('EDEN-RANGED-5: aim spends successes, keeping one, and fewer remain for Potency', () => {
    const r = resolveShot({ shooter: shooter(), weapon: 'Pistol', candidates: [cand('t', 10)], aim: 'head' }, dice(6, 6, 6, 1, 3, 1, 1, 1, 1));
    expect(r.location).toMatchObject({ rolled: 3, shift: -2, face: 1, limb: 'head' });
    expect(r.potency!.value).toBe(4);
    expect(() => resolveShot({ shooter: shooter(), weapon: 'Pistol', candidates: [cand('t', 10)], aim: { shift: 1 } }, dice(6, 1, 1, 1, 3))).toThrow(
      expect.objectContaining({ code: 'illegal_shift' }),
    );
  });

  it('EDEN-ROLL-4: the Potency roll follows the cap (VIG 8 → difficulty 6, pool −2)', () => {
    const c = { ...cand('t', 10), fighter: grunt('t', { RAP: 4, VIG: 8 }) };
    const r = resolveShot({ shooter: shooter(), weapon: 'Pistol', candidates: [c] }, dice(6, 1, 1, 1, 4, 6, 6));
    expect(r.potency).toMatchObject({ value: 4, roll: { pool: 2, threshold: 6, successes: 2 } });
  });

  it('EDEN-RANGED-7 / EDEN-WOUND-6: protection applies; all absorbed → failure', () => {
    const c = { ...cand('t', 10), fighter: yuri({ id: 't' }) };
    const r = resolveShot({ shooter: shooter(), weapon: 'Pistol', candidates: [c] }, dice(6, 1, 1, 1, 1, 6, 1, 1, 1));
    expect(r).toMatchObject({ inflicted: 1, protection: 1, marked: 0, success: false, reason: 'no_wound' });
  });

  it('EDEN-AMB-25: a Fire weapon marks the final target once the CBT roll has a success', () => {
    const flare = item({ name: 'Flare', categories: ['shooting'], range: 30, potency: 0, fire: 2 });
    const r = resolveShot({ shooter: grunt('s', {}, { equipment: [flare] }), weapon: 'Flare', candidates: [cand('t', 10)] }, dice(6, 1, 1, 1, 4, 1));
    expect(r.hit!.fighter.markers.fire).toBe(2);
  });
});

describe('EDEN-RANGED-1 preconditions', () => {
  it('EDEN-RANGED-1: the weapon must be Shooting equipment of the shooter', () => {
    expect(() => resolveShot({ shooter: yuri(), weapon: 'Grenade', candidates: [] }, dice())).toThrow(expect.objectContaining({ code: 'wrong_category' }));
    expect(() => resolveShot({ shooter: yuri(), weapon: 'Bazooka', candidates: [] }, dice())).toThrow(InvalidInput);
  });

  it('EDEN-RANGED-1: a shooter that is not free, without AP, under Fear or out of Attacks cannot shoot', () => {
    const base = { weapon: 'Pistol', candidates: [cand('t', 10)] };
    expect(() => resolveShot({ ...base, shooter: shooter(), shooterEngaged: true }, dice())).toThrow(expect.objectContaining({ code: 'not_free' }));
    expect(() => resolveShot({ ...base, shooter: shooter({ ap: 0 }) }, dice())).toThrow(expect.objectContaining({ code: 'no_ap' }));
    expect(() => resolveShot({ ...base, shooter: shooter({ markers: { fear: 1 } }) }, dice())).toThrow(expect.objectContaining({ code: 'under_fear' }));
    expect(() => resolveShot({ ...base, shooter: shooter(), attacksThisTurn: 2 }, dice())).toThrow(expect.objectContaining({ code: 'attack_limit' }));
  });

  it('EDEN-EFFECT-LIMIT: an item used up this game is 422 item_limit', () => {
    const once = item({ name: 'Once', categories: ['shooting'], range: 30, potency: 1, perGame: 1 });
    expect(() => resolveShot({ shooter: grunt('s', {}, { equipment: [once] }), weapon: 'Once', candidates: [], weaponUses: { game: 1 } }, dice())).toThrow(
      expect.objectContaining({ code: 'item_limit' }),
    );
  });
});

describe('EDEN-WOUND-4: fighters out of action have left the table (targets and redirection alike)', () => {
  const gone = (id: string, distanceToShooter: number) => ({ ...engaged(id, distanceToShooter), fighter: { ...grunt(id, { VIG: 4 }), outOfAction: true } });
  const dead = (id: string, distanceToShooter: number) => ({ ...engaged(id, distanceToShooter), fighter: grunt(id, { VIG: 4 }, { wounds: { torso: 3 } }) });

  it('EDEN-RANGED-2 / EDEN-WOUND-4: a candidate flagged outOfAction: true is never a target', () => {
    const cs = [cand('gone', 5, { fighter: { ...grunt('gone'), outOfAction: true } }), cand('t', 10)];
    expect(legalTargets(cs, 30).map((c) => c.id)).toEqual(['t']);
    expect(() => resolveShot({ shooter: shooter(), weapon: 'Pistol', candidates: cs, targetId: 'gone' }, dice())).toThrow(expect.objectContaining({ code: 'illegal_target' }));
  });

  it('EDEN-RANGED-4 / EDEN-WOUND-4: a fighter in contact flagged outOfAction: true never receives a redirected shot; the next nearest does', () => {
    const c = cand('t', 10, { engagedWith: [gone('gone', 9), engaged('far', 12)] });
    const r = resolveShot({ shooter: shooter(), weapon: 'Pistol', candidates: [c] }, dice(6, 1, 1, 1, 4, 1, 1, 1, 1));
    expect(r).toMatchObject({ targetId: 't', redirectedTo: 'far', hit: { id: 'far' } });
  });

  it('EDEN-RANGED-4 / EDEN-WOUND-4: with only out-of-action fighters in contact (flag or wounds), odd successes hit the target', () => {
    for (const other of [gone('gone', 9), dead('dead', 9)]) {
      const c = cand('t', 10, { engagedWith: [other] });
      const r = resolveShot({ shooter: shooter(), weapon: 'Pistol', candidates: [c] }, dice(6, 1, 1, 1, 4, 1, 1, 1, 1));
      expect(r).toMatchObject({ targetId: 't', redirectedTo: null, hit: { id: 't' } });
    }
  });

  it('EDEN-RANGED-2 / EDEN-WOUND-4: a candidate in contact only with out-of-action fighters is free, so a farther free one cannot be preferred', () => {
    const lonely = cand('lonely', 10, { engagedWith: [gone('gone', 9), dead('dead', 11)] });
    const farther = cand('farther', 20);
    expect(isFree(lonely)).toBe(true);
    expect(legalTargets([lonely, farther], 30).map((c) => c.id)).toEqual(['lonely']);
    expect(() => resolveShot({ shooter: shooter(), weapon: 'Pistol', candidates: [lonely, farther], targetId: 'farther' }, dice())).toThrow(
      expect.objectContaining({ code: 'illegal_target' }),
    );
    // still in contact with a fighter in play → not free, and skippable
    expect(isFree(cand('busy', 10, { engagedWith: [gone('gone', 9), engaged('in', 9)] }))).toBe(false);
  });

  it('EDEN-WOUND-4: inPlay and redirectCandidates judge the flag and the wounds the same way', () => {
    expect(inPlay(grunt('x'))).toBe(true);
    expect(inPlay({ ...grunt('x'), outOfAction: true })).toBe(false);
    expect(inPlay(grunt('x', {}, { wounds: { head: 3 } }))).toBe(false);
    const c = cand('t', 10, { engagedWith: [gone('gone', 3), dead('dead', 4), engaged('in', 9)] });
    expect(redirectCandidates(c).map((e) => e.id)).toEqual(['in']);
  });
});

describe('the rule pieces resolveShot and the exact odds share', () => {
  it('EDEN-EFFECT-RANGE / EDEN-WEATHER-4: shotRange adds 5 cm on Elevation and caps at 15 cm under Thick fog', () => {
    expect(shotRange(pistol, {})).toBe(30);
    expect(shotRange(pistol, { shooterElevated: true })).toBe(35);
    expect(shotRange(pistol, { shooterElevated: true, weather: ['thick_fog'] })).toBe(15);
  });

  it('EDEN-RANGED-2 / EDEN-AMB-22: chooseTarget returns the candidate object itself (duplicate ids too)', () => {
    const a = cand('dup', 10, { engagedWith: [engaged('e', 9)] });
    const b = cand('dup', 12);
    expect(chooseTarget({ candidates: [a, b] }, 30).chosen).toBe(a);
    expect(chooseTarget({ candidates: [a, b], ignoreEngaged: true }, 30).chosen).toBe(b);
    expect(chooseTarget({ candidates: [cand('x', 40)] }, 30)).toEqual({ legal: [], chosen: undefined });
  });

  it('EDEN-RANGED-4: shotHit redirects odd successes only, to the nearest fighter in contact (ties → request order)', () => {
    const c = cand('t', 10, { engagedWith: [engaged('a', 9), engaged('b', 9)], nearEnergyBeacon: true });
    expect(shotHit(c, 1)).toMatchObject({ id: 'a', redirectedTo: 'a', nearEnergyBeacon: false });
    expect(shotHit(c, 2)).toMatchObject({ id: 't', redirectedTo: null, nearEnergyBeacon: true });
  });

  it('EDEN-TERRAIN-LIST-10: protectionOnHit adds the Gyromagnetic field only near a beacon; shotWounds removes it afterwards', () => {
    const f = grunt('t');
    expect(protectionOnHit(f, false)).toBe(f);
    expect(protectionOnHit(f, true).equipment).toEqual([GYROMAGNETIC_FIELD]);
    const w = shotWounds(f, true, 'torso', 3);
    expect(w).toMatchObject({ protection: 2, marked: 1 });
    expect(w.fighter.equipment).toEqual([]);
  });
});
