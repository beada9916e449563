/**
 * Spending attack successes on the location die (EDEN-MELEE-3 step 5, EDEN-RANGED-5, EDEN-ROLL-7)
 * and the `aim` semantics of CONTRACT §2.
 */
import { RuleViolation } from '../../../kernel/errors.js';
import { limbForFace, type Fighter, type Limb } from './fighter.js';

export type Aim = Limb | { shift: number };

export interface Location {
  /** The die as rolled. */
  rolled: number;
  /** Steps moved (negative: down); one success per step. */
  shift: number;
  /** Final result, 1..6. */
  face: number;
  limb: Limb;
}

/**
 * Move the rolled face as `aim` asks, spending |shift| of `successes`.
 * - EDEN-MELEE-3 step 5 / EDEN-AMB-39: at most successes − 1 may be spent (at least one remains).
 * - EDEN-AMB-6 (DE «nicht beides gleichzeitig»): one direction per roll, so a shift is a signed number.
 * - EDEN-ROLL-7: results stay in 1..6; an exact shift that would leave 1..6 is refused.
 * - aim = limb: the fewest successes that reach that limb; if none can, the die stays.
 */
export function aimLocation(target: Fighter, rolled: number, successes: number, aim: Aim | undefined): Location {
  const budget = successes - 1;
  let shift = 0;
  if (typeof aim === 'string') {
    // CONTRACT §2: fewest successes onto the aimed limb; impossible → the die stays where it fell
    const faces = target.limbs[aim].faces;
    let best = Infinity;
    for (let i = 0; i < faces.length; i++) {
      const d = faces[i]! - rolled;
      if (Math.abs(d) <= budget && Math.abs(d) < Math.abs(best)) best = d;
      else if (Math.abs(d) === Math.abs(best) && d > best) best = d; // equal cost: move up (deterministic)
    }
    if (best !== Infinity) shift = best;
  } else if (aim && aim.shift !== 0) {
    const face = rolled + aim.shift;
    // EDEN-MELEE-3 step 5: keep at least one success; EDEN-ROLL-7: stay within 1..6
    if (Math.abs(aim.shift) > budget || face < 1 || face > 6) {
      throw new RuleViolation(
        'illegal_shift',
        `A shift of ${aim.shift} from ${rolled} is not allowed with ${successes} success(es): at most ${Math.max(0, budget)} may be spent and the result must stay within 1..6.`,
        { rolled, successes, maxShift: Math.max(0, budget) },
      );
    }
    shift = aim.shift;
  }
  const face = rolled + shift;
  return { rolled, shift, face, limb: limbForFace(target, face)! };
}
