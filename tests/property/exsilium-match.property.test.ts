/**
 * Exsilium full matches: replaying the stored log equals the live state. Random sequences of
 * table commands chosen from what the state allows (plus wrong ones), with seeded decks; refused
 * commands throw RuleViolation/InvalidInput only and leave the state untouched.
 */
import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { SeededDice } from '../../src/kernel/dice/index.js';
import { InvalidInput, RuleViolation } from '../../src/kernel/errors.js';
import { gameMatch } from '../../src/app/matches/games.js';
import type { Command } from '../../src/kernel/match-game.js';
import { players } from '../fixtures/exsilium-scenario.js';
import { FULL_GAME, fullScenario } from '../fixtures/exsilium-full-game.js';

const match = gameMatch('exsilium')!;
/** The scenario with action cards and an upgrade deck, for two pairs of factions (every ability). */
const setups = [
  { p1: 'syl', p2: 'keber' },
  { p1: 'vinsan', p2: 'wardun' },
  { p1: 'syl', p2: 'keber' },
].map((factions, i) => {
  const options = fullScenario({ factions, ...(i === 2 ? { emptyHandLoses: true } : {}) });
  // The second pair's Drop card is a mine (EXS-MINE-1…5).
  if (i === 1) (options.decks.p2 as Record<string, unknown>[])[4] = { ...options.decks.p2[4]!, mine: true };
  if (i === 2) {
    // EXS-KW-DODGE: an Esquiva for Ben, «Arremetida» for Ana (same strengths as the cards replaced);
    // EXS-AMB-3b strict; EXS-AMB-10: the portal carries a symbol, and an Activate portal card.
    (options.decks.p2 as Record<string, unknown>[])[7] = { name: 'Esquiva', strength: 2, action: { kind: 'dodge' } };
    (options.decks.p1 as Record<string, unknown>[])[3] = { name: 'Arremetida', strength: 4, action: { kind: 'dodge' } };
    (options.decks.p1 as Record<string, unknown>[])[8] = { name: 'Activate portal', strength: 2, action: { kind: 'portal' } };
    const board = options.board as { nodes: Record<string, unknown>[] };
    board.nodes = board.nodes.map((n) => (n.id === 'X:5,2' ? { ...n, portalSymbol: 'N' } : n));
  }
  return { players, options: options as unknown as Record<string, unknown> };
});
let setup = setups[0]!;
/** The whole game's commands with the miniature ids of the second pair of factions. */
// Prefix lengths named by what they reach in FULL_GAME (its indexes move when its script does).
const BEFORE_FINAL_FIGHT = FULL_GAME.length - 1;
const AFTER_DROP = FULL_GAME.findIndex((c) => c.type === 'exsilium.drop') + 1;
const BEN_SECOND_MINIATURE = FULL_GAME.findIndex((c) => c.type === 'exsilium.activate' && 'card' in c && c.card === 'p2-3') + 1;
const prefixes = [FULL_GAME, JSON.parse(JSON.stringify(FULL_GAME).replaceAll('syl-', 'vinsan-').replaceAll('keber-', 'wardun-')) as Command[], FULL_GAME];

