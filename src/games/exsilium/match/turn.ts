/** The turn structure of an Exsilium match: start-player bid, rounds, activation, movement, end of turn and the enemy activation. */
import type { Dice } from '../../../kernel/dice/index.js';
import { InvalidInput, RuleViolation, pointer } from '../../../kernel/errors.js';
import { DeckLog } from '../rules/decks.js';
import { moveNewaru } from '../rules/newaru-movement.js';
import { respawn } from '../rules/respawn.js';
import { checkMines } from '../rules/mines.js';
import { eliminate } from './abilities.js';
import { fightNewaru } from './combat.js';
import { BARALYTAS_COMPOSITION, own, setOwn, type PendingCombat, type Table } from './table.js';
import { afterStep, boardOf, Decision, figures, isFree, isTerminal, isTrapped, requireCard, requireMiniature, requireTurn, revealTile, tileOf } from './rules.js';
import { evolveTable, type TableEvent } from './evolve.js';
import type { ExsiliumCommandOf } from '../commands/schemas.js';

/** The seed of a command's shuffles: its dice seed (fixed dice have none: 'fixed'). */
export const seedOf = (dice: Dice) => dice.transcript().seed ?? 'fixed';
const HAND = 4;

/** EXS-ROUND-1: every player refills UP TO 4 cards; EXS-DECK-1: an empty deck takes the shuffled discard pile. */
function startRound(d: Decision, log: DeckLog): void {
  const refills: Record<string, { drawn: string[]; reshuffled: string[] | null }> = {};
  for (const id of d.t.order) {
    const p = d.t.players[id]!;
    const need = Math.max(0, HAND - p.hand.length);
    let drawn = p.deck.slice(0, need);
    let reshuffled: string[] | null = null;
    if (drawn.length < need && p.discard.length) {
      reshuffled = log.shuffle(`${id}:deck`, 'exhausted', p.discard);
      drawn = [...drawn, ...reshuffled.slice(0, need - drawn.length)];
    }
    setOwn(refills, id, { drawn, reshuffled });
  }
  d.emit({ type: 'exsilium.round_started', data: { round: d.t.round + 1, refills } });
}

/** EXS-TURN-1 / EXS-AMB-29: combats waiting at the start of the turn (Newaru adjacent attack, EXS-COMBAT-TRIGGER-3). */
function startTurn(d: Decision, player: string): void {
  const board = boardOf(d.t);
  const combats: PendingCombat[] = [];
  const at = figures(d.t);
  for (const m of d.t.players[player]!.miniatures) {
    // EXS-FACTION-WARDUN-1: the trapped miniature neither attacks nor is attacked.
    if (!m.node || isTrapped(d.t, player, m.id)) continue;
    for (const [node, f] of at) {
      if (!board.adjacent(m.node, node)) continue;
      if ('player' in f && isTrapped(d.t, f.player, f.miniature)) continue;
      if ('newaru' in f) combats.push({ kind: 'newaru', attacker: 'newaru', player, miniature: m.id, newaru: f.newaru });
      else if (f.player !== player) combats.push({ kind: 'pvp', attacker: { player, miniature: m.id }, defender: f });
    }
  }
  d.emit({ type: 'exsilium.turn_started', data: { player, combats } });
}

