import { describe, expect, it } from 'vitest';
import { dodgeRap, meleeSetup, meleeSides, resolveMelee, strikeCbt, strikeVig, strikeWounds } from '../../../src/games/eden/rules/melee.js';
import { dice, grunt, item, yuri } from '../../fixtures/eden-fighters.js';
import { InvalidInput } from '../../../src/kernel/errors.js';

const A = () => grunt('a', { CBT: 4, VIG: 4, RAP: 4 });
const T = () => grunt('t', { CBT: 4, VIG: 4, RAP: 4 });

describe('EDEN-MELEE-3 passive strike', () => {
  it('EDEN-MELEE-3: CBT vs VIG, location die, each success a wound on the located limb', () => {
    const d = dice(4, 5, 1, 2, 4, 6);
    const r = resolveMelee({ attacker: A(), target: T(), reaction: 'passive' }, d);
    expect(r.success).toBe(true);
    expect(r.exchanges).toHaveLength(1);
    expect(r.exchanges[0]).toMatchObject({
      striker: 'attacker',
      roll: { successes: 2 },
      location: { rolled: 4, face: 4, limb: 'torso' },
      inflicted: 2,
      protection: 0,
      marked: 2,
      dodge: null,
    });
    expect(r.target.wounds.torso).toBe(2);
    expect(r.target.outOfAction).toBe(false);
    expect(r.apSpent).toEqual({ attacker: 1, target: 0 });
    expect(r.attacker.ap).toBe(2);
    expect(d.consumed).toBe(5);
    expect(d.transcript().rolls.map((x) => x.purpose)).toEqual(['attacker CBT', 'attacker location']);
  });

  it('EDEN-AMB-39: zero successes → no location die, no wounds, failure', () => {
    const d = dice(1, 2, 3, 3, 6);
    const r = resolveMelee({ attacker: A(), target: T() }, d);
    expect(r.success).toBe(false);
    expect(r.exchanges[0]).toMatchObject({ location: null, inflicted: 0, marked: 0 });
    expect(d.consumed).toBe(4);
  });

  it('EDEN-MELEE-3 step 5: aim spends successes (3 successes, die 1 → arms costs 1, 2 wounds left)', () => {
    const r = resolveMelee({ attacker: A(), target: T(), aim: 'arms' }, dice(6, 6, 6, 1, 1));
    expect(r.exchanges[0]).toMatchObject({ location: { rolled: 1, shift: 1, face: 2, limb: 'arms' }, inflicted: 2, marked: 2 });
  });

  it('EDEN-MELEE-3 step 5: aim out of reach keeping one success → the die stays (die 1, aim torso needs 3 of 3)', () => {
    const r = resolveMelee({ attacker: A(), target: T(), aim: 'torso' }, dice(6, 6, 6, 1, 1));
    expect(r.exchanges[0]).toMatchObject({ location: { face: 1, shift: 0, limb: 'head' }, inflicted: 3, marked: 3 });
    expect(r.target.outOfAction).toBe(true);
  });

  it('EDEN-MELEE-3 / EDEN-AMB-39: with one success {shift: 1} is 422 illegal_shift', () => {
    expect(() => resolveMelee({ attacker: A(), target: T(), aim: { shift: 1 } }, dice(6, 1, 1, 1, 3))).toThrow(expect.objectContaining({ code: 'illegal_shift' }));
  });

  it('EDEN-WOUND-6 / EDEN-EX-8: a helmet absorbing the only wound on the head makes the attack a failure', () => {
    const r = resolveMelee({ attacker: A(), target: yuri({ id: 't' }) }, dice(6, 1, 1, 1, 1));
    expect(r.exchanges[0]).toMatchObject({ location: { limb: 'head' }, inflicted: 1, protection: 1, marked: 0, success: false });
    expect(r.success).toBe(false);
  });

  it("EDEN-WOUND-4: wounds beyond the limb's boxes are discarded and the target is out of action", () => {
    const r = resolveMelee({ attacker: grunt('a', { CBT: 6 }), target: T() }, dice(6, 6, 6, 6, 6, 6, 6));
    expect(r.exchanges[0]).toMatchObject({ inflicted: 6, marked: 3 });
    expect(r.target.wounds.legs).toBe(3);
    expect(r.target.outOfAction).toBe(true);
  });

  it("EDEN-EQUIP-4: the named weapon's CBT bonus enlarges the pool; EDEN-STATE-RAGE-1 adds too", () => {
    const sword = item({ name: 'Sword', bonus: { CBT: 2 } });
    const d = dice(1, 1, 1, 1, 1, 1, 1);
    resolveMelee({ attacker: grunt('a', { CBT: 4 }, { equipment: [sword], markers: { rage: 1 } }), target: T(), weapon: 'Sword' }, d);
    expect(d.transcript().rolls[0]!.values).toHaveLength(7);
  });

  it('EDEN-CHAR-1: modifiers (e.g. Elevation +2 CBT) apply to the attacker; target modifiers to its VIG', () => {
    const d = dice(3, 3, 3, 3, 3, 3, 4);
    const r = resolveMelee({ attacker: A(), target: T(), modifiers: { attacker: { CBT: 2 }, target: { VIG: -1 } } }, d);
    expect(r.exchanges[0]!.roll).toMatchObject({ pool: 6, threshold: 3, successes: 6 });
  });

  it('EDEN-ROLL-2 in melee: VIG 8 difficulty caps at 6 and shrinks the pool by 2', () => {
    const r = resolveMelee({ attacker: A(), target: grunt('t', { VIG: 8 }) }, dice(6, 6, 4));
    expect(r.exchanges[0]!.roll).toMatchObject({ pool: 2, threshold: 6, successes: 2 });
  });

  it('EDEN-AMB-25: a Fire weapon marks the target when a success remains', () => {
    const torch = item({ name: 'Torch', fire: 1 });
    const r = resolveMelee({ attacker: grunt('a', {}, { equipment: [torch] }), target: T(), weapon: 'Torch' }, dice(6, 1, 1, 1, 4));
    expect(r.target.markers.fire).toBe(1);
  });
});

