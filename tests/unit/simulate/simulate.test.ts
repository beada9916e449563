import { describe, expect, it } from 'vitest';
import {
  CHUNK_SIZE,
  chunkCount,
  chunkLength,
  emptyTally,
  meanInterval,
  mergeTallies,
  runChunk,
  runChunkDirect,
  resolverFor,
  samplerFor,
  simulate,
  simulateTally,
  summarize,
  wilson,
  prepareInput,
  type SimulationKind,
  type Tally,
} from '../../../src/games/eden/rules/simulate/index.js';
import { meleeOdds, rangedOdds } from '../../../src/games/eden/rules/odds/index.js';
import type { MeleeInput } from '../../../src/games/eden/rules/melee.js';
import type { ShotInput } from '../../../src/games/eden/rules/ranged.js';
import { brute, meleeRequest, rangedRequest, yuri } from '../../fixtures/simulate.js';

const specs: [string, SimulationKind, unknown][] = [
  ['melee passive', 'eden.melee', meleeRequest('passive')],
  ['melee dodge', 'eden.melee', meleeRequest('dodge', { aim: 'head' })],
  ['melee response', 'eden.melee', meleeRequest('response')],
  ['ranged', 'eden.ranged', rangedRequest()],
];

describe('Monte Carlo simulation: determinism', () => {
  it.each(specs)('%s: the same seed gives the same result; another seed another one', (_n, kind, request) => {
    const a = simulate({ kind, request, iterations: 30_000, seed: 's1' });
    const b = simulate({ kind, request, iterations: 30_000, seed: 's1' });
    const c = simulate({ kind, request, iterations: 30_000, seed: 's2' });
    expect(b).toEqual(a);
    expect(c).not.toEqual(a);
    expect(a.iterations).toBe(30_000);
  });

  it.each(specs)('%s: the memoising sampler gives exactly the tallies of calling the rule function every time', (_n, kind, request) => {
    const spec = { kind, request, iterations: 50_000, seed: 'memo' };
    expect(simulateTally(spec)).toEqual(simulateTally(spec, { direct: true }));
  });

  it('the result does not depend on how chunks are spread over workers or the order they finish in', () => {
    const spec = { kind: 'eden.melee' as const, request: meleeRequest('response'), iterations: 3 * CHUNK_SIZE + 1234, seed: 'spread' };
    const whole = simulateTally(spec);
    const chunks = chunkCount(spec.iterations);
    expect(chunks).toBe(4);
    // three "workers", each with its own sampler, taking chunks round-robin, merged in reverse order
    const workers = [samplerFor(spec), samplerFor(spec), samplerFor(spec)];
    const parts: Tally[] = [];
    for (let c = chunks - 1; c >= 0; c--) parts.push(runChunk(workers[c % 3]!, spec.seed, c, chunkLength(spec.iterations, c)));
    const merged = parts.reduce((acc, t) => mergeTallies(acc, t), emptyTally());
    expect(merged).toEqual(whole);
    // and one plain loop per chunk agrees too
    const resolve = resolverFor(spec.kind, spec.request);
    const direct = [0, 1, 2, 3].map((c) => runChunkDirect(resolve, spec.seed, c, chunkLength(spec.iterations, c))).reduce((acc, t) => mergeTallies(acc, t), emptyTally());
    expect(direct).toEqual(whole);
  });

  it('reports progress after every chunk, ending at the total', () => {
    const seen: number[] = [];
    simulateTally({ kind: 'eden.ranged', request: rangedRequest(), iterations: 2 * CHUNK_SIZE + 5, seed: 'p' }, { onChunk: (done) => seen.push(done) });
    expect(seen).toEqual([CHUNK_SIZE, 2 * CHUNK_SIZE, 2 * CHUNK_SIZE + 5]);
  });
});

describe('Monte Carlo simulation: statistics', () => {
  it('tallies are consistent: histogram sums to the iterations, rates derive from counts', () => {
    const r = simulate({ kind: 'eden.melee', request: meleeRequest('response'), iterations: 20_000, seed: 'stats' });
    expect(r.markedHistogram.reduce((a, b) => a + b.count, 0)).toBe(20_000);
    expect(r.markedHistogram.reduce((a, b) => a + b.marked * b.count, 0) / 20_000).toBeCloseTo(r.expectedMarked, 12);
    const limbs = Object.values(r.byLimb).reduce((a, b) => a + b.expectedMarked, 0);
    expect(limbs).toBeCloseTo(r.expectedMarked, 12);
    expect(r.confidence.successRate[0]).toBeLessThanOrEqual(r.successRate);
    expect(r.confidence.successRate[1]).toBeGreaterThanOrEqual(r.successRate);
    expect(r.attacker.expectedMarked).toBeGreaterThan(0); // a Response strikes back
  });

  it('Wilson interval: known values', () => {
    const [lo, hi] = wilson(0, 10);
    expect(lo).toBe(0);
    expect(hi).toBeCloseTo(0.2775, 4);
    const [lo2, hi2] = wilson(50, 100);
    expect(lo2).toBeCloseTo(0.4038, 4);
    expect(hi2).toBeCloseTo(0.5962, 4);
    expect(wilson(0, 0)).toEqual([0, 1]);
  });

  it('mean interval: mean ± 1.96 s/√n', () => {
    // values 0,2 (n=2): mean 1, s² = 2, half width 1.96·√(2/2)
    const [lo, hi] = meanInterval(2, 4, 2);
    expect(hi - 1).toBeCloseTo(1.96, 2);
    expect(lo).toBe(0); // clamped: PC lost is never negative
  });

  it('an empty tally summarises to zeros without dividing by zero', () => {
    const r = summarize(emptyTally());
    expect(r).toMatchObject({ iterations: 0, successRate: 0, expectedMarked: 0 });
  });

  it('rule violations surface from the first resolution (EDEN-WOUND-4: out-of-action target)', () => {
    const request = meleeRequest('passive', { target: { ...meleeRequest().target, wounds: { head: 4 } } });
    expect(() => simulate({ kind: 'eden.melee', request, iterations: 10, seed: 'x' })).toThrow(/out of action/);
  });
});

