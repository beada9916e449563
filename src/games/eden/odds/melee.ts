/**
 * Exact odds of a melee attack (EDEN-MELEE-3/4/5): the distribution over every way the dice can
 * fall, without sampling. Preconditions, the effective reaction (NPC targets always respond, a
 * disengagement target is passive: EDEN-MELEE-2/7), the weapons and the opposed roll's values come
 * from running `resolveMelee` itself once (a probe); each strike then branches on the striker's
 * successes (binomial), the location face (1..6, spent as `aimLocation` spends it), the dodge's
 * successes, and marks wounds with `markWounds` — the building blocks `resolveMelee` uses. A
 * Response branches first on the opposed roll's winner (`opposedRoll`, full ties re-rolled).
 *
 * Per-side parameters: every characteristic goes through `characteristic` with the side's weapon
 * bonus and `modifiers`, as `resolveMelee` does. The strike CBT also carries whatever constant the
 * rule function adds on top of those (Territory Elevation +2, EDEN-TERRAIN-R-ELEVATION, and
 * anything added later): it is read off the probe — the CBT the rule function itself called for
 * (the opposed values for a Response, the first strike's roll otherwise) minus the CBT from the
 * weapon and modifiers — so `elevated` is never re-derived here.
 * tests/property/odds.property.test.ts checks the result against brute-force enumeration of
 * `resolveMelee` over every dice sequence, for random inputs.
 */
import { SeededDice } from '../../dice/index.js';
import { resolveMelee, type MeleeInput } from '../melee.js';
import { aimLocation, type Aim } from '../location.js';
import { LIMBS, addMarkers, characteristic, findEquipment, isOutOfAction, markWounds, type Equipment, type Fighter, type Modifiers } from '../fighter.js';
import { ensureFighter } from '../checks.js';
import { opposedWinA, successDistribution } from './distribution.js';
import { reduceOutcomes, type OddsResult, type WeightedOutcome } from './result.js';

interface Party {
  fighter: Fighter;
  mods: Modifiers | undefined;
  weapon: Equipment | undefined;
  aim: Aim | undefined;
  /** CBT the rule function adds beyond weapon and modifiers (Elevation), read off the probe. */
  extra: Modifiers | undefined;
}

interface World {
  p: number;
  a: Fighter;
  t: Fighter;
  /** The attacker's strike succeeded (EDEN-WOUND-6). */
  success: boolean;
}

const strikeCbt = (s: Party) => characteristic(s.fighter, 'CBT', s.weapon?.bonus, s.mods, s.extra);

/**
 * Outcomes of STRIKE(s→d): [probability, d after, success], equal outcomes merged (same limb and
 * same wounds left). Mirrors `strike` in melee.ts.
 */
function strikeDist(s: Party, d: Party, dodge: boolean, memo?: Map<string, [number, Fighter, boolean][]>): [number, Fighter, boolean][] {
  const cbt = strikeCbt(s);
  // within one memo the striker's weapon, aim and modifiers and the defender's profile are fixed:
  // the striker matters only through its current CBT, the defender through its wounds
  const memoKey = memo ? `${cbt}|${stateKey(d.fighter)}` : '';
  const known = memo?.get(memoKey);
  if (known) return known;
  const result = strikeFrom(cbt, s, d, dodge);
  memo?.set(memoKey, result);
  return result;
}

function strikeFrom(cbt: number, s: Party, d: Party, dodge: boolean): [number, Fighter, boolean][] {
  const vig = characteristic(d.fighter, 'VIG', d.weapon?.bonus, d.mods);
  const hits = successDistribution(cbt, vig);
  const merged = new Map<number, [number, Fighter, boolean]>();
  const add = (p: number, limbIndex: number, remaining: number, make: () => [Fighter, boolean]) => {
    const key = remaining === 0 ? -1 : limbIndex * 1000 + remaining;
    const same = merged.get(key);
    if (same) same[0] += p;
    else merged.set(key, [p, ...make()]);
  };
  const unhurt = (): [Fighter, boolean] => [d.fighter, false];
  // EDEN-AMB-39: zero successes → no location, no wound
  if (hits[0]! > 0) add(hits[0]!, 0, 0, unhurt);
  // EDEN-MELEE-5 step 6: the dodge is RAP against the striker's current CBT (Elevation included)
  const dodgeDist = dodge ? successDistribution(characteristic(d.fighter, 'RAP', d.weapon?.bonus, d.mods), cbt) : [1];
  const fireFear = s.weapon && (s.weapon.fire || s.weapon.fear) ? { fire: s.weapon.fire ?? 0, fear: s.weapon.fear ?? 0 } : undefined;
  for (let k = 1; k < hits.length; k++) {
    const pk = hits[k]!;
    if (pk === 0) continue;
    for (let face = 1; face <= 6; face++) {
      // EDEN-MELEE-3 step 5: successes spent on the location, keeping one (an exact shift that
      // some reachable roll cannot make throws `illegal_shift`, as resolveMelee would)
      const location = aimLocation(d.fighter, face, k, s.aim);
      const left = k - Math.abs(location.shift);
      const limbIndex = LIMBS.indexOf(location.limb);
      for (let r = 0; r < dodgeDist.length; r++) {
        const pr = dodgeDist[r]!;
        if (pr === 0) continue;
        // EDEN-MELEE-5 step 6: each dodge success cancels one
        const remaining = Math.max(0, left - r);
        if (remaining === 0) {
          add((pk * pr) / 6, 0, 0, unhurt);
          continue;
        }
        add((pk * pr) / 6, limbIndex, remaining, () => {
          const hit = markWounds(d.fighter, location.limb, remaining);
          // EDEN-AMB-25: Fire/Fear weapon marks when a success remained
          const struck = fireFear ? addMarkers(hit.fighter, fireFear) : hit.fighter;
          return [struck, hit.marked > 0];
        });
      }
    }
  }
  return [...merged.values()];
}

