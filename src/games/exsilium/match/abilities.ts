/**
 * Faction abilities (EXS-PBOARD-4/5, EXS-FACTION-SYL-1, -KEBER-1, -VINSAN-1, -WARDUN-1): one token
 * per turn on an ability slot; filling the second fires the ability at once, with the choices the
 * command carries. Victims apply only the loser discard rule (EXS-COMBAT-DISCARD-3).
 */
import { Type, type Static } from '@sinclair/typebox';
import type { CommandTable } from '../../../kernel/commands.js';
import { RuleViolation, pointer } from '../../../kernel/errors.js';
import { NodeId } from '../operations/schemas.js';
import { CardId, documented, tableCommand, Id, Player } from './command-schema.js';
import { commandSchema } from '../../../kernel/commands.js';
import type { EliminationCause, Figure } from './evolve-actions.js';
import type { ExsiliumEvent } from './evolve.js';
import { boardOf, checkRelease, Decision, figures, isFree, isTerminal, isTrapped, nodeDistances, requireMiniature, requireTurn, tileOf } from './rules.js';
import { own, type Table } from './table.js';
import { dodgeStrike } from './dodge.js';

const AbilitySchema = commandSchema('exsilium.ability', {
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
});
export type AbilityCommand = Static<typeof AbilitySchema>;

/** EXS-FACTION-SYL-1: drone; -KEBER-1: strike; -VINSAN-1: sinkhole; -WARDUN-1: paralysis. */
const ABILITY = { syl: 'syl_drone', keber: 'keber_strike', vinsan: 'vinsan_sinkhole', wardun: 'wardun_paralysis' } as const;
const RANGE = { syl: 2, wardun: 3 };

function need<T>(v: T | undefined, member: string, ability: string): T {
  if (v === undefined)
    throw new RuleViolation('ability_choice_needed', `The second slot fires ${ability} at once (EXS-PBOARD-4): give \`${member}\`.`, { path: `/command/${member}` });
  return v;
}

/** Tiles adjacent to `tile` (EXS-BOARD-1: sharing an edge or a corner), read from the node graph. */
function adjacentTiles(t: Table, tile: string): Set<string> {
  const board = boardOf(t);
  const out = new Set<string>();
  for (const n of t.board.nodes) if (n.tile === tile) for (const m of board.neighbors(n.id)) if (tileOf(t, m) !== tile) out.add(tileOf(t, m));
  return out;
}

/** EXS-COMBAT-DISCARD-3: each victim retreats, puts a card per lost miniature into the supply deck and a marker on its tile. */
export function eliminate(d: Decision, cause: EliminationCause, victims: [string, Figure][], choices: AbilityCommand['victims']): void {
  const newaru = victims.flatMap(([, f]) => ('newaru' in f ? [f.newaru] : []));
  const byPlayer = new Map<string, { miniature: string; node: string }[]>();
  for (const [node, f] of victims) if ('player' in f) byPlayer.set(f.player, [...(byPlayer.get(f.player) ?? []), { miniature: f.miniature, node }]);
  const gone = new Set(victims.map(([n]) => n));
  const taken = new Set([...figures(d.t).keys()].filter((n) => !gone.has(n)));
  for (const [player, lost] of byPlayer) {
    const p = d.t.players[player]!;
    const choice = own(choices, player) ?? {};
    const supplyCards = choice.supplyCards ?? p.hand.slice(0, Math.min(lost.length, p.hand.length));
    supplyCards.forEach((c, i) => {
      if (!p.hand.includes(c) || supplyCards.indexOf(c) !== i || supplyCards.length > Math.min(lost.length, p.hand.length))
        throw new RuleViolation(
          'wrong_supply_cards',
          `${player} puts ${Math.min(lost.length, p.hand.length)} different card(s) from hand into the supply deck (EXS-FACTION-KEBER-1).`,
          {
            path: pointer('command', 'victims', player, 'supplyCards', i),
          },
        );
    });
    let tokens = p.factionTokens;
    const markers = lost.map((m, i) => {
      const free = t0FreeNodes(d.t, tileOf(d.t, m.node), taken);
      const node = choice.markerNodes?.[i] ?? free[0] ?? null;
      if (node !== null && !free.includes(node))
        throw new RuleViolation('marker_node', `A marker goes on a free node of tile ${tileOf(d.t, m.node)}.`, {
          path: pointer('command', 'victims', player, 'markerNodes', i),
          free,
        });
      if (node) taken.add(node);
      const fromReserve = tokens === 0;
      if (!fromReserve) tokens--;
      return { node, fromReserve };
    });
    const pool = p.pool.length;
    d.emit({ type: 'exsilium.eliminated', data: { player, cause, miniatures: lost.map((m) => m.miniature), supplyCards, markers } });
    checkRelease(d, player, pool);
  }
  if (newaru.length && cause !== 'mine') d.emit({ type: 'exsilium.newaru_eliminated', data: { ids: newaru, cause } });
}

