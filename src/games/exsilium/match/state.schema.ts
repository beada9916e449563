/**
 * The Exsilium match state as GET /v1/matches/{id} answers it (CONTRACT §8.1, §8.2, §9.3): the
 * resolution log of the stateless operations (`resolutions`, `byKind`, `latest`, and where the
 * Newaru stands and the enemy decks after the last stateless combat: index.ts), plus — for a match
 * created with a scenario — the full table (`table`: state.schema-table.ts) and its `summary`, with
 * `outcome` and `pending`, as any viewer reads it (decks in draw order, hands and seeds read
 * `{"hidden": true}` for seats and spectators, table-rules.ts).
 */
import { Type, type TSchema } from '@sinclair/typebox';
import { Count, OUTCOME_MEMBERS, PendingMember, ScoreSchema, resolutionLogMembers } from '../../../kernel/schemas/match-state.js';
import { BoardNodes } from '../operations/schemas.js';
import { exsiliumOperations } from '../operations/index.js';
import { ExsiliumTableSchema, Faction, TIER_NAMES, enemyPiles } from './state.schema-table.js';

const closed = { additionalProperties: false } as const;
const Nullable = (schema: TSchema, description: string) => Type.Union([schema, Type.Null()], { description });
const Ids = (description: string) => Type.Array(Type.String(), { description });
const Node = Type.Object({ id: Type.String({ description: 'The Newaru.' }), node: Type.String({ description: 'Its node.' }) }, closed);

/** The table as a table-top shows it (summary.ts): counts and public pieces only. */
const SummarySchema = Type.Object(
  {
    phase: Type.Union([Type.Literal('bid'), Type.Literal('turn'), Type.Literal('ended')], { description: 'The phase.' }),
    round: Count('The round.'),
    active: Nullable(Type.String(), 'Whose turn it is.'),
    order: Ids('Turn order.'),
    winner: Nullable(Type.String(), 'The winner (kept for earlier clients: `outcome.winners`).'),
    target: Count('The victory target (EXS-WIN-1/2).'),
    players: Type.Record(
      Type.String(),
      Type.Object(
        {
          faction: Faction,
          handSize: Count('Cards in hand.'),
          deckSize: Count('Cards in the draw pile.'),
          discardSize: Count('Cards in the discard pile.'),
          baralytas: Count('Baralytas points (EXS-WIN-1).'),
          connectionTokens: Count('Connection tokens.'),
          factionTokens: Count('Personal reserve.'),
          abilitySlots: Count('Tokens on the ability slots.'),
          miniatures: Type.Array(
            Type.Object(
              {
                id: Type.String({ description: 'The miniature.' }),
                node: Nullable(Type.String(), 'null: on the player board.'),
                trapped: Type.Boolean({ description: 'Under the Wardun token.' }),
              },
              closed,
            ),
            { description: 'Its miniatures.' },
          ),
          inactive: Ids('Inactive miniatures.'),
          upgrades: Ids('Upgrades bought.'),
          terminals: Ids('Terminals controlled.'),
          sinkholes: Count('Sinkhole tokens left.'),
        },
        closed,
      ),
      { description: 'Per player id.' },
    ),
    revealed: Ids('Tiles face up.'),
    deposits: Type.Record(Type.String(), Nullable(Type.Integer(), 'null once taken.'), { description: 'Baralytas on each known deposit.' }),
    newaru: Type.Array(Node, { description: 'The Newaru on the board.' }),
    enemyDecks: Type.Record(Type.String(), Type.Object({ drawPile: Count('Cards left.'), discard: Count('Cards discarded.') }, closed), {
      description: 'Per level: how many cards.',
    }),
    upgradeRow: Type.Array(
      Type.Object({ id: Type.String({ description: 'The card.' }), name: Type.String({ description: 'Its name.' }), cost: Nullable(Type.Integer(), 'Its cost.') }, closed),
      { description: 'The face-up upgrade cards.' },
    ),
    upgradeDeckSize: Nullable(Count('Cards in the upgrade deck.'), 'null: no upgrade deck.'),
    supplySize: Count('Cards in the supply deck.'),
    markers: Type.Record(Type.String(), Faction, { description: 'Markers by node.' }),
    destroyed: Ids('Nodes destroyed.'),
    pendingCombats: Count('Combats waiting.'),
  },
  { ...closed, description: 'The full table as a table-top shows it: whose turn, each player’s counts and pieces, the board’s known tiles, the decks’ sizes.' },
);

const ExsiliumOutcome = Type.Object(
  {
    ...OUTCOME_MEMBERS,
    reason: Type.Optional(Type.Literal('EXS-WIN-1', { description: 'The victory target reached.' })),
    score: Type.Optional(ScoreSchema('Baralytas points by player id (EXS-WIN-1).')),
  },
  { ...closed, description: 'How the match stands (CONTRACT §8.2); a match without a scenario has no end.' },
);

export const ExsiliumStateSchema = Type.Object(
  {
    ...resolutionLogMembers('exsilium', 'exsilium', exsiliumOperations),
    newaru: Nullable(
      Type.Object({ node: Type.String({ description: 'Its node.' }) }, closed),
      'The resolution log: the Newaru’s node after its last movement (EXS-NEWARU-MOVE); null when unknown.',
    ),
    nodes: Nullable(BoardNodes, 'The resolution log: the map of the last Newaru movement.'),
    enemyDecks: Type.Object(Object.fromEntries(TIER_NAMES.map((tier) => [tier, Type.Optional(enemyPiles(`The ${tier} level, as the last combat at it left it.`))])), {
      ...closed,
      description: 'The resolution log: each level’s enemy deck after the last Newaru combat (EXS-DECK-3; the draw pile face down for seats and spectators).',
    }),
    table: Type.Optional(ExsiliumTableSchema),
    summary: Type.Optional(SummarySchema),
    outcome: ExsiliumOutcome,
    pending: PendingMember,
  },
  { ...closed, $id: 'ExsiliumMatchState', title: 'ExsiliumMatchState', description: 'An Exsilium match as a viewer reads it (CONTRACT §8.1).' },
);
