/**
 * Dice sources (CONTRACT §1): fixed values, a seeded generator, or a random seed chosen by the
 * caller of the rules core. Every roll is recorded, with its purpose, in a transcript.
 */
import { InvalidInput, RuleViolation, pointer } from '../errors.js';
import { SeededRandom } from './seeded.js';

export { SeededRandom } from './seeded.js';

export interface DiceRoll {
  purpose: string;
  sides: number;
  values: number[];
  /** Fudge dice (`dF`, CONTRACT §8.3): three faces −1, 0, +1, so `values` hold −1/0/+1 and `sides` is 3. */
  fudge?: true;
}

/** What kind of die a roll draws: the usual 1..sides, or a fudge die (−1, 0, +1; `sides` 3). */
export type DieKind = 'standard' | 'fudge';

export interface DiceTranscript {
  seed: string | null;
  rolls: DiceRoll[];
}

/** What a request may carry in `"dice"`. */
export interface DiceSpec {
  values?: number[];
  seed?: string;
}

export interface Dice {
  /**
   * Roll `count` dice with `sides` faces for `purpose`; a count ≤ 0 rolls and records nothing. A
   * `fudge` die has the faces −1, 0, +1 (`sides` 3): the seeded generator draws a d3 and reads it
   * as face − 2, fixed values are the faces themselves.
   */
  roll(purpose: string, count: number, sides?: number, kind?: DieKind): number[];
  /** The full transcript, in consumption order. */
  transcript(): DiceTranscript;
}

abstract class RecordingDice implements Dice {
  private readonly rolls: DiceRoll[] = [];
  constructor(private readonly seed: string | null) {}

  /** The next die: a face from `lowest` to `lowest + sides − 1`. */
  protected abstract next(sides: number, purpose: string, lowest: number): number;

  roll(purpose: string, count: number, sides = 6, kind: DieKind = 'standard'): number[] {
    if (count <= 0) return [];
    const fudge = kind === 'fudge';
    const values: number[] = [];
    for (let i = 0; i < count; i++) values.push(this.next(sides, purpose, fudge ? -1 : 1));
    this.rolls.push(fudge ? { purpose, sides, values, fudge: true } : { purpose, sides, values });
    return values;
  }

  transcript(): DiceTranscript {
    return { seed: this.seed, rolls: this.rolls.map((r) => ({ ...r, values: [...r.values] })) };
  }
}

/**
 * Fixed values, taken left to right; 422 `dice_exhausted` when they run out, with `consumed` (values
 * used) and `purpose` (the roll that ran out) so a caller knows what to append.
 */
export class FixedDice extends RecordingDice {
  private index = 0;
  constructor(private readonly values: readonly number[]) {
    super(null);
  }

  protected next(sides: number, purpose: string, lowest: number): number {
    if (this.index >= this.values.length) {
      throw new RuleViolation('dice_exhausted', `The ${this.values.length} fixed dice values ran out at the roll "${purpose}" (a d${sides}): this resolution needs more.`, {
        supplied: this.values.length,
        consumed: this.index,
        purpose,
      });
    }
    const at = this.index++;
    const value = this.values[at]!;
    const highest = lowest + sides - 1;
    if (!Number.isInteger(value) || value < lowest || value > highest) {
      const die = lowest === 1 ? `d${sides}` : 'fudge die (dF)';
      throw new InvalidInput([
        {
          path: pointer('dice', 'values', at),
          code: 'not_a_face',
          message: `${value} is not a face of the ${die} this value is used for (${lowest}..${highest}).`,
        },
      ]);
    }
    return value;
  }

  /** How many values were consumed. */
  get consumed(): number {
    return this.index;
  }
}

/** The seeded generator (see seeded.ts for the frozen algorithm). */
export class SeededDice extends RecordingDice {
  private readonly random: SeededRandom;
  constructor(seed: string) {
    super(seed);
    this.random = new SeededRandom(seed);
  }

  protected next(sides: number, _purpose: string, lowest: number): number {
    return this.random.die(sides) + lowest - 1;
  }
}

/**
 * The dice a request asked for. `randomSeed` is called only when the request names neither values
 * nor a seed (the rules core never reaches for randomness itself).
 */
export function diceFor(spec: DiceSpec | undefined, randomSeed: () => string): Dice {
  if (spec?.values) return new FixedDice(spec.values);
  if (spec?.seed !== undefined) return new SeededDice(spec.seed);
  return new SeededDice(randomSeed());
}
