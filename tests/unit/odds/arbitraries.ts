/**
 * fast-check arbitraries of valid EDEN melee and ranged requests with small pools (so brute-force
 * enumeration stays cheap), covering every input that changes an outcome: wounds (Wounded values),
 * Rage, Poison, Fear, Fire/Fear weapons, weapon bonuses, modifiers (fractional too), protection,
 * NPCs, AP, attack limits, reactions, `via`, aims (limbs and exact shifts), Territory Elevation
 * (`elevated`), Energy beacons (candidates and fighters in contact), Concealment, Thick fog (a name
 * or a list), obstacles, fighters out of action (wounds or flag), duplicate candidate ids, declared
 * targets, editions. Shared by tests/property/odds*.test.ts.
 */
import fc from 'fast-check';
import { LIMBS, type Limb } from '../../../src/games/eden/rules/fighter.js';

export const limbArb = fc.constantFrom<Limb>('head', 'arms', 'torso', 'legs');
const small = fc.constantFrom(-1, 0, 1, 1, 2, 2, 3);
const modArb = fc.option(fc.constantFrom(-1, -0.5, 0.5, 1, 2), { nil: undefined });
const modsArb = fc.option(fc.record({ CBT: modArb, VIG: modArb, RAP: modArb }, { requiredKeys: [] }), { nil: undefined });

export interface ProfileOptions {
  /** May start out of action (wounds filling a limb, or the `outOfAction` flag). */
  mayBeOut?: boolean;
  npc?: boolean;
}

export const profileArb = (id: string, options: ProfileOptions = {}) =>
  fc
    .record({
      owners: fc.array(limbArb, { minLength: 6, maxLength: 6 }),
      white: fc.array(fc.integer({ min: 1, max: 2 }), { minLength: 4, maxLength: 4 }),
      red: fc.array(fc.integer({ min: 0, max: 1 }), { minLength: 4, maxLength: 4 }),
      normal: fc.array(small, { minLength: 4, maxLength: 4 }),
      wounded: fc.array(small, { minLength: 4, maxLength: 4 }),
      wounds: fc.array(fc.integer({ min: 0, max: 2 }), { minLength: 4, maxLength: 4 }),
      markers: fc.record({
        fear: fc.constantFrom(0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 1),
        rage: fc.constantFrom(0, 0, 1),
        poison: fc.constantFrom(0, 0, 1),
        fire: fc.nat(1),
        slow: fc.nat(1),
      }),
      ap: fc.constantFrom(0, 1, 2, 3, 3, 3, 3, 3, 3, 3),
      protection: fc.option(fc.record({ limbs: fc.oneof(fc.constant('all' as const), fc.subarray([...LIMBS], { minLength: 1 })), value: fc.integer({ min: 1, max: 2 }) }), {
        nil: undefined,
      }),
      blade: fc.record({
        CBT: fc.constantFrom(-1, 0, 1),
        VIG: fc.constantFrom(0, 0, 1),
        RAP: fc.constantFrom(0, 0, 1),
        fire: fc.constantFrom(0, 0, 1),
        fear: fc.constantFrom(0, 0, 1),
      }),
      bow: fc.record({ range: fc.constantFrom(10, 20, 30), potency: fc.integer({ min: 0, max: 2 }), CBT: fc.constantFrom(-1, 0, 0, 1) }),
      npc: fc.constantFrom(false, false, false, true),
      out: fc.constantFrom<'no' | 'wounds' | 'flag'>('no', 'no', 'no', 'no', 'no', 'wounds', 'flag'),
    })
    .map((r) => {
      const limbs = {} as Record<Limb, { white: number; red: number; faces: number[]; normal: number; wounded: number }>;
      LIMBS.forEach((l, i) => (limbs[l] = { white: r.white[i]!, red: r.red[i]!, faces: [], normal: r.normal[i]!, wounded: r.wounded[i]! }));
      r.owners.forEach((l, i) => limbs[l].faces.push(i + 1));
      const wounds = {} as Record<Limb, number>;
      // in action: every limb below its boxes
      LIMBS.forEach((l, i) => (wounds[l] = Math.min(r.wounds[i]!, limbs[l].white + limbs[l].red - 1)));
      const out = options.mayBeOut ? r.out : 'no';
      if (out === 'wounds') wounds.torso = limbs.torso.white + limbs.torso.red;
      const equipment: Record<string, unknown>[] = [
        { name: 'Blade', categories: [], bonus: { CBT: r.blade.CBT, VIG: r.blade.VIG, RAP: r.blade.RAP }, fire: r.blade.fire, fear: r.blade.fear },
        { name: 'Bow', categories: ['shooting'], range: r.bow.range, potency: r.bow.potency, bonus: { CBT: r.bow.CBT } },
      ];
      if (r.protection) equipment.push({ name: 'Armour', categories: ['protection'], protection: r.protection });
      return {
        id,
        name: id,
        limbs,
        wounds,
        markers: r.markers,
        ap: r.ap,
        npc: options.npc === true && r.npc,
        equipment,
        ...(out === 'flag' ? { outOfAction: true } : {}),
      };
    });