describe('EDEN-MELEE-5 dodge', () => {
  it("EDEN-MELEE-5: RAP vs the attacker's current CBT cancels successes after the location is fixed", () => {
    const d = dice(5, 5, 6, 1, 4, 4, 1, 1, 1);
    const r = resolveMelee({ attacker: A(), target: T(), reaction: 'dodge' }, d);
    expect(r.exchanges[0]).toMatchObject({ roll: { successes: 3 }, location: { limb: 'torso' }, dodge: { successes: 1, threshold: 4 }, inflicted: 2, marked: 2 });
    expect(r.apSpent).toEqual({ attacker: 1, target: 1 });
    expect(r.target.ap).toBe(2);
    expect(d.transcript().rolls.map((x) => x.purpose)).toEqual(['attacker CBT', 'attacker location', 'target RAP (dodge)']);
  });

  it('EDEN-MELEE-5: the dodge may cancel every success → failure', () => {
    const r = resolveMelee({ attacker: A(), target: T(), reaction: 'dodge' }, dice(6, 1, 1, 1, 4, 6, 1, 1, 1));
    expect(r.exchanges[0]).toMatchObject({ inflicted: 0, marked: 0, success: false });
    expect(r.success).toBe(false);
  });

  it('EDEN-MELEE-5 (DE current CBT): the dodge difficulty includes attacker modifiers and is capped (CBT 7 → 6, pool −1)', () => {
    const r = resolveMelee({ attacker: A(), target: T(), reaction: 'dodge', modifiers: { attacker: { CBT: 3 } } }, dice(6, 1, 1, 1, 1, 1, 1, 4, 6, 5, 6));
    expect(r.exchanges[0]!.dodge).toMatchObject({ difficulty: 7, threshold: 6, pool: 3, successes: 2 });
  });

  it('EDEN-MELEE-5: a dodge with 0 successes on the attack rolls nothing (no location, no RAP)', () => {
    const d = dice(1, 1, 1, 1);
    const r = resolveMelee({ attacker: A(), target: T(), reaction: 'dodge' }, d);
    expect(r.exchanges[0]!.dodge).toBeNull();
    expect(d.consumed).toBe(4);
  });

  it('EDEN-AMB-38: a target under Fear may still Dodge', () => {
    const r = resolveMelee({ attacker: A(), target: grunt('t', {}, { markers: { fear: 1 } }), reaction: 'dodge' }, dice(1, 1, 1, 1));
    expect(r.reaction).toBe('dodge');
  });

  it('EDEN-MELEE-2: a dodge costs 1 AP → 422 no_ap without it', () => {
    expect(() => resolveMelee({ attacker: A(), target: grunt('t', {}, { ap: 0 }), reaction: 'dodge' }, dice())).toThrow(expect.objectContaining({ code: 'no_ap' }));
  });
});

