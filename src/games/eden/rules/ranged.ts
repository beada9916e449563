/** EDEN Shooting (digest §12.1, EDEN-RANGED-1..7). */
import type { Dice } from '../../../kernel/dice/index.js';
import { RuleViolation } from '../../../kernel/errors.js';
import { aimLocation, type Aim, type Location } from './location.js';
import { characteristicRoll, locationDie, type CharacteristicRoll } from './rolls.js';
import { addMarkers, characteristic, isOutOfAction, markWounds, type Equipment, type Fighter, type Limb, type Modifiers } from './fighter.js';
import { targetableWhenConcealed } from './scenery.js';
import type { WeatherCondition } from './catalog/weather.js';
import { apCost, ensureFighter, rangedAttackWeapon } from './checks.js';

export type Edition = 'es' | 'de';

export interface EngagedWith {
  id: string;
  fighter: Fighter;
  /** Distance from the shooter, for EDEN-RANGED-4. */
  distanceToShooter: number;
  /** Within 5 cm (≤ 5) of an Energy beacon: +2 protection on every limb for this attack (EDEN-TERRAIN-LIST-10). */
  nearEnergyBeacon?: boolean;
}

export interface ShotCandidate {
  id: string;
  fighter: Fighter;
  distance: number;
  lineOfSight: boolean;
  obstacles?: number;
  /** Fighters whose bases touch this candidate; non-empty → not free. */
  engagedWith?: EngagedWith[];
  /** Hidden by Concealment: only a shooter within 5 cm may choose it (EDEN-TERRAIN-R-CONCEALMENT). */
  concealed?: boolean;
  /** Within 5 cm (≤ 5) of an Energy beacon (EDEN-TERRAIN-LIST-10). */
  nearEnergyBeacon?: boolean;
}

export interface ShotInput {
  shooter: Fighter;
  weapon: string;
  candidates: ShotCandidate[];
  /** Automatic choice skips candidates that are not free (EDEN-RANGED-2 exception). */
  ignoreEngaged?: boolean;
  targetId?: string;
  shooterElevated?: boolean;
  aim?: Aim;
  modifiers?: { shooter?: Modifiers; target?: Modifiers };
  edition?: Edition;
  /** Caller-supplied state, checked when present. */
  shooterEngaged?: boolean;
  attacksThisTurn?: number;
  weaponUses?: { turn?: number; game?: number };
  /** Weather in play: Thick fog forbids targets more than 15 cm away (EDEN-WEATHER-4). */
  weather?: readonly WeatherCondition[];
}

export interface ShotResult {
  targetId: string | null;
  redirectedTo: string | null;
  success: boolean;
  reason: 'no_target' | 'no_success' | 'no_wound' | null;
  legalTargets: string[];
  roll: CharacteristicRoll | null;
  location: Location | null;
  potency: { value: number; roll: CharacteristicRoll } | null;
  inflicted: number;
  protection: number;
  marked: number;
  hit: { id: string; fighter: Fighter } | null;
  shooter: Fighter;
  apSpent: number;
  /** The fighter hit had the Energy beacon's Gyromagnetic field (Complete +2) for this attack. */
  energyBeacon: boolean;
}

/** EDEN-WEATHER-4: Thick fog, no target beyond 15 cm. */
export const FOG_LIMIT = 15;

/** EDEN-TERRAIN-LIST-10: the Energy beacon's temporary item. */
export const GYROMAGNETIC_FIELD = { name: 'Gyromagnetic field', categories: ['protection'], protection: { limbs: 'all' as const, value: 2 } };

/** EDEN-RANGED-2 / EDEN-RANGED-4: a candidate with fighters in contact is not free. */
/** Free = in contact with no fighter still in play (EDEN-WOUND-4: the out of action leave the table). */
export const isFree = (c: ShotCandidate): boolean => !c.engagedWith || !c.engagedWith.some((e) => inPlay(e.fighter as Fighter));

/**
 * EDEN-WOUND-4: a fighter out of action «se retira inmediatamente del terreno» — by its wounds or
 * flagged `outOfAction: true` by the caller. Such a fighter can be neither a target (EDEN-RANGED-2)
 * nor hit by a redirected shot (EDEN-RANGED-4).
 */