export const aimArb = fc.option(fc.oneof(limbArb, limbArb, fc.record({ shift: fc.integer({ min: -2, max: 2 }) })), { nil: undefined });

export const meleeArb = fc.record(
  {
    attacker: profileArb('a'),
    target: profileArb('t', { npc: true }),
    reaction: fc.constantFrom('passive', 'dodge', 'response'),
    aim: aimArb,
    targetAim: aimArb,
    via: fc.constantFrom('attack', 'attack', 'engage', 'disengage'),
    modifiers: fc.record({ attacker: modsArb, target: modsArb }, { requiredKeys: [] }),
    weapon: fc.constantFrom(undefined, 'Blade', 'blade'),
    targetWeapon: fc.constantFrom(undefined, 'Blade'),
    elevated: fc.option(fc.record({ attacker: fc.boolean(), target: fc.boolean() }, { requiredKeys: [] }), { nil: undefined }),
    attacksThisTurn: fc.constantFrom(undefined, undefined, undefined, { attacker: 1, target: 1 }, { attacker: 2 }, { target: 2 }),
  },
  { requiredKeys: ['attacker', 'target'] },
);

const engagedArb = (i: number, j: number) =>
  fc.record({
    id: fc.constantFrom(`e${i}${j}`, 'x'),
    fighter: profileArb(`e${i}${j}`, { mayBeOut: true }),
    distanceToShooter: fc.constantFrom(3, 5, 5, 8),
    nearEnergyBeacon: fc.option(fc.boolean(), { nil: undefined }),
  });

const candidateArb = (i: number) =>
  fc.record(
    {
      // duplicate ids on purpose: the rule function's choice must be followed, not the first id
      id: fc.constantFrom(`c${i}`, `c${i}`, 'dup'),
      fighter: profileArb(`c${i}`, { mayBeOut: true }),
      distance: fc.constantFrom(2, 4, 5, 6, 8, 12, 16, 25, 40),
      lineOfSight: fc.constantFrom(true, true, true, true, true, false),
      obstacles: fc.option(fc.nat(1), { nil: undefined }),
      concealed: fc.option(fc.boolean(), { nil: undefined }),
      nearEnergyBeacon: fc.option(fc.boolean(), { nil: undefined }),
      engagedWith: fc.option(
        fc.tuple(engagedArb(i, 0), engagedArb(i, 1)).chain(([a, b]) => fc.constantFrom([a], [a, b])),
        { nil: undefined },
      ),
    },
    { requiredKeys: ['id', 'fighter', 'distance', 'lineOfSight'] },
  );

export const rangedArb = fc.record(
  {
    shooter: profileArb('s'),
    weapon: fc.constantFrom('Bow', 'Bow', 'bow'),
    candidates: fc.tuple(candidateArb(0), candidateArb(1), candidateArb(2)).chain(([a, b, c]) => fc.constantFrom([a], [a, b], [a, b, c])),
    targetId: fc.constantFrom(undefined, undefined, undefined, undefined, undefined, undefined, 'c0', 'c1', 'dup'),
    ignoreEngaged: fc.option(fc.boolean(), { nil: undefined }),
    shooterElevated: fc.option(fc.boolean(), { nil: undefined }),
    aim: aimArb,
    modifiers: fc.record({ shooter: modsArb, target: modsArb }, { requiredKeys: [] }),
    weather: fc.constantFrom(undefined, [], ['thick_fog'], 'thick_fog', ['mist', 'thick_fog'], 'acid_rain'),
    edition: fc.constantFrom(undefined, 'es', 'de'),
    attacksThisTurn: fc.constantFrom(undefined, undefined, undefined, undefined, 0, 1, 2),
  },
  { requiredKeys: ['shooter', 'weapon', 'candidates'] },
);
