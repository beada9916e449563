/**
 * Playing a card for its Action or its secondary action (EXS-ACTION-1 (c)/(d), EXS-CARD-1…5,
 * glossary keywords §19). The seeds print no card list: each card's keyword is in the options.
 */
import { Type, type Static } from '@sinclair/typebox';
import type { Dice } from '../../../kernel/dice/index.js';
import type { CommandTable } from '../../../kernel/commands.js';
import { RuleViolation } from '../../../kernel/errors.js';
import { Enum, NodeId } from '../operations/schemas.js';
import { DeckLog } from '../rules/decks.js';
import { CardId, documented, tableCommand, Id, Player } from './command-schema.js';
import { commandSchema } from '../../../kernel/commands.js';
import type { ExsiliumEvent } from './evolve.js';
import { dodgeFactionCard } from './dodge.js';
import { afterStep, boardOf, Decision, isFree, isTerminal, requireCard, requireMiniature, requireTurn, seedOf, tileOf } from './rules.js';
import { own, type Table } from './table.js';
import { controlLeftTerminal, walk } from './turn.js';

const PlaySchema = commandSchema('exsilium.play', {
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
});
export type PlayCommand = Static<typeof PlaySchema>;

const need = <T>(value: T | undefined, member: string, kind: string): T => {
  if (value === undefined) throw new RuleViolation('choice_needed', `A ${kind} card needs \`${member}\`.`, { path: `/command/${member}` });
  return value;
};