export function inPlay(f: Fighter): boolean {
  return f.outOfAction !== true && !isOutOfAction(ensureFighter(f));
}

/**
 * EDEN-RANGED-2: eligible = within Range (+5 cm on Elevation, EDEN-EFFECT-RANGE), with LoS, in
 * play; legal = eligible with no *free* eligible candidate strictly nearer.
 */
export function legalTargets(candidates: ShotCandidate[], range: number): ShotCandidate[] {
  const eligible = candidates.filter(
    (c) =>
      c.distance <= range &&
      c.lineOfSight &&
      // EDEN-WOUND-4: out of action fighters have left the table
      inPlay(c.fighter) &&
      // EDEN-TERRAIN-R-CONCEALMENT: a hidden fighter more than 5 cm away cannot be chosen
      targetableWhenConcealed(c.concealed, c.distance),
  );
  let nearestFree = Infinity;
  for (const c of eligible) if (isFree(c) && c.distance < nearestFree) nearestFree = c.distance;
  return eligible.filter((c) => c.distance <= nearestFree);
}

function nearest(list: ShotCandidate[], freeOnly: boolean): ShotCandidate | undefined {
  let best: ShotCandidate | undefined;
  for (const c of list) {
    if (freeOnly && !isFree(c)) continue;
    if (!best || c.distance < best.distance) best = c;
  }
  return best;
}

/** EDEN-RANGED-2 / EDEN-EFFECT-RANGE / EDEN-WEATHER-4: the weapon's Range, +5 cm on Elevation, at most 15 cm under Thick fog. */
export function shotRange(weapon: Equipment, input: Pick<ShotInput, 'shooterElevated' | 'weather'>): number {
  let range = (weapon.range ?? 0) + (input.shooterElevated ? 5 : 0);
  // EDEN-WEATHER-4: under Thick fog no action may target anything more than 15 cm away
  if (input.weather?.includes('thick_fog')) range = Math.min(range, FOG_LIMIT);
  return range;
}

/**
 * EDEN-RANGED-2: the legal targets within `range` and the target of the shot — the declared
 * `targetId` (422 `illegal_target` when it is not legal) or the automatic choice; `chosen` is
 * undefined when no fighter is eligible.
 */
export function chooseTarget(input: Pick<ShotInput, 'candidates' | 'targetId' | 'ignoreEngaged'>, range: number): { legal: ShotCandidate[]; chosen: ShotCandidate | undefined } {
  const legal = legalTargets(input.candidates, range);
  if (input.targetId !== undefined) {
    const chosen = legal.find((c) => c.id === input.targetId);
    if (!chosen) {
      throw new RuleViolation(
        'illegal_target',
        `"${input.targetId}" is not a legal target: the target must be eligible (range ${range} cm, line of sight) and no free eligible fighter may be nearer (EDEN-RANGED-2).`,
        { legalTargets: legal.map((c) => c.id) },
      );
    }
    return { legal, chosen };
  }
  // EDEN-RANGED-2: the nearest eligible (skipping fighters that are not free with ignoreEngaged);
  // EDEN-AMB-22: ties → the first in request order (declare targetId to choose another)
  return { legal, chosen: nearest(legal, input.ignoreEngaged === true) ?? nearest(legal, false) };
}

/**
 * EDEN-RANGED-4 (EDEN-AMB-21: any side): the fighters in contact with `target` a shot into the
 * melee can be redirected to — those still on the table (EDEN-WOUND-4, as `legalTargets` judges).
 */
export function redirectCandidates(target: ShotCandidate): EngagedWith[] {
  return (target.engagedWith ?? []).filter((e) => inPlay(e.fighter));
}

/** EDEN-RANGED-4: the redirect candidate nearest to the shooter (EDEN-AMB-22: ties → request order), if any. */
function redirectTarget(target: ShotCandidate): EngagedWith | undefined {
  let best: EngagedWith | undefined;
  for (const e of redirectCandidates(target)) if (!best || e.distanceToShooter < best.distanceToShooter) best = e;
  return best;
}

