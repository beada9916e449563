/** The Spirit of Eden table rules (CONTRACT §8.1): the Objective piles' order hidden from every reader, moves and actors. */
import { describe, expect, it } from 'vitest';
import { HIDDEN, type Reader } from '../../../src/kernel/table.js';
import { SPIRIT_TABLE_TOOLS, spiritTable, type SpiritTableState } from '../../../src/games/spirit-of-eden/match/table.js';
import { canonicalTypes, gameMatch } from '../../../src/app/matches/games.js';
import { replay } from '../../helpers/table-replay.js';
import { PILES, UNDRAWN, script } from '../../fixtures/tables/spirit-of-eden.js';

type State = SpiritTableState & { latest: Record<string, { request: any; result: any }> };
const READERS: Reader[] = ['p1', null];
const text = (v: unknown) => JSON.stringify(v);
const setUp = script.steps[0]!.command as { type: string; board: Record<string, any> };
const play = (commands: Record<string, unknown>[], options: Record<string, unknown> = script.options, players = script.players) =>
  replay<State>('spirit-of-eden', { players, options }, commands);
const typesOf = (state: State) => [...new Set(spiritTable.moves(state).map((m) => m.type))];

/** Faces 1..6 of every Action card: Move ×1, ×2, ×3, Attract, Ambush, Protect (card data, SOE-AMB-12). */
const PLAY_CARDS = [0, 1, 2, 3].map(() => ['move1', 'move2', 'move3', 'attract', 'ambush', 'protect']);
/** Yellow's objective names only its Ally (fauna): fauna moves m1 → w1 (Move ×3) and ambushes Yellow there. */
const claimTurn = [
  { ...setUp, board: { ...setUp.board, objectives: PILES.map((p, i) => (i === 0 ? { ...p, pile: p.pile.map(({ terrain: _t, ...c }) => c) } : p)) } },
  { type: 'soe.roll', dice: { values: [3, 5, 3, 5] } },
  { type: 'soe.place', die: 0, card: 0, action: { type: 'move', ally: 'fauna', to: 'w1', steps: 3 } },
  { type: 'soe.place', die: 1, card: 1, action: { type: 'ambush', ally: 'fauna', goomz: 'yellow' } },
  { type: 'soe.goomz', order: ['yellow', 'red', 'black'] },
];