/** Commands worth trying now: mostly legal-looking ones for the phase, some wrong on purpose. */
function menu(state: any, pick: number): Command[] {
  const t = state.table;
  if (t.phase === 'bid') return [{ type: 'exsilium.bid', bids: Object.fromEntries(t.bidders.map((id: string, i: number) => [id, (pick >> i) % 3])) }];
  const player = t.active ?? 'p1';
  const p = t.players[player];
  const card = p.hand[pick % Math.max(1, p.hand.length)] ?? 'none';
  const onBoard = p.miniatures.filter((m: any) => m.node);
  const mini = onBoard[pick % Math.max(1, onBoard.length)];
  const cmds: Command[] = [
    { type: 'exsilium.end_turn', player },
    { type: 'exsilium.activate', player, card },
  ];
  if (t.combats.length) {
    const c = t.combats[0];
    const defender = c.kind === 'pvp' ? t.players[c.defender.player].hand.slice(0, 1) : undefined;
    cmds.push({ type: 'exsilium.fight', player, cards: p.hand.slice(0, 1 + (pick % 3)), ...(defender ? { defenderCards: defender } : {}) });
  }
  if (mini) {
    const node = setup.options.board as { nodes: { id: string; neighbors: string[] }[] };
    const here = node.nodes.find((n) => n.id === mini.node)!;
    const next = here.neighbors[pick % here.neighbors.length]!;
    const after = node.nodes.find((n) => n.id === next)!.neighbors[(pick >> 3) % 8];
    cmds.push({ type: 'exsilium.move', player, card, miniature: mini.id, path: after && pick % 2 ? [next, after] : [next] });
  }
  cmds.push({ type: 'exsilium.activate', player: player === 'p1' ? 'p2' : 'p1', card });
  // Upgrades, terminals, card Actions, secondary actions and abilities (EXS-UPGRADE, EXS-TERMINAL-3, EXS-ACTION, EXS-PBOARD-4).
  const other = t.players[player === 'p1' ? 'p2' : 'p1'];
  const nodes = (setup.options.board as { nodes: { id: string; neighbors: string[] }[] }).nodes;
  const near = mini ? nodes.find((n) => n.id === mini.node)!.neighbors : [];
  const node = near[(pick >> 2) % Math.max(1, near.length)] ?? 'X:3,2';
  const controlled = Object.keys(t.controlled).find((n) => t.controlled[n] === player);
  cmds.push(
    { type: 'exsilium.buy', player, cards: p.hand.slice(0, 1 + (pick % 2)), buy: t.upgradeRow.slice(pick % 3, (pick % 3) + 1), refresh: pick % 5 === 0 },
    {
      type: 'exsilium.play',
      player,
      card,
      miniature: mini?.id ?? 'none',
      node: pick % 2 ? node : 'X:5,2',
      path: [node],
      discard: p.hand[1] ?? card,
      take: p.discard[0] ?? card,
      target: p.discard[0] ?? card,
      ...(pick % 3 === 0 ? { dodge: other.hand[0] ?? card } : {}),
    },
    { type: 'exsilium.drop', player, card, node, mode: (['face_up', 'face_down', 'supply'] as const)[pick % 3] },
    { type: 'exsilium.eliminate', player, card },
    {
      type: 'exsilium.ability',
      player,
      miniature: mini?.id ?? 'none',
      tile: 'X',
      ...(near.length ? { nodes: near.slice(0, 1 + (pick % 2)) } : {}),
      target: { player: player === 'p1' ? 'p2' : 'p1', miniature: other.miniatures.find((m: any) => m.node)?.id ?? 'none' },
    },
    { type: 'exsilium.activate', player, ...(controlled ? { terminal: controlled } : { card }) },
  );
  if (mini) cmds.push({ type: 'exsilium.move', player, card, miniature: mini.id, path: [node], control: true });
  // EXS-KW-DODGE (by the defender, or wrongly by the attacker), the Keber strike dodged, EXS-MINE-3.
  const pvp = t.combats.find((c: any) => c.kind === 'pvp');
  const dodger = pvp ? (pick % 4 ? pvp.defender.player : player) : player === 'p1' ? 'p2' : 'p1';
  const dodgeCard = t.players[dodger].hand.find((c: string) => t.cards[c].action?.kind === 'dodge') ?? t.players[dodger].hand[0] ?? 'none';
  // An owner of a mine on the board sometimes removes it (EXS-MINE-3).
  const mine = Object.keys(t.dropped).find((n) => t.cards[t.dropped[n].card].mine && t.markers[n] === p.faction);
  if (mine && pick % 2 === 0) return [{ type: 'exsilium.remove_mine', player, node: mine }];
  // A defender holding a dodge card mostly dodges (the runs reach it; EXS-COMBAT-TRIGGER-4).
  if (pvp && pick % 4 && t.cards[dodgeCard]?.action?.kind === 'dodge') return [{ type: 'exsilium.dodge', player: dodger, card: dodgeCard }, cmds[2]!];
  cmds.push(
    { type: 'exsilium.dodge', player: dodger, card: dodgeCard },
    { type: 'exsilium.dodge', player: dodger, card: dodgeCard, combat: pick % 2 },
    {
      type: 'exsilium.ability',
      player,
      tile: 'X',
      victims: { [player === 'p1' ? 'p2' : 'p1']: { dodge: other.hand.find((c: string) => t.cards[c].action?.kind === 'dodge') ?? 'none' } },
    },
    { type: 'exsilium.remove_mine', player, node: Object.keys(t.dropped)[pick % Math.max(1, Object.keys(t.dropped).length)] ?? node },
  );
  if (t.combats.length) {
    const fz = p.hand.find((c: string) => c.startsWith('upgrade'));
    if (fz) cmds.push({ type: 'exsilium.fight', player, cards: p.hand.filter((c: string) => c !== fz).slice(0, 2), favourableZone: fz });
  }
  return cmds;
}

