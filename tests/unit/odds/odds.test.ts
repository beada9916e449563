import { describe, expect, it } from 'vitest';
import { meleeOdds, opposedWinA, rangedOdds, reduceOutcomes, successDistribution, type OddsResult } from '../../../src/games/eden/rules/odds/index.js';
import { meleeOutcome, prepareInput, shotOutcome, simulate, type SimulationKind } from '../../../src/games/eden/rules/simulate/index.js';
import { resolveMelee, type MeleeInput } from '../../../src/games/eden/rules/melee.js';
import { resolveShot, type ShotInput } from '../../../src/games/eden/rules/ranged.js';
import { enumerateAll } from './enumerate.js';
import { brute, meleeRequest, rangedRequest, yuri } from '../../fixtures/simulate.js';

/** A sturdy target: 9 white boxes everywhere, no protection, VIG 4, RAP `rap`. */
function dummy(id: string, rap = 4, extra: Record<string, unknown> = {}) {
  return {
    id,
    name: id,
    limbs: {
      head: { white: 9, red: 0, faces: [1], normal: 4, wounded: 4 },
      arms: { white: 9, red: 0, faces: [2, 3], normal: 4, wounded: 4 },
      torso: { white: 9, red: 0, faces: [4, 5], normal: 4, wounded: 4 },
      legs: { white: 9, red: 0, faces: [6], normal: rap, wounded: rap },
    },
    ...extra,
  };
}

function expectSame(a: OddsResult, b: OddsResult, digits = 12) {
  const flat = (r: OddsResult) => ({
    successRate: r.successRate,
    outOfActionRate: r.outOfActionRate,
    expectedMarked: r.expectedMarked,
    ...Object.fromEntries(r.markedHistogram.filter((h) => h.rate > 1e-15).map((h) => [`h${h.marked}`, h.rate])),
    ...Object.fromEntries(
      Object.entries(r.byLimb).flatMap(([l, s]) => [
        [`${l}Hit`, s.hitRate],
        [`${l}Marked`, s.expectedMarked],
      ]),
    ),
    attackerMarked: r.attacker.expectedMarked,
    attackerOoa: r.attacker.outOfActionRate,
    redirectRate: r.redirectRate,
    noTargetRate: r.noTargetRate,
  });
  const fa = flat(a);
  const fb = flat(b);
  expect(Object.keys(fa).sort()).toEqual(Object.keys(fb).sort());
  for (const k of Object.keys(fa)) expect(fa[k as keyof typeof fa], k).toBeCloseTo(fb[k as keyof typeof fb] as number, digits);
}

function bruteMelee(request: unknown): OddsResult {
  const input = prepareInput('eden.melee', request) as MeleeInput;
  return reduceOutcomes(enumerateAll((dice) => meleeOutcome(input, resolveMelee(input, dice))));
}
function bruteShot(request: unknown): OddsResult {
  const input = prepareInput('eden.ranged', request) as ShotInput;
  return reduceOutcomes(enumerateAll((dice) => shotOutcome(input, resolveShot(input, dice))));
}

describe('roll distributions (EDEN-ROLL-1..5)', () => {
  it('EDEN-ROLL-1: 4 dice at difficulty 4 are binomial(4, 1/2)', () => {
    expect(successDistribution(4, 4)).toEqual([1 / 16, 4 / 16, 6 / 16, 4 / 16, 1 / 16]);
  });
  it('EDEN-ROLL-2: difficulty 7 rolls one die fewer at 6', () => {
    const d = successDistribution(4, 7);
    expect(d).toHaveLength(4);
    expect(d[0]).toBeCloseTo((5 / 6) ** 3, 15);
    expect(d[3]).toBeCloseTo((1 / 6) ** 3, 15);
  });
  it('EDEN-ROLL-3: a pool ≤ 0 never succeeds; difficulty ≤ 1 always does', () => {
    expect(successDistribution(0, 3)).toEqual([1]);
    expect(successDistribution(2, 8)).toEqual([1]);
    expect(successDistribution(3, 1)).toEqual([0, 0, 0, 1]);
  });
  it('EDEN-ROLL-5: opposed roll winner, ties broken by the characteristic or re-rolled', () => {
    expect(opposedWinA(4, 4)).toBe(0.5);
    // 5 vs 4: A wins whenever its die is at most one below B's: 26 of 36 pairs
    expect(opposedWinA(5, 4)).toBeCloseTo(26 / 36, 15);
    expect(opposedWinA(4, 5)).toBeCloseTo(10 / 36, 15);
  });
});

