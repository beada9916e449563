/**
 * `state.table` of a full Exsilium match (table.ts `Table`: a scenario given in the options) as any
 * viewer reads it (CONTRACT §8.1, table-rules.ts): a seat or a spectator reads `{"hidden": true}`
 * for every draw pile's order and another player's hand (EXS-DECK-1), the supply deck
 * (EXS-SUPPLY-1), the Baralytas, upgrade and enemy decks (EXS-REVEAL-2, EXS-SETUP-7, EXS-DECK-3),
 * a card dropped face down (EXS-ACTION-6 b) and what a face-down tile holds (EXS-SETUP-4: the tile
 * and its nodes keep their ids and adjacency); `cards` lists only the cards it may see. The cards
 * and the board keep every member the options gave them. Part of state.schema.ts.
 */
import { Type, type TSchema } from '@sinclair/typebox';
import { Count, HiddenSchema, orHidden } from '../../../kernel/schemas/match-state.js';

const closed = { additionalProperties: false } as const;
const literals = (values: readonly string[], description: string) =>
  Type.Union(
    values.map((v) => Type.Literal(v)),
    { description },
  );
const Nullable = (schema: TSchema, description: string) => Type.Union([schema, Type.Null()], { description });

export const Faction = literals(['syl', 'keber', 'vinsan', 'wardun'], 'A faction (EXS-SETUP-1).');
export const TIER_NAMES = ['basic', 'intermediate', 'advanced'] as const;
const perTier = (description: string) => Type.Object(Object.fromEntries(TIER_NAMES.map((t) => [t, enemyPiles(`The ${t} level.`)])), { ...closed, description });
const Ids = (description: string) => Type.Array(Type.String(), { description });
const Id = (description: string) => Type.String({ description });
const HiddenIds = (description: string) => Type.Array(orHidden(Type.String()), { description });

/** An enemy action card (EXS-COMP-5) as the options or a request gave it. */
const EnemyCardSchema = Type.Object(
  {
    name: Type.String({ description: 'Its name.' }),
    kind: literals(['attack', 'effect'], 'An attack or an effect card.'),
    damage: Type.Optional(Type.Integer({ description: 'Attack cards: the damage printed.' })),
    evadable: Type.Optional(Type.Boolean({ description: 'Attack cards: can be evaded with Favourable Zone (EXS-AMB-23).' })),
    chain: Type.Optional(Type.Boolean({ description: 'Effect cards: reveal another card of the same level next.' })),
    drawOutcome: Type.Optional(Type.Boolean({ description: 'Effect cards: draw an Outcome card for the next attack.' })),
    bonus: Type.Optional(Type.Integer({ description: 'Effect cards: a bonus added to the next attack.' })),
  },
  { description: 'An enemy action card.' },
);

const CardSchema = Type.Object(
  {
    name: Type.String({ description: 'Its name.' }),
    strength: Type.Integer({ description: 'Combat strength and purchase value (EXS-CARD-1 (5)).' }),
    cost: Type.Optional(Type.Integer({ description: 'Upgrade cards: the value needed to buy it (EXS-CARD-1 (2)).' })),
    action: Type.Optional(
      Type.Object(
        {
          kind: literals(['draw', 'exchange', 'eliminate', 'portal', 'cross_border', 'cracking', 'hologram', 'favourable_zone', 'dodge'], 'The keyword of its Action (§19).'),
          count: Type.Optional(Type.Integer({ description: '`draw`: cards drawn (EXS-KW-DRAW).' })),
          n: Type.Optional(Type.Integer({ description: '`cross_border`: the border number (EXS-BORDER-3).' })),
        },
        { description: 'Its primary Action (EXS-CARD-1 (4)).' },
      ),
    ),
    beforeCombat: Type.Optional(Type.Boolean({ description: 'EXS-CARD-5.' })),
    secondary: Type.Optional(literals(['drop', 'eliminate'], 'The secondary-action icon (EXS-CARD-1 (6)).')),
    faction: Type.Optional(Faction),
    mine: Type.Optional(Type.Boolean({ description: 'A mine (EXS-MINE-1).' })),
  },
  { description: 'A card as the options gave it.' },
);

const PlayerSchema = Type.Object(
  {
    faction: Faction,
    activation: Type.String({ description: 'Its activation node (EXS-PBOARD-2).' }),
    deck: HiddenIds('Its draw pile, top first: `{"hidden": true}` each for seats and spectators (EXS-DECK-1).'),
    hand: HiddenIds('Its hand: `{"hidden": true}` each for the other seats and spectators.'),
    discard: Ids('Its discard pile (face up).'),
    miniatures: Type.Array(Type.Object({ id: Id('The miniature.'), node: Nullable(Type.String(), 'Its node; null on the player board.') }, closed), {
      description: 'Its four miniatures.',
    }),
    pool: Ids('Inactive miniatures, the last deployed next (EXS-PBOARD-3).'),
    baralytas: Type.Array(Type.Integer({ minimum: 1, maximum: 3 }), { description: 'Baralytas tokens held (EXS-COMP-7).' }),
    connectionTokens: Count('Connection tokens.'),
    factionTokens: Count('Personal reserve (EXS-TOKEN-1).'),
    abilitySlots: Count('Tokens on the ability slots (EXS-PBOARD-4).'),
    upgrades: Ids('Upgrade cards bought (EXS-UPGRADE-3).'),
    terminalsLeft: Ids('Terminals a miniature of it has left (EXS-TERMINAL-3).'),
    sinkholes: Count('Vinsan: sinkhole tokens left.'),
  },
  closed,
);

