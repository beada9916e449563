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
}

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
  /** Roll `count` dice with `sides` faces for `purpose`; a count ≤ 0 rolls and records nothing. */
  roll(purpose: string, count: number, sides?: number): number[];
  /** The full transcript, in consumption order. */
  transcript(): DiceTranscript;
}

abstract class RecordingDice implements Dice {
  private readonly rolls: DiceRoll[] = [];
  constructor(private readonly seed: string | null) {}

  protected abstract next(sides: number, purpose: string): number;

  roll(purpose: string, count: number, sides = 6): number[] {
    if (count <= 0) return [];
    const values: number[] = [];
    for (let i = 0; i < count; i++) values.push(this.next(sides, purpose));
    this.rolls.push({ purpose, sides, values });
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

  protected next(sides: number, purpose: string): number {
    if (this.index >= this.values.length) {
      throw new RuleViolation('dice_exhausted', `The ${this.values.length} fixed dice values ran out at the roll "${purpose}" (a d${sides}): this resolution needs more.`, {
        supplied: this.values.length,
        consumed: this.index,
        purpose,
      });
    }
    const at = this.index++;
    const value = this.values[at]!;
    if (!Number.isInteger(value) || value < 1 || value > sides) {
      throw new InvalidInput([
        {
          path: pointer('dice', 'values', at),
          code: 'not_a_face',
          message: `${value} is not a face of the d${sides} this value is used for (1..${sides}).`,
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

  protected next(sides: number): number {
    return this.random.die(sides);
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