/** EXS-SETUP-2: secret bids of faction tokens; the highest starts, every bid token goes to the game reserve. */
export function bid(t: Table, command: ExsiliumCommandOf<'exsilium.bid'>, dice: Dice): TableEvent[] {
  if (t.phase !== 'bid') throw new RuleViolation('bid_over', 'The start player is already chosen (EXS-SETUP-2).');
  for (const id of Object.keys(command.bids)) {
    if (!t.bidders.includes(id))
      throw new RuleViolation('not_bidding', `"${id}" does not bid now (bidding: ${t.bidders.join(', ')}; EXS-AMB-6: after a tie only the tied players bid again).`, {
        path: pointer('command', 'bids', id),
      });
  }
  for (const id of t.bidders) {
    const n = own(command.bids, id);
    if (n === undefined) throw new RuleViolation('missing_bid', `Player "${id}" has not bid.`, { path: pointer('command', 'bids', id) });
    const held = t.players[id]!.factionTokens;
    if (n > held) throw new RuleViolation('not_enough_tokens', `Player "${id}" holds ${held} faction tokens.`, { path: pointer('command', 'bids', id), held });
  }
  const top = Math.max(...t.bidders.map((id) => own(command.bids, id)!));
  const tied = t.bidders.filter((id) => own(command.bids, id) === top);
  let start: string | null = tied.length === 1 ? tied[0]! : null;
  // EXS-AMB-6: a second tie is decided at random among the tied players.
  if (!start && t.bidRounds >= 1) start = tied[dice.roll('EXS-AMB-6 start player among the tied', 1, tied.length)[0]! - 1]!;
  const log = new DeckLog(seedOf(dice));
  const players = Object.keys(t.players);
  const order = start ? [...players.slice(players.indexOf(start)), ...players.slice(0, players.indexOf(start))] : t.order;
  // EXS-REVEAL-2: the Baralytas deck is shuffled once, at game start (unless its order was given).
  const baralytasDeck = !start ? [] : t.baralytasDeck.length ? t.baralytasDeck : log.shuffle('baralytas', 'initial', BARALYTAS_COMPOSITION);
  const d = new Decision(t);
  d.emit({ type: 'exsilium.start_player_bid', data: { bids: command.bids, startPlayer: start, tied: start ? [] : tied, order, baralytasDeck } });
  if (!start) return d.events;
  // EXS-SETUP-5: the starting tiles are revealed, in turn order.
  for (const id of order) revealTile(d, t.board.tiles.find((tile) => tile.start === id)!.id);
  startRound(d, log);
  startTurn(d, order[0]!);
  return d.events;
}

/**
 * EXS-PBOARD-2: 1 card puts the next miniature of the player board on the activation node; or
 * EXS-ACTION-3 / EXS-AMB-11: 1 faction token and no card put it on a terminal the player controls.
 */
export function activate(t: Table, command: ExsiliumCommandOf<'exsilium.activate'>): TableEvent[] {
  const p = requireTurn(t, command.player);
  const node = command.terminal ?? p.activation;
  if (command.terminal !== undefined) {
    if (own(t.controlled, command.terminal) !== command.player)
      throw new RuleViolation('terminal_not_controlled', `"${command.terminal}" is not a terminal ${command.player} controls (EXS-ACTION-3).`, {
        path: '/command/terminal',
        controlled: Object.keys(t.controlled).filter((n) => own(t.controlled, n) === command.player),
      });
    if (command.card !== undefined)
      throw new InvalidInput([{ path: '/command/card', code: 'no_card', message: 'Activation on a controlled terminal costs 1 faction token and no card (EXS-AMB-11).' }]);
    if (p.factionTokens < 1) throw new RuleViolation('no_faction_tokens', 'Activation on a terminal costs 1 faction token (EXS-ACTION-2).');
  } else if (command.card === undefined) {
    throw new InvalidInput([
      { path: '/command/card', code: 'missing', message: 'Activation on the activation node costs 1 card (EXS-PBOARD-2); give `card`, or `terminal` for a controlled terminal.' },
    ]);
  } else requireCard(t, command.player, command.card);
  const miniature = p.pool[p.pool.length - 1];
  if (!miniature) throw new RuleViolation('no_inactive_miniature', 'Every miniature of this player is on the board.');
  // EXS-AMB-8: one figure per node.
  if (figures(t).has(node)) throw new RuleViolation('node_occupied', `The node "${node}" is occupied: free it first.`, { node });
  const d = new Decision(t);
  if (command.card !== undefined) d.emit({ type: 'exsilium.card_played', data: { player: command.player, card: command.card, use: 'activate', miniature } });
  d.emit({ type: 'exsilium.miniature_activated', data: { player: command.player, miniature, node, ...(command.terminal ? { tokens: 1 } : {}) } });
  afterStep(d, command.player, miniature, node);
  return d.events;
}

/** EXS-BORDER-1/2: the highest border number between two tiles (0 when none, EXS-BORDER-4). */
function borderBetween(t: Table, a: string, b: string): number {
  return Math.max(0, ...(t.board.borders ?? []).filter((x) => x.tiles.includes(a) && x.tiles.includes(b) && a !== b).map((x) => x.n));
}