describe('EDEN-MELEE-4 response', () => {
  it('EDEN-MELEE-4: opposed CBT, the winner strikes, then the loser strikes back', () => {
    // opposed 5 vs 2 → attacker wins; attacker CBT [6,6,1,1] loc 4; target CBT [5,1,1,1] loc 2
    const d = dice(5, 2, 6, 6, 1, 1, 4, 5, 1, 1, 1, 2);
    const r = resolveMelee({ attacker: A(), target: T(), reaction: 'response' }, d);
    expect(r.opposed).toMatchObject({ winner: 'a' });
    expect(r.exchanges.map((e) => e.striker)).toEqual(['attacker', 'target']);
    expect(r.exchanges[0]).toMatchObject({ location: { limb: 'torso' }, marked: 2 });
    expect(r.exchanges[1]).toMatchObject({ location: { limb: 'arms' }, marked: 1 });
    expect(r.success).toBe(true);
    expect(r.apSpent).toEqual({ attacker: 1, target: 1 });
    expect(d.transcript().rolls.map((x) => x.purpose)).toEqual([
      'attacker CBT (opposed)',
      'target CBT (opposed)',
      'attacker CBT',
      'attacker location',
      'target CBT',
      'target location',
    ]);
  });

  it('EDEN-MELEE-4: when the target wins it strikes first; the second strike uses the red value of wounded arms', () => {
    // opposed 1 vs 6 → target wins; target CBT [6,6,1,1] loc 2 → attacker arms 2 marked (Wounded, CBT 4→3)
    // then attacker CBT rolls 3 dice [1,1,1]
    const d = dice(1, 6, 6, 6, 1, 1, 2, 1, 1, 1);
    const r = resolveMelee({ attacker: A(), target: T(), reaction: 'response' }, d);
    expect(r.exchanges.map((e) => e.striker)).toEqual(['target', 'attacker']);
    expect(r.exchanges[1]!.roll.pool).toBe(3);
    expect(r.success).toBe(false);
    expect(d.consumed).toBe(10);
  });

  it('EDEN-MELEE-4 step 5: a loser put out of action does not strike back', () => {
    const d = dice(6, 1, 6, 6, 6, 6, 6);
    const r = resolveMelee({ attacker: A(), target: T(), reaction: 'response' }, d);
    expect(r.exchanges).toHaveLength(1);
    expect(r.target.outOfAction).toBe(true);
    expect(d.consumed).toBe(7);
  });

  it('EDEN-STATE-FEAR-1: a target under Fear may not Respond → 422 fear_forbids_response', () => {
    expect(() => resolveMelee({ attacker: A(), target: grunt('t', {}, { markers: { fear: 2 } }), reaction: 'response' }, dice())).toThrow(
      expect.objectContaining({ code: 'fear_forbids_response' }),
    );
  });

  it('EDEN-MELEE-2: a Response needs an Attack use left → 422 attack_limit', () => {
    expect(() => resolveMelee({ attacker: A(), target: T(), reaction: 'response', attacksThisTurn: { target: 2 } }, dice())).toThrow(
      expect.objectContaining({ code: 'attack_limit' }),
    );
  });

  it('EDEN-AMB-30 / EDEN-NPC-5: an NPC target always Responds, paying nothing', () => {
    const npc = grunt('npc', {}, { npc: true, ap: 0 });
    const r = resolveMelee({ attacker: A(), target: npc, reaction: 'passive' }, dice(5, 2, 1, 1, 1, 1, 1, 1, 1, 1));
    expect(r.reaction).toBe('response');
    expect(r.apSpent.target).toBe(0);
  });
});