/** EXS-ACTION-1 (c): the card's primary Action (EXS-CARD-3: it does not also move, unless the Action is a move). */
function play(c: PlayCommand, t: Table, dice: Dice): ExsiliumEvent[] {
  const card = own(t.cards, c.card);
  const before = card?.beforeCombat === true;
  // EXS-CARD-5: "Before a combat" Actions may be played while a combat waits.
  const p = requireTurn(t, c.player, { combatAllowed: before });
  requireCard(t, c.player, c.card);
  const action = card!.action;
  if (!action)
    throw new RuleViolation('no_action', `"${card!.name}" has no Action in the options: use it to move, activate, buy or fight (EXS-CARD-2).`, { path: '/command/card' });
  const d = new Decision(t);
  const played = (miniature?: string) =>
    d.emit({ type: 'exsilium.card_played', data: { player: c.player, card: c.card, use: 'action', action: action.kind, ...(miniature ? { miniature } : {}) } });
  switch (action.kind) {
    case 'draw': {
      // EXS-KW-DRAW / EXS-BOARD-5: no drawing while a miniature of the player stands on a "NO DRAWING" tile.
      const noDraw = p.miniatures.find((m) => m.node && t.board.tiles.find((x) => x.id === tileOf(t, m.node!))?.noDraw);
      if (noDraw) throw new RuleViolation('no_draw_zone', `"${noDraw.id}" stands on a tile where drawing is forbidden (EXS-BOARD-5).`, { miniature: noDraw.id });
      played();
      const pl = d.t.players[c.player]!;
      let cards = pl.deck.slice(0, action.count);
      let reshuffled: string[] | null = null;
      // EXS-DECK-1: the discard pile is shuffled into a new deck only when the deck cannot cover the draw.
      if (cards.length < action.count && pl.discard.length) {
        reshuffled = new DeckLog(seedOf(dice)).shuffle(`${c.player}:deck`, 'exhausted', pl.discard);
        cards = [...cards, ...reshuffled.slice(0, action.count - cards.length)];
      }
      d.emit({ type: 'exsilium.cards_drawn', data: { player: c.player, cards, reshuffled } });
      break;
    }
    case 'exchange': {
      // EXS-KW-EXCHANGE: a card of the hand for a card of the discard pile.
      const discard = need(c.discard, 'discard', 'Exchange');
      const take = need(c.take, 'take', 'Exchange');
      if (discard === c.card || !p.hand.includes(discard)) throw new RuleViolation('card_not_in_hand', `"${discard}" is not another card in hand.`, { path: '/command/discard' });
      if (!p.discard.includes(take)) throw new RuleViolation('not_in_discard', `"${take}" is not in the discard pile.`, { path: '/command/take', discard: p.discard });
      d.emit({ type: 'exsilium.card_exchanged', data: { player: c.player, discarded: discard, taken: take } });
      played();
      break;
    }
    case 'eliminate': {
      // EXS-KW-ELIMINATE: a card of the hand or the discard pile leaves the game.
      const target = need(c.target, 'target', 'Eliminate');
      const from = target !== c.card && p.hand.includes(target) ? 'hand' : p.discard.includes(target) ? 'discard' : null;
      if (!from) throw new RuleViolation('card_not_found', `"${target}" is neither another card in hand nor in the discard pile.`, { path: '/command/target' });
      played();
      d.emit({ type: 'exsilium.card_eliminated', data: { player: c.player, card: target, from } });
      break;
    }
    case 'portal': {
      // EXS-KW-PORTAL / EXS-PORTAL-2 / EXS-AMB-10: from a portal node to a free portal node of another tile.
      const mini = need(c.miniature, 'miniature', 'Activate portal');
      const from = requireMiniature(t, c.player, mini);
      const to = need(c.node, 'node', 'Activate portal');
      const portal = (n: string) => t.board.nodes.find((x) => x.id === n && x.portal);
      const source = portal(from);
      if (!source) throw new RuleViolation('not_on_portal', `"${mini}" does not stand on a portal node.`, { path: '/command/miniature' });
      if (!boardOf(t).has(to) || !portal(to) || tileOf(t, to) === tileOf(t, from) || !isFree(t, to))
        throw new RuleViolation('portal_destination', `"${to}" is not a free portal node of another tile.`, { path: '/command/node' });
      // EXS-PORTAL-2 / EXS-AMB-10: when the tile data gives portal symbols, only the same symbol is reached.
      if (source.portalSymbol !== undefined && portal(to)!.portalSymbol !== source.portalSymbol)
        throw new RuleViolation('portal_symbol', `"${to}" shows another portal symbol than "${from}" (${source.portalSymbol}; EXS-PORTAL-2).`, {
          path: '/command/node',
          symbol: source.portalSymbol,
        });
      played(mini);
      d.emit({ type: 'exsilium.miniature_stepped', data: { player: c.player, miniature: mini, from, to } });
      afterStep(d, c.player, mini, to);
      break;
    }
    case 'cross_border': {
      // EXS-BORDER-3 / EXS-KW-BORDER: a 2-node move that may cross a border up to the card's number alone.
      const mini = need(c.miniature, 'miniature', 'Cross border');
      const from = requireMiniature(t, c.player, mini);
      const path = need(c.path, 'path', 'Cross border');
      if (path.length > 2) throw new RuleViolation('path_length', 'Cross border moves 1 or 2 nodes.', { path: '/command/path' });
      played(mini);
      const left = walk(d, c.player, mini, from, path, action.n);
      if (c.control) controlLeftTerminal(d, t, c.player, left);
      break;
    }
    case 'hologram': {
      // EXS-KW-HOLOGRAM: a faction token marks the start node, the miniature moves up to 3 nodes; the
      // Newaru of the next enemy activation go for it (EXS-NEWARU-MOVE-4), then it returns (end_turn).
      const mini = need(c.miniature, 'miniature', 'Hologram');
      const from = requireMiniature(t, c.player, mini);
      const path = need(c.path, 'path', 'Hologram');
      if (t.hologram) throw new RuleViolation('hologram_in_play', 'A Hologram is already in play this turn.', { path: '/command/card' });
      if (p.factionTokens < 1) throw new RuleViolation('no_faction_tokens', 'The Hologram needs a faction token to mark the start node (EXS-KW-HOLOGRAM).');
      played(mini);
      d.emit({ type: 'exsilium.hologram_set', data: { player: c.player, miniature: mini, node: from, card: c.card } });
      walk(d, c.player, mini, from, path);
      break;
    }
    case 'cracking': {
      // EXS-KW-CRACKING: adjacent to a terminal another faction controls, remove its token.
      const mini = need(c.miniature, 'miniature', 'Cracking');
      const at = requireMiniature(t, c.player, mini);
      const node = need(c.node, 'node', 'Cracking');
      const owner = own(t.controlled, node);
      if (!owner || owner === c.player || !isTerminal(t, node))
        throw new RuleViolation('not_controlled_terminal', `"${node}" is not a terminal another faction controls.`, { path: '/command/node', controlled: t.controlled });
      if (!boardOf(t).adjacent(at, node)) throw new RuleViolation('not_adjacent', `"${mini}" is not adjacent to "${node}" (EXS-KW-CRACKING).`, { path: '/command/miniature' });
      played(mini);
      // EXS-KW-DODGE: the effect of a faction-type card (EXS-KW-FACTIONCARD) may be dodged by the player it acts on.
      if (c.dodge !== undefined) dodgeFactionCard(d, owner, c.dodge, card!);
      else d.emit({ type: 'exsilium.terminal_cracked', data: { player: c.player, node, owner } });
      break;
    }
    default:
      throw new RuleViolation(
        'not_playable',
        `"${card!.name}" (${action.kind}) is not played on its own: ${action.kind === 'favourable_zone' ? 'give it as `favourableZone` in exsilium.fight (EXS-KW-FAVZONE)' : 'this match does not resolve it'}.`,
        {
          path: '/command/card',
        },
      );
  }
  return d.events;
}