/** EXS-MOVE-2: a legal step from `from` to `to` for a miniature of `player` (`allowance`: a Cross-border card's number, EXS-BORDER-3). */
function checkStep(t: Table, player: string, from: string, to: string, i: number, allowance: number): void {
  const board = boardOf(t);
  const path = pointer('command', 'path', i);
  if (!board.has(to)) throw new RuleViolation('unknown_node', `No node has id "${to}".`, { path });
  if (!board.adjacent(from, to)) throw new RuleViolation('illegal_step', `"${from}" and "${to}" are not adjacent nodes (EXS-MOVE-1).`, { path });
  const node = board.node(to);
  if (t.destroyed.includes(to)) throw new RuleViolation('impassable_node', `"${to}" was destroyed by a sinkhole (EXS-FACTION-VINSAN-1).`, { path });
  if (node.crystal || node.destroyed) throw new RuleViolation('impassable_node', `"${to}" is a ${node.crystal ? 'crystal deposit' : 'destroyed node'} (EXS-CRYSTAL-1).`, { path });
  if (figures(t).has(to)) throw new RuleViolation('node_occupied', `A figure stands on "${to}" (EXS-AMB-8).`, { path });
  const [a, b] = [tileOf(t, from), tileOf(t, to)];
  const n = a === b ? 0 : borderBetween(t, a, b);
  if (n > allowance) {
    const own = t.players[player]!.miniatures.filter((m) => m.node && tileOf(t, m.node) === a).length;
    // EXS-BORDER-2: at least N of the faction's miniatures on the tile, itself included.
    if (own < n)
      throw new RuleViolation('border_closed', `The border between ${a} and ${b} is ${n}: ${own} of your miniatures stand on ${a} (EXS-BORDER-2).`, {
        path,
        border: n,
        miniatures: own,
      });
  }
}

export type MoveCommand = ExsiliumCommandOf<'exsilium.move'>;

/** The steps of one move (EXS-MOVE-1…3); answers the terminals it left. */
export function walk(d: Decision, player: string, miniature: string, from: string, path: string[], allowance = 0): string[] {
  const left: string[] = [];
  for (const [i, to] of path.entries()) {
    checkStep(d.t, player, from, to, i, allowance);
    if (isTerminal(d.t, from)) left.push(from);
    const blasts = mineBlasts(d.t, miniature, from, to);
    d.emit({ type: 'exsilium.miniature_stepped', data: { player, miniature, from, to } });
    // EXS-AMB-16 (a): mines go off first; a mover blown up stops there (EXS-MINE-2/4/5).
    if (explode(d, blasts, miniature)) break;
    // EXS-AMB-17: a combat (or the victory) stops the move; the remaining steps are lost.
    if (afterStep(d, player, miniature, to) || d.t.phase === 'ended') break;
    from = to;
  }
  return left;
}

type Blast = { node: string; owner: string; card: string; rule: string; eliminated: string[] };

/** EXS-MINE-1/2/4 through the mines core: the face-up mines a step from `from` to `to` sets off. */
function mineBlasts(t: Table, miniature: string, from: string, to: string): Blast[] {
  const owners = new Map(Object.entries(t.players).map(([id, p]) => [p.faction, id]));
  const mines = Object.entries(t.dropped)
    .filter(([node, x]) => x.faceUp && t.cards[x.card]?.mine && own(t.markers, node))
    .map(([node, x]) => ({ id: node, node, faction: own(t.markers, node)!, card: x.card }));
  if (!mines.length) return [];
  // EXS-FACTION-WARDUN-1: the trapped miniature is as if it did not exist.
  const miniatures = Object.entries(t.players).flatMap(([id, p]) =>
    p.miniatures.filter((m) => m.node && !isTrapped(t, id, m.id)).map((m) => ({ id: m.id, faction: p.faction, node: m.node! })),
  );
  const borders = (t.board.borders ?? []).map((b) => ({ tiles: b.tiles, value: b.n }));
  const r = checkMines({ nodes: t.board.nodes, mines, borders, miniatures, move: { miniature, path: [from, to] } });
  return (r.steps[0]?.explosions ?? []).map((e) => {
    const mine = mines.find((m) => m.id === e.mine)!;
    return { node: mine.node, owner: owners.get(mine.faction)!, card: mine.card, rule: e.rule, eliminated: e.eliminated };
  });
}

/** The blasts' victims retreat and apply the loser discard rule only (EXS-MINE-5); answers whether the mover was among them. */
function explode(d: Decision, blasts: Blast[], mover: string): boolean {
  if (!blasts.length) return false;
  const at = [...figures(d.t)];
  for (const b of blasts) d.emit({ type: 'exsilium.mine_exploded', data: b });
  const victims = at.filter(([, f]) => 'player' in f && blasts.some((b) => b.eliminated.includes(f.miniature)));
  eliminate(d, 'mine', victims, undefined);
  return blasts.some((b) => b.eliminated.includes(mover));
}

