/**
 * Exact odds of a shot (EDEN-RANGED-2..7), without sampling. `resolveShot` runs once (a probe) for
 * its preconditions, its target choice (EDEN-RANGED-2 with Range, Elevation, Thick fog,
 * Concealment, fighters out of action — none of it re-derived here) and the hit roll it calls for
 * (CBT with weapon bonus, modifiers and obstacles against the target's RAP). Then the hit roll's
 * successes (binomial), redirection on odd successes into a melee (EDEN-RANGED-4), the location
 * face spent by `aimLocation` (EDEN-RANGED-5), the Potency roll (EDEN-RANGED-6) and `markWounds`
 * on the fighter hit, with the Energy beacon's field when it is near one (EDEN-RANGED-7,
 * EDEN-TERRAIN-LIST-10, the core's own GYROMAGNETIC_FIELD item) are enumerated — the building
 * blocks `resolveShot` uses. tests/property/odds.property.test.ts checks the result against
 * brute-force enumeration of `resolveShot` over every dice sequence, for random inputs.
 */
import { SeededDice } from '../../dice/index.js';
import { GYROMAGNETIC_FIELD, resolveShot, type EngagedWith, type ShotCandidate, type ShotInput, type ShotResult } from '../ranged.js';
import { aimLocation } from '../location.js';
import { LIMBS, characteristic, findEquipment, isOutOfAction, markWounds, type Fighter } from '../fighter.js';
import { ensureFighter } from '../checks.js';
import { successDistribution } from './distribution.js';
import { reduceOutcomes, type OddsResult, type WeightedOutcome } from './result.js';

/**
 * The candidate the rule function chose. Ids are normally unique; when several candidates share
 * the chosen id, the rule function is asked again with ids made unique (their index) and no
 * declared target — legality and the automatic choice do not depend on ids — and the declared id
 * is resolved as `resolveShot` resolves it: the first legal candidate with that id.
 */
function chosenCandidate(input: ShotInput, probe: ShotResult): ShotCandidate {
  const same = input.candidates.filter((c) => c.id === probe.targetId);
  if (same.length === 1) return same[0]!;
  const { aim: _aim, targetId: _targetId, ...rest } = input;
  const renamed = resolveShot({ ...rest, candidates: input.candidates.map((c, i) => ({ ...c, id: String(i) })) }, new SeededDice('odds'));
  if (input.targetId === undefined) return input.candidates[Number(renamed.targetId)]!;
  const index = renamed.legalTargets.map(Number).find((i) => input.candidates[i]!.id === input.targetId);
  return input.candidates[index!]!;
}

export function rangedOdds(input: ShotInput): OddsResult {
  const probe = resolveShot(input, new SeededDice('odds'));
  const none = { success: false, outOfAction: false, marked: 0, byLimb: [0, 0, 0, 0] as [number, number, number, number], attackerMarked: 0, attackerOutOfAction: false, redirected: false };
  if (probe.targetId === null) return reduceOutcomes([{ p: 1, outcome: { ...none, noTarget: true } }]);
  const chosen = chosenCandidate(input, probe);
  const shooter = ensureFighter(input.shooter);
  // the item `resolveShot` found (weaponOf → findEquipment): its Pot (EDEN-RANGED-6)
  const weapon = findEquipment(shooter, input.weapon)!;
  // EDEN-RANGED-3: the hit roll exactly as the rule function called for it
  const hits = successDistribution(probe.roll!.value, probe.roll!.difficulty);
  const chosenFighter = ensureFighter(chosen.fighter);
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
    // EDEN-TERRAIN-LIST-10: the fighter hit near an Energy beacon has +2 Complete protection
    const beacon = redirected ? nearest!.nearEnergyBeacon === true : chosen.nearEnergyBeacon === true;
    const shielded = beacon ? { ...hitFighter, equipment: [...hitFighter.equipment, GYROMAGNETIC_FIELD] } : hitFighter;
    const vig = characteristic(hitFighter, 'VIG', input.modifiers?.target);
    for (let face = 1; face <= 6; face++) {
      const location = aimLocation(hitFighter, face, k, input.aim);
      const remaining = k - Math.abs(location.shift);
      const potency = successDistribution((weapon.potency ?? 0) + remaining, vig);
      for (let w = 0; w < potency.length; w++) {
        const pw = potency[w]!;
        if (pw === 0) continue;
        const wound = markWounds(shielded, location.limb, w);
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