/** The fighter a shot with `successes` hit-roll successes actually hits (EDEN-RANGED-4). */
export interface ShotHit {
  id: string;
  fighter: Fighter;
  /** Within 5 cm of an Energy beacon (EDEN-TERRAIN-LIST-10). */
  nearEnergyBeacon: boolean;
  /** The id of the fighter in contact the shot was redirected to, else null. */
  redirectedTo: string | null;
}

/**
 * EDEN-RANGED-4: odd successes against a fighter that is not free hit the fighter in contact with
 * it nearest to the shooter (when one is still on the table); otherwise the target is hit.
 */
export function shotHit(target: ShotCandidate, successes: number): ShotHit {
  if (!isFree(target) && successes % 2 === 1) {
    const other = redirectTarget(target);
    if (other) return { id: other.id, fighter: ensureFighter(other.fighter), nearEnergyBeacon: other.nearEnergyBeacon === true, redirectedTo: other.id };
  }
  return { id: target.id, fighter: ensureFighter(target.fighter), nearEnergyBeacon: target.nearEnergyBeacon === true, redirectedTo: null };
}

/** EDEN-RANGED-3: the hit roll — CBT + weapon bonus + modifiers − 1 per Obstacle, against the target's current RAP. */
export function hitRollValues(shooter: Fighter, weapon: Equipment, target: ShotCandidate, modifiers: ShotInput['modifiers']): { value: number; difficulty: number } {
  const obstacles = target.obstacles ?? 0;
  return {
    value: characteristic(shooter, 'CBT', weapon.bonus, modifiers?.shooter, obstacles ? { CBT: -obstacles } : undefined),
    difficulty: characteristic(ensureFighter(target.fighter), 'RAP', modifiers?.target),
  };
}

/** EDEN-RANGED-6: Pot' = Pot + remaining successes, against the hit fighter's current VIG. */
export function potencyValues(weapon: Equipment, hit: Fighter, remaining: number, modifiers: ShotInput['modifiers']): { value: number; difficulty: number } {
  return { value: (weapon.potency ?? 0) + remaining, difficulty: characteristic(hit, 'VIG', modifiers?.target) };
}

/**
 * EDEN-TERRAIN-LIST-10: within 5 cm of an Energy beacon the fighter hit gains «Campo
 * giromagnético (Pr): Completa +2» for this attack, added to its protections: the fighter as it
 * takes the wounds.
 */
export function protectionOnHit(fighter: Fighter, nearEnergyBeacon: boolean): Fighter {
  return nearEnergyBeacon ? { ...fighter, equipment: [...fighter.equipment, GYROMAGNETIC_FIELD] } : fighter;
}

/**
 * EDEN-RANGED-7: `n` Potency successes as wounds on `limb` of the fighter hit, protection applying
 * (with the Energy beacon's field, `protectionOnHit`, which it loses afterwards).
 */
export function shotWounds(fighter: Fighter, nearEnergyBeacon: boolean, limb: Limb, n: number): { fighter: Fighter; protection: number; marked: number } {
  const wound = markWounds(protectionOnHit(fighter, nearEnergyBeacon), limb, n);
  return { ...wound, fighter: nearEnergyBeacon ? { ...wound.fighter, equipment: fighter.equipment } : wound.fighter };
}

/** Everything `resolveShot` settles before the first die (`shotSetup`). */
export interface ShotSetup {
  /** The shooter, normalised, before paying the AP. */
  shooter: Fighter;
  weapon: Equipment;
  /** AP the shot costs (EDEN-RANGED-1). */
  cost: number;
  range: number;
  legal: ShotCandidate[];
  chosen: ShotCandidate | undefined;
}

/**
 * The preconditions (EDEN-RANGED-1: RuleViolation / InvalidInput, as `resolveShot` throws them),
 * the Range and the target choice (EDEN-RANGED-2) of a shot.
 */
export function shotSetup(input: ShotInput): ShotSetup {
  const shooter = ensureFighter(input.shooter);
  const weapon = rangedAttackWeapon(shooter, {
    role: 'shooter',
    action: 'shoot',
    category: 'shooting',
    weapon: input.weapon,
    engaged: input.shooterEngaged,
    attacksThisTurn: input.attacksThisTurn,
    weaponUses: input.weaponUses,
  });
  const cost = apCost(shooter, 1, 'shooter');
  const range = shotRange(weapon, input);
  return { shooter, weapon, cost, range, ...chooseTarget(input, range) };
}

