/**
 * Brute-force oracle for the exact-odds engine: runs the rule function on every possible dice
 * sequence, each weighing 6^-length. Independent of src/games/eden/rules/odds: no binomials, no
 * knowledge of the rules' structure beyond the dice the rule function asks for.
 *
 * Sequences are visited depth-first like an odometer: a run reads the dice of the current sequence
 * and extends it with 1s whenever it asks for more; the next sequence increments the last die that
 * is not a 6 and drops the ones after it (a run with the same first dice reads at least as many).
 * Every sequence the rule function can consume is visited exactly once, one run each.
 *
 * Full ties of an opposed roll (EDEN-ROLL-5) re-roll forever with probability → 0, so sequences
 * are unbounded. A full tie puts the resolution back exactly where it started (nothing else has
 * been rolled, and nothing after the tie depends on it), so the outcome distribution conditional
 * on "the first pair is not a full tie" is the unconditional one. The oracle therefore drops every
 * sequence whose rule function asks for a second opposed pair (purpose "… (opposed)" after the
 * first two dice, CONTRACT §1) and the caller renormalises (reduceOutcomes divides by the total
 * weight kept). `dropped` reports the weight dropped: P(first pair is a full tie).
 */
import type { Dice, DiceTranscript } from '../../../src/kernel/dice/index.js';
import type { Outcome } from '../../../src/games/eden/rules/simulate/index.js';
import type { WeightedOutcome } from '../../../src/games/eden/rules/odds/index.js';

const RE_ROLL = new Error('full tie: re-roll');

class OdometerDice implements Dice {
  pos = 0;
  constructor(private readonly seq: number[]) {}
  roll(purpose: string, count: number, sides = 6): number[] {
    if (count <= 0) return [];
    if (sides !== 6) throw new Error('the oracle only knows d6');
    if (this.pos >= 2 && purpose.includes('(opposed)')) throw RE_ROLL;
    const out: number[] = [];
    for (let i = 0; i < count; i++) {
      if (this.pos === this.seq.length) this.seq.push(1);
      out.push(this.seq[this.pos++]!);
    }
    return out;
  }
  transcript(): DiceTranscript {
    return { seed: null, rolls: [] };
  }
}

export class TooManySequences extends Error {}

export interface Enumeration {
  outcomes: WeightedOutcome[];
  dropped: number;
  runs: number;
}

/** Every dice sequence of `run`; throws what the rule function throws (the first one met). */
export function enumerateSequences(run: (dice: Dice) => Outcome, maxRuns = 200_000): Enumeration {
  const outcomes: WeightedOutcome[] = [];
  const seq: number[] = [];
  let dropped = 0;
  let runs = 0;
  for (;;) {
    if (++runs > maxRuns) throw new TooManySequences(`more than ${maxRuns} dice sequences`);
    const dice = new OdometerDice(seq);
    try {
      const outcome = run(dice);
      outcomes.push({ p: 6 ** -dice.pos, outcome });
    } catch (error) {
      if (error !== RE_ROLL) throw error;
      dropped += 6 ** -dice.pos;
    }
    seq.length = dice.pos;
    while (seq.length && seq[seq.length - 1] === 6) seq.pop();
    if (!seq.length) return { outcomes, dropped, runs };
    seq[seq.length - 1]!++;
  }
}

/** The weighted outcomes of every dice sequence (full ties dropped, see above). */
export function enumerateAll(run: (dice: Dice) => Outcome, maxRuns = 200_000): WeightedOutcome[] {
  return enumerateSequences(run, maxRuns).outcomes;
}
