/** What the Exsilium table deciders share: the event recorder, the board queries and the per-step checks. */
import type { Dice } from '../../../kernel/dice/index.js';
import { RuleViolation } from '../../../kernel/errors.js';
import { buildBoard, stepsFrom, type Board } from '../rules/board.js';
import { evolveTable, type ExsiliumEvent } from './evolve.js';
import { RELEASE_SLOT } from '../rules/retreat.js';
import { own, points, setOwn, type PendingCombat, type Table, type TableNode, type TablePlayer } from './table.js';

/** The seed of a command's shuffles: its dice seed (fixed dice have none: 'fixed'). */
export const seedOf = (dice: Dice) => dice.transcript().seed ?? 'fixed';

/** Emits events and folds each at once, so later checks see the table they leave. */
export class Decision {
  readonly events: ExsiliumEvent[] = [];
  constructor(public t: Table) {}
  emit(e: ExsiliumEvent): void {
    this.events.push(e);
    this.t = evolveTable(this.t, e);
  }
}

const boards = new WeakMap<Table['board'], Board>();
export function boardOf(t: Table): Board {
  let b = boards.get(t.board);
  if (!b) boards.set(t.board, (b = buildBoard(t.board.nodes)));
  return b;
}

export const tileOf = (t: Table, node: string) => boardOf(t).node(node).tile;

/** Node → what stands there: a miniature (player, id) or a Newaru. */
export function figures(t: Table): Map<string, { player: string; miniature: string } | { newaru: string }> {
  const at = new Map<string, { player: string; miniature: string } | { newaru: string }>();
  for (const [player, p] of Object.entries(t.players)) for (const m of p.miniatures) if (m.node) at.set(m.node, { player, miniature: m.id });
  for (const n of t.newaru) at.set(n.node, { newaru: n.id });
  return at;
}

export function playerOf(t: Table, id: string): TablePlayer {
  const p = own(t.players, id);
  if (!p) throw new RuleViolation('unknown_player', `No player "${id}" in this match.`, { players: Object.keys(t.players) });
  return p;
}

/** The table is playing a turn: the active player's command, no combat waiting (EXS-COMBAT-TRIGGER-4). */
export function requireTurn(t: Table, player: string, { combatAllowed = false } = {}): TablePlayer {
  if (t.phase === 'ended') throw new RuleViolation('match_over', `The match is over: ${t.winner} won (EXS-WIN-1).`);
  if (t.phase === 'bid') throw new RuleViolation('bid_first', 'The start player is not chosen yet: send exsilium.bid first (EXS-SETUP-2).');
  const p = playerOf(t, player);
  if (t.active !== player) throw new RuleViolation('not_your_turn', `It is ${t.active}'s turn (EXS-ROUND-2).`, { active: t.active });
  if (!combatAllowed && t.combats.length) {
    throw new RuleViolation('combat_pending', 'A combat must be resolved first: send exsilium.fight (EXS-COMBAT-TRIGGER-4).', { combats: t.combats });
  }
  return p;
}

/** EXS-ACTION-1: one card from hand per action; EXS-CARD-4: a faction-type card only for its faction. */
export function requireCard(t: Table, player: string, card: string, path = '/command/card'): void {
  const p = t.players[player]!;
  if (p.hand.length === 0) throw new RuleViolation('no_cards', 'The hand is empty: end the turn (EXS-ACTION-5).', { path });
  if (!p.hand.includes(card)) throw new RuleViolation('card_not_in_hand', `Card "${card}" is not in ${player}'s hand.`, { path, hand: p.hand });
  requireFactionCard(t, player, card, path);
}

/** EXS-CARD-4 / EXS-KW-FACTIONCARD: a card whose type is a faction symbol is used only by that faction. */
export function requireFactionCard(t: Table, player: string, card: string, path: string): void {
  const f = own(t.cards, card)?.faction;
  if (f && f !== t.players[player]!.faction) throw new RuleViolation('faction_card', `"${t.cards[card]!.name}" is a ${f} card: only ${f} uses it (EXS-CARD-4).`, { path });
}

/** A miniature of the player, on the board, not trapped by the Wardun token (EXS-FACTION-WARDUN-1). */
export function requireMiniature(t: Table, player: string, id: string, path = '/command/miniature'): string {
  const p = t.players[player]!;
  const mini = p.miniatures.find((m) => m.id === id);
  if (!mini) throw new RuleViolation('unknown_miniature', `"${id}" is not a miniature of ${player}.`, { path, miniatures: p.miniatures.map((m) => m.id) });
  if (!mini.node) throw new RuleViolation('miniature_not_on_board', `"${id}" is on the player board: activate it first (EXS-PBOARD-2).`, { path });
  if (isTrapped(t, player, id)) throw new RuleViolation('miniature_trapped', `"${id}" is under the Wardun token: it cannot move or fight (EXS-FACTION-WARDUN-1).`, { path });
  return mini.node;
}

export const isTerminal = (t: Table, node: string) => (boardOf(t).node(node) as TableNode | undefined)?.terminal === true;

export const isTrapped = (t: Table, player: string, miniature: string) => t.trapped?.player === player && t.trapped.miniature === miniature;

/** Steps between two nodes over the node graph, ignoring what stands on them (EXS-BOARD-3, EXS-AMB-14 for ability ranges). */
export function nodeDistances(t: Table, from: string): Map<string, number> {
  return stepsFrom(boardOf(t), from);
}

