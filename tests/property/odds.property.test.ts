/**
 * The guarantee that exact odds come "from the same rule functions": for random valid melee and
 * ranged requests with small pools, `meleeOdds` / `rangedOdds` equal a brute-force enumeration
 * that calls `resolveMelee` / `resolveShot` with every possible fixed dice sequence (weight 6^-n;
 * tests/unit/odds/enumerate.ts). Opposed-roll full ties are compared conditional on the first pair
 * not being a full tie: a full tie restarts the resolution unchanged, so that conditional
 * distribution is the unconditional one (the oracle drops those sequences and renormalises).
 *
 * The generators (tests/unit/odds/arbitraries.ts) include every input that changes an outcome:
 * wounds, Rage, Poison, Fire/Fear weapons, weapon bonuses, modifiers, protection, NPCs, reactions,
 * `via`, aims (limbs and exact shifts), Territory Elevation (`elevated`), Energy beacons
 * (candidates and fighters in contact), Concealment, Thick fog, obstacles, fighters out of action,
 * duplicate candidate ids, declared targets. A request the rules refuse (preconditions, or an
 * exact shift some reachable roll cannot make) must be refused by both with the same code.
 */
import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { meleeOdds, rangedOdds, reduceOutcomes, type OddsResult } from '../../src/games/eden/rules/odds/index.js';
import { meleeOutcome, prepareInput, shotOutcome } from '../../src/games/eden/rules/simulate/index.js';
import { resolveMelee, type MeleeInput } from '../../src/games/eden/rules/melee.js';
import { resolveShot, type ShotInput } from '../../src/games/eden/rules/ranged.js';
import { SeededDice } from '../../src/kernel/dice/index.js';
import { LIMBS, characteristic, type Fighter } from '../../src/games/eden/rules/fighter.js';
import { RuleViolation } from '../../src/kernel/errors.js';
import { TooManySequences, enumerateSequences } from '../unit/odds/enumerate.js';
import { meleeArb, rangedArb } from '../unit/odds/arbitraries.js';

/** Most rule-function runs the oracle may spend on one request (6^6). */
const MAX_RUNS = 46_656;

type Answer = { ok: true; odds: OddsResult } | { ok: false; code: string };

function answer(fn: () => OddsResult): Answer {
  try {
    return { ok: true, odds: fn() };
  } catch (error) {
    if (error instanceof RuleViolation) return { ok: false, code: error.code };
    throw error;
  }
}

/** The statistics of both answers, flattened; histogram bins with no weight left out. */
function flat(r: OddsResult): Record<string, number> {
  const out: Record<string, number> = {
    successRate: r.successRate,
    outOfActionRate: r.outOfActionRate,
    expectedMarked: r.expectedMarked,
    attackerMarked: r.attacker.expectedMarked,
    attackerOutOfAction: r.attacker.outOfActionRate,
    redirectRate: r.redirectRate,
    noTargetRate: r.noTargetRate,
  };
  for (const h of r.markedHistogram) if (h.rate > 1e-12) out[`marked=${h.marked}`] = h.rate;
  for (const l of LIMBS) {
    out[`${l}.hitRate`] = r.byLimb[l].hitRate;
    out[`${l}.expectedMarked`] = r.byLimb[l].expectedMarked;
  }
  return out;
}

function expectSameAnswer(exact: Answer, brute: Answer): void {
  if (!exact.ok || !brute.ok) {
    expect(exact.ok ? 'answered' : exact.code).toBe(brute.ok ? 'answered' : brute.code);
    return;
  }
  const a = flat(exact.odds);
  const b = flat(brute.odds);
  expect(Object.keys(a).sort()).toEqual(Object.keys(b).sort());
  for (const k of Object.keys(a)) expect(Math.abs(a[k]! - b[k]!), `${k}: exact ${a[k]} vs brute force ${b[k]}`).toBeLessThan(1e-9);
}

