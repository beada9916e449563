/**
 * The Exsilium match: the resolution log of the stateless operations (resolution-log.ts, kept as
 * it was) plus, when the match is created with a scenario in `options`, the full table — the
 * start-player bid, rounds and turns, activation, movement with reveals and pick-ups, combats
 * through the cores, the enemy activation and victory (src/games/exsilium/match). The command
 * schemas below reuse the operation bodies' members where the operations define them.
 */
import { Type, type TSchema } from '@sinclair/typebox';
import type { Dice } from '../../games/dice/index.js';
import { RuleViolation, underPath } from '../../games/errors.js';
import * as exs from '../../games/exsilium/match/index.js';
import { exsiliumNewaruActionOperation } from '../exsilium/newaru-action.operation.js';
import { BoardNodes, Enum, NodeId, OutcomeDeck } from '../exsilium/schemas.js';
import { DiceSpecSchema } from '../schemas/common.js';
import { validate } from '../validate.js';
import { defineMatchGame, type Command, type GameMatch, type MatchCommand, type MatchSetup } from './match-game.js';
import { resolutionLogMatch, type ResolutionLogState } from './resolution-log.js';

type State = ResolutionLogState<exs.ExsiliumMatch> & { table?: exs.Table };

const Id = Type.String({ minLength: 1, maxLength: 200 });
const Player = Type.String({ minLength: 1, maxLength: 200, description: 'The player id (of the match players).' });
const CardId = Type.String({ minLength: 1, maxLength: 200, description: 'A card id: `<player id>-<n>`, the n-th card of that player’s deck in `options.decks`.' });
const deckBody = exsiliumNewaruActionOperation.body!.properties.decks as unknown as { properties: Record<'basic', { items: TSchema }> };
const EnemyCard = deckBody.properties.basic.items;
const Faction = Enum(['syl', 'keber', 'vinsan', 'wardun'] as const);

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
      }),
      { minItems: 2, maxItems: 12, description: 'The scenario layout (EXS-SETUP-4): the 12 tiles at most, with the starting tile and activation node of each player.' },
    ),
    nodes: Type.Array(
      Type.Intersect([
        Type.Index(BoardNodes, Type.Number()),
        Type.Object({
          terminal: Type.Optional(Type.Boolean({ description: 'A connection terminal (gets a connection token on reveal).' })),
          portal: Type.Optional(Type.Boolean({ description: 'The tile’s portal (a Newaru appears there on reveal and respawn).' })),
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
  decks: Type.Record(
    Type.String(),
    Type.Array(Type.Object({ name: Type.String({ minLength: 1, maxLength: 200 }), strength: Type.Integer({ minimum: 0, maximum: 100 }) }), { minItems: 1, maxItems: 60 }),
    {
      description: 'Player id → their cards in draw order (the seeds do not print the basic cards, OCR-3).',
    },
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
});

const FULL = ['factions', 'board', 'decks', 'enemyDecks'] as const;
const isFull = (options: Record<string, unknown>) => FULL.some((k) => options[k] !== undefined);

/** The table of a full match; 400 with `/options/...` paths when the scenario is not playable. */
function tableOf(setup: MatchSetup): exs.Table | undefined {
  if (!isFull(setup.options)) return undefined;
  const o = underPath('/options', () => validate<exs.ExsiliumOptions>(ExsiliumOptionsSchema, structuredClone(setup.options)));
  return exs.setupTable(setup.players, o);
}

const dice = { dice: Type.Optional(DiceSpecSchema) };
const table = <C>(
  type: string,
  description: string,
  example: object,
  props: Parameters<typeof Type.Object>[0],
  decide: (t: exs.Table, c: C, d: Dice) => exs.TableEvent[],
): [string, MatchCommand<State>] => [
  type,
  {
    description: `${description} Example: \`${JSON.stringify({ type, ...example })}\``,
    example: example as Record<string, unknown>,
    schema: Type.Object({ type: Type.Literal(type), ...props, ...dice }),
    decide: (command, state, d) => {
      if (!state.table)
        throw new RuleViolation('not_set_up', `${type} needs a set-up match: create a new match with options.factions, board, decks and enemyDecks (the scenario) first.`, {
          missing: FULL,
        });
      return decide(state.table, command as unknown as C, d);
    },
  },
];

const OPTIONS_DOC =
  'A full match is created with `options` `{factions: {playerId: "syl"|"keber"|"vinsan"|"wardun"}, board: {tiles: [{id, start?, activation?, attackerBonus?}], nodes: [{id, tile, neighbors, crystal?, terminal?, portal?}], borders?: [{tiles: [a, b], n}]}, decks: {playerId: [{name, strength}]}, enemyDecks: {basic, intermediate, advanced}, baralytasDeck?, newaru?, harder?}` (400 with `/options/...` paths when not playable); without them the match is the resolution log of the operations.';

const TABLE_COMMANDS: [string, MatchCommand<State>][] = [
  table(
    'exsilium.bid',
    `EXS-SETUP-2 / EXS-AMB-6: the secret start-player bids in faction tokens (all go to the game reserve; a tie → the tied re-bid, a second tie is rolled). Then EXS-SETUP-5 (starting tiles revealed), EXS-ROUND-1 (hands refilled to 4) and the first turn. ${OPTIONS_DOC}`,
    { bids: { p1: 2, p2: 1 } },
    { bids: Type.Record(Type.String(), Type.Integer({ minimum: 0, maximum: 10 })) },
    exs.bid,
  ),
  table(
    'exsilium.activate',
    'EXS-PBOARD-2: 1 card puts the next miniature of the player board on the activation node (EXS-PBOARD-3 order); pick-ups and combats as after a step.',
    { player: 'p1', card: 'p1-1' },
    { player: Player, card: CardId },
    exs.activate,
  ),
  table(
    'exsilium.move',
    'EXS-ACTION-1a / EXS-MOVE-1…3: 1 card moves one miniature 1–2 nodes (`path`: the nodes stepped on). Each step is checked (EXS-MOVE-2: adjacency, deposits, occupied nodes, EXS-BORDER-2) and followed by the tile reveal (EXS-REVEAL-2), pick-ups (EXS-CRYSTAL-2, EXS-ACTION-8, EXS-TERMINAL-1), the win check (EXS-WIN-3) and the combat check (EXS-COMBAT-TRIGGER-1/2, the move stops: EXS-AMB-17).',
    { player: 'p1', card: 'p1-2', miniature: 'syl-1', path: ['A1:1,2', 'A1:2,2'] },
    { player: Player, card: CardId, miniature: Id, path: Type.Array(NodeId, { minItems: 1, maxItems: 2 }) },
    exs.move,
  ),
  table(
    'exsilium.fight',
    'EXS-COMBAT-PVP-1…6 / EXS-COMBAT-NEWARU-1…6 (POST /v1/exsilium/combats and /newaru/actions on the table): resolves a pending combat (`combat`: its index, the active player’s order) with the cards laid (`cards`; PvP `defenderCards`), the enemy action deck of the player’s level and the Outcome deck (`outcomeDeck` top, else shuffled from the dice seed; EXS-AMB-7). The Conclusion is applied: tokens, fatigue discards (`discards`), retreat, the loser’s marker (`markerNode`) and supply card (`supplyCard`), Newaru removed or sent to its portal.',
    { player: 'p1', cards: ['p1-3', 'p1-4'], defenderCards: ['p2-1'], outcomeDeck: [4, 8] },
    {
      player: Player,
      combat: Type.Optional(Type.Integer({ minimum: 0, maximum: 50 })),
      cards: Type.Array(CardId, { maxItems: 60 }),
      defenderCards: Type.Optional(Type.Array(CardId, { maxItems: 60 })),
      give: Type.Optional(
        Type.Record(Type.String(), Type.Integer({ minimum: 1, maximum: 3 }), { description: 'Per player: the Baralytas token handed over or returned on a loss.' }),
      ),
      discards: Type.Optional(Type.Array(CardId, { maxItems: 60 })),
      supplyCard: Type.Optional(CardId),
      markerNode: Type.Optional(NodeId),
      outcomeDeck: Type.Optional(OutcomeDeck),
    },
    exs.fight,
  ),
  table(
    'exsilium.end_turn',
    'EXS-ACTION-5 / EXS-AMB-5: the turn ends (cards left are kept); the enemy activation follows (EXS-NEWARU-ACT-1…4 movement by this turn’s moves, EXS-NEWARU-SPAWN-1 respawns), then the next player’s turn (a new round refills the hands, EXS-ROUND-1; adjacent Newaru attack, EXS-COMBAT-TRIGGER-3).',
    { player: 'p1' },
    { player: Player },
    exs.endTurn,
  ),
];

export function exsiliumMatch(): GameMatch {
  const log = resolutionLogMatch(exs.exsiliumProjection);
  const logCommands = Object.entries(log.commands).map(([type, c]): [string, MatchCommand<State>] => [
    type,
    { ...c, decide: (command, state, d) => log.decide(command, state, d) },
  ]);
  return defineMatchGame<State>({
    game: 'exsilium',
    initialState: (setup) => {
      const base = log.initialState(setup) as State;
      const t = tableOf(setup);
      return t ? { ...base, table: t } : base;
    },
    evolve: (state, event) =>
      exs.TABLE_EVENT_TYPES.has(event.type) && state.table ? { ...state, table: exs.evolveTable(state.table, event as exs.TableEvent) } : (log.evolve(state, event) as State),
    commands: Object.fromEntries([...logCommands, ...TABLE_COMMANDS]),
    unknownCommand: (command: Command, state, d) => log.decide(command, state, d),
  });
}
