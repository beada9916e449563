/**
 * Exact odds of a melee attack (EDEN-MELEE-3/4/5): the distribution over every way the dice can
 * fall, without sampling, from the rule's own pieces in melee.ts. `meleeSetup` gives the
 * preconditions (422/400), the effective reaction (NPC targets always respond, a disengagement
 * target is passive: EDEN-MELEE-2/7) and both sides — weapon bonuses, modifiers, aims and Territory
 * Elevation (EDEN-TERRAIN-R-ELEVATION) — exactly as `resolveMelee` sets them up; every value rolled
 * comes from `strikeCbt` / `strikeVig` / `dodgeRap` on those sides and every hit from
 * `strikeWounds`, as in `resolveMelee`. Only the dice are enumerated: each strike branches on the
 * striker's successes (binomial), the location face (1..6, spent by `aimLocation`) and the dodge's
 * successes; a Response branches first on the opposed roll's winner (`opposedRoll`, full ties
 * re-rolled). tests/property/odds.property.test.ts checks the result against brute-force
 * enumeration of `resolveMelee` over every dice sequence, for random inputs.
 */
import { dodgeRap, meleeSetup, strikeCbt, strikeVig, strikeWounds, type MeleeInput, type MeleeSide } from '../melee.js';
import { aimLocation } from '../location.js';
import { LIMBS, isOutOfAction, type Fighter } from '../fighter.js';
import { ensureFighter } from '../checks.js';
import { opposedWinA, successDistribution } from './distribution.js';
import { reduceOutcomes, type OddsResult, type WeightedOutcome } from './result.js';

type Party = MeleeSide;

interface World {
  p: number;
  a: Fighter;
  t: Fighter;
  /** The attacker's strike succeeded (EDEN-WOUND-6). */
  success: boolean;
}

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
  const hits = successDistribution(cbt, strikeVig(d));
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
  const dodgeDist = dodge ? successDistribution(dodgeRap(d), cbt) : [1];
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
          // EDEN-MELEE-3 step 6 / EDEN-AMB-25 (Fire/Fear weapon marks when a success remained)
          const hit = strikeWounds(s, d.fighter, location.limb, remaining);
          return [hit.fighter, hit.marked > 0];
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
  // the rule function's own preconditions (422/400), effective reaction and sides
  const { reaction, attacker: A, target: T } = meleeSetup(input);
  const attacker = ensureFighter(input.attacker);
  const target = ensureFighter(input.target);

  let worlds: World[];
  if (reaction === 'response') {
    // EDEN-MELEE-4: opposed CBT, the winner strikes, then the loser if still in action
    const pa = opposedWinA(strikeCbt(A), strikeCbt(T));
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
    worlds = strikeDist(A, T, reaction === 'dodge').map(([p, t, success]) => ({ p, a: A.fighter, t, success }));
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