const stateKey = (f: Fighter) => `${f.wounds.head},${f.wounds.arms},${f.wounds.torso},${f.wounds.legs},${f.markers.fire},${f.markers.fear}`;

function merge(worlds: World[]): World[] {
  const byKey = new Map<string, World>();
  for (const w of worlds) {
    const key = `${w.success ? 1 : 0}|${stateKey(w.a)}|${stateKey(w.t)}`;
    const same = byKey.get(key);
    if (same) same.p += w.p;
    else byKey.set(key, w);
  }
  return [...byKey.values()];
}

function loss(before: Fighter, after: Fighter): [number, [number, number, number, number]] {
  const b = before.wounds;
  const a = after.wounds;
  const by: [number, number, number, number] = [a.head - b.head, a.arms - b.arms, a.torso - b.torso, a.legs - b.legs];
  return [by[0] + by[1] + by[2] + by[3], by];
}

export function meleeOdds(input: MeleeInput): OddsResult {
  // the rule function's own preconditions (422/400), effective reaction and called-for values
  const probe = resolveMelee(input, new SeededDice('odds'));
  const attacker = ensureFighter(input.attacker);
  const target = ensureFighter(input.target);
  const party = (f: Fighter, mods: Modifiers | undefined, weapon: string | undefined, aim: Aim | undefined): Party => ({
    fighter: f,
    mods,
    weapon: weapon === undefined ? undefined : findEquipment(f, weapon),
    aim,
    extra: undefined,
  });
  const A = party(attacker, input.modifiers?.attacker, input.weapon, input.aim);
  const T = party(target, input.modifiers?.target, input.targetWeapon, input.targetAim);
  // what the rule function added to each side's CBT beyond weapon and modifiers (an integer, so
  // it commutes with EDEN-ROUND-1's rounding up and holds in every later state of the fighter)
  const extraOf = (P: Party, called: number): Modifiers | undefined => {
    const extra = called - strikeCbt(P);
    return extra ? { CBT: extra } : undefined;
  };

  let worlds: World[];
  if (probe.reaction === 'response') {
    const opposed = probe.opposed!;
    A.extra = extraOf(A, opposed.a.value);
    T.extra = extraOf(T, opposed.b.value);
    // EDEN-MELEE-4: opposed CBT, the winner strikes, then the loser if still in action
    const pa = opposedWinA(opposed.a.value, opposed.b.value);
    worlds = [];
    for (const [pw, attackerWins] of [
      [pa, true],
      [1 - pa, false],
    ] as const) {
      if (pw === 0) continue;
      const [W, L] = attackerWins ? [A, T] : [T, A];
      const memo = new Map<string, [number, Fighter, boolean][]>();
      for (const [p1, l1, s1] of strikeDist(W, L, false)) {
        const first = { p: pw * p1, w: W.fighter, l: l1, s: s1 };
        const seconds: [number, Fighter, boolean][] = isOutOfAction(l1) ? [] : strikeDist({ ...L, fighter: l1 }, W, false, memo);
        const put = (p: number, w: Fighter, l: Fighter, secondSuccess: boolean | null) => {
          const [a, t] = attackerWins ? [w, l] : [l, w];
          // `success` is the attacker's exchange: first strike when it won, second otherwise
          const success = attackerWins ? first.s : secondSuccess === true;
          worlds.push({ p, a, t, success });
        };
        if (!seconds.length) put(first.p, first.w, first.l, null);
        for (const [p2, w2, s2] of seconds) put(first.p * p2, w2, first.l, s2);
      }
    }
  } else {
    A.extra = extraOf(A, probe.exchanges[0]!.roll.value);
    worlds = strikeDist(A, T, probe.reaction === 'dodge').map(([p, t, success]) => ({ p, a: A.fighter, t, success }));
  }
  const outcomes: WeightedOutcome[] = merge(worlds).map((w) => {
    const [marked, byLimb] = loss(target, w.t);
    const [attackerMarked] = loss(attacker, w.a);
    return {
      p: w.p,
      outcome: {
        success: w.success,
        outOfAction: isOutOfAction(w.t),
        marked,
        byLimb,
        attackerMarked,
        attackerOutOfAction: isOutOfAction(w.a),
        redirected: false,
        noTarget: false,
      },
    };
  });
  return reduceOutcomes(outcomes);
}