/** Dice the longest resolution may read, bounded from above (to keep the oracle cheap). */
function meleeDiceBound(input: MeleeInput): number | null {
  let probe;
  try {
    probe = resolveMelee(input, new SeededDice('bound'));
  } catch {
    return 0; // refused (or an illegal shift on this roll): the oracle meets it quickly
  }
  // the best CBT a side can reach: its current one, or its Wounded/Normal arms value instead
  const best = (f: Fighter, called: number) => {
    const arms = f.limbs.arms;
    return Math.max(0, called + Math.max(0, arms.normal - arms.wounded, arms.wounded - arms.normal));
  };
  if (probe.opposed) return 2 + best(input.attacker, probe.opposed.a.value) + 1 + best(input.target, probe.opposed.b.value) + 1;
  const first = probe.exchanges[0]!;
  const rap = probe.reaction === 'dodge' ? Math.max(0, characteristic(input.target, 'RAP', input.modifiers?.target, ...(input.targetWeapon ? [{ RAP: 1 }] : []))) : 0;
  return first.roll.pool + 1 + rap;
}

function shotDiceBound(input: ShotInput): number {
  let probe;
  try {
    probe = resolveShot(input, new SeededDice('bound'));
  } catch {
    return 0;
  }
  if (!probe.roll) return 0;
  return 2 * probe.roll.pool + 1 + 2;
}

describe('exact odds = brute force over the rule functions (property)', () => {
  it('melee: meleeOdds equals resolveMelee enumerated over every dice sequence', () => {
    let compared = 0;
    fc.assert(
      fc.property(meleeArb, (body) => {
        const input = prepareInput('eden.melee', body) as MeleeInput;
        const bound = meleeDiceBound(input);
        fc.pre(bound !== null && bound <= 6);
        const exact = answer(() => meleeOdds(input));
        let brute: Answer;
        try {
          brute = answer(() => reduceOutcomes(enumerateSequences((dice) => meleeOutcome(input, resolveMelee(input, dice)), MAX_RUNS).outcomes));
        } catch (error) {
          if (error instanceof TooManySequences) return fc.pre(false);
          throw error;
        }
        expectSameAnswer(exact, brute);
        if (exact.ok) compared++;
      }),
      { numRuns: 200, seed: 20250611, maxSkipsPerRun: 20 },
    );
    // the property compared real distributions, not only refusals
    expect(compared).toBeGreaterThan(80);
  }, 120_000);

  it('ranged: rangedOdds equals resolveShot enumerated over every dice sequence', () => {
    let compared = 0;
    let redirected = 0;
    fc.assert(
      fc.property(rangedArb, (body) => {
        const input = prepareInput('eden.ranged', body) as ShotInput;
        fc.pre(shotDiceBound(input) <= 6);
        const exact = answer(() => rangedOdds(input));
        let brute: Answer;
        try {
          brute = answer(() => reduceOutcomes(enumerateSequences((dice) => shotOutcome(input, resolveShot(input, dice)), MAX_RUNS).outcomes));
        } catch (error) {
          if (error instanceof TooManySequences) return fc.pre(false);
          throw error;
        }
        expectSameAnswer(exact, brute);
        if (exact.ok && exact.odds.noTargetRate === 0) compared++;
        if (exact.ok && exact.odds.redirectRate > 0) redirected++;
      }),
      { numRuns: 500, seed: 20250612, maxSkipsPerRun: 20 },
    );
    expect(compared).toBeGreaterThan(80);
    expect(redirected).toBeGreaterThan(10);
  }, 120_000);
});

