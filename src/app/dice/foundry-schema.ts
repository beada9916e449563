/**
 * The documented shape of `foundryRolls` (CONTRACT §8.3, §9.3, `?rollFormat=foundry`): Foundry VTT's
 * `Roll` JSON, what `Roll.toJSON()` writes and `Roll.fromData()` reads (src/kernel/dice/foundry.ts).
 */
import { Type } from '@sinclair/typebox';

const FoundryResultSchema = Type.Object({
  result: Type.Integer({ description: 'The face shown (−1, 0, +1 for a FateDie).' }),
  active: Type.Boolean({ description: 'Counts toward the total: false for a dropped die or a draw rolled again.' }),
  discarded: Type.Optional(Type.Literal(true, { description: 'Dropped by keep/drop (`kh`, `kl`, `dh`, `dl`): every draw of the dropped die.' })),
  rerolled: Type.Optional(Type.Literal(true, { description: 'Rolled again (`r<n`, `rr<n`): a later result of the term replaces it.' })),
  exploded: Type.Optional(Type.Literal(true, { description: 'Exploded (`x`): a later result of the term adds to it.' })),
  success: Type.Optional(Type.Boolean({ description: 'Success counting (`cs`): whether the die met the target. A FateDie without counting: true on +1.' })),
  failure: Type.Optional(Type.Literal(true, { description: 'A failure taken away (`df`). A FateDie without counting: on −1.' })),
  count: Type.Optional(
    Type.Integer({
      minimum: -1,
      maximum: 1,
      description:
        "Success counting: what the result adds to its term instead of its face — the die's score (1, 0 or −1) on its first active draw, 0 on an exploded die's other draws.",
    }),
  ),
});

const flavor = Type.Optional(Type.String({ description: 'The `[label]` written after the term (a notation), or the transcript entry’s purpose (brackets removed).' }));

const evaluated = Type.Literal(true);
const noOptions = Type.Object({});

const FoundryDiceTermSchema = Type.Object(
  {
    class: Type.Union([Type.Literal('Die'), Type.Literal('FateDie')], { description: '`FateDie` for `dF` (faces −1, 0, +1), else `Die`.' }),
    options: Type.Object({ flavor }),
    evaluated,
    number: Type.Integer({ minimum: 1, description: 'Dice rolled before rerolls and explosions.' }),
    faces: Type.Integer({ minimum: 1 }),
    modifiers: Type.Array(Type.String(), {
      description:
        'Foundry’s modifiers, in the order the notation applies them: `r<n` / `rr<n` (`ro<n` / `r<n`), `x` / `x>=n` (`!`, `!!`), `kh3` `kl1` `dh1` `dl1`, `cs>=n` / `cs<=n` (`>=n`, `<=n`), `df<=n` (`f<=n`). Empty for a transcript entry that is not a notation’s.',
    }),
    results: Type.Array(FoundryResultSchema, { description: 'Every draw in transcript order: the dice, then each reroll and explosion.' }),
  },
  { title: 'FoundryDiceTerm' },
);

const FoundryNumericTermSchema = Type.Object(
  { class: Type.Literal('NumericTerm'), options: Type.Object({ flavor }), evaluated, number: Type.Integer({ description: 'A constant (negative after a minus).' }) },
  { title: 'FoundryNumericTerm' },
);

const FoundryOperatorTermSchema = Type.Object(
  { class: Type.Literal('OperatorTerm'), options: noOptions, evaluated, operator: Type.Union(['+', '-', '*', '/'].map((op) => Type.Literal(op))) },
  { title: 'FoundryOperatorTerm' },
);

/** A Roll inside a term: the same shape as FoundryRoll (its terms any of the term shapes), not typed twice. */
const FoundryInnerRollSchema = Type.Object(
  {
    class: Type.Literal('Roll'),
    options: noOptions,
    dice: Type.Array(Type.Unknown(), { maxItems: 0 }),
    formula: Type.String(),
    terms: Type.Array(Type.Unknown(), { description: 'Terms of the shapes `FoundryRoll.terms` lists.' }),
    total: Type.Number({ description: 'Its value (a division’s argument: the exact quotient).' }),
    evaluated,
  },
  { title: 'FoundryInnerRoll' },
);

const FoundryParentheticalTermSchema = Type.Object(
  {
    class: Type.Literal('ParentheticalTerm'),
    options: noOptions,
    evaluated,
    term: Type.String({ description: 'The formula inside the parentheses.' }),
    roll: FoundryInnerRollSchema,
  },
  { title: 'FoundryParentheticalTerm', description: 'A part the order of operations needs grouped (`(2d6 + 3) * 2`), or a minus before a non-constant: `(1d6 * -1)`.' },
);

const FoundryFunctionTermSchema = Type.Object(
  {
    class: Type.Literal('FunctionTerm'),
    options: noOptions,
    evaluated,
    fn: Type.Literal('floor'),
    terms: Type.Array(Type.String(), { minItems: 1, maxItems: 1, description: 'The argument’s formula `a / b`.' }),
    rolls: Type.Array(FoundryInnerRollSchema, { minItems: 1, maxItems: 1 }),
    result: Type.Integer(),
  },
  { title: 'FoundryFunctionTerm', description: 'The notation’s `/` (integer division rounding down) as `floor(a / b)`.' },
);

const FoundryRollSchema = Type.Object(
  {
    class: Type.Literal('Roll'),
    options: noOptions,
    dice: Type.Array(Type.Unknown(), { maxItems: 0 }),
    formula: Type.String({
      description: 'A notation in Foundry’s syntax (`4d6kh3 + 2`, `10d10cs>=8df<=1`, `(2d6 + 3) * 2`, `floor(1d6 / 2)`); a transcript entry `<number>d<faces>` (`<number>dF`).',
    }),
    terms: Type.Array(Type.Union([FoundryDiceTermSchema, FoundryNumericTermSchema, FoundryOperatorTermSchema, FoundryParentheticalTermSchema, FoundryFunctionTermSchema]), {
      minItems: 1,
      description:
        'The formula’s terms as Foundry parses it: dice terms, constants and the operators between them, with Foundry’s order of operations. A transcript entry: its one dice term.',
    }),
    total: Type.Integer({ description: 'The roll’s total: the answer’s (a set’s with `repeat`); a transcript entry: the sum of its dice.' }),
    evaluated,
  },
  {
    title: 'FoundryRoll',
    description:
      "A roll as Foundry VTT's evaluated `Roll` JSON (what `Roll.toJSON()` writes and `Roll.fromData()` reads): a dice notation's whole roll, or one transcript entry of any other roll.",
  },
);

export const FoundryRollsMember = Type.Object({
  foundryRolls: Type.Optional(
    Type.Array(FoundryRollSchema, {
      description:
        "With `?rollFormat=foundry` (CONTRACT §8.3, §9.3): a dice notation's answer, one Foundry `Roll` per roll the notation makes (per set with `repeat`) rebuilding it — formula, modifiers, flat terms and total; any other answer, every entry of its dice transcripts as a `Roll`, in consumption order (a match command: its events' transcripts, in event order).",
    }),
  ),
});
