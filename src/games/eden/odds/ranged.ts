/**
 * Exact odds of a shot (EDEN-RANGED-2..7), without sampling. `resolveShot` runs once for its
 * preconditions and target choice (EDEN-RANGED-2); then the hit roll's successes (binomial),
 * redirection on odd successes into a melee (EDEN-RANGED-4), the location face spent by
 * `aimLocation` (EDEN-RANGED-5), the Potency roll (EDEN-RANGED-6) and `markWounds` (EDEN-RANGED-7)
 * are enumerated — the building blocks `resolveShot` uses.
 */
import { SeededDice } from '../../dice/index.js';
import { resolveShot, type EngagedWith, type ShotInput } from '../ranged.js';
import { aimLocation } from '../location.js';
import { LIMBS, characteristic, isOutOfAction, markWounds, type Fighter } from '../fighter.js';
import { ensureFighter, weaponOf } from '../checks.js';
import { successDistribution } from './distribution.js';
import { reduceOutcomes, type OddsResult, type WeightedOutcome } from './result.js';

export function rangedOdds(input: ShotInput): OddsResult {
  const probe = resolveShot(input, new SeededDice('odds'));
  const none = { success: false, outOfAction: false, marked: 0, byLimb: [0, 0, 0, 0] as [number, number, number, number], attackerMarked: 0, attackerOutOfAction: false, redirected: false };
  if (probe.targetId === null) return reduceOutcomes([{ p: 1, outcome: { ...none, noTarget: true } }]);
  const shooter = ensureFighter(input.shooter);
  const weapon = weaponOf(shooter, input.weapon, 'shooting', '/weapon');
  const chosen = input.candidates.find((c) => c.id === probe.targetId && probe.legalTargets.includes(c.id))!;
  const obstacles = chosen.obstacles ?? 0;
  const cbt = characteristic(shooter, 'CBT', weapon.bonus, input.modifiers?.shooter, obstacles ? { CBT: -obstacles } : undefined);
  const chosenFighter = ensureFighter(chosen.fighter);
  const hits = successDistribution(cbt, characteristic(chosenFighter, 'RAP', input.modifiers?.target));
  const free = !chosen.engagedWith || chosen.engagedWith.length === 0;
  // EDEN-RANGED-4: the fighter in contact nearest to the shooter (ties: request order)
  let nearest: EngagedWith | undefined;
  for (const e of chosen.engagedWith ?? []) {
    if (isOutOfAction(ensureFighter(e.fighter))) continue;
    if (!nearest || e.distanceToShooter < nearest.distanceToShooter) nearest = e;
  }
  const out: WeightedOutcome[] = [];
  // EDEN-RANGED-3: zero successes → the attack fails at once
  if (hits[0]! > 0) out.push({ p: hits[0]!, outcome: { ...none, noTarget: false } });
  for (let k = 1; k < hits.length; k++) {
    const pk = hits[k]!;
    if (pk === 0) continue;
    const redirected = !free && k % 2 === 1 && nearest !== undefined;
    const hitFighter: Fighter = redirected ? ensureFighter(nearest!.fighter) : chosenFighter;
    const vig = characteristic(hitFighter, 'VIG', input.modifiers?.target);
    for (let face = 1; face <= 6; face++) {
      const location = aimLocation(hitFighter, face, k, input.aim);
      const remaining = k - Math.abs(location.shift);
      const potency = successDistribution((weapon.potency ?? 0) + remaining, vig);
      for (let w = 0; w < potency.length; w++) {
        const pw = potency[w]!;
        if (pw === 0) continue;
        const wound = markWounds(hitFighter, location.limb, w);
        const byLimb: [number, number, number, number] = [0, 0, 0, 0];
        byLimb[LIMBS.indexOf(location.limb)] = wound.marked;
        out.push({
          p: (pk * pw) / 6,
          outcome: { ...none, success: wound.marked > 0, outOfAction: isOutOfAction(wound.fighter), marked: wound.marked, byLimb, redirected, noTarget: false },
        });
      }
    }
  }
  return reduceOutcomes(out);
}
