/** TypeBox schemas of the dice-notation operations (CONTRACT §7.3). */
import { Type } from '@sinclair/typebox';
import { DiceTranscriptSchema, SummarySchema } from '../../kernel/schemas/common.js';
import { MAX_DICE_PER_TERM, MAX_DICE_TOTAL, MAX_EXPLOSIONS, MAX_LABEL, MAX_SIDES } from '../../kernel/dice/notation/index.js';

/** The longest `summaryShort` (a Discord embed field holds 1,024 characters). */
export const SUMMARY_SHORT_MAX = 1024;
/** Sets one roll request may ask for (`repeat`). */
const MAX_REPEAT = 100;

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
const NotationDiceSchema = Type.Object(
  {
    values: Type.Optional(
      Type.Array(Type.Integer({ minimum: -1, maximum: MAX_SIDES }), {
        maxItems: 100_000,
        description:
          'Fixed results, consumed left to right in the order the dice are rolled (see the description). A `dF` die takes its faces −1, 0 and +1; every other die 1..sides.',
      }),
    ),
    seed: Type.Optional(Type.String({ minLength: 1, maxLength: 500, description: 'Seed for the deterministic generator (cyrb128 → sfc32, see README).' })),
  },
  { title: 'NotationDiceSpec', minProperties: 1, maxProperties: 1, description: 'Either fixed `values` or a `seed`; absent → the server picks a random seed and reports it.' },
);

export const DiceRollBodySchema = Type.Object(
  {
    notation: NotationSchema,
    dice: Type.Optional(NotationDiceSchema),
    repeat: Type.Optional(
      Type.Integer({
        minimum: 1,
        maximum: MAX_REPEAT,
        description: `Roll the notation this many times (1–${MAX_REPEAT}, Dice Maiden's \`6 4d6\`): the answer gains \`sets\` (one roll answer each, in order) and \`total\` is the sum of their totals. One dice source serves every set, in order.`,
      }),
    ),
    blind: Type.Optional(
      Type.Boolean({
        deprecated: true,
        description:
          'Deprecated (CONTRACT §9.3): use `POST /v1/dice/blind-rolls`, so that this operation answers one shape. REST only. `true`: a provably fair blind roll — 201 `{id, notation, commitment}` (hex SHA-256 of a server seed chosen now) and no result yet; `POST /v1/dice/rolls/{id}/reveal` rolls it. Not with `dice`.',
      }),
    ),
  },
  { title: 'DiceRollRequest' },
);

const TermSchema = Type.Object(
  {
    notation: Type.String({ description: 'The term as written (lower-cased): `4d6kh3`, or a constant `2`.' }),
    values: Type.Array(DieValue, { description: "Each die's value in roll order; an exploded die shows the sum of its draws. Empty for a constant." }),
    kept: Type.Array(DieValue, { description: 'The values kept (keep/drop), in roll order.' }),
    total: SafeInteger('Sum of the kept values (or the constant); with success counting, the number of kept dice meeting the target.'),
    successes: Type.Optional(Type.Integer({ minimum: 0, maximum: MAX_DICE_PER_TERM, description: 'With success counting: the number of successes (= `total`, less `failures`).' })),
    failures: Type.Optional(
      Type.Integer({ minimum: 0, maximum: MAX_DICE_PER_TERM, description: 'With `f<=n` / `f>=n`: the kept dice that failed; `total` = `successes` − `failures`.' }),
    ),
    label: Type.Optional(Type.String({ maxLength: MAX_LABEL, description: 'The `[text]` written after the term (`4d6[fire]` → `fire`), as written.' })),
  },
  { title: 'DiceTerm' },
);

const SummaryShortSchema = Type.String({
  maxLength: SUMMARY_SHORT_MAX,
  description: `\`summary\` cut to at most ${SUMMARY_SHORT_MAX.toLocaleString('en')} characters (a Discord embed field): the same text when it fits, else its head up to a whole term or word and "…".`,
});

const rollMembers = {
  notation: Type.String(),
  total: SafeInteger("The value of the whole expression (with `repeat`: the sum of the sets' totals)."),
  terms: Type.Array(TermSchema, { description: "Dice terms and constants in the order they were rolled (left to right; with `repeat`, every set's in turn)." }),
  dice: DiceTranscriptSchema,
  summary: SummarySchema,
  summaryShort: SummaryShortSchema,
};

const DiceRollSetSchema = Type.Object(rollMembers, {
  title: 'DiceRollSet',
  description: 'One set of a `repeat` roll: its own total, terms, the transcript entries it consumed and its summary.',
});

export const DiceRollResponseSchema = Type.Object(
  {
    ...rollMembers,
    sets: Type.Optional(Type.Array(DiceRollSetSchema, { description: 'With `repeat`: one roll answer per set, in the order rolled.' })),
  },
  { title: 'DiceRoll' },
);