function t0FreeNodes(t: Table, tile: string, taken: Set<string>): string[] {
  return t.board.nodes.filter((n) => n.tile === tile && !n.crystal && !t.destroyed.includes(n.id) && !own(t.markers, n.id) && !taken.has(n.id)).map((n) => n.id);
}

/** Figures the ability can reach: the Wardun-trapped miniature is treated as if it did not exist. */
const reachable = (t: Table): [string, Figure][] => [...figures(t)].filter(([, f]) => !('player' in f) || !isTrapped(t, f.player, f.miniature));

function fillAbilitySlot(c: AbilityCommand, t: Table): ExsiliumEvent[] {
  const p = requireTurn(t, c.player);
  if (t.slotFilled) throw new RuleViolation('slot_filled_this_turn', 'One ability slot per turn (EXS-PBOARD-4).');
  if (p.abilitySlots >= 2) throw new RuleViolation('ability_spent', 'Both slots are filled until the ability is released (EXS-PBOARD-5).');
  if (p.factionTokens < 1) throw new RuleViolation('no_faction_tokens', 'A slot takes 1 faction token (EXS-ACTION-2).');
  const slots = p.abilitySlots + 1;
  const ability = ABILITY[p.faction];
  const board = boardOf(t);
  const onBoard = p.miniatures.filter((m) => m.node);
  // EXS-AMB-26: Keber fills the second slot only with the 4 miniatures on one tile.
  const keberTile = onBoard.length === 4 && new Set(onBoard.map((m) => tileOf(t, m.node!))).size === 1 ? tileOf(t, onBoard[0]!.node!) : null;
  if (slots === 2 && p.faction === 'keber' && !keberTile)
    throw new RuleViolation('keber_not_grouped', 'The strike needs the 4 Keber miniatures on the same tile (EXS-FACTION-KEBER-1, EXS-AMB-26).');
  const d = new Decision(t);
  d.emit({ type: 'exsilium.ability_slot_filled', data: { player: c.player, slots } });
  if (slots < 2) return d.events;
  if (p.faction === 'syl' || p.faction === 'wardun') {
    const mini = need(c.miniature, 'miniature', ability);
    const at = requireMiniature(t, c.player, mini);
    const dist = nodeDistances(t, at);
    const near = (n: string) => (dist.get(n) ?? Infinity) <= RANGE[p.faction as 'syl' | 'wardun'];
    if (p.faction === 'syl') {
      // EXS-FACTION-SYL-1: everything within 2 nodes, other SYL and Newaru included; the chosen miniature survives.
      const victims = reachable(t).filter(([n, f]) => near(n) && !('player' in f && f.miniature === mini && f.player === c.player));
      d.emit({ type: 'exsilium.ability_fired', data: { player: c.player, ability, miniature: mini } });
      eliminate(d, ability, victims, c.victims);
    } else {
      // EXS-FACTION-WARDUN-1: a miniature of another faction within 3 nodes, not a Newaru.
      const target = need(c.target, 'target', ability);
      const node = own(t.players, target.player)?.miniatures.find((m) => m.id === target.miniature)?.node;
      if (target.player === c.player || !node || !near(node))
        throw new RuleViolation('paralysis_target', `The Wardun token goes under a miniature of another faction within 3 nodes of "${mini}".`, { path: '/command/target' });
      d.emit({ type: 'exsilium.ability_fired', data: { player: c.player, ability, miniature: mini, trapped: target } });
    }
  } else if (p.faction === 'keber') {
    // EXS-FACTION-KEBER-1: everything on one adjacent tile, and every enemy on the Keber tile.
    const tile = need(c.tile, 'tile', ability);
    if (!adjacentTiles(t, keberTile!).has(tile))
      throw new RuleViolation('strike_tile', `"${tile}" is not a tile adjacent to ${keberTile} (EXS-BOARD-1).`, {
        path: '/command/tile',
        adjacent: [...adjacentTiles(t, keberTile!)],
      });
    const struck = reachable(t).filter(([n, f]) => tileOf(t, n) === tile || (tileOf(t, n) === keberTile && !('player' in f && f.player === c.player)));
    d.emit({ type: 'exsilium.ability_fired', data: { player: c.player, ability, tile } });
    // «Arremetida» dodges the strike for its player's miniatures; Newaru cannot dodge it.
    const dodgers = new Set<string>();
    for (const [victim, choice] of Object.entries(c.victims ?? {})) {
      if (choice.dodge === undefined) continue;
      if (!struck.some(([, f]) => 'player' in f && f.player === victim))
        throw new RuleViolation('not_struck', `No miniature of ${victim} is struck: nothing to dodge.`, { path: pointer('command', 'victims', victim, 'dodge') });
      dodgeStrike(d, victim, choice.dodge, pointer('command', 'victims', victim, 'dodge'));
      dodgers.add(victim);
    }
    const victims = struck.filter(([, f]) => !('player' in f && dodgers.has(f.player)));
    eliminate(d, ability, victims, c.victims);
  } else {
    // EXS-FACTION-VINSAN-1: a sinkhole destroys up to 4 nodes (RECOMMENDED footprint: 2 × 2, i.e. pairwise adjacent).
    const nodes = need(c.nodes, 'nodes', ability);
    if (p.sinkholes < 1) throw new RuleViolation('no_sinkholes', 'The 4 sinkhole tokens are on the board (EXS-SETUP-1).');
    nodes.forEach((n, i) => {
      const path = pointer('command', 'nodes', i);
      if (!board.has(n)) throw new RuleViolation('unknown_node', `No node has id "${n}".`, { path });
      if (board.node(n).crystal || isTerminal(t, n)) throw new RuleViolation('indestructible_node', `"${n}" is a deposit or a terminal: they cannot be destroyed.`, { path });
      if (t.destroyed.includes(n) || nodes.indexOf(n) !== i) throw new RuleViolation('already_destroyed', `"${n}" is destroyed already (or named twice).`, { path });
      if (nodes.some((m) => m !== n && !board.adjacent(m, n)))
        throw new RuleViolation('sinkhole_footprint', 'The sinkhole’s nodes form one block: each adjacent to every other (2 × 2 at most).', { path });
    });
    const at = figures(t);
    const taken = new Set([...at.keys()].filter((n) => !nodes.includes(n)));
    const displaced = nodes.flatMap((n) => {
      const f = at.get(n);
      if (!f) return [];
      const ok = (m: string) => board.adjacent(n, m) && !nodes.includes(m) && isFree(t, m) && !taken.has(m) && (!('newaru' in f) || tileOf(t, m) === tileOf(t, n));
      const to = own(c.displace, n) ?? board.neighbors(n).find(ok);
      if (!to || !ok(to))
        throw new RuleViolation('displace_node', `The figure on "${n}" moves to a free adjacent node of your choice (EXS-FACTION-VINSAN-1).`, {
          path: pointer('command', 'displace', n),
        });
      taken.add(to);
      return [{ figure: f, from: n, to }];
    });
    d.emit({ type: 'exsilium.ability_fired', data: { player: c.player, ability, nodes, displaced } });
  }
  return d.events;
}

