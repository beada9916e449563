/**
 * Exact distributions of dice notation (POST /v1/dice/distribution), uncached: goal ≤ 5 ms each for
 * `4d6kh3` and `10d10!`. Same-run baseline: rolling the same notation 1,000 times with seeded dice.
 * The figure is the median of repeated runs after a warm-up (the machine may be shared).
 */
import { SeededDice } from '../src/kernel/dice/index.js';
import { notationDistribution, parseNotation, rollNotation } from '../src/kernel/dice/notation/index.js';
import type { BenchFigure } from './run.js';

const RUNS = 41;

function medianMs(fn: () => void): number {
  for (let i = 0; i < 5; i++) fn();
  const times: number[] = [];
  for (let i = 0; i < RUNS; i++) {
    const start = performance.now();
    fn();
    times.push(performance.now() - start);
  }
  return times.sort((a, b) => a - b)[RUNS >> 1]!;
}

export async function run(): Promise<BenchFigure[]> {
  return ['4d6kh3', '10d10!'].map((notation) => {
    const tree = parseNotation(notation);
    const exact = medianMs(() => notationDistribution(tree));
    const rolls = medianMs(() => {
      const dice = new SeededDice('bench');
      for (let i = 0; i < 1000; i++) rollNotation(tree, dice);
    });
    return {
      name: `exact distribution of ${notation} (uncached, median)`,
      value: exact,
      unit: 'ms',
      baseline: { name: `rolling ${notation} 1,000 times (seeded)`, value: rolls, unit: 'ms' },
      ratio: exact / rolls,
      goal: '≤ 5 ms',
      met: exact <= 5,
    };
  });
}