describe('The Spirit of Eden table: Objective piles (SOE-SETUP-5, SOE-OBJ-1/3)', () => {
  it('SOE-SETUP-5 / SOE-OBJ-1: only the top card of each pile is face up; the cards below read HIDDEN for the player and spectators alike (sizes kept)', () => {
    const { state, log } = play([setUp]);
    for (const reader of READERS) {
      const view = spiritTable.viewState(state, reader) as any;
      expect(view.board.objectives.map((p: any) => p.pile)).toEqual(PILES.map((p) => [p.pile[0], HIDDEN, HIDDEN]));
      const event = spiritTable.viewEvent(log[0]!.event, reader, log[0]!) as any;
      expect(event.type).toBe('soe.game_set_up');
      expect(event.data.board.objectives[1].pile).toEqual([PILES[1]!.pile[0], HIDDEN, HIDDEN]);
      for (const name of UNDRAWN) expect(text(view) + text(event)).not.toContain(name);
      expect(text(view)).toContain('Objetivo Topacio-1A');
      expect(spiritTable.secretTexts(state, reader).sort()).toEqual([...UNDRAWN].sort());
    }
    // the same view for every reader: a solo game keeps nothing from one player for another
    expect(spiritTable.viewState(state, 'p1')).toEqual(spiritTable.viewState(state, null));
  });

  it('SOE-OBJ-3 / SOE-GOOMZ-F: the claim turns the next card up: public from the Goomz phase event on, earlier events keep it hidden', () => {
    const { state, log } = play(claimTurn, { actionCards: PLAY_CARDS });
    const phase = log.find((f) => f.event.type === 'soe.goomz_phase_resolved')!;
    const yellow = (v: any) => v.board.objectives.find((p: any) => p.color === 'yellow');
    expect(yellow(state)).toMatchObject({ pile: [{ name: 'Objetivo Zafiro-9K' }, { name: 'Objetivo Berilo-3F' }], claimed: [{ name: 'Objetivo Topacio-1A' }] });
    for (const reader of READERS) {
      expect(yellow(spiritTable.viewState(state, reader))).toMatchObject({
        pile: [{ name: 'Objetivo Zafiro-9K', ally: 'water', dieBonus: true }, HIDDEN],
        claimed: [{ name: 'Objetivo Topacio-1A' }],
      });
      expect(yellow((spiritTable.viewEvent(phase.event, reader, phase) as any).data).pile).toEqual([{ name: 'Objetivo Zafiro-9K', ally: 'water', dieBonus: true }, HIDDEN]);
      expect(text(spiritTable.viewEvent(log[0]!.event, reader, log[0]!))).not.toContain('Objetivo Zafiro-9K');
      expect(spiritTable.secretTexts(state, reader)).not.toContain('Objetivo Zafiro-9K');
      expect(spiritTable.secretTexts(state, reader)).toContain('Objetivo Berilo-3F');
    }
  });

  it('SOE-SETUP-5: piles kept by the resolution log (a stateless soe.status filled from the board) are hidden the same way', () => {
    const { state, log } = play([setUp, { type: 'soe.status' }]);
    expect(state.latest['soe.status']!.request.objectives).toEqual(PILES);
    const view = spiritTable.viewState(state, 'p1') as any;
    expect(view.latest['soe.status'].request.objectives[2].pile).toEqual([PILES[2]!.pile[0], HIDDEN, HIDDEN]);
    const event = spiritTable.viewEvent(log[1]!.event, null, log[1]!) as any;
    expect(event.type).toBe('soe.status.resolved');
    expect(event.data.request.objectives[0].pile).toEqual([PILES[0]!.pile[0], HIDDEN, HIDDEN]);
    for (const name of UNDRAWN) expect(text(view) + text(event)).not.toContain(name);
  });

  it('SOE-SETUP-6: the Action cards (options) are face up; views never write into what they are given', () => {
    const { state, log } = play(claimTurn, { actionCards: PLAY_CARDS });
    expect(spiritTable.viewOptions({ actionCards: PLAY_CARDS }, null)).toEqual({ actionCards: PLAY_CARDS });
    const copy = structuredClone(state);
    const events = structuredClone(log.map((f) => f.event));
    for (const reader of READERS) {
      spiritTable.viewState(state, reader);
      spiritTable.secretTexts(state, reader);
      for (const f of log) spiritTable.viewEvent(f.event, reader, f);
    }
    expect(state).toEqual(copy);
    expect(log.map((f) => f.event)).toEqual(events);
  });
});