/** EXS-TERMINAL-3: the first time a player's miniature leaves a terminal, they may control it with a faction token. */
export function controlLeftTerminal(d: Decision, before: Table, player: string, left: string[]): void {
  const p = before.players[player]!;
  const node = left.find((n) => !p.terminalsLeft.includes(n) && !own(before.controlled, n));
  if (!node)
    throw new RuleViolation('no_terminal_to_control', 'This move leaves no uncontrolled terminal for the first time (EXS-TERMINAL-3).', { path: '/command/control', left });
  if (p.factionTokens < 1) throw new RuleViolation('no_faction_tokens', 'Controlling a terminal costs 1 faction token (EXS-TERMINAL-3).', { path: '/command/control' });
  if (d.t.phase !== 'ended') d.emit({ type: 'exsilium.terminal_controlled', data: { player, node } });
}

/** EXS-ACTION-1 (a) / EXS-MOVE-1: 1 card moves one miniature up to 2 nodes, step by step. */
export function move(t: Table, command: MoveCommand): TableEvent[] {
  requireTurn(t, command.player);
  requireCard(t, command.player, command.card);
  const from = requireMiniature(t, command.player, command.miniature);
  const d = new Decision(t);
  d.emit({ type: 'exsilium.card_played', data: { player: command.player, card: command.card, use: 'move', miniature: command.miniature } });
  const left = walk(d, command.player, command.miniature, from, command.path);
  if (command.control) controlLeftTerminal(d, t, command.player, left);
  return d.events;
}

/**
 * EXS-AMB-3b strict variant (options.emptyHandLoses): "when the enemies activate after your turn and
 * you are attacked with no cards, you lose": a Newaru next to a miniature of the player whose turn
 * just ended, who holds no cards, attacks at once and wins (no enemy card is revealed); the loser's
 * Conclusion applies. Otherwise the combat waits for that player's turn (EXS-COMBAT-TRIGGER-3).
 */
function ambush(d: Decision, dice: Dice, player: string): void {
  const board = boardOf(d.t);
  for (const m of d.t.players[player]!.miniatures) {
    const t = d.t;
    const n = m.node && t.newaru.find((x) => board.adjacent(m.node!, x.node));
    if (!n || t.players[player]!.hand.length > 0 || isTrapped(t, player, m.id)) continue;
    fightNewaru(d, { kind: 'newaru', attacker: 'newaru', player, miniature: m.id, newaru: n.id }, { player, cards: [] }, new DeckLog(seedOf(dice)));
  }
}

/** EXS-ACTION-5 / EXS-AMB-5: the turn ends (voluntarily with cards left); then the enemy activation (EXS-ROUND-2). */
export function endTurn(t: Table, command: ExsiliumCommandOf<'exsilium.end_turn'>, dice: Dice): TableEvent[] {
  requireTurn(t, command.player);
  const d = new Decision(t);
  passTurn(d, command.player, dice);
  return d.events;
}

/**
 * EXS-ROUND-2: the turn of `player` ends, the enemy activation follows, then the next player's turn
 * (after the last player of the order a new round: EXS-ROUND-1). Answers whether a round started.
 */
