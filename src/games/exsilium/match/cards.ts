/**
 * Playing a card for its Action or its secondary action (EXS-ACTION-1 (c)/(d), EXS-CARD-1…5,
 * glossary keywords §19). The seeds print no card list: each card's keyword is in the options.
 */
import type { Dice } from '../../../kernel/dice/index.js';
import { RuleViolation } from '../../../kernel/errors.js';
import { DeckLog } from '../rules/decks.js';
import type { TableEvent } from './evolve.js';
import type { ExsiliumCommandOf } from '../commands/schemas.js';
import { dodgeFactionCard } from './dodge.js';
import { afterStep, boardOf, Decision, isFree, isTerminal, requireCard, requireMiniature, requireTurn, tileOf } from './rules.js';
import { own, type Table } from './table.js';
import { controlLeftTerminal, seedOf, walk } from './turn.js';

export type PlayCommand = ExsiliumCommandOf<'exsilium.play'>;

const need = <T>(value: T | undefined, member: string, kind: string): T => {
  if (value === undefined) throw new RuleViolation('choice_needed', `A ${kind} card needs \`${member}\`.`, { path: `/command/${member}` });
  return value;
};

/** EXS-ACTION-1 (c): the card's primary Action (EXS-CARD-3: it does not also move, unless the Action is a move). */
export function play(t: Table, c: PlayCommand, dice: Dice): TableEvent[] {
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

export type DropCommand = ExsiliumCommandOf<'exsilium.drop'>;

/**
 * EXS-ACTION-6: the Drop secondary action — the card beside a free node adjacent to one of the
 * player's miniatures, with a faction token on the node as the pick-up marker; face down or into
 * the supply deck costs 1 more token, to the game reserve (EXS-TOKEN-2).
 */
export function drop(t: Table, c: DropCommand): TableEvent[] {
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

/** EXS-ACTION-7: the Eliminate secondary action — the card leaves the game, its Action is not performed (any moment of the turn). */
export function eliminate(t: Table, c: ExsiliumCommandOf<'exsilium.eliminate'>): TableEvent[] {
  requireTurn(t, c.player, { combatAllowed: true });
  requireCard(t, c.player, c.card);
  // EXS-MINE-3: a mine card may always be eliminated as a secondary action.
  if (t.cards[c.card]!.secondary !== 'eliminate' && !t.cards[c.card]!.mine)
    throw new RuleViolation('no_eliminate_icon', `"${t.cards[c.card]!.name}" has no Eliminate icon (EXS-ACTION-7) and is no mine (EXS-MINE-3).`, { path: '/command/card' });
  const d = new Decision(t);
  d.emit({ type: 'exsilium.card_eliminated', data: { player: c.player, card: c.card, from: 'hand' } });
  return d.events;
}

/**
 * EXS-MINE-3: as a secondary action in their turn, the owner removes a mine they dropped (face up or
 * down) from the game; its marker token goes to the game reserve like a spent mine's (EXS-MINE-5).
 */
export function removeMine(t: Table, c: ExsiliumCommandOf<'exsilium.remove_mine'>): TableEvent[] {
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
