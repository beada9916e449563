/** TypeBox schemas of the dice-notation operations (CONTRACT §7.3). */
import { Type } from '@sinclair/typebox';
import { DiceTranscriptSchema, SummarySchema } from '../schemas/common.js';
import { MAX_DICE_PER_TERM, MAX_DICE_TOTAL, MAX_EXPLOSIONS, MAX_SIDES } from '../../games/dice/notation/index.js';

/**
 * An integer of the safe range ±(2^53 − 1): totals and distribution values pass 2^31
 * (`1000000000+1000000000+1000000000`), so GraphQL types them `SafeInt`, not the 32-bit `Int`.
 */
const SafeInteger = (description?: string) => Type.Integer({ minimum: -Number.MAX_SAFE_INTEGER, maximum: Number.MAX_SAFE_INTEGER, ...(description ? { description } : {}) });

/** One die's value: a face, or an exploded die's sum of at most 1 + MAX_EXPLOSIONS draws. */
const DieValue = Type.Integer({ minimum: -(MAX_EXPLOSIONS + 1), maximum: (MAX_EXPLOSIONS + 1) * MAX_SIDES });

export const NotationSchema = Type.String({
  minLength: 1,
  maxLength: 500,
  description: `Dice notation, e.g. \`4d6kh3+2\` (grammar in the operation description). At most ${MAX_DICE_PER_TERM.toLocaleString('en')} dice and ${MAX_SIDES.toLocaleString('en')} sides per term, ${MAX_DICE_TOTAL.toLocaleString('en')} dice in all, 500 characters.`,
});

/** Like the shared dice spec, but fixed values may be any face of a die up to 1,000,000 sides. */
export const NotationDiceSchema = Type.Object(
  {
    values: Type.Optional(
      Type.Array(Type.Integer({ minimum: 1, maximum: MAX_SIDES }), {
        maxItems: 100_000,
        description: 'Fixed results, consumed left to right in the order the dice are rolled (see the description). dF takes d3 values: 1 → −1, 2 → 0, 3 → +1.',
      }),
    ),
    seed: Type.Optional(Type.String({ minLength: 1, maxLength: 500, description: 'Seed for the deterministic generator (cyrb128 → sfc32, see README).' })),
  },
  { title: 'NotationDiceSpec', minProperties: 1, maxProperties: 1, description: 'Either fixed `values` or a `seed`; absent → the server picks a random seed and reports it.' },
);

export const DiceRollBodySchema = Type.Object({ notation: NotationSchema, dice: Type.Optional(NotationDiceSchema) }, { title: 'DiceRollRequest' });

const TermSchema = Type.Object(
  {
    notation: Type.String({ description: 'The term as written (lower-cased): `4d6kh3`, or a constant `2`.' }),
    values: Type.Array(DieValue, { description: "Each die's value in roll order; an exploded die shows the sum of its draws. Empty for a constant." }),
    kept: Type.Array(DieValue, { description: 'The values kept (keep/drop), in roll order.' }),
    total: SafeInteger('Sum of the kept values (or the constant); with success counting, the number of kept dice meeting the target.'),
    successes: Type.Optional(Type.Integer({ minimum: 0, maximum: MAX_DICE_PER_TERM, description: 'With success counting: the number of successes (= `total`).' })),
  },
  { title: 'DiceTerm' },
);

export const DiceRollResponseSchema = Type.Object(
  {
    notation: Type.String(),
    total: SafeInteger('The value of the whole expression.'),
    terms: Type.Array(TermSchema, { description: 'Dice terms and constants in the order they were rolled (left to right).' }),
    dice: DiceTranscriptSchema,
    summary: SummarySchema,
  },
  { title: 'DiceRoll' },
);

export const DiceDistributionBodySchema = Type.Object({ notation: NotationSchema }, { title: 'DiceDistributionRequest' });

export const DiceDistributionResponseSchema = Type.Object(
  {
    notation: Type.String(),
    min: SafeInteger(),
    max: SafeInteger(),
    mean: Type.Number(),
    stdev: Type.Number({ description: 'Standard deviation.' }),
    distribution: Type.Array(Type.Object({ value: SafeInteger(), probability: Type.Number({ minimum: 0, maximum: 1 }) }), {
      description: 'Every value that can occur, ascending, with its exact probability rounded to a double; they sum to 1 within 1e-12.',
    }),
    summary: SummarySchema,
  },
  { title: 'DiceDistribution' },
);
