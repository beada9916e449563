/** The documented shape of `foundryRolls` (CONTRACT §8.3, `?rollFormat=foundry`): Foundry VTT's `Roll` JSON. */
import { Type } from '@sinclair/typebox';

const FoundryResultSchema = Type.Object({
  result: Type.Integer({ description: 'The face shown (−1, 0, +1 for a FateDie).' }),
  active: Type.Boolean({ description: 'Counts toward the total: false for a dropped die or a draw rolled again.' }),
  discarded: Type.Optional(Type.Literal(true, { description: 'Dropped by keep/drop.' })),
  rerolled: Type.Optional(Type.Literal(true, { description: 'Rolled again (`r<n`): the next draw replaces it.' })),
  exploded: Type.Optional(Type.Literal(true, { description: 'Exploded: the next draw adds to it.' })),
});

const FoundryRollSchema = Type.Object(
  {
    class: Type.Literal('Roll'),
    options: Type.Object({}),
    dice: Type.Array(Type.Unknown(), { maxItems: 0 }),
    formula: Type.String({ description: '`<number>d<faces>` (`<number>dF` for fudge dice).' }),
    terms: Type.Array(
      Type.Object({
        class: Type.Union([Type.Literal('Die'), Type.Literal('FateDie')], { description: '`FateDie` for `dF` (faces −1, 0, +1), else `Die`.' }),
        options: Type.Object({ flavor: Type.String({ description: "The transcript entry's purpose (brackets removed)." }) }),
        evaluated: Type.Literal(true),
        number: Type.Integer({ minimum: 1 }),
        faces: Type.Integer({ minimum: 1 }),
        modifiers: Type.Array(Type.String(), { maxItems: 0 }),
        results: Type.Array(FoundryResultSchema),
      }),
      { minItems: 1, maxItems: 1 },
    ),
    total: Type.Integer({ description: 'The sum of the active results.' }),
    evaluated: Type.Literal(true),
  },
  {
    title: 'FoundryRoll',
    description: "One transcript entry as Foundry VTT's evaluated `Roll` JSON (what `Roll.toJSON()` writes and `Roll.fromData()` reads).",
  },
);

export const FoundryRollsMember = Type.Object({
  foundryRolls: Type.Optional(
    Type.Array(FoundryRollSchema, {
      description:
        "With `?rollFormat=foundry` (CONTRACT §8.3): every entry of the answer's dice transcripts as a Foundry `Roll`, in consumption order (a match command: its events' transcripts, in event order).",
    }),
  ),
});
