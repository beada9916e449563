/** Area effects shared by Throwing, Spray and Explosive: one wound on each limb, markers. */
import { LIMBS, addMarkers, markWounds, type Equipment, type Fighter, type Limb } from './fighter.js';

export interface AreaHit {
  fighter: Fighter;
  /** Boxes marked, per limb. */
  markedByLimb: Record<Limb, number>;
  /** Total boxes marked. */
  marked: number;
}

/**
 * "One wound on each limb", protection ignored (EDEN-SPRAY-2, EDEN-EFFECT-EXPLOSIVE, EDEN-EQUIP-3);
 * all four are applied before the out-of-action check (EDEN-WOUND-5, EDEN-AMB-13).
 */
export function woundEachLimb(f: Fighter): AreaHit {
  let fighter = f;
  const markedByLimb = { head: 0, arms: 0, torso: 0, legs: 0 };
  let marked = 0;
  for (const limb of LIMBS) {
    const r = markWounds(fighter, limb, 1, { ignoreProtection: true });
    fighter = r.fighter;
    markedByLimb[limb] = r.marked;
    marked += r.marked;
  }
  return { fighter, markedByLimb, marked };
}

export const NO_MARKS: Readonly<Record<Limb, number>> = { head: 0, arms: 0, torso: 0, legs: 0 };

/** Fire (X) / Fear (X) markers of the item (EDEN-EFFECT-FIRE, EDEN-EFFECT-FEAR). */
export function itemMarkers(f: Fighter, item: Equipment): Fighter {
  return item.fire || item.fear ? addMarkers(f, { fire: item.fire ?? 0, fear: item.fear ?? 0 }) : f;
}
