/** What the Exsilium table deciders share: the event recorder, the board queries and the per-step checks. */
import { RuleViolation } from '../../errors.js';
import { buildBoard, type Board } from '../board.js';
import { evolveTable, type TableEvent } from './evolve.js';
import { points, type PendingCombat, type Table, type TablePlayer } from './table.js';

/** Emits events and folds each at once, so later checks see the table they leave. */
export class Decision {
  readonly events: TableEvent[] = [];
  constructor(public t: Table) {}
  emit(e: TableEvent): void {
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
  const p = t.players[id];
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

/** EXS-ACTION-1: one card from hand per action. */
export function requireCard(t: Table, player: string, card: string): void {
  const p = t.players[player]!;
  if (p.hand.length === 0) throw new RuleViolation('no_cards', 'The hand is empty: end the turn (EXS-ACTION-5).', { path: '/command/card' });
  if (!p.hand.includes(card)) throw new RuleViolation('card_not_in_hand', `Card "${card}" is not in ${player}'s hand.`, { path: '/command/card', hand: p.hand });
}

/** Enemies adjacent to `node` for a miniature of `player`: other factions' miniatures and Newaru (EXS-COMBAT-TRIGGER-1/2). */
export function adjacentCombats(t: Table, player: string, miniature: string, node: string): PendingCombat[] {
  const board = boardOf(t);
  const combats: PendingCombat[] = [];
  for (const [at, f] of figures(t)) {
    if (!board.adjacent(node, at)) continue;
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
  for (const n of nodes) if (n.crystal) deposits[n.id] = d.t.baralytasDeck[i++]!;
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
  // EXS-ACTION-8: a marker on the node is picked up with the top supply card (EXS-SUPPLY-2: none if empty).
  const marker = d.t.markers[node];
  if (marker) d.emit({ type: 'exsilium.marker_picked_up', data: { player, node, faction: marker, card: d.t.supply[0] ?? null } });
  // EXS-TERMINAL-1 / EXS-AMB-9: the first miniature on a terminal holding a token takes it.
  if (d.t.terminalTokens.includes(node)) d.emit({ type: 'exsilium.connection_token_taken', data: { player, node } });
  // EXS-COMBAT-TRIGGER-1/2: adjacency to an enemy starts a combat at once; the move stops (EXS-AMB-17).
  const combats = adjacentCombats(d.t, player, miniature, node);
  if (combats.length) d.emit({ type: 'exsilium.combats_triggered', data: { combats } });
  return combats.length > 0;
}
