/**
 * Exsilium full matches: replaying the stored log equals the live state. Random sequences of
 * table commands chosen from what the state allows (plus wrong ones), with seeded decks; refused
 * commands throw RuleViolation/InvalidInput only and leave the state untouched.
 */
import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { SeededDice } from '../../src/games/dice/index.js';
import { InvalidInput, RuleViolation } from '../../src/games/errors.js';
import { gameMatch, validateCommand, type Command } from '../../src/app/matches/games.js';
import { players, scenario } from '../unit/matches/spec/exsilium-scenario.js';

const match = gameMatch('exsilium')!;
const setup = { players, options: scenario() as unknown as Record<string, unknown> };

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
  return cmds;
}

describe('Exsilium match property', () => {
  it('replay of the JSON log equals the live state; refused commands change nothing; decide is deterministic', () => {
    fc.assert(
      fc.property(fc.array(fc.tuple(fc.nat(1000), fc.nat(20)), { minLength: 1, maxLength: 60 }), fc.string({ minLength: 1, maxLength: 8 }), (steps, seed) => {
        let state = match.initialState(setup) as any;
        const log: { type: string; data: unknown }[] = [];
        steps.forEach(([pick, which], i) => {
          if (state.table.phase === 'ended') return;
          const options = menu(state, pick);
          const command = validateCommand(match, structuredClone(options[which % options.length]!));
          const before = structuredClone(state);
          try {
            const events = match.decide(command, state, new SeededDice(`${seed}-${i}`));
            expect(match.decide(command, state, new SeededDice(`${seed}-${i}`))).toEqual(events);
            for (const e of events) {
              state = match.evolve(state, e);
              log.push(JSON.parse(JSON.stringify(e)));
            }
          } catch (error) {
            if (!(error instanceof RuleViolation || error instanceof InvalidInput)) throw error;
            expect(state).toEqual(before);
          }
        });
        const replayed = log.reduce((s, e) => match.evolve(s, e), match.initialState(setup));
        expect(replayed).toEqual(JSON.parse(JSON.stringify(state)));
      }),
      { numRuns: 150 },
    );
  });
});
