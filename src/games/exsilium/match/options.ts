/**
 * The options of a full Exsilium match: the scenario and every piece of data the seeds do not print
 * (EXS-COMP, OCR-3, OCR-7): the board's nodes and tiles, the players' cards with their Actions, the
 * upgrade deck and the enemy action decks. Semantic checks: src/games/exsilium/match/table.ts.
 * Without them a match is the resolution log of the operations (game.ts).
 */
import { Type, type TSchema } from '@sinclair/typebox';
import { exsiliumNewaruActionOperation } from '../operations/newaru-action.operation.js';
import { BoardNodes, Enum, NodeId } from '../operations/schemas.js';

const Id = Type.String({ minLength: 1, maxLength: 200 });
const deckBody = exsiliumNewaruActionOperation.body!.properties.decks as unknown as { properties: Record<'basic', { items: TSchema }> };
const EnemyCard = deckBody.properties.basic.items;
const Faction = Enum(['syl', 'keber', 'vinsan', 'wardun'] as const);

/** A card (EXS-CARD-1): the seeds print no card list, so name, value, cost, Action keyword and icons come from here. */
const Card = (upgrade: boolean) =>
  Type.Object({
    name: Type.String({ minLength: 1, maxLength: 200 }),
    strength: Type.Integer({ minimum: 0, maximum: 100, description: 'Combat strength and purchase value (EXS-CARD-1 (5)).' }),
    cost: upgrade
      ? Type.Integer({ minimum: 0, maximum: 100, description: 'The value needed to buy it (EXS-CARD-1 (2)).' })
      : Type.Optional(Type.Integer({ minimum: 0, maximum: 100, description: 'Printed cost (unused for basic cards).' })),
    action: Type.Optional(
      Type.Object(
        {
          kind: Enum(['draw', 'exchange', 'eliminate', 'portal', 'cross_border', 'cracking', 'hologram', 'favourable_zone', 'dodge'] as const, {
            description:
              'The glossary keyword of the card’s Action (§19): Robar, Intercambiar, Eliminar, Activar portal, Cruzar frontera, Cracking, Holograma, Zona favorable, Esquiva (`dodge`: played with exsilium.dodge by the defender of a combat).',
          }),
          count: Type.Optional(Type.Integer({ minimum: 1, maximum: 12, description: '`draw`: cards drawn (e.g. 2 for "Draw 2").' })),
          n: Type.Optional(Type.Integer({ minimum: 1, maximum: 4, description: '`cross_border`: the border number crossed alone (2 or 3).' })),
        },
        { description: 'The primary Action (EXS-CARD-1 (4)); absent → the card only moves, activates, buys and fights (EXS-CARD-2).' },
      ),
    ),
    beforeCombat: Type.Optional(Type.Boolean({ description: 'EXS-CARD-5: "Before a combat": the Action may be played while a combat waits.' })),
    secondary: Type.Optional(Enum(['drop', 'eliminate'] as const, { description: 'The secondary-action icon (EXS-CARD-1 (6)).' })),
    faction: Type.Optional(Faction),
    mine: Type.Optional(Type.Boolean({ description: 'A mine (EXS-MINE-1): dropped face up with `exsilium.drop`, its marker is the detonator.' })),
  });