describe('The Spirit of Eden table: moves (SOE-TURN-1)', () => {
  it('SOE-SETUP / SOE-TURN-2 / SOE-PLACE / SOE-NOA-1: the flow gives the set-up, then the roll, then the player-phase steps and the Goomz phase', () => {
    const { states } = play([setUp, { type: 'soe.roll', dice: { values: [3, 1, 6, 2] } }, { type: 'soe.noa', die: 1, value: 6 }]);
    const tools = [...SPIRIT_TABLE_TOOLS];
    expect(typesOf(states[0]!)).toEqual(['soe.set_up', ...tools]);
    expect(typesOf(states[1]!)).toEqual(['soe.roll', ...tools]);
    expect(typesOf(states[2]!)).toEqual(['soe.place', 'soe.reroll', 'soe.bonus', 'soe.noa', 'soe.goomz', ...tools]);
    // SOE-NOA-1: once per game
    expect(typesOf(states[3]!)).toEqual(['soe.place', 'soe.reroll', 'soe.bonus', 'soe.goomz', ...tools]);
    expect(new Set(spiritTable.moves(states[3]!).map((m) => m.player))).toEqual(new Set(['p1']));
  });

  it("SOE-MODE-3 / SOE-PLACE-2: no die bonus in Fearless; no placing without the Action cards' data", () => {
    const { state } = play([setUp, { type: 'soe.roll', dice: { values: [3, 1, 6, 2] } }], { modes: ['fearless'] });
    expect(typesOf(state).slice(0, 3)).toEqual(['soe.reroll', 'soe.noa', 'soe.goomz']);
  });

  it("SOE-END-1: once won (here by the log's status check: no Goomz in play) nobody has a move", () => {
    const { state } = play([setUp, { type: 'soe.status', goomz: ['yellow', 'red', 'black'].map((color) => ({ color, at: 'removed' })) }]);
    expect((state as any).outcome).toMatchObject({ ended: true, reason: 'SOE-END-1' });
    expect(spiritTable.moves(state)).toEqual([]);
  });

  it('the open table tools are exactly the resolution-log commands (canonical names)', () => {
    const match = gameMatch('spirit-of-eden')!;
    const game = ['soe.set_up', 'soe.roll', 'soe.place', 'soe.reroll', 'soe.bonus', 'soe.noa', 'soe.goomz'];
    expect(
      canonicalTypes(match)
        // the table's own commands (takebacks, CONTRACT §9.2) are every game's
        .filter((t) => !game.includes(t) && !t.startsWith('match.'))
        .sort(),
    ).toEqual([...SPIRIT_TABLE_TOOLS].sort());
  });
});

describe('The Spirit of Eden table: actors', () => {
  const { state } = play([setUp]);

  it("SOE-TURN-1: in a solo game every step of the match is its player's; the table tools are anyone's", () => {
    expect(spiritTable.actor({ type: 'soe.roll' }, state)).toBe('p1');
    expect(spiritTable.actor({ type: 'soe.goomz' }, state)).toBe('p1');
    expect(spiritTable.actor({ type: 'soe.action', action: {} }, state)).toBeUndefined();
    expect(spiritTable.actor({ type: 'soe.goomzPhase' }, state)).toBeUndefined();
    expect(spiritTable.actor({ type: 'soe.roll', player: 'p9' }, state)).toBe('p9');
  });

  it('SOE-TURN-1: a cooperative table shares every step (no single actor)', () => {
    const coop = play([setUp], script.options, [
      { id: 'p1', name: 'Noa' },
      { id: 'p2', name: 'Eli' },
    ]).state;
    expect(spiritTable.actor({ type: 'soe.roll' }, coop)).toBeUndefined();
    expect(new Set(spiritTable.moves(coop).map((m) => m.player))).toEqual(new Set(['p1', 'p2']));
  });
});

describe('The Spirit of Eden table: the scripted leak-test match (tests/fixtures/tables/spirit-of-eden.ts)', () => {
  const played = play(script.steps.map((s) => s.command));

  it('every step is accepted and, for a seat, is one of its moves and its own', () => {
    script.steps.forEach((step, i) => {
      if (step.by === 'owner') return;
      const before = played.states[i]!;
      expect(
        spiritTable
          .moves(before)
          .filter((m) => m.player === step.by)
          .map((m) => m.type),
        `step ${i}`,
      ).toContain(step.command.type);
      expect([step.by, undefined], `step ${i}`).toContain(spiritTable.actor(step.command as never, before));
    });
    expect(played.state.turn).toBe(2);
  });

  it('no reader reads the undrawn pile order in the state, the options or any event (JSON search)', () => {
    for (const [who, secrets] of Object.entries(script.secrets)) {
      const reader = who === 'spectator' ? null : who;
      const seen = [
        spiritTable.viewState(played.state, reader),
        spiritTable.viewOptions(script.options, reader),
        ...played.log.map((f) => spiritTable.viewEvent(f.event, reader, f)),
      ].map(text);
      expect(secrets.length).toBeGreaterThan(0);
      for (const secret of secrets) {
        for (const s of seen) expect(s, `${who}: ${secret}`).not.toContain(secret);
        expect(spiritTable.secretTexts(played.state, reader)).toContain(secret);
      }
    }
    for (const secret of UNDRAWN) expect(text(played.state) + text(played.log)).toContain(secret);
  });
});
