/** TypeBox schemas shared by the Exsilium operations. */
import { Type, type SchemaOptions } from '@sinclair/typebox';

/** A closed set of values as one JSON-schema `enum` (one clear 400 problem instead of an anyOf per literal). */
export function Enum<const T extends readonly (string | number)[]>(values: T, options: SchemaOptions = {}) {
  return Type.Unsafe<T[number]>({ ...options, type: typeof values[0] === 'number' ? 'integer' : 'string', enum: [...values] });
}

export const Seed = Type.String({
  minLength: 1,
  maxLength: 500,
  description: 'Seed for every shuffle (SeededRandom: cyrb128 → sfc32, Fisher–Yates). Absent → the server picks one and reports it in `decks.seed`.',
});

export const Strength = Type.Integer({ minimum: 0, maximum: 100, description: 'Strength number printed on a card.' });
export const Committed = Type.Array(Strength, { maxItems: 60, description: 'Strength numbers of the cards laid face down / revealed.' });
export const Count = (description: string) => Type.Integer({ minimum: 0, maximum: 1000, description });
export const BaralytasTokens = Type.Array(Type.Integer({ minimum: 1, maximum: 3 }), {
  maxItems: 8,
  description: 'Values of the Baralytas tokens held (EXS-COMP-7: tokens are worth 1, 2 or 3).',
});
export const DiscardRounding = Enum(['up', 'nearest'] as const, {
  default: 'up',
  description: 'EXS-AMB-25: winner discard = 25 % of the hand, `up` (ceiling, as the text says; default) or `nearest` (the OCR’d table row "1 of 5").',
});
export const AttackerBonus = Type.Integer({ minimum: 0, maximum: 100, description: 'Terrain bonus to the attacker, e.g. 2 for "+2 TO THE ATTACKER IN THIS ZONE" (EXS-BOARD-5).' });
export const OutcomeDeck = Type.Array(Enum([4, 8, 10] as const), {
  maxItems: 60,
  description:
    'Outcome cards in draw order (EXS-COMP-6: 3 × 4, 2 × 8, 1 × 10). The cards of the deck not named here are shuffled from the seed beneath them; absent → the whole deck is shuffled.',
});

export const DeckTranscriptSchema = Type.Object(
  {
    seed: Type.String(),
    draws: Type.Array(Type.Object({ deck: Type.String(), card: Type.Unknown(), for: Type.Optional(Type.String()) })),
    shuffles: Type.Array(
      Type.Object({
        deck: Type.String(),
        reason: Type.Union([Type.Literal('initial'), Type.Literal('fill'), Type.Literal('exhausted')]),
        order: Type.Array(Type.Unknown()),
      }),
    ),
  },
  { description: 'Every card drawn and every shuffle, in order, with the seed used (CONTRACT §1).' },
);

const TokenChange = Type.Object({
  delta: Type.Integer(),
  ifAny: Type.Boolean({ description: 'The change happens only if the giver has one (its state was not sent).' }),
  after: Type.Union([Type.Integer(), Type.Null()]),
});

export const ConsequencesSchema = Type.Object({
  result: Type.Union([Type.Literal('won'), Type.Literal('lost')]),
  baralytas: Type.Object({
    delta: Type.Integer({ description: 'Tokens gained (+1) or lost (−1).' }),
    ifAny: Type.Boolean(),
    value: Type.Union([Type.Integer(), Type.Null()], { description: 'Value of the token moved, when known.' }),
    to: Type.Union([Type.Literal('winner'), Type.Literal('nearest_free_deposit'), Type.Null()]),
    points: Type.Union([Type.Integer(), Type.Null()], { description: 'Baralytas points after, when known.' }),
  }),
  connectionTokens: TokenChange,
  factionTokens: TokenChange,
  discard: Type.Object({
    rule: Type.Union([Type.Literal('fatigue'), Type.Literal('penalty')]),
    toDiscardPile: Type.Integer(),
    toSupplyDeck: Type.Integer(),
    marker: Type.Boolean(),
    markerFromReserve: Type.Union([Type.Boolean(), Type.Null()]),
    handAfter: Type.Integer(),
  }),
  miniature: Type.Union([Type.Literal('stays'), Type.Literal('retreats')]),
  rules: Type.Array(Type.String()),
});

export const PlayerCountSchema = (description: string) => Enum([2, 3, 4] as const, { description });

export const Rules = Type.Array(Type.String(), { description: 'Rule IDs applied.' });