describe('exact melee odds (EDEN-MELEE-3/4/5)', () => {
  it('EDEN-MELEE-3 hand-computed: CBT 4 vs VIG 4, sturdy unprotected target', () => {
    const odds = meleeOdds({ attacker: yuri, target: dummy('t') } as unknown as MeleeInput);
    expect(odds.successRate).toBeCloseTo(15 / 16, 14);
    expect(odds.expectedMarked).toBeCloseTo(2, 14);
    expect(odds.outOfActionRate).toBe(0);
    expect(odds.byLimb.head.hitRate).toBeCloseTo(15 / 96, 14);
    expect(odds.byLimb.torso.expectedMarked).toBeCloseTo(2 / 3, 14);
    expect(odds.markedHistogram.map((h) => h.rate)).toEqual([1 / 16, 4 / 16, 6 / 16, 4 / 16, 1 / 16].map((x) => expect.closeTo(x, 14)));
  });

  it('EDEN-MELEE-3 step 5: aiming at the head spends the fewest successes, keeping one', () => {
    const odds = meleeOdds(prepareInput('eden.melee', { attacker: yuri, target: dummy('t'), aim: 'head' }) as MeleeInput);
    // face f reaches the head (face 1) with f − 1 successes spent, so it needs s ≥ f:
    // P(head) = Σ_f P(s ≥ f) / 6 over f = 1..4 (s ≤ 4)
    const s = [1 / 16, 4 / 16, 6 / 16, 4 / 16, 1 / 16];
    const atLeast = (k: number) => s.slice(k).reduce((a, b) => a + b, 0);
    expect(odds.byLimb.head.hitRate).toBeCloseTo((atLeast(1) + atLeast(2) + atLeast(3) + atLeast(4)) / 6, 14);
    // one success always remains: every success count ≥ 1 still wounds
    expect(odds.successRate).toBeCloseTo(15 / 16, 14);
  });

  const small = { ...yuri, limbs: { ...yuri.limbs, arms: { ...yuri.limbs.arms, normal: 3 } } };
  const cases: [string, Record<string, unknown>][] = [
    ['passive, protection on the head (EDEN-WOUND-5)', { attacker: small, target: { ...brute, equipment: yuri.equipment } }],
    ['passive, aim torso, few boxes (EDEN-WOUND-4 out of action)', { attacker: small, target: brute, aim: 'torso' }],
    ['dodge (EDEN-MELEE-5): RAP against the current CBT', { attacker: small, target: dummy('t', 2), reaction: 'dodge' }],
    [
      'dodge against a wounded target',
      { attacker: small, target: { ...brute, wounds: { torso: 3 }, limbs: { ...brute.limbs, legs: { ...brute.limbs.legs, normal: 2, wounded: 2 } } }, reaction: 'dodge' },
    ],
  ];
  it.each(cases)('matches brute-force enumeration of resolveMelee: %s', (_name, request) => {
    expectSame(meleeOdds(prepareInput('eden.melee', request) as MeleeInput), bruteMelee(request));
  });

  it('EDEN-MELEE-4 response: matches brute force with small unequal pools', () => {
    const one = (id: string, cbt: number) => ({
      ...brute,
      id,
      limbs: { ...brute.limbs, arms: { ...brute.limbs.arms, normal: cbt, wounded: cbt }, torso: { ...brute.limbs.torso, normal: 5, wounded: 5 } },
    });
    const request = { attacker: one('a', 1), target: one('b', 2), reaction: 'response' };
    expectSame(meleeOdds(prepareInput('eden.melee', request) as MeleeInput), bruteMelee(request));
  });
});