/** POST /v1/dice/blind-rolls (CONTRACT §9.3): a blind roll asked for by its own operation. */
export const BlindRollBodySchema = Type.Object(
  {
    notation: NotationSchema,
    repeat: Type.Optional(Type.Integer({ minimum: 1, maximum: MAX_REPEAT, description: `Sets (1–${MAX_REPEAT}), as for POST /v1/dice/rolls; Dice Maiden's \`6 4d6\` too.` })),
  },
  { title: 'BlindRollRequest' },
);

/** 201 of a blind roll (CONTRACT §8.3). */
export const BlindRollCreatedSchema = Type.Object(
  {
    id: Type.String({ description: 'Reveal with POST /v1/dice/rolls/{id}/reveal.' }),
    notation: Type.String(),
    repeat: Type.Optional(Type.Integer({ minimum: 1, maximum: MAX_REPEAT })),
    commitment: Type.String({ pattern: '^[0-9a-f]{64}$', description: 'Hex SHA-256 of the server seed (UTF-8), fixed before the client seed can be known.' }),
    createdAt: Type.String({ format: 'date-time' }),
    expiresAt: Type.String({ format: 'date-time', description: 'The roll can be revealed until then (7 days; the contract promises at least 24 hours).' }),
  },
  { title: 'BlindRollCommitment' },
);

export const BlindRevealBodySchema = Type.Object(
  {
    clientSeed: Type.Optional(
      Type.String({
        maxLength: 200,
        description:
          'Mixed into the seed: the dice are the seeded generator\'s with `serverSeed + ":" + clientSeed`. Default `""`. Ignored once revealed (the first reveal\'s stays).',
      }),
    ),
  },
  { title: 'BlindRollRevealRequest' },
);

export const BlindRevealResponseSchema = Type.Object(
  {
    ...rollMembers,
    sets: Type.Optional(Type.Array(DiceRollSetSchema)),
    id: Type.String(),
    serverSeed: Type.String({ description: 'The seed committed to: its SHA-256 is `commitment`.' }),
    clientSeed: Type.String({ description: 'The first reveal\'s client seed (`""` when none was sent).' }),
    commitment: Type.String({ pattern: '^[0-9a-f]{64}$' }),
    revealedAt: Type.String({ format: 'date-time', description: 'When it was first revealed.' }),
  },
  {
    title: 'BlindRollReveal',
    description: 'The roll answer, rolled with `"dice": {"seed": serverSeed + ":" + clientSeed}`: POST /v1/dice/rolls with that seed answers the same dice.',
  },
);

const DistributionEntrySchema = Type.Object(
  {
    value: SafeInteger(),
    probability: Type.Number({ minimum: 0, maximum: 1, description: 'P(X = value).' }),
    atLeast: Type.Number({ minimum: 0, maximum: 1, description: 'P(X ≥ value).' }),
    atMost: Type.Number({ minimum: 0, maximum: 1, description: 'P(X ≤ value).' }),
  },
  { title: 'DiceDistributionEntry' },
);

export const DiceDistributionBodySchema = Type.Object({ notation: NotationSchema }, { title: 'DiceDistributionRequest' });

export const DiceDistributionResponseSchema = Type.Object(
  {
    notation: Type.String(),
    min: SafeInteger(),
    max: SafeInteger(),
    mean: Type.Number(),
    stdev: Type.Number({ description: 'Standard deviation.' }),
    distribution: Type.Array(DistributionEntrySchema, {
      description: 'Every value that can occur, ascending, with its exact probability and tails (each rounded to a double once); the probabilities sum to 1 within 1e-12.',
    }),
    summary: SummarySchema,
  },
  { title: 'DiceDistribution' },
);

const Moments = Type.Object(
  { notation: Type.String(), mean: Type.Number(), stdev: Type.Number({ description: 'Standard deviation.' }), min: SafeInteger(), max: SafeInteger() },
  { title: 'DiceMoments' },
);

export const DiceCompareBodySchema = Type.Object({ a: NotationSchema, b: NotationSchema }, { title: 'DiceCompareRequest' });

export const DiceCompareResponseSchema = Type.Object(
  {
    a: Moments,
    b: Moments,
    pAGreater: Type.Number({ minimum: 0, maximum: 1, description: 'P(A > B), A and B rolled independently; exact, rounded to a double.' }),
    pEqual: Type.Number({ minimum: 0, maximum: 1, description: 'P(A = B).' }),
    pBGreater: Type.Number({ minimum: 0, maximum: 1, description: 'P(B > A). The three sum to 1 within 1e-12.' }),
    summary: SummarySchema,
  },
  { title: 'DiceComparison' },
);
