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

const Strength = Type.Integer({ minimum: 0, maximum: 100, description: 'Strength number printed on a card.' });
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

export const EnemyCardSchema = Type.Object(
  {
    name: Type.String({ minLength: 1, maxLength: 200 }),
    kind: Enum(['attack', 'effect'] as const),
    damage: Type.Optional(Type.Integer({ minimum: 0, maximum: 1000, description: 'Attack cards (required for them): damage printed.' })),
    evadable: Type.Optional(Type.Boolean({ description: 'Attack cards: "can be evaded with Favourable Zone".' })),
    chain: Type.Optional(Type.Boolean({ description: 'Effect cards: reveal another card of the same level next (default true only for "Implacable").' })),
    drawOutcome: Type.Optional(Type.Boolean({ description: 'Effect cards: draw an Outcome card and add it to the next attack (default true only for "Implacable").' })),
    bonus: Type.Optional(Type.Integer({ minimum: 0, maximum: 1000, description: 'Effect cards: fixed bonus added to the next attack.' })),
  },
  { title: 'ExsiliumEnemyCard', description: 'An enemy action card (CONTRACT §4: `{"name", "kind": "attack"/"effect", "damage"?, ...}`).' },
);

/** A card of a deck the transcript names: an Outcome card (its value) or an enemy card (its object). */
const ExsiliumCardSchema = Type.Union([Type.Integer({ minimum: 0, maximum: 1000, description: 'An Outcome card: its value.' }), EnemyCardSchema], {
  title: 'ExsiliumCard',
  description: 'A card: an Outcome card is its value (a number), an enemy card its object.',
});

export const DeckTranscriptSchema = Type.Object(
  {
    seed: Type.String(),
    draws: Type.Array(
      Type.Object({
        deck: Type.String(),
        card: ExsiliumCardSchema,
        for: Type.Optional(Type.String()),
      }),
    ),
    shuffles: Type.Array(
      Type.Object({
        deck: Type.String(),
        reason: Type.Union([Type.Literal('initial'), Type.Literal('fill'), Type.Literal('exhausted')]),
        order: Type.Array(ExsiliumCardSchema, { description: 'The deck after the shuffle, top first: numbers (Outcome) or objects (enemy cards).' }),
      }),
    ),
  },
  { title: 'ExsiliumDeckTranscript', description: 'Every card drawn and every shuffle, in order, with the seed used (CONTRACT §1).' },
);

function DepositChoiceSchema() {
  return Type.Object({
    deposit: Type.Union([Type.String(), Type.Null()], {
      description: 'Node id of the deposit (the first of `ties` when several are equally near); null when every deposit holds a token.',
    }),
    distance: Type.Union([Type.Integer(), Type.Null()]),
    ties: Type.Array(Type.String(), { description: 'Equally near free deposits: the player’s choice.' }),
  });
}

export const RetreatSchema = Type.Object(
  {
    slots: Type.Array(Type.Integer(), { description: 'Retreat slots filled (the k-th inactive miniature fills slot k); empty when `inactiveMiniatures` was not sent.' }),
    releaseSlot: Type.Union([Type.Integer(), Type.Null()], { description: 'The slot with the release icon: SYL 4, Keber 4, Vinsan 3, Wardun 2 (null: faction unknown).' }),
    released: Type.Union([Type.Boolean(), Type.Null()], { description: 'EXS-PBOARD-5: the death filled the release slot (null: faction or board count not sent).' }),
    abilityTokensReturned: Type.Union([Type.Integer(), Type.Null()], {
      description: 'Tokens back from the ability slots to the personal reserve (null: released, slots not sent).',
    }),
    wardunTokenFreed: Type.Union([Type.Boolean(), Type.Null()], { description: 'Wardun: the Wardun token leaves the board and frees the trapped miniature.' }),
    rules: Type.Array(Type.String()),
  },
  { title: 'ExsiliumRetreat' },
);

/** Request members for the release check (EXS-PBOARD-5). */
export const RetreatMembers = {
  inactiveMiniatures: Type.Optional(
    Type.Integer({
      minimum: 0,
      maximum: 3,
      description: 'Miniatures already on the player board before this combat (EXS-PBOARD-3): with `faction`, enables the release check on a loss.',
    }),
  ),
  abilityTokens: Type.Optional(Type.Integer({ minimum: 0, maximum: 2, description: 'Faction tokens on the two ability slots (EXS-PBOARD-4).' })),
};

const TokenChange = Type.Object({
  delta: Type.Integer(),
  ifAny: Type.Boolean({ description: 'The change happens only if the giver has one (its state was not sent).' }),
  after: Type.Union([Type.Integer(), Type.Null()]),
});

export const ConsequencesSchema = Type.Object(
  {
    result: Type.Union([Type.Literal('won'), Type.Literal('lost')]),
    baralytas: Type.Object({
      delta: Type.Integer({ description: 'Tokens gained (+1) or lost (−1).' }),
      ifAny: Type.Boolean(),
      value: Type.Union([Type.Integer(), Type.Null()], { description: 'Value of the token moved, when known.' }),
      to: Type.Union([Type.Literal('winner'), Type.Literal('nearest_free_deposit'), Type.Null()]),
      points: Type.Union([Type.Integer(), Type.Null()], { description: 'Baralytas points after, when known.' }),
      deposit: Type.Optional(
        Type.Union([DepositChoiceSchema(), Type.Null()], {
          description: 'EXS-AMB-24: the deposit a token lost to a Newaru goes to (null when no `board` was sent or nothing is returned).',
        }),
      ),
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
    retreat: Type.Optional(
      Type.Union([RetreatSchema, Type.Null()], { description: 'The loser’s retreat slot and the ability release check (EXS-PBOARD-3/5); null for the winner.' }),
    ),
    rules: Type.Array(Type.String()),
  },
  { title: 'ExsiliumCombatConsequences' },
);

export const PlayerCountSchema = (description: string) => Enum([2, 3, 4] as const, { description });

export const Rules = Type.Array(Type.String(), { description: 'Rule IDs applied.' });

export const NodeId = Type.String({ minLength: 1, maxLength: 200 });

/** The caller-supplied node graph of the tiles on the table (EXS-BOARD, EXS-NEWARU-MOVE). */
export const BoardNodes = Type.Array(
  Type.Object({
    id: NodeId,
    tile: NodeId,
    neighbors: Type.Array(NodeId, { maxItems: 16, description: 'Nodes one step away in the 8 directions, across tile edges too (adjacency is symmetric).' }),
    crystal: Type.Optional(Type.Boolean({ description: 'A crystal deposit (never entered, EXS-CRYSTAL-1).' })),
    destroyed: Type.Optional(Type.Boolean({ description: 'Destroyed by a sinkhole (impassable).' })),
  }),
  { minItems: 1, maxItems: 2000 },
);