/** The scenario: what the seeds do not print (EXS-COMP, OCR-3, OCR-7), given at match creation. */
export const ExsiliumOptionsSchema = Type.Object({
  factions: Type.Record(Type.String(), Faction, { description: 'Player id → faction (EXS-SETUP-1); each faction once.' }),
  board: Type.Object({
    tiles: Type.Array(
      Type.Object({
        id: Id,
        start: Type.Optional(Type.String({ description: 'The player whose starting tile this is (face up from the start, EXS-SETUP-3); other tiles start face down.' })),
        activation: Type.Optional(NodeId),
        attackerBonus: Type.Optional(Type.Integer({ minimum: 0, maximum: 100, description: 'Terrain "+N TO THE ATTACKER IN THIS ZONE" (EXS-BOARD-5).' })),
        noDraw: Type.Optional(Type.Boolean({ description: 'Terrain "NO DRAWING IN THIS ZONE" (EXS-BOARD-5, EXS-KW-DRAW).' })),
      }),
      { minItems: 2, maxItems: 12, description: 'The scenario layout (EXS-SETUP-4): the 12 tiles at most, with the starting tile and activation node of each player.' },
    ),
    nodes: Type.Array(
      Type.Intersect([
        Type.Index(BoardNodes, Type.Number()),
        Type.Object({
          terminal: Type.Optional(Type.Boolean({ description: 'A connection terminal (gets a connection token on reveal).' })),
          portal: Type.Optional(Type.Boolean({ description: 'The tile’s portal (a Newaru appears there on reveal and respawn).' })),
          portalSymbol: Type.Optional(
            Type.String({
              minLength: 1,
              maxLength: 50,
              description:
                'The portal’s symbol (EXS-PORTAL-2, EXS-AMB-10): given for every portal or for none; when given, Activate portal only reaches a portal with the same symbol.',
            }),
          ),
        }),
      ]),
      { minItems: 1, maxItems: 2000, description: 'Every movement node of the layout, face-down tiles included (EXS-AMB-2: the tiles’ data).' },
    ),
    borders: Type.Optional(
      Type.Array(Type.Object({ tiles: Type.Tuple([Id, Id]), n: Type.Integer({ minimum: 1, maximum: 4 }) }), {
        maxItems: 50,
        description: 'Border numbers between two tiles (EXS-BORDER-1).',
      }),
    ),
  }),
  decks: Type.Record(Type.String(), Type.Array(Card(false), { minItems: 1, maxItems: 60 }), {
    description: 'Player id → their cards in draw order (the seeds do not print the basic cards, OCR-3).',
  }),
  upgrades: Type.Optional(
    Type.Array(Card(true), {
      maxItems: 100,
      description: 'The upgrade deck in draw order (EXS-COMP-4, EXS-SETUP-7: 4 dealt face up); absent → no purchases in this match. Card ids `upgrade-<n>`.',
    }),
  ),
  enemyDecks: Type.Object(
    { basic: Type.Array(EnemyCard, { maxItems: 60 }), intermediate: Type.Array(EnemyCard, { maxItems: 60 }), advanced: Type.Array(EnemyCard, { maxItems: 60 }) },
    { description: 'The enemy action decks in draw order (EXS-COMP-5).' },
  ),
  baralytasDeck: Type.Optional(
    Type.Array(Type.Integer({ minimum: 1, maximum: 3 }), {
      minItems: 8,
      maxItems: 8,
      description: 'The Baralytas deck in draw order (3 × 1, 3 × 2, 2 × 3); absent → shuffled at the bid.',
    }),
  ),
  newaru: Type.Optional(Type.Integer({ minimum: 0, maximum: 50, description: 'Newaru miniatures in the supply (EXS-NEWARU-SPAWN-4); absent → unlimited.' })),
  harder: Type.Optional(Type.Boolean({ description: 'EXS-WIN-2: +2 to the victory target.' })),
  emptyHandLoses: Type.Optional(
    Type.Boolean({
      description:
        'EXS-AMB-3b strict variant (default off, the deferred combat the rulebook’s Newaru sections describe): in the enemy activation after a player’s turn, a Newaru next to a miniature of that player, who holds no cards, wins that combat at once (the loser’s Conclusion applies).',
    }),
  ),
});

/** How a full match is created (in exsilium.bid's description, the first command of a full match). */
export const OPTIONS_DOC =
  'A full match is created with `options` `{factions: {playerId: "syl"|"keber"|"vinsan"|"wardun"}, board: {tiles: [{id, start?, activation?, attackerBonus?, noDraw?}], nodes: [{id, tile, neighbors, crystal?, terminal?, portal?, portalSymbol?}], borders?: [{tiles: [a, b], n}]}, decks: {playerId: [card]}, upgrades?: [card with cost], enemyDecks: {basic, intermediate, advanced}, baralytasDeck?, newaru?, harder?, emptyHandLoses?}` where a card is `{name, strength, cost?, action?: {kind: draw|exchange|eliminate|portal|cross_border|cracking|hologram|favourable_zone|dodge, count?, n?}, beforeCombat?, secondary?: drop|eliminate, faction?, mine?}` (the seeds print no card list, tile data nor upgrade deck: 400 with `/options/...` paths when not playable); without them the match is the resolution log of the operations. The match state carries `table` (the full table) and `summary` (per player: faction, hand/deck/discard sizes, Baralytas, tokens, ability slots, miniatures, upgrades, controlled terminals; the board, Newaru, decks, the winner).';