/** A node a figure may stand on now: not a deposit, not destroyed, nobody there (EXS-MOVE-2, EXS-AMB-8). */
export const isFree = (t: Table, node: string) => {
  const n = boardOf(t).node(node);
  return !n.crystal && !n.destroyed && !t.destroyed.includes(node) && !figures(t).has(node);
};

/**
 * EXS-PBOARD-5: after a death, when the player's inactive miniatures reach the release number
 * (SYL 4, Keber 4, Vinsan 3, Wardun 2), the slot tokens go back to the personal reserve and, for
 * Wardun, the Wardun token leaves the board and frees the trapped miniature.
 */
export function checkRelease(d: Decision, player: string, before: number): void {
  const p = d.t.players[player]!;
  const r = RELEASE_SLOT[p.faction];
  if (!(before < r && p.pool.length >= r)) return;
  const freed = p.faction === 'wardun' ? d.t.trapped : null;
  if (p.abilitySlots === 0 && !freed) return;
  d.emit({ type: 'exsilium.ability_released', data: { player, tokens: p.abilitySlots, freed } });
}

/** Enemies adjacent to `node` for a miniature of `player`: other factions' miniatures and Newaru (EXS-COMBAT-TRIGGER-1/2). */
function adjacentCombats(t: Table, player: string, miniature: string, node: string): PendingCombat[] {
  const board = boardOf(t);
  const combats: PendingCombat[] = [];
  // EXS-FACTION-WARDUN-1: the trapped miniature neither attacks nor is attacked.
  if (isTrapped(t, player, miniature)) return combats;
  for (const [at, f] of figures(t)) {
    if (!board.adjacent(node, at)) continue;
    if ('player' in f && isTrapped(t, f.player, f.miniature)) continue;
    if ('newaru' in f) combats.push({ kind: 'newaru', attacker: 'player', player, miniature, newaru: f.newaru });
    else if (f.player !== player) combats.push({ kind: 'pvp', attacker: { player, miniature }, defender: f });
  }
  return combats;
}

/** EXS-WIN-1/3: checked after every Baralytas gain. */
export function checkWin(d: Decision, player: string): boolean {
  const p = d.t.players[player]!;
  const won = points(p) >= d.t.target;
  if (won) d.emit({ type: 'exsilium.game_won', data: { player, points: points(p), target: d.t.target } });
  return won;
}

/**
 * EXS-REVEAL-2: a tile turned face up — (1) a Baralytas token from the deck on each deposit,
 * (2) a connection token on each terminal, (3) a Newaru on its portal.
 */
export function revealTile(d: Decision, tile: string): void {
  const nodes = d.t.board.nodes.filter((n) => n.tile === tile);
  const deposits: Record<string, number> = {};
  let i = 0;
  for (const n of nodes) if (n.crystal) setOwn(deposits, n.id, d.t.baralytasDeck[i++]!);
  const portal = nodes.find((n) => n.portal);
  // EXS-NEWARU-SPAWN-4: no Newaru left in the supply → none placed.
  const free = portal && !figures(d.t).has(portal.id) && (d.t.newaruSupply === null || d.t.newaruSupply > 0);
  d.emit({
    type: 'exsilium.tile_revealed',
    data: { tile, deposits, terminals: nodes.filter((n) => n.terminal).map((n) => n.id), newaru: free ? { id: `newaru-${d.t.newaruSpawned + 1}`, node: portal.id } : null },
  });
}

/**
 * EXS-MOVE-3 (EXS-AMB-16 order) after a miniature is placed or steps on `node`: reveal, pick-ups
 * (deposits, marker, terminal), win check, combat check. Answers true when the move must stop.
 */
export function afterStep(d: Decision, player: string, miniature: string, node: string): boolean {
  const board = boardOf(d.t);
  const tile = board.node(node).tile;
  // EXS-REVEAL-1: a miniature moving onto a face-down tile reveals it.
  if (!d.t.revealed.includes(tile)) revealTile(d, tile);
  // EXS-CRYSTAL-2: adjacent deposits holding a token are collected at once (EXS-CRYSTAL-3: never above 15).
  for (const [deposit, value] of Object.entries(d.t.deposits)) {
    if (value === null || !board.adjacent(node, deposit)) continue;
    const before = points(d.t.players[player]!);
    if (before + value > 15) continue;
    d.emit({ type: 'exsilium.baralytas_collected', data: { player, deposit, value, points: before + value } });
    if (checkWin(d, player)) return true;
  }
  // EXS-ACTION-8: a marker on the node is picked up with the card dropped beside it, else the top
  // supply card (EXS-SUPPLY-2: none if empty).
  const marker = own(d.t.markers, node);
  if (marker) d.emit({ type: 'exsilium.marker_picked_up', data: { player, node, faction: marker, card: own(d.t.dropped, node)?.card ?? d.t.supply[0] ?? null } });
  // EXS-TERMINAL-1 / EXS-AMB-9: the first miniature on a terminal holding a token takes it.
  if (d.t.terminalTokens.includes(node)) d.emit({ type: 'exsilium.connection_token_taken', data: { player, node } });
  // EXS-COMBAT-TRIGGER-1/2: adjacency to an enemy starts a combat at once; the move stops (EXS-AMB-17).
  const combats = adjacentCombats(d.t, player, miniature, node);
  if (combats.length) d.emit({ type: 'exsilium.combats_triggered', data: { combats } });
  return combats.length > 0;
}
