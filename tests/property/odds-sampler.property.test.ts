/**
 * The Monte Carlo path is exact w.r.t. every input too: the memoising sampler
 * (src/games/eden/rules/simulate/sampler.ts) keys its tree by the dice path only — per-roll successes
 * once the rule function reported the roll's threshold, faces otherwise, opposed-pair winners — and
 * one tree serves one request. Whatever the request (Elevation, Energy beacons, Concealment, Thick
 * fog, redirection, NPC responses, Rage/Poison, Fire/Fear weapons, aims …), its tallies must equal
 * the plain loop that calls the rule function every iteration, bit for bit, across several chunks
 * sharing one tree (so thresholds learned on one path are reused on others).
 */
import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { prepareInput, resolverFor, simulateTally, type SimulationKind } from '../../src/games/eden/rules/simulate/index.js';
import { SeededDice } from '../../src/kernel/dice/index.js';
import { RuleViolation } from '../../src/kernel/errors.js';
import { meleeArb, rangedArb } from '../unit/odds/arbitraries.js';

/** Whether the rules accept the request on some roll (preconditions pass). */
function accepted(kind: SimulationKind, request: unknown): boolean {
  try {
    resolverFor(kind, request)(new SeededDice('check'));
    return true;
  } catch (error) {
    if (error instanceof RuleViolation) return false;
    throw error;
  }
}

function tallies(kind: SimulationKind, request: unknown, seed: string) {
  const spec = { kind, request, iterations: 2_500, seed };
  const run = (direct: boolean) => {
    try {
      return simulateTally(spec, { chunkSize: 500, direct });
    } catch (error) {
      // an exact shift some roll cannot make: both must refuse on the same iteration
      if (error instanceof RuleViolation) return { refused: error.code };
      throw error;
    }
  };
  return { memo: run(false), direct: run(true) };
}

describe('memoising sampler = calling the rule function every time (property)', () => {
  it.each([
    ['eden.melee', meleeArb],
    ['eden.ranged', rangedArb],
  ] as const)(
    '%s: identical tallies for random requests',
    (kind, arb) => {
      let compared = 0;
      fc.assert(
        fc.property(arb, fc.string({ minLength: 1, maxLength: 6 }), (body, seed) => {
          const request = prepareInput(kind, body);
          fc.pre(accepted(kind, request));
          const { memo, direct } = tallies(kind, request, seed);
          expect(memo).toEqual(direct);
          if (!('refused' in memo)) compared++;
        }),
        { numRuns: 60, seed: 20250613 },
      );
      expect(compared).toBeGreaterThan(30);
    },
    120_000,
  );
});
