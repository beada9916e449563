/** EDEN Shooting (digest §12.1, EDEN-RANGED-1..7). */
import type { Dice } from '../dice/index.js';
import { RuleViolation } from '../errors.js';
import { aimLocation, type Aim, type Location } from './location.js';
import { characteristicRoll, locationDie, type CharacteristicRoll } from './rolls.js';
import { addMarkers, characteristic, isOutOfAction, markWounds, type Fighter, type Modifiers } from './fighter.js';
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

const isFree = (c: ShotCandidate) => !c.engagedWith || c.engagedWith.length === 0;

/**
 * EDEN-RANGED-2: eligible = within Range (+5 cm on Elevation, EDEN-EFFECT-RANGE), with LoS, in
 * play; legal = eligible with no *free* eligible candidate strictly nearer.
 */
export function legalTargets(candidates: ShotCandidate[], range: number): ShotCandidate[] {
  const eligible = candidates.filter(
    (c) =>
      c.distance <= range &&
      c.lineOfSight &&
      c.fighter.outOfAction !== true &&
      !isOutOfAction(ensureFighter(c.fighter)) &&
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

/** Resolve one shot (EDEN-RANGED-1..7). Throws RuleViolation before rolling when illegal. */
export function resolveShot(input: ShotInput, dice: Dice): ShotResult {
  let shooter = ensureFighter(input.shooter);
  const weapon = rangedAttackWeapon(shooter, { role: 'shooter', action: 'shoot', category: 'shooting', weapon: input.weapon, engaged: input.shooterEngaged, attacksThisTurn: input.attacksThisTurn, weaponUses: input.weaponUses });
  const cost = apCost(shooter, 1, 'shooter');

  let range = (weapon.range ?? 0) + (input.shooterElevated ? 5 : 0);
  // EDEN-WEATHER-4: under Thick fog no action may target anything more than 15 cm away
  if (input.weather?.includes('thick_fog')) range = Math.min(range, FOG_LIMIT);
  const legal = legalTargets(input.candidates, range);
  const legalIds = legal.map((c) => c.id);

  let chosen: ShotCandidate | undefined;
  if (input.targetId !== undefined) {
    chosen = legal.find((c) => c.id === input.targetId);
    if (!chosen) {
      throw new RuleViolation(
        'illegal_target',
        `"${input.targetId}" is not a legal target: the target must be eligible (range ${range} cm, line of sight) and no free eligible fighter may be nearer (EDEN-RANGED-2).`,
        { legalTargets: legalIds },
      );
    }
  } else {
    // EDEN-RANGED-2: the nearest eligible (skipping fighters that are not free with ignoreEngaged);
    // EDEN-AMB-22: ties → the first in request order (declare targetId to choose another)
    chosen = nearest(legal, input.ignoreEngaged === true) ?? nearest(legal, false);
  }

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
  const obstacles = chosen.obstacles ?? 0;
  const cbt = characteristic(shooter, 'CBT', weapon.bonus, input.modifiers?.shooter, obstacles ? { CBT: -obstacles } : undefined);
  const chosenFighter = ensureFighter(chosen.fighter);
  const roll = characteristicRoll(dice, 'shooter CBT', cbt, characteristic(chosenFighter, 'RAP', input.modifiers?.target));
  const outShooter = { ...shooter, outOfAction: false };
  if (roll.successes === 0) {
    // EDEN-RANGED-3: zero successes → the attack fails at once
    return { ...base, targetId: chosen.id, redirectedTo: null, success: false, reason: 'no_success', roll, hit: { id: chosen.id, fighter: { ...chosenFighter, outOfAction: false } }, shooter: outShooter, apSpent: cost, energyBeacon: false };
  }

  let hitId = chosen.id;
  let hitFighter = chosenFighter;
  let redirectedTo: string | null = null;
  let beacon = chosen.nearEnergyBeacon === true;
  // EDEN-RANGED-4: odd successes against a fighter that is not free hit the fighter in contact
  // with it nearest to the shooter (EDEN-AMB-21: any side; EDEN-AMB-22: ties → request order)
  if (!isFree(chosen) && roll.successes % 2 === 1) {
    let nearest: EngagedWith | undefined;
    for (const e of chosen.engagedWith!) {
      if (isOutOfAction(ensureFighter(e.fighter))) continue;
      if (!nearest || e.distanceToShooter < nearest.distanceToShooter) nearest = e;
    }
    if (nearest) {
      redirectedTo = nearest.id;
      hitId = nearest.id;
      hitFighter = ensureFighter(nearest.fighter);
      beacon = nearest.nearEnergyBeacon === true;
    }
  }

  // EDEN-RANGED-5: location on the (new) target's index, spending successes, keeping one
  const location = aimLocation(hitFighter, locationDie(dice, 'shooter location'), roll.successes, input.aim);
  const remaining = roll.successes - Math.abs(location.shift);
  // EDEN-RANGED-6: Pot' = Pot + remaining successes, against the hit fighter's current VIG
  const potencyValue = (weapon.potency ?? 0) + remaining;
  const potencyRoll = characteristicRoll(dice, 'potency', potencyValue, characteristic(hitFighter, 'VIG', input.modifiers?.target));
  // EDEN-RANGED-7: each Potency success is a wound; protection applies
  // EDEN-TERRAIN-LIST-10: within 5 cm of an Energy beacon the fighter hit gains «Campo
  // giromagnético (Pr): Completa +2» for this attack, added to its protections, then loses it
  const shielded = beacon ? { ...hitFighter, equipment: [...hitFighter.equipment, GYROMAGNETIC_FIELD] } : hitFighter;
  const wound = markWounds(shielded, location.limb, potencyRoll.successes);
  let after = beacon ? { ...wound.fighter, equipment: hitFighter.equipment } : wound.fighter;
  // EDEN-AMB-25: Fire/Fear mark the final target when the CBT roll had a success
  if (weapon.fire || weapon.fear) after = addMarkers(after, { fire: weapon.fire ?? 0, fear: weapon.fear ?? 0 });
  return {
    ...base,
    targetId: chosen.id,
    redirectedTo,
    // EDEN-WOUND-6
    success: wound.marked > 0,
    reason: wound.marked > 0 ? null : 'no_wound',
    roll,
    location,
    potency: { value: potencyValue, roll: potencyRoll },
    inflicted: potencyRoll.successes,
    protection: wound.protection,
    marked: wound.marked,
    hit: { id: hitId, fighter: { ...after, outOfAction: isOutOfAction(after) } },
    shooter: outShooter,
    apSpent: cost,
    energyBeacon: beacon,
  };
}
