/** EDEN Throwing (EDEN-THROW-1) with Explosive (X) (EDEN-EFFECT-EXPLOSIVE). */
import type { Dice } from '../../../kernel/dice/index.js';
import { RuleViolation } from '../../../kernel/errors.js';
import { characteristic, isOutOfAction, type Fighter, type Limb } from './fighter.js';
import { characteristicRoll, type CharacteristicRoll } from './rolls.js';
import { NO_MARKS, itemMarkers, woundEachLimb } from './area.js';
import { FOG_LIMIT } from './ranged.js';
import type { WeatherCondition } from './catalog/weather.js';
import { apCost, ensureFighter, rangedAttackWeapon } from './checks.js';

export interface ThrowInput {
  attacker: Fighter;
  weapon: string;
  point: { distance: number; lineOfSight: boolean };
  /** Fighters on the point or under the template (EDEN-AMB-23), in the order their dice are rolled. */
  affected: { id: string; fighter: Fighter }[];
  attackerElevated?: boolean;
  attackerEngaged?: boolean;
  attacksThisTurn?: number;
  weaponUses?: { turn?: number; game?: number };
  /** Weather in play: Thick fog forbids a point more than 15 cm away (EDEN-WEATHER-4). */
  weather?: readonly WeatherCondition[];
}

export interface ThrowHit {
  id: string;
  /** The Explosive roll, or null when the item is not explosive or the fighter had already left. */
  roll: CharacteristicRoll | null;
  marked: number;
  markedByLimb: Record<Limb, number>;
  fighter: Fighter;
}

export interface ThrowResult {
  /** EDEN-THROW-1 step 3: automatic success. */
  success: true;
  results: ThrowHit[];
  attacker: Fighter;
  apSpent: number;
}

export function resolveThrow(input: ThrowInput, dice: Dice): ThrowResult {
  let attacker = ensureFighter(input.attacker);
  const weapon = rangedAttackWeapon(attacker, {
    role: 'attacker',
    action: 'throw',
    category: 'thrown',
    weapon: input.weapon,
    engaged: input.attackerEngaged,
    attacksThisTurn: input.attacksThisTurn,
    weaponUses: input.weaponUses,
  });
  // EDEN-THROW-1 step 1 / EDEN-EFFECT-RANGE: distance ≤ Range (+5 cm on Elevation)
  const range = (weapon.range ?? 0) + (input.attackerElevated ? 5 : 0);
  if (input.point.distance > range) {
    throw new RuleViolation('out_of_range', `The point is ${input.point.distance} cm away; "${weapon.name}" reaches ${range} cm (EDEN-THROW-1).`, {
      range,
      distance: input.point.distance,
    });
  }
  // EDEN-WEATHER-4: under Thick fog no action may target anything more than 15 cm away
  if (input.weather?.includes('thick_fog') && input.point.distance > FOG_LIMIT) {
    throw new RuleViolation('out_of_range', `The point is ${input.point.distance} cm away; under Thick fog nothing beyond ${FOG_LIMIT} cm may be targeted (EDEN-WEATHER-4).`, {
      range: FOG_LIMIT,
      distance: input.point.distance,
    });
  }
  // EDEN-THROW-1 step 1: line of sight to the point (or to the fighters on it)
  if (!input.point.lineOfSight) {
    throw new RuleViolation('no_line_of_sight', 'The attacker needs line of sight to the point (EDEN-THROW-1).');
  }
  const cost = apCost(attacker, 1, 'attacker');
  if (cost) attacker = { ...attacker, ap: attacker.ap - cost };

  const results: ThrowHit[] = [];
  for (const entry of input.affected) {
    let f = ensureFighter(entry.fighter);
    if (isOutOfAction(f) || f.outOfAction === true) {
      results.push({ id: entry.id, roll: null, marked: 0, markedByLimb: { ...NO_MARKS }, fighter: { ...f, outOfAction: true } });
      continue;
    }
    let roll: CharacteristicRoll | null = null;
    let marked = 0;
    let markedByLimb = { ...NO_MARKS };
    if (weapon.explosive) {
      // EDEN-EFFECT-EXPLOSIVE: X D6 against this fighter's VIG (EDEN-ROLL-4: cap and ≤ 0 rules apply)
      roll = characteristicRoll(dice, `explosion ${entry.id}`, weapon.explosive, characteristic(f, 'VIG'));
      // one success is enough: one wound on each limb, protection ignored
      if (roll.successes > 0) {
        const hit = woundEachLimb(f);
        f = hit.fighter;
        marked = hit.marked;
        markedByLimb = hit.markedByLimb;
      }
    }
    // EDEN-EFFECT-EXPLOSIVE step 4 / EDEN-AMB-25: every affected fighter gets the other effects
    f = itemMarkers(f, weapon);
    results.push({ id: entry.id, roll, marked, markedByLimb, fighter: { ...f, outOfAction: isOutOfAction(f) } });
  }
  return { success: true, results, attacker: { ...attacker, outOfAction: false }, apSpent: cost };
}