describe('exact ranged odds (EDEN-RANGED-3..7)', () => {
  const shooter = { ...yuri, limbs: { ...yuri.limbs, arms: { ...yuri.limbs.arms, normal: 2 } }, equipment: [{ name: 'Bow', categories: ['shooting'], range: 30, potency: 1 }] };
  it('matches brute force: plain shot', () => {
    const request = { shooter, weapon: 'Bow', candidates: [{ id: 'b', fighter: brute, distance: 5, lineOfSight: true }] };
    expectSame(rangedOdds(prepareInput('eden.ranged', request) as ShotInput), bruteShot(request));
  });
  it('matches brute force: into a melee, odd successes redirected (EDEN-RANGED-4)', () => {
    const request = {
      shooter,
      weapon: 'Bow',
      candidates: [{ id: 'b', fighter: brute, distance: 5, lineOfSight: true, engagedWith: [{ id: 'f', fighter: { ...brute, id: 'f' }, distanceToShooter: 4 }] }],
    };
    const odds = rangedOdds(prepareInput('eden.ranged', request) as ShotInput);
    expect(odds.redirectRate).toBeGreaterThan(0);
    expectSame(odds, bruteShot(request));
  });
  it('EDEN-RANGED-4 / EDEN-WOUND-4: a fighter in contact flagged out of action never receives the redirected shot, as in resolveShot', () => {
    const melee = (gone: Record<string, unknown>) => ({
      shooter,
      weapon: 'Bow',
      candidates: [{ id: 'b', fighter: brute, distance: 5, lineOfSight: true, engagedWith: [{ id: 'gone', fighter: { ...brute, id: 'gone', ...gone }, distanceToShooter: 4 }] }],
    });
    // the only fighter in contact has left the table: odd successes hit the target itself
    const flagged = melee({ outOfAction: true });
    const odds = rangedOdds(prepareInput('eden.ranged', flagged) as ShotInput);
    expect(odds.redirectRate).toBe(0);
    expectSame(odds, bruteShot(flagged));
    // the same as a fighter out of action by its wounds (EDEN-WOUND-4)
    expectSame(odds, rangedOdds(prepareInput('eden.ranged', melee({ wounds: { head: 4 } })) as ShotInput));
  });
  it('no eligible candidate: the shot never hits', () => {
    const odds = rangedOdds(prepareInput('eden.ranged', rangedRequest({ candidates: [{ id: 'b', fighter: brute, distance: 99, lineOfSight: true }] })) as ShotInput);
    expect(odds).toMatchObject({ noTargetRate: 1, successRate: 0, expectedMarked: 0 });
  });
});

describe('simulations agree with the exact answer', () => {
  const specs: [string, SimulationKind, unknown][] = [
    ['passive', 'eden.melee', meleeRequest('passive')],
    ['dodge', 'eden.melee', meleeRequest('dodge')],
    ['response', 'eden.melee', meleeRequest('response')],
    ['ranged', 'eden.ranged', rangedRequest()],
  ];
  const exactOf = (kind: SimulationKind, request: unknown) =>
    kind === 'eden.melee' ? meleeOdds(prepareInput(kind, request) as MeleeInput) : rangedOdds(prepareInput(kind, request) as ShotInput);

  it.each(specs)('%s: every estimate within 4 standard errors of the exact value (200,000 iterations)', (_name, kind, request) => {
    const exact = exactOf(kind, request);
    const sim = simulate({ kind, request, iterations: 200_000, seed: 'ci-check' });
    // the reported 95% interval spans ±1.96 standard errors; 4 s.e. keeps ~30 comparisons honest
    const near = (x: number, estimate: number, [lo, hi]: [number, number], name: string) => {
      const se = Math.max((hi - lo) / (2 * 1.96), 1e-9);
      expect(Math.abs(x - estimate) / se, name).toBeLessThan(4);
    };
    near(exact.successRate, sim.successRate, sim.confidence.successRate, 'successRate');
    near(exact.outOfActionRate, sim.outOfActionRate, sim.confidence.outOfActionRate, 'outOfActionRate');
    near(exact.expectedMarked, sim.expectedMarked, sim.confidence.expectedMarked, 'expectedMarked');
    for (const limb of ['head', 'arms', 'torso', 'legs'] as const) near(exact.byLimb[limb].hitRate, sim.byLimb[limb].hitRate, sim.confidence.byLimb[limb].hitRate, limb);
  });

  it.each(specs)('%s: the 95 percent intervals cover the exact value in at least 51 of 60 seeded runs', (_name, kind, request) => {
    const exact = exactOf(kind, request);
    let success = 0;
    let marked = 0;
    const runs = 60;
    for (let i = 0; i < runs; i++) {
      const sim = simulate({ kind, request, iterations: 4_000, seed: `coverage-${i}` });
      const [slo, shi] = sim.confidence.successRate;
      const [mlo, mhi] = sim.confidence.expectedMarked;
      if (exact.successRate >= slo && exact.successRate <= shi) success++;
      if (exact.expectedMarked >= mlo && exact.expectedMarked <= mhi) marked++;
    }
    // binomial(60, 0.95): fewer than 51 covered happens with probability < 0.2%
    expect(success).toBeGreaterThanOrEqual(51);
    expect(marked).toBeGreaterThanOrEqual(51);
  });
});
