/**
 * The rounds of an Exsilium match: a round starts (hands refilled) and a turn starts (the combats
 * waiting), and a turn ends — asked with exsilium.end_turn, or by itself once the hand is empty
 * (EXS-ACTION-5, closingTurn: every table command) — with the enemy activation and the next turn.
 */
import type { Static } from '@sinclair/typebox';
import type { Dice } from '../../../kernel/dice/index.js';
import type { CommandTable } from '../../../kernel/commands.js';
import { DeckLog } from '../rules/decks.js';
import { moveNewaru } from '../rules/newaru-movement.js';
import { respawn } from '../rules/respawn.js';
import { documented, tableCommand, Player } from './command-schema.js';
import { commandSchema } from '../../../kernel/commands.js';
import { fightNewaru } from './combat.js';
import { evolveTable, type ExsiliumEvent } from './evolve.js';
import { boardOf, Decision, figures, isFree, isTrapped, requireTurn, seedOf, tileOf } from './rules.js';
import { setOwn, type PendingCombat, type Table } from './table.js';

const HAND = 4;

/** EXS-ROUND-1: every player refills UP TO 4 cards; EXS-DECK-1: an empty deck takes the shuffled discard pile. */
export function startRound(d: Decision, log: DeckLog): void {
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
export function startTurn(d: Decision, player: string): void {
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

const EndTurnSchema = commandSchema('exsilium.end_turn', { player: Player });
export type EndTurnCommand = Static<typeof EndTurnSchema>;

/** EXS-ACTION-5 / EXS-AMB-5: the turn ends (voluntarily with cards left); then the enemy activation (EXS-ROUND-2). */
function endTurn(command: EndTurnCommand, t: Table, dice: Dice): ExsiliumEvent[] {
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
function closeTurn(d: Decision, dice: Dice): void {
  for (;;) {
    const active = d.t.active;
    if (d.t.phase !== 'turn' || active === null) return;
    // EXS-COMBAT-TRIGGER-4: a pending combat is resolved before the turn can end, and its Conclusion chosen (CONTRACT §9.1).
    if (d.t.combats.length > 0 || d.t.conclusion) return;
    // EXS-ACTION-5: the turn ends when the hand is empty (not before: EXS-AMB-5's pass is exsilium.end_turn).
    if (d.t.players[active]!.hand.length > 0) return;
    const newRound = passTurn(d, active, dice);
    // EXS-ROUND-1: no card anywhere to refill from (hands, decks and discard piles empty): stop with the round's first player.
    if (newRound && Object.values(d.t.players).every((p) => p.hand.length === 0)) return;
  }
}

/** A table command followed by EXS-ACTION-5: the events that end an emptied turn are part of its decision. */
export function closingTurn<C>(decide: (t: Table, command: C, dice: Dice) => ExsiliumEvent[]): (t: Table, command: C, dice: Dice) => ExsiliumEvent[] {
  return (t, command, dice) => {
    const events = decide(t, command, dice);
    const d = new Decision(events.reduce(evolveTable, t));
    closeTurn(d, dice);
    return [...events, ...d.events];
  };
}

/** The round commands, decided on the table. */
export const ROUND_COMMANDS: CommandTable<Table, ExsiliumEvent> = {
  'exsilium.end_turn': tableCommand({
    schema: EndTurnSchema,
    ...documented(
      'exsilium.end_turn',
      'EXS-ACTION-5 / EXS-AMB-5: the turn ends (cards left are kept) — a player never needs it after the last card: a command that leaves the active player’s hand empty with no combat pending ends the turn by itself (or the command that resolves the last pending combat), with the same events; the enemy activation follows (EXS-NEWARU-ACT-1…4 movement by this turn’s moves; with `options.emptyHandLoses`, EXS-AMB-3b strict: a Newaru next to a miniature of the player whose turn ended, who holds no cards, wins at once; EXS-NEWARU-SPAWN-1 respawns), then the next player’s turn (a new round refills the hands, EXS-ROUND-1; adjacent Newaru attack, EXS-COMBAT-TRIGGER-3).',
      { player: 'p1' },
    ),
    decide: endTurn,
  }),
};
