/**
 * Ánima full matches: replaying the log equals the live state. Random sequences of commands chosen
 * from what the state allows (plus wrong ones: another player, a wrong phase), seeded dice; refused
 * commands throw RuleViolation/InvalidInput only and append nothing; the fold of the JSON-stored log
 * equals the live state.
 */
import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { SeededDice } from '../../src/games/dice/index.js';
import { InvalidInput, RuleViolation } from '../../src/games/errors.js';
import { gameMatch, validateCommand, type Command } from '../../src/app/matches/games.js';
import { ANIMA_PLAYERS, animaCards } from '../unit/matches/spec/anima-fixtures.js';

type S = {
  phase: string;
  toAct: string | null;
  pending: { kind: string; player: string } | null;
  groupsInPlay: Record<string, { dealt: number[]; characters: { name: string }[]; location: string | null }>;
  locations: { name: string }[];
  cards: ReturnType<typeof animaCards>;
};

function menu(s: S, pick: number): Command[] {
  const any = <T>(xs: readonly T[]) => xs[pick % xs.length]!;
  const player = s.toAct ?? any(['p1', 'p2']);
  const wrong = { type: 'anima.end_phase', player: player === 'p1' ? 'p2' : 'p1' };
  if (s.pending?.kind === 'casualty') return [{ type: 'anima.choose_casualty', player, character: any(s.groupsInPlay[player]!.characters).name }];
  if (s.pending?.kind === 'reward')
    return [
      { type: 'anima.claim_reward', player, reward: pick % 3 },
      { type: 'anima.claim_reward', player, reward: 0 },
    ];
  switch (s.phase) {
    case 'setup': {
      const p = any(['p1', 'p2']);
      const dealt = s.groupsInPlay[p]!.dealt;
      return [{ type: 'anima.keep_character', player: p, character: s.cards.characters[dealt[pick % 2] ?? 0]!.name }];
    }
    case 'start':
      return [{ type: 'anima.end_phase', player }, { type: 'anima.discard_gifts', player, count: 1 }, wrong];
    case 'move':
      return [{ type: 'anima.go', player, location: any(s.locations).name }, { type: 'anima.seek_new_horizons', player }, { type: 'anima.rest', player }, wrong];
    case 'interaction':
      return [
        { type: 'anima.end_phase', player },
        { type: 'anima.declare_combat', player, target: player === 'p1' ? 'p2' : 'p1' },
        { type: 'anima.trade_with', player, with: player === 'p1' ? 'p2' : 'p1', gives: { gifts: 1 } },
      ];
    case 'exploration':
      return [{ type: 'anima.explore', player }, { type: 'anima.end_phase', player }, wrong];
    default:
      return [wrong];
  }
}

describe('Ánima match property', () => {
  it('replay equals live; refused commands change nothing (ANIMA-*)', () => {
    const g = gameMatch('anima')!;
    const reached = new Set<string>();
    fc.assert(
      fc.property(fc.array(fc.nat(1000), { minLength: 1, maxLength: 60 }), fc.string({ maxLength: 8 }), (picks, seed) => {
        const setup = { players: ANIMA_PLAYERS, options: animaCards() as unknown as Record<string, unknown> };
        let state = g.initialState(setup) as S;
        const log: { type: string; data: unknown }[] = [];
        picks.forEach((pick, i) => {
          const options = menu(state, pick >> 2);
          const command = options[pick % options.length]!;
          const before = JSON.stringify(state);
          try {
            const events = g.decide(validateCommand(g, structuredClone(command)), state, new SeededDice(`${seed}-${i}`));
            for (const e of events) {
              log.push(JSON.parse(JSON.stringify(e)));
              state = g.evolve(state, e) as S;
            }
          } catch (error) {
            if (!(error instanceof RuleViolation || error instanceof InvalidInput)) throw error;
            expect(JSON.stringify(state)).toBe(before);
          }
        });
        const replayed = log.reduce((s, e) => g.evolve(s, e), g.initialState(setup));
        expect(replayed).toEqual(state);
        // The first command (keeping a Character dealt at setup, ANIMA-SETUP-3) is always legal.
        expect(log.length).toBeGreaterThan(0);
        reached.add(state.phase);
      }),
      { numRuns: 150 },
    );
    // The runs get past setup into the turn's phases (ANIMA-TURN-1).
    expect([...reached]).toEqual(expect.arrayContaining(['move', 'exploration']));
  });
});
