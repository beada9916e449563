/**
 * The turn commands of an Exsilium match: the start-player bid, activation (also on a controlled
 * terminal) and movement, step by step with the mines, reveals, pick-ups and combats each step
 * leads to. (rounds.ts: the rounds, the end of a turn and the enemy activation.)
 */
import { Type, type Static } from '@sinclair/typebox';
import type { Dice } from '../../../kernel/dice/index.js';
import type { CommandTable } from '../../../kernel/commands.js';
import { InvalidInput, RuleViolation, pointer } from '../../../kernel/errors.js';
import { DeckLog } from '../rules/decks.js';
import { checkMines } from '../rules/mines.js';
import { NodeId } from '../operations/schemas.js';
import { eliminate } from './abilities.js';
import { CardId, documented, tableCommand, Id, Player } from './command-schema.js';
import { commandSchema } from '../../../kernel/commands.js';
import type { ExsiliumEvent } from './evolve.js';
import { OPTIONS_DOC } from './options.js';
import { startRound, startTurn } from './rounds.js';
import { BARALYTAS_COMPOSITION, own, type Table } from './table.js';
import { afterStep, boardOf, Decision, figures, isTerminal, isTrapped, requireCard, requireMiniature, requireTurn, revealTile, seedOf, tileOf } from './rules.js';

const BidSchema = commandSchema('exsilium.bid', { bids: Type.Record(Type.String(), Type.Integer({ minimum: 0, maximum: 10 })) });
export type BidCommand = Static<typeof BidSchema>;

/** EXS-SETUP-2: secret bids of faction tokens; the highest starts, every bid token goes to the game reserve. */
function bid(command: BidCommand, t: Table, dice: Dice): ExsiliumEvent[] {
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

const ActivateSchema = commandSchema('exsilium.activate', { player: Player, card: Type.Optional(CardId), terminal: Type.Optional(NodeId) });
export type ActivateCommand = Static<typeof ActivateSchema>;

/**
 * EXS-PBOARD-2: 1 card puts the next miniature of the player board on the activation node; or
 * EXS-ACTION-3 / EXS-AMB-11: 1 faction token and no card put it on a terminal the player controls.
 */
function activate(command: ActivateCommand, t: Table): ExsiliumEvent[] {
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

const MoveSchema = commandSchema('exsilium.move', {
  player: Player,
  card: CardId,
  miniature: Id,
  path: Type.Array(NodeId, { minItems: 1, maxItems: 2 }),
  control: Type.Optional(Type.Boolean({ description: 'EXS-TERMINAL-3: place 1 faction token on the terminal this move leaves for the first time (control it).' })),
});
export type MoveCommand = Static<typeof MoveSchema>;

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
function move(command: MoveCommand, t: Table): ExsiliumEvent[] {
  requireTurn(t, command.player);
  requireCard(t, command.player, command.card);
  const from = requireMiniature(t, command.player, command.miniature);
  const d = new Decision(t);
  d.emit({ type: 'exsilium.card_played', data: { player: command.player, card: command.card, use: 'move', miniature: command.miniature } });
  const left = walk(d, command.player, command.miniature, from, command.path);
  if (command.control) controlLeftTerminal(d, t, command.player, left);
  return d.events;
}

/** The turn commands, decided on the table. */
export const TURN_COMMANDS: CommandTable<Table, ExsiliumEvent> = {
  'exsilium.bid': tableCommand({
    schema: BidSchema,
    ...documented(
      'exsilium.bid',
      `EXS-SETUP-2 / EXS-AMB-6: the secret start-player bids in faction tokens (all go to the game reserve; a tie → the tied re-bid, a second tie is rolled). Then EXS-SETUP-5 (starting tiles revealed), EXS-ROUND-1 (hands refilled to 4) and the first turn. ${OPTIONS_DOC}`,
      { bids: { p1: 2, p2: 1 } },
    ),
    decide: bid,
  }),
  'exsilium.activate': tableCommand({
    schema: ActivateSchema,
    ...documented(
      'exsilium.activate',
      'EXS-PBOARD-2: 1 card puts the next miniature of the player board on the activation node (EXS-PBOARD-3 order); or EXS-ACTION-3 / EXS-AMB-11: `terminal` instead of `card` puts it on a terminal the player controls for 1 faction token. Pick-ups and combats as after a step.',
      { player: 'p1', card: 'p1-1' },
    ),
    decide: activate,
  }),
  'exsilium.move': tableCommand({
    schema: MoveSchema,
    ...documented(
      'exsilium.move',
      'EXS-ACTION-1a / EXS-MOVE-1…3: 1 card moves one miniature 1–2 nodes (`path`: the nodes stepped on). Each step is checked (EXS-MOVE-2: adjacency, deposits, destroyed and occupied nodes, EXS-BORDER-2) and followed by the mines (EXS-MINE-2/4), the tile reveal (EXS-REVEAL-2), pick-ups (EXS-CRYSTAL-2, EXS-ACTION-8, EXS-TERMINAL-1), the win check (EXS-WIN-3) and the combat check (EXS-COMBAT-TRIGGER-1/2, the move stops: EXS-AMB-17).',
      { player: 'p1', card: 'p1-2', miniature: 'syl-1', path: ['A1:1,2', 'A1:2,2'] },
    ),
    decide: move,
  }),
};