const DropSchema = commandSchema('exsilium.drop', { player: Player, card: CardId, node: NodeId, mode: Type.Optional(Enum(['face_up', 'face_down', 'supply'] as const)) });
export type DropCommand = Static<typeof DropSchema>;

/**
 * EXS-ACTION-6: the Drop secondary action — the card beside a free node adjacent to one of the
 * player's miniatures, with a faction token on the node as the pick-up marker; face down or into
 * the supply deck costs 1 more token, to the game reserve (EXS-TOKEN-2).
 */
function drop(c: DropCommand, t: Table): ExsiliumEvent[] {
  const p = requireTurn(t, c.player);
  requireCard(t, c.player, c.card);
  if (t.cards[c.card]!.secondary !== 'drop') throw new RuleViolation('no_drop_icon', `"${t.cards[c.card]!.name}" has no Drop icon (EXS-ACTION-6).`, { path: '/command/card' });
  const mode = c.mode ?? 'face_up';
  const tokens = mode === 'face_up' ? 1 : 2;
  if (p.factionTokens < tokens) throw new RuleViolation('no_faction_tokens', `This drop costs ${tokens} faction token(s) (EXS-ACTION-6).`, { held: p.factionTokens });
  const board = boardOf(t);
  const beside = p.miniatures.some((m) => m.node && board.adjacent(m.node, c.node));
  if (!board.has(c.node) || !beside || !isFree(t, c.node) || own(t.markers, c.node))
    throw new RuleViolation('drop_node', `"${c.node}" is not a free node adjacent to one of your miniatures (EXS-ACTION-6).`, { path: '/command/node' });
  const d = new Decision(t);
  d.emit({ type: 'exsilium.card_dropped', data: { player: c.player, card: c.card, node: c.node, mode, tokens } });
  return d.events;
}

const EliminateSchema = commandSchema('exsilium.eliminate', { player: Player, card: CardId });
export type EliminateCommand = Static<typeof EliminateSchema>;

/** EXS-ACTION-7: the Eliminate secondary action — the card leaves the game, its Action is not performed (any moment of the turn). */
function eliminate(c: EliminateCommand, t: Table): ExsiliumEvent[] {
  requireTurn(t, c.player, { combatAllowed: true });
  requireCard(t, c.player, c.card);
  // EXS-MINE-3: a mine card may always be eliminated as a secondary action.
  if (t.cards[c.card]!.secondary !== 'eliminate' && !t.cards[c.card]!.mine)
    throw new RuleViolation('no_eliminate_icon', `"${t.cards[c.card]!.name}" has no Eliminate icon (EXS-ACTION-7) and is no mine (EXS-MINE-3).`, { path: '/command/card' });
  const d = new Decision(t);
  d.emit({ type: 'exsilium.card_eliminated', data: { player: c.player, card: c.card, from: 'hand' } });
  return d.events;
}

const RemoveMineSchema = commandSchema('exsilium.remove_mine', { player: Player, node: NodeId });
export type RemoveMineCommand = Static<typeof RemoveMineSchema>;

/**
 * EXS-MINE-3: as a secondary action in their turn, the owner removes a mine they dropped (face up or
 * down) from the game; its marker token goes to the game reserve like a spent mine's (EXS-MINE-5).
 */
