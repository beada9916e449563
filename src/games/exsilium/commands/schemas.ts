/**
 * The Exsilium full-match commands (the table of a match created with a scenario in `options`): per
 * command type its TypeBox schema, description and example body, reusing the operation bodies'
 * members where the operations define them. This is the one declaration of each command's input:
 * the command types the table's handlers take (src/games/exsilium/match) are derived from these
 * schemas (`Static`), imported there as types only.
 */
import { isCommandOfType, type CommandOfType, type CommandUnion } from '../../../kernel/commands.js';
import { Type, type TProperties } from '@sinclair/typebox';
import { Enum, NodeId, OutcomeDeck } from '../operations/schemas.js';
import { DiceSpecSchema } from '../../../kernel/schemas/common.js';

const Id = Type.String({ minLength: 1, maxLength: 200 });
const Player = Type.String({ minLength: 1, maxLength: 200, description: 'The player id (of the match players).' });
const CardId = Type.String({
  minLength: 1,
  maxLength: 200,
  description: 'A card id: `<player id>-<n>`, the n-th card of that player’s deck in `options.decks`, or `upgrade-<n>`, the n-th card of `options.upgrades`.',
});

const dice = { dice: Type.Optional(DiceSpecSchema) };
/** A command's documentation and schema: `{type, ...props, dice?}`. */
const cmd = <T extends string, P extends TProperties>(type: T, description: string, example: Record<string, unknown>, props: P) => ({
  description: `${description} Example: \`${JSON.stringify({ type, ...example })}\``,
  example,
  schema: Type.Object({ type: Type.Literal(type), ...props, ...dice }),
});

const OPTIONS_DOC =
  'A full match is created with `options` `{factions: {playerId: "syl"|"keber"|"vinsan"|"wardun"}, board: {tiles: [{id, start?, activation?, attackerBonus?, noDraw?}], nodes: [{id, tile, neighbors, crystal?, terminal?, portal?, portalSymbol?}], borders?: [{tiles: [a, b], n}]}, decks: {playerId: [card]}, upgrades?: [card with cost], enemyDecks: {basic, intermediate, advanced}, baralytasDeck?, newaru?, harder?, emptyHandLoses?}` where a card is `{name, strength, cost?, action?: {kind: draw|exchange|eliminate|portal|cross_border|cracking|hologram|favourable_zone|dodge, count?, n?}, beforeCombat?, secondary?: drop|eliminate, faction?, mine?}` (the seeds print no card list, tile data nor upgrade deck: 400 with `/options/...` paths when not playable); without them the match is the resolution log of the operations. The match state carries `table` (the full table) and `summary` (per player: faction, hand/deck/discard sizes, Baralytas, tokens, ability slots, miniatures, upgrades, controlled terminals; the board, Newaru, decks, the winner).';