describe('Exsilium match property', () => {
  const accepted = new Set<string>();
  it('replay of the JSON log equals the live state; refused commands change nothing; decide is deterministic', () => {
    fc.assert(
      fc.property(
        fc.array(fc.tuple(fc.nat(1000), fc.nat(20)), { minLength: 1, maxLength: 60 }),
        fc.string({ minLength: 1, maxLength: 8 }),
        fc.nat(2),
        fc.nat(FULL_GAME.length),
        (random, seed, which, k) => {
          setup = setups[which]!;
          // A prefix of the whole game (upgrades, terminals, abilities in reach), then random commands.
          // The third setup often starts where the player combat (and its dodge) waits; the second, often just after the mine is dropped.
          const steps: [number, number, Command?][] = [
            ...prefixes[which]!.slice(
              0,
              which === 2 ? (k % 2 ? BEFORE_FINAL_FIGHT : Math.min(BEFORE_FINAL_FIGHT, Math.max(k, BEN_SECOND_MINIATURE))) : which === 1 && k % 3 === 0 ? AFTER_DROP : k,
            ).map((c): [number, number, Command] => [0, 0, c]),
            ...random,
          ];
          let fold = match.initialState(setup);
          let state: any = fold.state;
          const log: { type: string; data: unknown }[] = [];
          steps.forEach(([pick, choice, given], i) => {
            if (state.table.phase === 'ended') return;
            const options = given ? [given] : menu(state, pick);
            const before = structuredClone(state);
            try {
              // Schema-invalid picks are refused with 400 (InvalidInput) like any other refusal.
              const command = match.validate(structuredClone(options[choice % options.length]!));
              const events = match.decide(command, fold, new SeededDice(`${seed}-${i}`));
              accepted.add(events.find((e) => e.type === 'exsilium.ability_fired') ? 'ability fired' : command.type);
              expect(match.decide(command, fold, new SeededDice(`${seed}-${i}`))).toEqual(events);
              for (const e of events) {
                fold = match.evolve(fold, e);
                state = fold.state;
                log.push(JSON.parse(JSON.stringify(e)));
              }
            } catch (error) {
              if (!(error instanceof RuleViolation || error instanceof InvalidInput)) throw error;
              expect(state).toEqual(before);
            }
          });
          const replayed = log.reduce((f, e) => match.evolve(f, e), match.initialState(setup));
          expect(replayed.state).toEqual(JSON.parse(JSON.stringify(state)));
        },
      ),
      { numRuns: 150 },
    );
    // The runs did reach the new commands, not only their refusals.
    for (const type of ['buy', 'play', 'drop', 'eliminate', 'ability', 'fight', 'move', 'dodge', 'remove_mine'].map((x) => `exsilium.${x}`)) expect(accepted, type).toContain(type);
  });
});
