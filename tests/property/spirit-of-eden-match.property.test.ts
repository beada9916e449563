/**
 * The Spirit of Eden matches: replaying the log equals the live state (CONTRACT §5, event sourcing).
 * Random sequences of commands chosen from what the state allows (the simple player of the specs,
 * random moves, re-rolls, Noa, bonuses, Goomz orders) plus wrong ones (wrong phase, wrong face),
 * with seeded dice and random game modes. Refused commands throw RuleViolation/InvalidInput only and
 * leave the state untouched; the fold of the JSON-stored log equals the live state; deciding again
 * with the same seed gives the same events.
 */
import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { SeededDice } from '../../src/kernel/dice/index.js';
import { InvalidInput, RuleViolation } from '../../src/kernel/errors.js';
import { gameMatch } from '../../src/app/matches/games.js';
import type { Command } from '../../src/kernel/match-game.js';
import { ACTION_CARDS, PLAY_CARDS, layout, planTurn } from '../fixtures/spirit-of-eden-match.js';

type Cmd = Record<string, unknown> & { type: string };
const COLORS = ['yellow', 'red', 'black'];
const KINDS = ['water', 'fauna', 'flora'];

/** Commands worth trying in `s`: mostly legal ones for the phase, some wrong on purpose. */
function menu(s: any, pick: number): Cmd[] {
  const any = <T>(xs: readonly T[]) => xs[pick % xs.length]!;
  const wrongPhase: Cmd = { type: 'soe.goomz' };
  if (s.phase === 'setup') return [{ type: 'soe.set_up', board: layout() }, wrongPhase];
  if (s.phase === 'turn_start') {
    const cards = s.options.modes.includes('scarcity') ? { disabledCard: pick % 4 } : {};
    return [
      { type: 'soe.roll', ...cards },
      { type: 'soe.roll', ...cards, returns: { [any(KINDS)]: any(s.board.ring) } },
      { type: 'soe.place', die: 0, card: 0, action: { type: 'protect', ally: 'water' } },
    ];
  }
  if (s.phase === 'ended') return [{ type: 'soe.roll' }];
  const unused = s.dice.filter((d: any) => d.state === 'unused').map((d: any) => d.index);
  const die: number = unused.length ? any<number>(unused) : 0;
  const value: number = s.dice[die]?.value ?? 1;
  const card = (pick >> 3) % 4;
  const face: string = (s.options.actionCards ?? ACTION_CARDS)[card][value - 1];
  const ally: string = any(KINDS);
  const to: string = any(s.board.ring as string[]);
  const byFace: Record<string, Record<string, unknown>> = {
    move1: { type: 'move', ally, to, steps: 1 },
    move2: { type: 'move', ally, to, steps: 2 },
    move3: { type: 'move', ally, to, steps: 3 },
    attract: { type: 'attract', ally, target: { goomz: any(COLORS) } },
    push1: { type: 'push', ally, target: { goomz: any(COLORS) }, to, steps: 1 },
    push2: { type: 'push', ally, target: { goomz: any(COLORS) }, to, steps: 2 },
    protect: { type: 'protect', ally },
    recover: { type: 'recover', ally },
    ambush: { type: 'ambush', ally, goomz: any(COLORS) },
    shortcut: { type: 'shortcut', ally },
    swapGoomz: { type: 'swapGoomz', pair: [any(COLORS), COLORS[(pick + 1) % 3]!] },
    swapAllies: { type: 'swapAllies', pair: [ally, KINDS[(pick + 1) % 3]!] },
  };
  const inPlay = s.board.goomz.filter((g: any) => g.at !== 'removed').map((g: any) => g.color);
  const order = pick % 2 ? [...inPlay].reverse() : inPlay;
  return [
    ...(planTurn(s.board).slice(0, 1) as Cmd[]),
    { type: 'soe.place', die, card, action: byFace[face] },
    { type: 'soe.reroll', die, discard: any([0, 1, 2, 3]) },
    { type: 'soe.noa', die, value: 1 + (pick % 6) },
    { type: 'soe.bonus', die },
    { type: 'soe.goomz', order },
    { type: 'soe.goomz' },
    { type: 'soe.roll' },
  ];
}

const optionsArb = fc.record({
  modes: fc.subarray(['celestial', 'fearless', 'devastator', 'scarcity']),
  actionCards: fc.constantFrom(ACTION_CARDS, PLAY_CARDS),
  dSendsAll: fc.boolean(),
  protectionEndsWithPhase: fc.boolean(),
});
const stepsArb = fc.array(fc.tuple(fc.nat(1000), fc.nat(1000)), { minLength: 20, maxLength: 150 });

describe('The Spirit of Eden match: replay equals live (property)', () => {
  it('any sequence of accepted and refused commands: the fold of the stored log is the live state', () => {
    const match = gameMatch('spirit-of-eden')!;
    fc.assert(
      fc.property(optionsArb, stepsArb, fc.string({ minLength: 1, maxLength: 8 }), (options, steps, seed) => {
        const setup = { players: [{ id: 'p1', name: 'Noa' }], options };
        let fold = match.initialState(setup);
        let state: any = fold.state;
        const log: { type: string; data: unknown }[] = [];
        steps.forEach(([choice, pick], i) => {
          const choices = menu(state, pick);
          const cmd = choices[choice % choices.length]!;
          const diceSeed = `${seed}-${i}`;
          const before = JSON.stringify(state);
          let events;
          try {
            events = match.decide(match.validate(structuredClone(cmd) as Command), fold, new SeededDice(diceSeed));
          } catch (e) {
            if (!(e instanceof RuleViolation) && !(e instanceof InvalidInput)) throw e;
            expect(JSON.stringify(state)).toBe(before);
            return;
          }
          // the same seed decides the same events
          expect(JSON.stringify(match.decide(match.validate(structuredClone(cmd) as Command), fold, new SeededDice(diceSeed)))).toBe(JSON.stringify(events));
          for (const e of events) {
            fold = match.evolve(fold, e);
            state = fold.state;
            log.push(e);
          }
        });
        const stored = JSON.parse(JSON.stringify(log)) as { type: string; data: unknown }[];
        const replay = stored.reduce((f, e) => match.evolve(f, e), match.initialState(setup));
        expect(replay.state).toEqual(JSON.parse(JSON.stringify(state)));
      }),
      { numRuns: 60 },
    );
  });

  it('the sequences reach the Goomz phase and the end of a game', () => {
    const match = gameMatch('spirit-of-eden')!;
    const types = new Set<string>();
    const setup = { players: [{ id: 'p1', name: 'Noa' }], options: { actionCards: ACTION_CARDS } };
    for (let run = 0; run < 20; run++) {
      let fold = match.initialState(setup);
      let state: any = fold.state;
      for (let i = 0; i < 200; i++) {
        const choices = menu(state, i * 7 + run);
        const cmd = choices[(i * 13 + run) % choices.length]!;
        try {
          for (const e of match.decide(match.validate(structuredClone(cmd) as Command), fold, new SeededDice(`${run}-${i}`))) {
            fold = match.evolve(fold, e);
            state = fold.state;
            types.add(e.type);
          }
        } catch (e) {
          if (!(e instanceof RuleViolation) && !(e instanceof InvalidInput)) throw e;
        }
      }
    }
    expect([...types]).toEqual(expect.arrayContaining(['soe.game_set_up', 'soe.dice_rolled', 'soe.player_step_taken', 'soe.goomz_phase_resolved', 'soe.game_ended']));
  });
});