describe('Monte Carlo simulation: inputs added to the EDEN core', () => {
  const beaconMelee = {
    shooter: yuri,
    weapon: 'Pistol',
    candidates: [
      {
        id: 'brute',
        fighter: brute,
        distance: 10,
        lineOfSight: true,
        nearEnergyBeacon: true,
        engagedWith: [{ id: 'other', fighter: { ...brute, id: 'other' }, distanceToShooter: 9, nearEnergyBeacon: false }],
      },
    ],
  };
  const cases: [string, SimulationKind, unknown][] = [
    ['EDEN-TERRAIN-R-ELEVATION: raised attacker, dodge', 'eden.melee', meleeRequest('dodge', { elevated: { attacker: true } })],
    ['EDEN-TERRAIN-R-ELEVATION: raised target, response', 'eden.melee', meleeRequest('response', { elevated: { target: true } })],
    ['EDEN-TERRAIN-LIST-10: Energy beacon on the target, redirection into the melee', 'eden.ranged', beaconMelee],
    [
      'EDEN-TERRAIN-R-CONCEALMENT: the concealed nearer candidate is skipped',
      'eden.ranged',
      rangedRequest({
        candidates: [
          { id: 'hidden', fighter: { ...brute, id: 'hidden' }, distance: 6, lineOfSight: true, concealed: true },
          { id: 'brute', fighter: brute, distance: 12, lineOfSight: true },
        ],
      }),
    ],
  ];
  it.each(cases)('%s: sampler tallies = plain loop, estimates within 4 standard errors of the exact odds', (_n, kind, request) => {
    const spec = { kind, request, iterations: 60_000, seed: 'new-inputs' };
    const tally = simulateTally(spec);
    expect(tally).toEqual(simulateTally(spec, { direct: true }));
    const sim = summarize(tally);
    const input = prepareInput(kind, request);
    const exact = kind === 'eden.melee' ? meleeOdds(input as MeleeInput) : rangedOdds(input as ShotInput);
    const se = ([lo, hi]: [number, number]) => Math.max((hi - lo) / (2 * 1.96), 1e-9);
    expect(Math.abs(exact.successRate - sim.successRate) / se(sim.confidence.successRate)).toBeLessThan(4);
    expect(Math.abs(exact.expectedMarked - sim.expectedMarked) / se(sim.confidence.expectedMarked)).toBeLessThan(4);
  });

  it('the new inputs change the simulated result (they are not ignored)', () => {
    const run = (request: unknown, kind: SimulationKind = 'eden.melee') => simulate({ kind, request, iterations: 20_000, seed: 'delta' });
    expect(run(meleeRequest('dodge', { elevated: { attacker: true } })).successRate).toBeGreaterThan(run(meleeRequest('dodge')).successRate);
    const shielded = rangedRequest({ candidates: [{ id: 'brute', fighter: brute, distance: 10, lineOfSight: true, nearEnergyBeacon: true }] });
    expect(run(shielded, 'eden.ranged').expectedMarked).toBeLessThan(run(rangedRequest(), 'eden.ranged').expectedMarked);
  });

  it('EDEN-WEATHER-4: `weather` as one name (as the endpoint accepts it) applies Thick fog', () => {
    const far = rangedRequest({ candidates: [{ id: 'brute', fighter: brute, distance: 20, lineOfSight: true }] });
    expect(simulate({ kind: 'eden.ranged', request: { ...far, weather: 'thick_fog' }, iterations: 100, seed: 'fog' }).noTargetRate).toBe(1);
    expect(simulate({ kind: 'eden.ranged', request: { ...far, weather: ['thick_fog'] }, iterations: 100, seed: 'fog' }).noTargetRate).toBe(1);
    expect(simulate({ kind: 'eden.ranged', request: { ...far, weather: 'mist' }, iterations: 100, seed: 'fog' }).noTargetRate).toBe(0);
  });
});
