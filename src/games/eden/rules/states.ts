/**
 * The five states (EDEN-STATE-*): Fire, Fear, Rage, Slow, Poison. Rage and Poison modifiers live in
 * `characteristic` (fighter.ts); this file holds the marker bookkeeping and the upkeep effects.
 */
import type { Dice } from '../../../kernel/dice/index.js';
import { InvalidInput, RuleViolation } from '../../../kernel/errors.js';
import { characteristic, limbForFace, markWounds, type Fighter, type Limb } from './fighter.js';
import { characteristicRoll, locationDie, type CharacteristicRoll } from './rolls.js';

export interface FireDamage {
  fighter: Fighter;
  damageDice: number[];
  vig: number;
  hits: number;
  face: number;
  limb: Limb;
  protection: number;
  marked: number;
}

/**
 * EDEN-UPKEEP-3 / EDEN-STATE-FIRE-1: 3 damage dice then 1 location die (CONTRACT §1); each die
 * strictly above the current VIG is a wound (EDEN-ROLL-4: not a characteristic roll, so VIG ≥ 6 is
 * immune and VIG ≤ 0 takes every die); all go to one limb, protection subtracted once from the
 * total (EDEN-WOUND-5); then one Fire marker is removed.
 */
export function burn(f: Fighter, dice: Dice, path = '/fighter'): FireDamage {
  const damageDice = dice.roll(`${f.id} fire damage`, 3, 6);
  const face = locationDie(dice, `${f.id} fire location`);
  const vig = characteristic(f, 'VIG');
  let hits = 0;
  for (const d of damageDice) if (d > vig) hits++;
  const limb = limbForFace(f, face);
  if (!limb) {
    throw new InvalidInput([{ path: `${path}/limbs`, code: 'faces_incomplete', message: `No limb of ${f.name} has location face ${face}; the four limbs must share out 1..6.` }]);
  }
  const r = markWounds(f, limb, hits);
  const fighter = { ...r.fighter, markers: { ...r.fighter.markers, fire: Math.max(0, r.fighter.markers.fire - 1) } };
  return { fighter, damageDice, vig, hits, face, limb, protection: r.protection, marked: r.marked };
}

export interface FearCheck {
  fighter: Fighter;
  roll: CharacteristicRoll;
  removed: number;
}

/** EDEN-UPKEEP-4 / EDEN-STATE-FEAR-2: PSI roll, difficulty 5; each success removes one Fear marker. */
export function shakeFear(f: Fighter, dice: Dice): FearCheck {
  const roll = characteristicRoll(dice, `${f.id} fear PSI`, characteristic(f, 'PSI'), 5);
  const removed = Math.min(roll.successes, f.markers.fear);
  return { fighter: { ...f, markers: { ...f.markers, fear: f.markers.fear - removed } }, roll, removed };
}

/** EDEN-UPKEEP-5 / EDEN-STATE-POISON-1: one Poison marker goes. */
export function wearOffPoison(f: Fighter): Fighter {
  return f.markers.poison > 0 ? { ...f, markers: { ...f.markers, poison: f.markers.poison - 1 } } : f;
}

/** EDEN-UPKEEP-6 / EDEN-STATE-RAGE-2: the owner may remove one Rage marker. */
export function calmRage(f: Fighter): Fighter {
  return f.markers.rage > 0 ? { ...f, markers: { ...f.markers, rage: f.markers.rage - 1 } } : f;
}

/**
 * EDEN-UPKEEP-9 / EDEN-STATE-SLOW-1: with at least one Slow marker, lose 1 AP (however many markers)
 * and one marker; the AP goes even with the last marker (DE explicit). EDEN-AMB-28: only here.
 */
export function applySlow(f: Fighter): Fighter {
  if (f.markers.slow <= 0) return f;
  return { ...f, ap: Math.max(0, f.ap - 1), markers: { ...f.markers, slow: f.markers.slow - 1 } };
}

/**
 * EDEN-STATE-FIRE-2: during its own activation, 1 AP removes 1 Fire marker; EDEN-AMB-27: repeatable,
 * and not an action, so allowed under Fear.
 */
export function douseFire(f: Fighter, markers = 1): Fighter {
  if (markers > f.markers.fire) {
    throw new RuleViolation('no_fire', `${f.name} has ${f.markers.fire} Fire marker(s); cannot remove ${markers}.`, { fire: f.markers.fire });
  }
  if (markers > f.ap) throw new RuleViolation('no_ap', `Removing ${markers} Fire marker(s) costs ${markers} AP and ${f.name} has ${f.ap}.`, { ap: f.ap, cost: markers });
  return { ...f, ap: f.ap - markers, markers: { ...f.markers, fire: f.markers.fire - markers } };
}

export type ActionKind = 'move' | 'engage' | 'attack' | 'ability';
export type ReactionKind = 'passive' | 'dodge' | 'response';

/**
 * EDEN-STATE-FEAR-1: under Fear only Move is allowed (no Engage, Attack or action ability) and no
 * Response; EDEN-AMB-38: Passive and Dodge remain.
 */
export function allowedUnderStates(f: Fighter): { actions: ActionKind[]; reactions: ReactionKind[] } {
  if (f.markers.fear > 0) return { actions: ['move'], reactions: ['passive', 'dodge'] };
  return { actions: ['move', 'engage', 'attack', 'ability'], reactions: ['passive', 'dodge', 'response'] };
}

/** 422 `feared` when Fear forbids `what` (EDEN-STATE-FEAR-1). */
export function assertAllowed(f: Fighter, what: ActionKind | ReactionKind): void {
  const allowed = allowedUnderStates(f);
  if (!(allowed.actions as string[]).includes(what) && !(allowed.reactions as string[]).includes(what)) {
    throw new RuleViolation('feared', `${f.name} has a Fear marker: only Move, Passive and Dodge are allowed, not ${what} (EDEN-STATE-FEAR-1).`);
  }
}