/** A level's enemy deck (EXS-DECK-3): the draw pile face down, the discard pile face up. */
export const enemyPiles = (description: string) =>
  Type.Object(
    {
      drawPile: Type.Array(orHidden(EnemyCardSchema), { description: 'The draw pile, top first: `{"hidden": true}` each for seats and spectators.' }),
      discard: Type.Array(EnemyCardSchema, { description: 'The discard pile.' }),
    },
    { ...closed, description },
  );

const Fighter = (description: string) => Type.Object({ player: Id('The player.'), miniature: Id('The miniature.') }, { ...closed, description });
const PendingCombatSchema = Type.Union(
  [
    Type.Object(
      { kind: Type.Literal('pvp', { description: 'Between players (EXS-COMBAT-PVP).' }), attacker: Fighter('The attacker.'), defender: Fighter('The defender.') },
      closed,
    ),
    Type.Object(
      {
        kind: Type.Literal('newaru', { description: 'Against a Newaru.' }),
        attacker: literals(['player', 'newaru'], 'Who attacked.'),
        player: Id('The player.'),
        miniature: Id('Its miniature.'),
        newaru: Id('The Newaru.'),
      },
      closed,
    ),
  ],
  { description: 'A combat waiting to be fought.' },
);

const NodeMembers = { id: Id('The node.'), tile: Id('Its tile.'), neighbors: Ids('Nodes one step away.') };
/** A face-up tile or node never carries `hidden` (so a face-down one, closed, cannot pass for one with more members). */
const FaceUp = { hidden: Type.Optional(Type.Never({ description: 'Absent: face up. (GraphQL: JSON: never present; always null.)' })) };
const BoardSchema = Type.Object(
  {
    tiles: Type.Array(
      Type.Union([
        Type.Object({ id: Id('The tile.'), hidden: Type.Literal(true, { description: 'Face down.' }) }, { ...closed, description: 'A face-down tile (EXS-SETUP-4).' }),
        Type.Object({
          ...FaceUp,
          id: Id('The tile.'),
          start: Type.Optional(Type.String({ description: 'The player whose starting tile it is (EXS-SETUP-3).' })),
          activation: Type.Optional(Id('That player’s activation node (EXS-SETUP-4).')),
          attackerBonus: Type.Optional(Type.Integer({ description: 'EXS-BOARD-5.' })),
          noDraw: Type.Optional(Type.Boolean({ description: 'EXS-BOARD-5.' })),
        }),
      ]),
      { description: 'The tiles of the layout (EXS-SETUP-4).' },
    ),
    nodes: Type.Array(
      Type.Union([
        Type.Object(
          { ...NodeMembers, hidden: Type.Literal(true, { description: 'On a face-down tile.' }) },
          { ...closed, description: 'A node of a face-down tile: its adjacency only.' },
        ),
        Type.Object({
          ...FaceUp,
          ...NodeMembers,
          crystal: Type.Optional(Type.Boolean({ description: 'A crystal deposit (EXS-CRYSTAL-1).' })),
          destroyed: Type.Optional(Type.Boolean({ description: 'Destroyed by a sinkhole (EXS-BOARD-4).' })),
          terminal: Type.Optional(Type.Boolean({ description: 'A connection terminal (EXS-BOARD-4).' })),
          portal: Type.Optional(Type.Boolean({ description: 'A portal (EXS-PORTAL-1).' })),
          portalSymbol: Type.Optional(Type.String({ description: 'EXS-PORTAL-2.' })),
        }),
      ]),
      { description: 'Every movement node of the layout (EXS-AMB-2).' },
    ),
    borders: Type.Optional(
      Type.Array(Type.Object({ tiles: Type.Tuple([Type.String(), Type.String()], { description: 'The two tiles.' }), n: Type.Integer({ description: 'The border number.' }) }), {
        description: 'EXS-BORDER-1.',
      }),
    ),
  },
  { description: 'The scenario (options.board): a face-down tile and its nodes keep their ids and adjacency only.' },
);

