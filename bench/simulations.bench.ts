/**
 * Simulations and exact odds (CONTRACT §6).
 * - Monte Carlo resolutions per second on one core (goal ≥ 2,000,000), against raw seeded d6
 *   rolls per second measured in the same run (the floor of any dice-driven loop), and against the
 *   plain loop that calls the rule function every iteration.
 * - Exact-odds latency per request (goal well under 1 ms), against one seeded resolution of the
 *   same attack.
 */
import type { BenchFigure } from './run.js';
import { SeededDice, SeededRandom } from '../src/kernel/dice/index.js';
import { prepareInput, resolverFor, simulateTally, type SimulationKind } from '../src/games/eden/rules/simulate/index.js';
import { meleeOdds, rangedOdds } from '../src/games/eden/rules/odds/index.js';
import type { MeleeInput } from '../src/games/eden/rules/melee.js';
import type { ShotInput } from '../src/games/eden/rules/ranged.js';
import { meleeRequest, rangedRequest } from '../tests/fixtures/simulate.js';

function perSecond(work: () => number, minMs = 400): number {
  work(); // warm-up
  let n = 0;
  const t0 = performance.now();
  let t = t0;
  while (t - t0 < minMs) {
    n += work();
    t = performance.now();
  }
  return (n / (t - t0)) * 1000;
}

function microseconds(fn: () => void, minMs = 300): number {
  for (let i = 0; i < 50; i++) fn();
  let n = 0;
  const t0 = performance.now();
  let t = t0;
  while (t - t0 < minMs) {
    fn();
    n++;
    t = performance.now();
  }
  return ((t - t0) / n) * 1000;
}

const cases: [string, SimulationKind, unknown][] = [
  ['melee passive', 'eden.melee', meleeRequest('passive')],
  ['melee dodge', 'eden.melee', meleeRequest('dodge')],
  ['melee response', 'eden.melee', meleeRequest('response')],
  ['ranged', 'eden.ranged', rangedRequest()],
];

export async function run(): Promise<BenchFigure[]> {
  const figures: BenchFigure[] = [];
  const random = new SeededRandom('bench');
  const dieRate = perSecond(() => {
    let s = 0;
    for (let i = 0; i < 1_000_000; i++) s += random.die(6);
    return s > 0 ? 1_000_000 : 0;
  });
  const baseline = { name: 'raw seeded d6 rolls', value: dieRate, unit: 'rolls/s' };

  let seed = 0;
  for (const [name, kind, request] of cases) {
    const iterations = 1_000_000;
    // a long run: the sampler's tree warms up within the first chunks, as in a real job
    const rate = perSecond(() => simulateTally({ kind, request, iterations, seed: `bench-${seed++}` }).iterations, 1500);
    figures.push({
      name: `Monte Carlo ${name} (1 core, 1M iterations)`,
      value: rate,
      unit: 'resolutions/s',
      baseline,
      ratio: rate / dieRate,
      goal: '≥ 2,000,000 resolutions/s per core',
      met: rate >= 2_000_000,
    });
    const direct = perSecond(() => simulateTally({ kind, request, iterations: 50_000, seed: `bench-${seed++}` }, { direct: true }).iterations);
    figures.push({
      name: `Monte Carlo ${name}: memoising sampler vs calling the rule function each time`,
      value: rate,
      unit: 'resolutions/s',
      baseline: { name: 'plain loop over the rule function', value: direct, unit: 'resolutions/s' },
      ratio: rate / direct,
    });
  }

  for (const [name, kind, request] of cases) {
    const input = prepareInput(kind, request);
    const odds = kind === 'eden.melee' ? () => meleeOdds(input as MeleeInput) : () => rangedOdds(input as ShotInput);
    const resolve = resolverFor(kind, request);
    const oddsUs = microseconds(odds);
    const oneUs = microseconds(() => resolve(new SeededDice('one')));
    figures.push({
      name: `exact odds ${name} (uncached)`,
      value: oddsUs,
      unit: 'µs/request',
      baseline: { name: 'one seeded resolution', value: oneUs, unit: 'µs' },
      ratio: oddsUs / oneUs,
      goal: '< 1,000 µs',
      met: oddsUs < 1000,
    });
  }
  return figures;
}