describe('EDEN melee preconditions (AP, limits, Fear, via)', () => {
  it('EDEN-ATTACK-1: an Attack costs 1 AP → 422 no_ap with 0 AP', () => {
    expect(() => resolveMelee({ attacker: grunt('a', {}, { ap: 0 }), target: T() }, dice())).toThrow(expect.objectContaining({ code: 'no_ap' }));
  });

  it('EDEN-ENGAGE-1: an Engage costs 2 AP and is 1 / Turn', () => {
    const r = resolveMelee({ attacker: A(), target: T(), via: 'engage' }, dice(1, 1, 1, 1));
    expect(r.apSpent.attacker).toBe(2);
    expect(r.attacker.ap).toBe(1);
    expect(() => resolveMelee({ attacker: grunt('a', {}, { ap: 1 }), target: T(), via: 'engage' }, dice())).toThrow(expect.objectContaining({ code: 'no_ap' }));
    expect(() => resolveMelee({ attacker: A(), target: T(), via: 'engage', engagesThisTurn: 1 }, dice())).toThrow(expect.objectContaining({ code: 'engage_limit' }));
  });

  it('EDEN-ATTACK-2: a third Attack in a turn is 422 attack_limit', () => {
    expect(() => resolveMelee({ attacker: A(), target: T(), attacksThisTurn: { attacker: 2 } }, dice())).toThrow(expect.objectContaining({ code: 'attack_limit' }));
  });

  it('EDEN-STATE-FEAR-1: an attacker under Fear may not attack → 422 under_fear', () => {
    expect(() => resolveMelee({ attacker: grunt('a', {}, { markers: { fear: 1 } }), target: T() }, dice())).toThrow(expect.objectContaining({ code: 'under_fear' }));
  });

  it('EDEN-MELEE-7 / EDEN-MOVE-ACT-2: the target of a disengagement attack is Passive (1 AP for the attacker)', () => {
    const r = resolveMelee({ attacker: A(), target: T(), via: 'disengage', reaction: 'dodge' }, dice(1, 1, 1, 1));
    expect(r.reaction).toBe('passive');
    expect(r.apSpent).toEqual({ attacker: 1, target: 0 });
  });

  it('EDEN-WOUND-4: a fighter out of action cannot attack or be attacked → 422 out_of_action', () => {
    expect(() => resolveMelee({ attacker: A(), target: grunt('t', {}, { wounds: { head: 3 } }) }, dice())).toThrow(expect.objectContaining({ code: 'out_of_action' }));
  });

  it('EDEN-AMB-30: an NPC attacker pays no AP', () => {
    const r = resolveMelee({ attacker: grunt('n', {}, { types: ['npc'], ap: 0 }), target: T() }, dice(1, 1, 1, 1));
    expect(r.apSpent.attacker).toBe(0);
  });
});

describe('the rule pieces resolveMelee and the exact odds share', () => {
  const blade = item({ name: 'Blade', categories: [], bonus: { CBT: 1, VIG: 1, RAP: -1 }, fire: 1 });
  const armed = () => grunt('a', { CBT: 4, VIG: 4, RAP: 4 }, { equipment: [blade] });

  it('EDEN-TERRAIN-R-ELEVATION / EDEN-EQUIP-4: meleeSides gives each side its weapon bonus, modifiers and +2 CBT only when above its adversary', () => {
    const sides = meleeSides({ attacker: armed(), target: T(), weapon: 'Blade', modifiers: { attacker: { CBT: 1 } }, elevated: { attacker: true } });
    expect(strikeCbt(sides.attacker)).toBe(4 + 1 + 1 + 2);
    expect(strikeVig(sides.attacker)).toBe(5);
    expect(dodgeRap(sides.attacker)).toBe(3);
    expect(strikeCbt(sides.target)).toBe(4);
    const both = meleeSides({ attacker: A(), target: T(), elevated: { attacker: true, target: true } });
    expect([strikeCbt(both.attacker), strikeCbt(both.target)]).toEqual([4, 4]);
    expect(strikeCbt(meleeSides({ attacker: A(), target: T(), elevated: { target: true } }).target)).toBe(6);
    expect(() => meleeSides({ attacker: A(), target: T(), weapon: 'Nothing' })).toThrow(InvalidInput);
  });

  it('EDEN-MELEE-2 / EDEN-NPC-5 / EDEN-MELEE-7: meleeSetup settles the effective reaction and the AP each side pays', () => {
    expect(meleeSetup({ attacker: A(), target: T(), reaction: 'dodge', via: 'engage' })).toMatchObject({
      reaction: 'dodge',
      via: 'engage',
      apSpent: { attacker: 2, target: 1 },
      attacker: { fighter: { ap: 1 } },
      target: { fighter: { ap: 2 } },
    });
    expect(meleeSetup({ attacker: A(), target: T(), reaction: 'dodge', via: 'disengage' })).toMatchObject({ reaction: 'passive', apSpent: { attacker: 1, target: 0 } });
    expect(meleeSetup({ attacker: A(), target: grunt('n', {}, { npc: true }) })).toMatchObject({ reaction: 'response' });
    expect(() => meleeSetup({ attacker: A(), target: A() })).toThrow(expect.objectContaining({ code: 'illegal_target' }));
  });

  it('EDEN-MELEE-3 step 6 / EDEN-AMB-25: strikeWounds marks wounds less protection, and Fire/Fear only when a success remained', () => {
    const s = meleeSides({ attacker: armed(), target: yuri(), weapon: 'Blade' }).attacker;
    expect(strikeWounds(s, yuri(), 'head', 2)).toMatchObject({ protection: 1, marked: 1, fighter: { markers: { fire: 1 } } });
    expect(strikeWounds(s, yuri(), 'head', 0)).toMatchObject({ marked: 0, fighter: { markers: { fire: 0 } } });
  });
});