/** The full-match commands, in the order of play. */
export const EXSILIUM_COMMAND_SCHEMAS = {
  'exsilium.bid': cmd(
    'exsilium.bid',
    `EXS-SETUP-2 / EXS-AMB-6: the secret start-player bids in faction tokens (all go to the game reserve; a tie → the tied re-bid, a second tie is rolled). Then EXS-SETUP-5 (starting tiles revealed), EXS-ROUND-1 (hands refilled to 4) and the first turn. ${OPTIONS_DOC}`,
    { bids: { p1: 2, p2: 1 } },
    { bids: Type.Record(Type.String(), Type.Integer({ minimum: 0, maximum: 10 })) },
  ),
  'exsilium.activate': cmd(
    'exsilium.activate',
    'EXS-PBOARD-2: 1 card puts the next miniature of the player board on the activation node (EXS-PBOARD-3 order); or EXS-ACTION-3 / EXS-AMB-11: `terminal` instead of `card` puts it on a terminal the player controls for 1 faction token. Pick-ups and combats as after a step.',
    { player: 'p1', card: 'p1-1' },
    { player: Player, card: Type.Optional(CardId), terminal: Type.Optional(NodeId) },
  ),
  'exsilium.move': cmd(
    'exsilium.move',
    'EXS-ACTION-1a / EXS-MOVE-1…3: 1 card moves one miniature 1–2 nodes (`path`: the nodes stepped on). Each step is checked (EXS-MOVE-2: adjacency, deposits, destroyed and occupied nodes, EXS-BORDER-2) and followed by the mines (EXS-MINE-2/4), the tile reveal (EXS-REVEAL-2), pick-ups (EXS-CRYSTAL-2, EXS-ACTION-8, EXS-TERMINAL-1), the win check (EXS-WIN-3) and the combat check (EXS-COMBAT-TRIGGER-1/2, the move stops: EXS-AMB-17).',
    { player: 'p1', card: 'p1-2', miniature: 'syl-1', path: ['A1:1,2', 'A1:2,2'] },
    {
      player: Player,
      card: CardId,
      miniature: Id,
      path: Type.Array(NodeId, { minItems: 1, maxItems: 2 }),
      control: Type.Optional(Type.Boolean({ description: 'EXS-TERMINAL-3: place 1 faction token on the terminal this move leaves for the first time (control it).' })),
    },
  ),
  'exsilium.fight': cmd(
    'exsilium.fight',
    'EXS-COMBAT-PVP-1…6 / EXS-COMBAT-NEWARU-1…6 (POST /v1/exsilium/combats and /newaru/actions on the table): resolves a pending combat (`combat`: its index, the active player’s order) with the cards laid (`cards`; PvP `defenderCards`), the enemy action deck of the player’s level and the Outcome deck (`outcomeDeck` top, else shuffled from the dice seed; EXS-AMB-7). Against a Newaru, `favourableZone` (a Favourable Zone card in hand) evades an evadable attack card (EXS-KW-FAVZONE, EXS-AMB-23). The Conclusion is applied: tokens, fatigue discards (`discards`), retreat with the ability release (EXS-PBOARD-5), the loser’s marker (`markerNode`) and supply card (`supplyCard`), Newaru removed or sent to its portal.',
    { player: 'p1', cards: ['p1-3', 'p1-4'], defenderCards: ['p2-1'], outcomeDeck: [4, 8] },
    {
      player: Player,
      // the pending combat to resolve, by index (the active player's order, EXS-COMBAT-TRIGGER-4); default 0
      combat: Type.Optional(Type.Integer({ minimum: 0, maximum: 50 })),
      // the active player's cards laid (PvP) or revealed (Newaru); PvP: the defender's reply (EXS-COMBAT-PVP-2)
      cards: Type.Array(CardId, { maxItems: 60 }),
      defenderCards: Type.Optional(Type.Array(CardId, { maxItems: 60 })),
      // defaults: the lowest token held; the weakest cards in hand; the first card laid (EXS-AMB-27); the first free node of the tile
      give: Type.Optional(
        Type.Record(Type.String(), Type.Integer({ minimum: 1, maximum: 3 }), { description: 'Per player: the Baralytas token handed over or returned on a loss.' }),
      ),
      discards: Type.Optional(Type.Array(CardId, { maxItems: 60 })),
      supplyCard: Type.Optional(CardId),
      markerNode: Type.Optional(NodeId),
      outcomeDeck: Type.Optional(OutcomeDeck),
      favourableZone: Type.Optional(CardId),
    },
  ),
  'exsilium.buy': cmd(
    'exsilium.buy',
    'EXS-UPGRADE-1…7 / EXS-EX-5: with a miniature on a connection terminal that is free or the player’s own, 1 faction token buys face-up upgrade cards (`buy`) whose total cost is at most the value of the cards spent (`cards`, at least 1) + 1 per connection token held (never spent). Spent cards go to the discard pile, bought ones to hand (usable at once, another purchase costs another token); empty spaces are refilled from the upgrade deck (never reshuffled). `refresh`: first the 4 face-up cards leave the game and 4 new ones are revealed (EXS-UPGRADE-5). Needs `options.upgrades`. The trash space (EXS-UPGRADE-6) is not offered: its procedure is not printed (EXS-AMB-15).',
    { player: 'p1', cards: ['p1-5', 'p1-6'], buy: ['upgrade-2'] },
    {
      player: Player,
      cards: Type.Array(CardId, { minItems: 1, maxItems: 60 }),
      buy: Type.Array(CardId, { maxItems: 4 }),
      refresh: Type.Optional(Type.Boolean()),
    },
  ),
  'exsilium.play': cmd(
    'exsilium.play',
    'EXS-ACTION-1 (c) / EXS-CARD-1…5: 1 card for its Action, by its keyword in the options: `draw` (EXS-KW-DRAW: `count` cards from the deck, the discard pile reshuffled when it runs out; refused while a miniature stands on a NO DRAWING tile, EXS-BOARD-5), `exchange` (EXS-KW-EXCHANGE: `discard` a card of the hand, `take` one of the discard pile), `eliminate` (EXS-KW-ELIMINATE: `target`, a card of the hand or discard pile, leaves the game), `portal` (EXS-KW-PORTAL / EXS-PORTAL-2 / EXS-AMB-10: `miniature` on a portal goes to the free portal `node` of another tile, with the same `portalSymbol` when the options give symbols), `cross_border` (EXS-BORDER-3: `miniature` moves `path` of 1–2 nodes, crossing borders up to the card’s `n` alone), `cracking` (EXS-KW-CRACKING: `miniature` adjacent to the terminal `node` another faction controls removes its token to the game reserve; when the card is faction-type, the terminal owner may cancel it with `dodge`, a dodge card of their hand, EXS-KW-DODGE), `hologram` (EXS-KW-HOLOGRAM: a faction token marks the start node, `miniature` moves `path` of 1–3 nodes; in the enemy activation the triggered Newaru go for it, EXS-NEWARU-MOVE-4, then it returns to the marked node if free and the token comes back; the card is discarded when played). `favourable_zone` is given in exsilium.fight. EXS-CARD-4: faction cards only for their faction; EXS-CARD-5: `beforeCombat` cards also while a combat waits.',
    { player: 'p1', card: 'p1-9', miniature: 'syl-1', node: 'X:3,2' },
    {
      player: Player,
      card: CardId,
      miniature: Type.Optional(Id),
      path: Type.Optional(Type.Array(NodeId, { minItems: 1, maxItems: 3 })),
      node: Type.Optional(NodeId),
      discard: Type.Optional(CardId),
      take: Type.Optional(CardId),
      target: Type.Optional(CardId),
      control: Type.Optional(Type.Boolean()),
      dodge: Type.Optional(CardId),
    },
  ),
  'exsilium.drop': cmd(
    'exsilium.drop',
    'EXS-ACTION-6 (secondary action, Drop icon): the card goes beside a free `node` adjacent to one of the player’s miniatures with 1 faction token as the pick-up marker; `mode` `face_down` or `supply` (into the supply deck) costs 1 more token, to the game reserve. Whoever steps on the marker takes the card (EXS-ACTION-8). A mine card (`mine` in the options) dropped face up is a detonator: a miniature of another faction that steps next to it is eliminated, and a border crossing sets off the mines next to that border, eliminating every miniature next to them (EXS-MINE-2/4, EXS-AMB-16: before the other per-step checks); victims apply only the loser discard rule, the mine is spent (card to its owner’s discard, token to the game reserve; EXS-MINE-5); face down it does nothing.',
    { player: 'p1', card: 'p1-8', node: 'X:4,0', mode: 'face_up' },
    { player: Player, card: CardId, node: NodeId, mode: Type.Optional(Enum(['face_up', 'face_down', 'supply'] as const)) },
  ),
  'exsilium.eliminate': cmd(
    'exsilium.eliminate',
    'EXS-ACTION-7 (secondary action, Eliminate icon): at any moment of the turn the card leaves the game; its Action is not performed. EXS-MINE-3: a mine card (`mine` in the options) may be eliminated so without the icon.',
    { player: 'p1', card: 'p1-8' },
    { player: Player, card: CardId },
  ),
  'exsilium.remove_mine': cmd(
    'exsilium.remove_mine',
    'EXS-MINE-3 (secondary action): in their turn, the owner of a mine dropped on the board (face up or face down) removes it from the game: the card leaves the game and its marker token goes to the game reserve, as a spent mine’s (EXS-MINE-5).',
    { player: 'p1', node: 'X:4,0' },
    { player: Player, node: NodeId },
  ),
  'exsilium.dodge': cmd(
    'exsilium.dodge',
    'EXS-KW-DODGE (Esquiva) / EXS-COMBAT-TRIGGER-4: before a pending player-versus-player combat is resolved, its defender (`player`, not the active player) discards a card whose Action is `dodge` in the options and the combat does not take place (`combat`: its index, default the first against that player). A Newaru combat is not dodged (Favourable Zone in exsilium.fight evades it). The Keber strike is dodged with «Arremetida» in exsilium.ability (`victims.<player>.dodge`).',
    { player: 'p2', card: 'p2-7' },
    // `combat`: the pending combat by index; default the first one against this player
    { player: Player, card: CardId, combat: Type.Optional(Type.Integer({ minimum: 0, maximum: 50 })) },
  ),
  'exsilium.ability': cmd(
    'exsilium.ability',
    'EXS-PBOARD-4 / EXS-ACTION-2: 1 faction token on an empty ability slot (once per turn). The second fires the faction ability at once with the choices given: SYL `miniature` (EXS-FACTION-SYL-1: every figure within 2 nodes eliminated, own SYL and Newaru included), Keber `tile` (EXS-FACTION-KEBER-1: all 4 Keber on one tile, EXS-AMB-26; everything on that adjacent tile and every enemy on the Keber tile), Vinsan `nodes` (EXS-FACTION-VINSAN-1: a sinkhole of up to 4 pairwise adjacent nodes, no deposit or terminal; figures there move to `displace` nodes), Wardun `miniature` + `target` (EXS-FACTION-WARDUN-1: a miniature of another faction within 3 nodes is trapped). Ranges count node steps ignoring obstacles (EXS-AMB-14). Victims retreat and apply only the loser discard rule (`victims`: per player `supplyCards`, `markerNodes`; EXS-COMBAT-DISCARD-3); the release follows EXS-PBOARD-5 (Wardun: 2 miniatures back on the board free the trapped miniature). A struck player dodges the Keber strike with a card named «Arremetida» from hand (`victims.<player>.dodge`; discarded, their miniatures spared; Newaru never dodge).',
    { player: 'p1', miniature: 'syl-1' },
    {
      player: Player,
      miniature: Type.Optional(Id),
      tile: Type.Optional(Id),
      nodes: Type.Optional(Type.Array(NodeId, { minItems: 1, maxItems: 4 })),
      // Vinsan: node destroyed → adjacent free node (default the first free one)
      displace: Type.Optional(Type.Record(Type.String(), NodeId)),
      target: Type.Optional(Type.Object({ player: Player, miniature: Id })),
      // per victim (EXS-COMBAT-DISCARD-3); defaults: the first cards in hand, the first free nodes
      victims: Type.Optional(
        Type.Record(
          Type.String(),
          Type.Object({
            supplyCards: Type.Optional(Type.Array(CardId, { maxItems: 4 })),
            markerNodes: Type.Optional(Type.Array(NodeId, { maxItems: 4 })),
            dodge: Type.Optional(CardId),
          }),
        ),
      ),
    },
  ),
  'exsilium.end_turn': cmd(
    'exsilium.end_turn',
    'EXS-ACTION-5 / EXS-AMB-5: the turn ends (cards left are kept) — a player never needs it after the last card: a command that leaves the active player’s hand empty with no combat pending ends the turn by itself (or the command that resolves the last pending combat), with the same events; the enemy activation follows (EXS-NEWARU-ACT-1…4 movement by this turn’s moves; with `options.emptyHandLoses`, EXS-AMB-3b strict: a Newaru next to a miniature of the player whose turn ended, who holds no cards, wins at once; EXS-NEWARU-SPAWN-1 respawns), then the next player’s turn (a new round refills the hands, EXS-ROUND-1; adjacent Newaru attack, EXS-COMBAT-TRIGGER-3).',
    { player: 'p1' },
    { player: Player },
  ),
};

// The command types, derived from the schemas above (one declaration per input).
type Schemas = typeof EXSILIUM_COMMAND_SCHEMAS;
export type ExsiliumCommandType = keyof Schemas;
/** The command of type `T`, as its schema validates it. */
export type ExsiliumCommandOf<T extends ExsiliumCommandType> = CommandOfType<Schemas, T>;
/** The full-match commands of Exsilium, one member per command type. */
export type ExsiliumCommand = CommandUnion<Schemas>;

/** Whether `command` is the `type` command (validated against its schema first). */
export const isExsiliumCommand = <T extends ExsiliumCommandType>(type: T, command: { type: string }): command is ExsiliumCommandOf<T> => isCommandOfType<Schemas, T>(type, command);