describe('exact odds follow the inputs added to the EDEN core (fixed cases against brute force)', () => {
  const fighter = (id: string, extra: Record<string, unknown> = {}) => ({
    id,
    name: id,
    limbs: {
      head: { white: 1, red: 1, faces: [1], normal: 2, wounded: 1 },
      arms: { white: 1, red: 1, faces: [2, 3], normal: 1, wounded: 1 },
      torso: { white: 2, red: 0, faces: [4, 5], normal: 2, wounded: 2 },
      legs: { white: 1, red: 1, faces: [6], normal: 1, wounded: 1 },
    },
    equipment: [{ name: 'Bow', categories: ['shooting'], range: 30, potency: 1 }],
    ...extra,
  });
  const brute = (kind: 'eden.melee' | 'eden.ranged', input: MeleeInput | ShotInput) =>
    answer(() =>
      reduceOutcomes(
        enumerateSequences((dice) =>
          kind === 'eden.melee'
            ? meleeOutcome(input as MeleeInput, resolveMelee(input as MeleeInput, dice))
            : shotOutcome(input as ShotInput, resolveShot(input as ShotInput, dice)),
        ).outcomes,
      ),
    );

  it('EDEN-TERRAIN-R-ELEVATION: an elevated attacker (+2 CBT) has better odds, exactly as resolveMelee', () => {
    const flatBody = { attacker: fighter('a'), target: fighter('t'), reaction: 'dodge' };
    const flatInput = prepareInput('eden.melee', flatBody) as MeleeInput;
    const raised = prepareInput('eden.melee', { ...flatBody, elevated: { attacker: true } }) as MeleeInput;
    const both = prepareInput('eden.melee', { ...flatBody, elevated: { attacker: true, target: true } }) as MeleeInput;
    expect(meleeOdds(raised).successRate).toBeGreaterThan(meleeOdds(flatInput).successRate);
    expectSameAnswer(
      answer(() => meleeOdds(raised)),
      brute('eden.melee', raised),
    );
    // both raised: neither is below, no bonus
    expectSameAnswer(
      answer(() => meleeOdds(both)),
      answer(() => meleeOdds(flatInput)),
    );
  });

  it('EDEN-TERRAIN-R-ELEVATION in a Response: the raised target wins the opposed roll more often', () => {
    // target CBT −1 (+2 raised) against the attacker's 1: small pools keep the oracle cheap
    const low = fighter('t', { limbs: { ...fighter('t').limbs, arms: { white: 1, red: 1, faces: [2, 3], normal: -1, wounded: -1 } } });
    const body = { attacker: fighter('a'), target: low, reaction: 'response' };
    const plain = prepareInput('eden.melee', body) as MeleeInput;
    const raised = prepareInput('eden.melee', { ...body, elevated: { target: true } }) as MeleeInput;
    expect(meleeOdds(raised).attacker.expectedMarked).toBeGreaterThan(meleeOdds(plain).attacker.expectedMarked);
    expectSameAnswer(
      answer(() => meleeOdds(raised)),
      brute('eden.melee', raised),
    );
  });

  it('EDEN-TERRAIN-LIST-10: a target near an Energy beacon (+2 protection) loses fewer PC, exactly as resolveShot', () => {
    const body = {
      shooter: fighter('s', { limbs: { ...fighter('s').limbs, arms: { white: 1, red: 1, faces: [2, 3], normal: 2, wounded: 2 } } }),
      weapon: 'Bow',
      candidates: [{ id: 'c', fighter: fighter('c'), distance: 5, lineOfSight: true }],
    };
    const plain = prepareInput('eden.ranged', body) as ShotInput;
    const beacon = prepareInput('eden.ranged', { ...body, candidates: [{ ...body.candidates[0], nearEnergyBeacon: true }] }) as ShotInput;
    expect(rangedOdds(beacon).expectedMarked).toBeLessThan(rangedOdds(plain).expectedMarked);
    expectSameAnswer(
      answer(() => rangedOdds(beacon)),
      brute('eden.ranged', beacon),
    );
  });

  it('EDEN-WEATHER-4 / EDEN-TERRAIN-R-CONCEALMENT: the target the rule function chooses is the one weighed', () => {
    const near = { id: 'near', fighter: fighter('near'), distance: 4, lineOfSight: true, concealed: true };
    const far = {
      id: 'far',
      fighter: fighter('far', { equipment: [{ name: 'Shield', categories: ['protection'], protection: { limbs: 'all', value: 1 } }] }),
      distance: 20,
      lineOfSight: true,
    };
    const body = { shooter: fighter('s'), weapon: 'Bow', candidates: [{ ...near, distance: 8 }, far] };
    // concealed beyond 5 cm: the far candidate is the target; under thick fog (15 cm) none is
    expect(resolveShot(prepareInput('eden.ranged', body) as ShotInput, new SeededDice('x')).targetId).toBe('far');
    const fog = prepareInput('eden.ranged', { ...body, weather: 'thick_fog' }) as ShotInput;
    expect(rangedOdds(fog).noTargetRate).toBe(1);
    const chosen = prepareInput('eden.ranged', body) as ShotInput;
    expectSameAnswer(
      answer(() => rangedOdds(chosen)),
      brute('eden.ranged', chosen),
    );
  });
});