function removeMine(c: RemoveMineCommand, t: Table): ExsiliumEvent[] {
  const p = requireTurn(t, c.player, { combatAllowed: true });
  const mine = own(t.dropped, c.node);
  if (!mine || !t.cards[mine.card]?.mine || own(t.markers, c.node) !== p.faction)
    throw new RuleViolation('no_own_mine', `No mine of ${c.player} lies at "${c.node}" (EXS-MINE-1).`, {
      path: '/command/node',
      mines: Object.keys(t.dropped).filter((n) => t.cards[own(t.dropped, n)!.card]?.mine && own(t.markers, n) === p.faction),
    });
  const d = new Decision(t);
  d.emit({ type: 'exsilium.mine_removed', data: { player: c.player, card: mine.card, node: c.node } });
  return d.events;
}

/** The card commands, decided on the table. */
export const CARD_COMMANDS: CommandTable<Table, ExsiliumEvent> = {
  'exsilium.play': tableCommand({
    schema: PlaySchema,
    ...documented(
      'exsilium.play',
      'EXS-ACTION-1 (c) / EXS-CARD-1…5: 1 card for its Action, by its keyword in the options: `draw` (EXS-KW-DRAW: `count` cards from the deck, the discard pile reshuffled when it runs out; refused while a miniature stands on a NO DRAWING tile, EXS-BOARD-5), `exchange` (EXS-KW-EXCHANGE: `discard` a card of the hand, `take` one of the discard pile), `eliminate` (EXS-KW-ELIMINATE: `target`, a card of the hand or discard pile, leaves the game), `portal` (EXS-KW-PORTAL / EXS-PORTAL-2 / EXS-AMB-10: `miniature` on a portal goes to the free portal `node` of another tile, with the same `portalSymbol` when the options give symbols), `cross_border` (EXS-BORDER-3: `miniature` moves `path` of 1–2 nodes, crossing borders up to the card’s `n` alone), `cracking` (EXS-KW-CRACKING: `miniature` adjacent to the terminal `node` another faction controls removes its token to the game reserve; when the card is faction-type, the terminal owner may cancel it with `dodge`, a dodge card of their hand, EXS-KW-DODGE), `hologram` (EXS-KW-HOLOGRAM: a faction token marks the start node, `miniature` moves `path` of 1–3 nodes; in the enemy activation the triggered Newaru go for it, EXS-NEWARU-MOVE-4, then it returns to the marked node if free and the token comes back; the card is discarded when played). `favourable_zone` is given in exsilium.fight. EXS-CARD-4: faction cards only for their faction; EXS-CARD-5: `beforeCombat` cards also while a combat waits.',
      { player: 'p1', card: 'p1-9', miniature: 'syl-1', node: 'X:3,2' },
    ),
    decide: play,
  }),
  'exsilium.drop': tableCommand({
    schema: DropSchema,
    ...documented(
      'exsilium.drop',
      'EXS-ACTION-6 (secondary action, Drop icon): the card goes beside a free `node` adjacent to one of the player’s miniatures with 1 faction token as the pick-up marker; `mode` `face_down` or `supply` (into the supply deck) costs 1 more token, to the game reserve. Whoever steps on the marker takes the card (EXS-ACTION-8). A mine card (`mine` in the options) dropped face up is a detonator: a miniature of another faction that steps next to it is eliminated, and a border crossing sets off the mines next to that border, eliminating every miniature next to them (EXS-MINE-2/4, EXS-AMB-16: before the other per-step checks); victims apply only the loser discard rule, the mine is spent (card to its owner’s discard, token to the game reserve; EXS-MINE-5); face down it does nothing.',
      { player: 'p1', card: 'p1-8', node: 'X:4,0', mode: 'face_up' },
    ),
    decide: drop,
  }),
  'exsilium.eliminate': tableCommand({
    schema: EliminateSchema,
    ...documented(
      'exsilium.eliminate',
      'EXS-ACTION-7 (secondary action, Eliminate icon): at any moment of the turn the card leaves the game; its Action is not performed. EXS-MINE-3: a mine card (`mine` in the options) may be eliminated so without the icon.',
      { player: 'p1', card: 'p1-8' },
    ),
    decide: eliminate,
  }),
  'exsilium.remove_mine': tableCommand({
    schema: RemoveMineSchema,
    ...documented(
      'exsilium.remove_mine',
      'EXS-MINE-3 (secondary action): in their turn, the owner of a mine dropped on the board (face up or face down) removes it from the game: the card leaves the game and its marker token goes to the game reserve, as a spent mine’s (EXS-MINE-5).',
      { player: 'p1', node: 'X:4,0' },
    ),
    decide: removeMine,
  }),
};