/** The faction ability command, decided on the table. */
export const ABILITY_COMMANDS: CommandTable<Table, ExsiliumEvent> = {
  'exsilium.ability': tableCommand({
    schema: AbilitySchema,
    ...documented(
      'exsilium.ability',
      'EXS-PBOARD-4 / EXS-ACTION-2: 1 faction token on an empty ability slot (once per turn). The second fires the faction ability at once with the choices given: SYL `miniature` (EXS-FACTION-SYL-1: every figure within 2 nodes eliminated, own SYL and Newaru included), Keber `tile` (EXS-FACTION-KEBER-1: all 4 Keber on one tile, EXS-AMB-26; everything on that adjacent tile and every enemy on the Keber tile), Vinsan `nodes` (EXS-FACTION-VINSAN-1: a sinkhole of up to 4 pairwise adjacent nodes, no deposit or terminal; figures there move to `displace` nodes), Wardun `miniature` + `target` (EXS-FACTION-WARDUN-1: a miniature of another faction within 3 nodes is trapped). Ranges count node steps ignoring obstacles (EXS-AMB-14). Victims retreat and apply only the loser discard rule (`victims`: per player `supplyCards`, `markerNodes`; EXS-COMBAT-DISCARD-3); the release follows EXS-PBOARD-5 (Wardun: 2 miniatures back on the board free the trapped miniature). A struck player dodges the Keber strike with a card named «Arremetida» from hand (`victims.<player>.dodge`; discarded, their miniatures spared; Newaru never dodge).',
      { player: 'p1', miniature: 'syl-1' },
    ),
    decide: fillAbilitySlot,
  }),
};