function passTurn(d: Decision, player: string, dice: Dice): boolean {
  const faction = d.t.players[player]!.faction;
  const [first, ...rest] = d.t.paths;
  d.emit({ type: 'exsilium.turn_ended', data: { player } });
  // EXS-NEWARU-ACT-1…4: each Newaru moves at most 1 node when this turn's movement touched its tile.
  for (const n of [...d.t.newaru]) {
    // EXS-FACTION-WARDUN-1: the trapped miniature is treated as if it did not exist (its node stays taken).
    const trapped = Object.entries(d.t.players).flatMap(([id, p]) => p.miniatures.filter((m) => m.node && isTrapped(d.t, id, m.id)).map((m) => m.node!));
    const miniatures = Object.entries(d.t.players).flatMap(([id, p]) =>
      p.miniatures.filter((m) => m.node && !isTrapped(d.t, id, m.id)).map((m) => ({ id: m.id, faction: p.faction, node: m.node! })),
    );
    const blocked = [...d.t.newaru.filter((x) => x.id !== n.id).map((x) => x.node), ...d.t.destroyed, ...trapped];
    const nodes = d.t.board.nodes.map((x) => (blocked.includes(x.id) ? { ...x, destroyed: true } : x));
    // EXS-NEWARU-MOVE-4: this turn's Hologram draws the triggered Newaru (when it stands on their tile).
    const holo = d.t.hologram && miniatures.some((m) => m.id === d.t.hologram!.miniature) ? { hologram: d.t.hologram.miniature } : {};
    const r = moveNewaru({ nodes, newaru: { node: n.node }, miniatures, move: { faction, path: first ?? [], paths: rest }, ...holo });
    if (r.moves) d.emit({ type: 'exsilium.newaru_moved', data: { id: n.id, from: r.from, to: r.to, adjacentTo: r.adjacentTo, rules: r.rules } });
  }
  if (d.t.emptyHandLoses) ambush(d, dice, player);
  // EXS-KW-HOLOGRAM (5): the trick is revealed: the miniature returns to the marked node (if still free) and the token to its owner.
  const h = d.t.hologram;
  if (h) {
    const at = d.t.players[h.player]!.miniatures.find((m) => m.id === h.miniature)?.node ?? null;
    const returned = at !== null && (at === h.node || isFree(d.t, h.node));
    d.emit({ type: 'exsilium.hologram_revealed', data: { player: h.player, miniature: h.miniature, node: h.node, returned } });
  }
  // EXS-NEWARU-SPAWN-1/4: empty revealed portal tiles get a Newaru.
  const at = figures(d.t);
  const tiles = d.t.revealed.map((id) => {
    const portal = d.t.board.nodes.find((x) => x.tile === id && x.portal);
    const here = [...at].filter(([node]) => tileOf(d.t, node) === id).map(([, f]) => f);
    return { id, ...(portal ? { portal: portal.id } : {}), miniatures: here.filter((f) => 'player' in f).length, newaru: here.some((f) => 'newaru' in f) };
  });
  for (const s of respawn(tiles, d.t.newaruSupply ?? undefined).spawns) {
    d.emit({ type: 'exsilium.newaru_spawned', data: { id: `newaru-${d.t.newaruSpawned + 1}`, tile: s.tile, node: s.node } });
  }
  const next = d.t.order.indexOf(player) + 1;
  const newRound = next >= d.t.order.length;
  if (newRound) startRound(d, new DeckLog(seedOf(dice)));
  startTurn(d, d.t.order[next % d.t.order.length]!);
  return newRound;
}

/**
 * EXS-ACTION-5: «El turno de un jugador termina cuando ya no tiene cartas en la mano» (rulebook 004).
 * Once the active player's hand is empty and no combat waits, the turn ends by itself and passes as
 * exsilium.end_turn passes it (enemy activation, next player: EXS-ROUND-2). A combat the last card
 * started is resolved first (EXS-COMBAT-TRIGGER-4, with the empty hand: EXS-AMB-21), and so are the
 * combats waiting at the start of a turn (EXS-TURN-1). A player whose turn starts with an empty hand
 * and no combat has no action to spend (EXS-TURN-2): that turn passes at once too. When every hand is
 * empty the remaining turns of the round pass and the next round refills every hand to 4 (EXS-ROUND-1:
 * «nadie repone su mano antes de terminar la ronda»).
 */
export function closeTurn(d: Decision, dice: Dice): void {
  for (;;) {
    const active = d.t.active;
    if (d.t.phase !== 'turn' || active === null) return;
    // EXS-COMBAT-TRIGGER-4: a pending combat is resolved before the turn can end.
    if (d.t.combats.length > 0) return;
    // EXS-ACTION-5: the turn ends when the hand is empty (not before: EXS-AMB-5's pass is exsilium.end_turn).
    if (d.t.players[active]!.hand.length > 0) return;
    const newRound = passTurn(d, active, dice);
    // EXS-ROUND-1: no card anywhere to refill from (hands, decks and discard piles empty): stop with the round's first player.
    if (newRound && Object.values(d.t.players).every((p) => p.hand.length === 0)) return;
  }
}

/** A table command followed by EXS-ACTION-5: the events that end an emptied turn are part of its decision. */
export function closingTurn<C>(decide: (t: Table, command: C, dice: Dice) => TableEvent[]): (t: Table, command: C, dice: Dice) => TableEvent[] {
  return (t, command, dice) => {
    const events = decide(t, command, dice);
    const d = new Decision(events.reduce(evolveTable, t));
    closeTurn(d, dice);
    return [...events, ...d.events];
  };
}