/** Resolve one shot (EDEN-RANGED-1..7). Throws RuleViolation before rolling when illegal. */
export function resolveShot(input: ShotInput, dice: Dice): ShotResult {
  const setup = shotSetup(input);
  const { weapon, cost, legal, chosen } = setup;
  let shooter = setup.shooter;
  const legalIds = legal.map((c) => c.id);

  const base = {
    legalTargets: legalIds,
    location: null,
    potency: null,
    inflicted: 0,
    protection: 0,
    marked: 0,
  };
  if (!chosen) {
    // EDEN-RANGED-2 EDITION NOTE: ES — the shot happens and fails (AP paid); DE — no attack takes place
    const paid = (input.edition ?? 'es') === 'es' ? cost : 0;
    return {
      ...base,
      targetId: null,
      redirectedTo: null,
      success: false,
      reason: 'no_target',
      roll: null,
      hit: null,
      shooter: { ...shooter, ap: shooter.ap - paid, outOfAction: false },
      apSpent: paid,
      energyBeacon: false,
    };
  }
  if (cost) shooter = { ...shooter, ap: shooter.ap - cost };

  // EDEN-RANGED-3: CBT + weapon bonus − 1 per Obstacle, against the target's current RAP
  const hitRoll = hitRollValues(shooter, weapon, chosen, input.modifiers);
  const roll = characteristicRoll(dice, 'shooter CBT', hitRoll.value, hitRoll.difficulty);
  const outShooter = { ...shooter, outOfAction: false };
  if (roll.successes === 0) {
    // EDEN-RANGED-3: zero successes → the attack fails at once
    return {
      ...base,
      targetId: chosen.id,
      redirectedTo: null,
      success: false,
      reason: 'no_success',
      roll,
      hit: { id: chosen.id, fighter: { ...ensureFighter(chosen.fighter), outOfAction: false } },
      shooter: outShooter,
      apSpent: cost,
      energyBeacon: false,
    };
  }

  // EDEN-RANGED-4: odd successes against a fighter that is not free hit the fighter in contact
  // with it nearest to the shooter (EDEN-AMB-21: any side; EDEN-AMB-22: ties → request order;
  // EDEN-WOUND-4: never one out of action)
  const hit = shotHit(chosen, roll.successes);

  // EDEN-RANGED-5: location on the (new) target's index, spending successes, keeping one
  const location = aimLocation(hit.fighter, locationDie(dice, 'shooter location'), roll.successes, input.aim);
  const remaining = roll.successes - Math.abs(location.shift);
  // EDEN-RANGED-6: Pot' = Pot + remaining successes, against the hit fighter's current VIG
  const potency = potencyValues(weapon, hit.fighter, remaining, input.modifiers);
  const potencyRoll = characteristicRoll(dice, 'potency', potency.value, potency.difficulty);
  // EDEN-RANGED-7: each Potency success is a wound; protection applies (EDEN-TERRAIN-LIST-10:
  // with the Energy beacon's field when the fighter hit is near one)
  const wound = shotWounds(hit.fighter, hit.nearEnergyBeacon, location.limb, potencyRoll.successes);
  let after = wound.fighter;
  // EDEN-AMB-25: Fire/Fear mark the final target when the CBT roll had a success
  if (weapon.fire || weapon.fear) after = addMarkers(after, { fire: weapon.fire ?? 0, fear: weapon.fear ?? 0 });
  return {
    ...base,
    targetId: chosen.id,
    redirectedTo: hit.redirectedTo,
    // EDEN-WOUND-6
    success: wound.marked > 0,
    reason: wound.marked > 0 ? null : 'no_wound',
    roll,
    location,
    potency: { value: potency.value, roll: potencyRoll },
    inflicted: potencyRoll.successes,
    protection: wound.protection,
    marked: wound.marked,
    hit: { id: hit.id, fighter: { ...after, outOfAction: isOutOfAction(after) } },
    shooter: outShooter,
    apSpent: cost,
    energyBeacon: hit.nearEnergyBeacon,
  };
}