const ConclusionSchema = Type.Object(
  {
    combat: PendingCombatSchema,
    winner: Id('The winner.'),
    loser: Id('The loser.'),
    discards: Type.Optional(Count('EXS-COMBAT-DISCARD-1: cards the winner discards.')),
    give: Type.Optional(Type.Array(Type.Integer(), { description: 'EXS-COMBAT-PVP-5 (1): the loser’s token values, one to hand over.' })),
    supplyCard: Type.Optional(Type.Union([Ids('The cards laid.'), Type.Literal('hand')], { description: 'EXS-COMBAT-DISCARD-2 / EXS-AMB-27.' })),
    markerNode: Type.Optional(Ids('EXS-COMBAT-DISCARD-2: free nodes for the loser’s marker.')),
  },
  { ...closed, description: 'The Conclusion choices a fight waits for (CONTRACT §9.1, EXS-COMBAT-PVP-5).' },
);

export const ExsiliumTableSchema = Type.Object(
  {
    phase: literals(['bid', 'turn', 'ended'], 'The start-player bid (EXS-SETUP-2), the turns, or the end.'),
    round: Count('The round; 0 during the bid.'),
    order: Ids('Turn order from the start player (EXS-SETUP-2).'),
    active: Nullable(Type.String(), 'The player whose turn it is.'),
    bidders: Ids('Players still bidding after a tie (EXS-AMB-6).'),
    bidRounds: Count('Bid rounds.'),
    target: Count('The victory target (EXS-WIN-1/2).'),
    cards: Type.Record(Type.String(), CardSchema, { description: 'The cards by id that this viewer may see where they lie now.' }),
    players: Type.Record(Type.String(), PlayerSchema, { description: 'Each player’s board, by player id.' }),
    revealed: Ids('Tiles face up (EXS-REVEAL-1).'),
    deposits: Type.Record(Type.String(), Nullable(Type.Integer(), 'null once taken.'), { description: 'Baralytas on each deposit of a revealed tile (EXS-CRYSTAL-2).' }),
    terminalTokens: Ids('Terminals still holding their connection token (EXS-TERMINAL-1).'),
    newaru: Type.Array(Type.Object({ id: Id('The Newaru.'), node: Id('Its node.') }, closed), { description: 'The Newaru on the board.' }),
    newaruSpawned: Count('Newaru spawned.'),
    newaruSupply: Nullable(Count('Newaru miniatures left.'), 'null: not limited (EXS-NEWARU-SPAWN-4).'),
    markers: Type.Record(Type.String(), Faction, { description: 'Faction-token markers by node (EXS-ACTION-8).' }),
    supply: HiddenIds('The shared supply deck, face down (EXS-SUPPLY-1).'),
    baralytasDeck: Type.Array(orHidden(Type.Integer({ minimum: 1, maximum: 3 })), { description: 'EXS-REVEAL-2: the Baralytas deck, face down.' }),
    enemyDecks: perTier('EXS-DECK-3: the enemy action decks (draw piles face down).'),
    reserve: Type.Object(
      { syl: Count('Syl.'), keber: Count('Keber.'), vinsan: Count('Vinsan.'), wardun: Count('Wardun.') },
      { ...closed, description: 'The game reserve (EXS-TOKEN-2).' },
    ),
    combats: Type.Array(PendingCombatSchema, { description: 'Combats waiting.' }),
    paths: Type.Array(Ids('A move, start node first.'), { description: 'This turn’s moves (EXS-NEWARU-ACT-2).' }),
    winner: Nullable(Type.String(), 'The winner (EXS-WIN-1).'),
    board: BoardSchema,
    upgradeDeck: Nullable(HiddenIds('Top first, face down.'), 'EXS-UPGRADE-2: the upgrade deck; null without one.'),
    upgradeRow: Ids('The face-up upgrade cards (EXS-UPGRADE-2).'),
    controlled: Type.Record(Type.String(), Type.String(), { description: 'Terminal node → the player controlling it (EXS-TERMINAL-3).' }),
    dropped: Type.Record(
      Type.String(),
      Type.Object({ card: Type.Union([Id('The card.'), HiddenSchema], { description: 'The card dropped.' }), faceUp: Type.Boolean({ description: 'Dropped face up.' }) }, closed),
      {
        description: 'EXS-ACTION-6: node → the card dropped beside a marker (face down: `{"hidden": true}` but for who dropped it).',
      },
    ),
    destroyed: Ids('Nodes destroyed by sinkholes (EXS-FACTION-VINSAN-1).'),
    trapped: Nullable(Fighter('The miniature trapped.'), 'The miniature under the Wardun token (EXS-FACTION-WARDUN-1).'),
    slotFilled: Type.Boolean({ description: 'EXS-PBOARD-4: an ability slot was filled this turn.' }),
    hologram: Nullable(
      Type.Object({ player: Id('The player.'), miniature: Id('The miniature.'), node: Id('Its marked start node.'), card: Id('The card.') }, closed),
      'This turn’s Hologram (EXS-KW-HOLOGRAM).',
    ),
    emptyHandLoses: Type.Boolean({ description: 'EXS-AMB-3b strict variant.' }),
    conclusion: Type.Optional(ConclusionSchema),
  },
  { ...closed, description: 'The full table of a match created with a scenario.' },
);
