/**
 * Exact odds of a shot (EDEN-RANGED-2..7), without sampling, from the rule's own pieces in
 * ranged.ts: `shotSetup` (the preconditions, Range with Elevation and Thick fog, and the target
 * choice of EDEN-RANGED-2 with Concealment and fighters out of action), `hitRollValues`
 * (EDEN-RANGED-3), `shotHit` (redirection on odd successes into a melee, EDEN-RANGED-4, never to a
 * fighter out of action), `aimLocation` (EDEN-RANGED-5), `potencyValues` (EDEN-RANGED-6) and
 * `shotWounds` (EDEN-RANGED-7 with the Energy beacon's field, EDEN-TERRAIN-LIST-10) — the functions
 * `resolveShot` itself calls. Only the dice are enumerated: the hit roll's successes (binomial),
 * the location face and the Potency roll's successes. tests/property/odds.property.test.ts checks
 * the result against brute-force enumeration of `resolveShot` over every dice sequence, for random
 * inputs.
 */
import { hitRollValues, potencyValues, shotHit, shotSetup, shotWounds, type ShotInput } from '../ranged.js';
import { aimLocation } from '../location.js';
import { LIMBS, isOutOfAction } from '../fighter.js';
import { successDistribution } from './distribution.js';
import { reduceOutcomes, type OddsResult, type WeightedOutcome } from './result.js';

export function rangedOdds(input: ShotInput): OddsResult {
  // the rule function's preconditions (422/400) and target choice (EDEN-RANGED-1/2)
  const { shooter, weapon, cost, chosen } = shotSetup(input);
  const none = {
    success: false,
    outOfAction: false,
    marked: 0,
    byLimb: [0, 0, 0, 0] as [number, number, number, number],
    attackerMarked: 0,
    attackerOutOfAction: false,
    redirected: false,
  };
  if (!chosen) return reduceOutcomes([{ p: 1, outcome: { ...none, noTarget: true } }]);
  // EDEN-RANGED-3: the hit roll (the shooter has paid its AP, as in resolveShot)
  const hitRoll = hitRollValues({ ...shooter, ap: shooter.ap - cost }, weapon, chosen, input.modifiers);
  const hits = successDistribution(hitRoll.value, hitRoll.difficulty);
  const out: WeightedOutcome[] = [];
  // EDEN-RANGED-3: zero successes → the attack fails at once
  if (hits[0]! > 0) out.push({ p: hits[0]!, outcome: { ...none, noTarget: false } });
  for (let k = 1; k < hits.length; k++) {
    const pk = hits[k]!;
    if (pk === 0) continue;
    // EDEN-RANGED-4: the fighter the shot hits with k successes
    const hit = shotHit(chosen, k);
    const redirected = hit.redirectedTo !== null;
    for (let face = 1; face <= 6; face++) {
      // EDEN-RANGED-5 (an exact shift some reachable roll cannot make throws, as in resolveShot)
      const location = aimLocation(hit.fighter, face, k, input.aim);
      const remaining = k - Math.abs(location.shift);
      // EDEN-RANGED-6
      const pot = potencyValues(weapon, hit.fighter, remaining, input.modifiers);
      const potency = successDistribution(pot.value, pot.difficulty);
      for (let w = 0; w < potency.length; w++) {
        const pw = potency[w]!;
        if (pw === 0) continue;
        // EDEN-RANGED-7 / EDEN-TERRAIN-LIST-10
        const wound = shotWounds(hit.fighter, hit.nearEnergyBeacon, location.limb, w);
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
