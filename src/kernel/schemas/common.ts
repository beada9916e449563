/** TypeBox schemas shared by every game's operations (CONTRACT §0–§1). */
import { Type, type Static } from '@sinclair/typebox';

export const DiceSpecSchema = Type.Object(
  {
    values: Type.Optional(
      Type.Array(Type.Integer({ minimum: 1, maximum: 100 }), {
        maxItems: 100_000,
        description: 'Fixed results, consumed left to right (CONTRACT §1). A value that is not a face of the die it is used for is a 400.',
      }),
    ),
    seed: Type.Optional(Type.String({ minLength: 1, maxLength: 500, description: 'Seed for the deterministic generator (cyrb128 → sfc32, see README).' })),
  },
  { title: 'DiceSpec', minProperties: 1, maxProperties: 1, description: 'Either fixed `values` or a `seed`; absent → the server picks a random seed and reports it.' },
);
export type DiceSpecInput = Static<typeof DiceSpecSchema>;

export const DiceTranscriptSchema = Type.Object(
  {
    seed: Type.Union([Type.String(), Type.Null()]),
    rolls: Type.Array(
      Type.Object({
        purpose: Type.String(),
        sides: Type.Integer(),
        values: Type.Array(Type.Integer()),
        fudge: Type.Optional(Type.Literal(true, { description: 'A fudge die (`dF`): faces −1, 0, +1 (`sides` 3), as the values show.' })),
      }),
    ),
  },
  { title: 'DiceTranscript', description: 'Every die rolled, in consumption order.' },
);

export const EditionSchema = Type.Union([Type.Literal('es'), Type.Literal('de')], {
  default: 'es',
  description: 'EDEN printing: `es` (Spanish, default) or `de` (German). Where they differ the engine follows this one.',
});
export type Edition = Static<typeof EditionSchema>;

/** The longest `summary` of any answer (it fits a Discord embed description, 4,096). */
export const SUMMARY_MAX = 4000;

export const SummarySchema = Type.String({
  maxLength: SUMMARY_MAX,
  description: `Narrative explanation in the language chosen by Accept-Language (es, de, en), naming the rule IDs applied. At most ${SUMMARY_MAX.toLocaleString('en')} characters: a longer narrative is cut after its last whole sentence (or word) that fits, ending in "…".`,
});
