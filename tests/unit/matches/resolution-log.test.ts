/**
 * The resolution-log matches (Ánima, Exsilium, The Spirit of Eden): given events / when a command /
 * then events, what each game's projection keeps, and replay (a fold of the stored events) = live.
 */
import { describe, expect, it } from 'vitest';
import { diceFor } from '../../../src/kernel/dice/index.js';
import { InvalidInput, RuleViolation } from '../../../src/kernel/errors.js';
import { gameMatch } from '../../../src/app/matches/games.js';
import type { Command } from '../../../src/kernel/match-game.js';
import { spiritOfEdenGoomzPhaseOperation } from '../../../src/games/spirit-of-eden/operations/goomz-phase.operation.js';
import { goomzPhaseExamples, turnStartExamples } from '../../../src/games/spirit-of-eden/operations/examples.js';
import { combatExamples, explorationExamples } from '../../../src/games/anima/operations/examples.js';
import { twoTiles } from '../../fixtures/exsilium-grid.js';
import { upcastResolutionV1 } from '../../../src/kernel/resolution-log.js';
import { exsiliumNewaruActionOperation } from '../../../src/games/exsilium/operations/newaru-action.operation.js';

const newaruActionExamples = exsiliumNewaruActionOperation.examples!;

const players = [
  { id: 'p1', name: 'Ana' },
  { id: 'p2', name: 'Ben' },
];
type Event = { type: string; data: any };

/**
 * Run commands as the service does (validate → decide → evolve); returns the live state and the log,
 * and beside each event of the log the answer its fold derived (`state.latest[kind].result`: events
 * store the request and the dice, not the answer).
 */
function play(game: string, commands: Record<string, unknown>[], given: Event[] = []) {
  const g = gameMatch(game)!;
  let folded = g.initialState({ players, options: {} });
  let state: any = folded.state;
  const results: any[] = [];
  const fold = (e: Event) => {
    folded = g.evolve(folded, e);
    state = folded.state;
    results.push(typeof e.data?.kind === 'string' ? state.latest?.[e.data.kind]?.result : undefined);
  };
  for (const e of given) fold(e);
  const log: Event[] = [...given];
  for (const c of commands) {
    const command = g.validate(structuredClone(c) as Command);
    for (const e of g.decide(
      command,
      folded,
      diceFor(command.dice, () => 'seed'),
    )) {
      fold(e as Event);
      log.push(e as Event);
    }
  }
  return { state, log, last: log[log.length - 1]!, results, result: results[results.length - 1] };
}

/** The fold of the events as stored (JSON) from the initial state. */
function replay(game: string, log: Event[]) {
  const g = gameMatch(game)!;
  return (JSON.parse(JSON.stringify(log)) as Event[]).reduce((f, e) => g.evolve(f, e), g.initialState({ players, options: {} })).state;
}

function failure(fn: () => unknown): InvalidInput | RuleViolation {
  try {
    fn();
  } catch (e) {
    if (e instanceof InvalidInput || e instanceof RuleViolation) return e;
    throw e;
  }
  throw new Error('no failure');
}

describe('The Spirit of Eden match: the projected board (SOE-GOOMZ, SOE-NOA-RET)', () => {
  const twoAlone = goomzPhaseExamples[1]!.value; // SOE-EX-4: forest1 devastated, then destroyed

  it('SOE-GOOMZ / SOE-EX-4: the board after a Goomz phase is kept; the next phase may omit it and resolves as the endpoint would', () => {
    const { state: given, log } = play('spirit-of-eden', [{ type: 'soe.goomzPhase', ...twoAlone }]);
    expect(given.board.cards.forest1.state).toBe('destroyed');
    const { last, state, result } = play('spirit-of-eden', [{ type: 'soe.goomzPhase', order: ['red', 'yellow'] }], log);
    expect(last.type).toBe('soe.goomzPhase.resolved');
    expect(last.data.request).toMatchObject({ ring: given.board.ring, cards: given.board.cards, goomz: given.board.goomz, allies: given.board.allies });
    const direct = spiritOfEdenGoomzPhaseOperation.handle({ ...given.board, order: ['red', 'yellow'] } as never, { lang: 'en', dice: () => undefined as never });
    expect(result).toEqual(direct);
    // the event is the facts: the request as resolved and the dice drawn, no answer (CONTRACT §8.2)
    expect(Object.keys(last.data).sort()).toEqual(['dice', 'kind', 'request']);
    expect(last.data.dice).toEqual({ seed: null, values: [] }); // a Goomz phase draws no die
    // SOE-GOOMZ-C: both Goomz left the destroyed Forest clockwise
    expect(state.board.goomz.map((g: { at: string }) => g.at)).toEqual(['mountain2', 'mountain2']);
    expect(state.byKind['soe.goomzPhase']).toBe(2);
  });

  it('SOE-GOOMZ: members sent win over the projected ones', () => {
    const { log } = play('spirit-of-eden', [{ type: 'soe.goomzPhase', ...twoAlone }]);
    const { last, result } = play('spirit-of-eden', [{ type: 'soe.goomzPhase', goomz: [{ color: 'black', at: 'swamp1' }], order: ['black'] }], log);
    expect(last.data.request.goomz).toEqual([{ color: 'black', at: 'swamp1' }]);
    expect(result.steps).toMatchObject([{ color: 'black', rule: 'A', effect: 'devastated' }]);
    expect(result.cards.forest1.state).toBe('destroyed');
  });

  it('SOE-GOOMZ: with no projected board, a phase without the board is 400 with a /command path per missing member', () => {
    const e = failure(() => play('spirit-of-eden', [{ type: 'soe.goomzPhase', order: ['red'] }]));
    expect(e).toBeInstanceOf(InvalidInput);
    expect((e as InvalidInput).errors.map((p) => p.path).sort()).toEqual(['/command/allies', '/command/cards', '/command/goomz', '/command/ring']);
  });

  it('SOE-NOA-RET-2: a turn start keeps the returned Allies on the board; replay equals live', () => {
    const { state, log, results } = play('spirit-of-eden', [
      { type: 'soe.turnStart', ...turnStartExamples[0]!.value },
      { type: 'soe.status', goomz: [{ color: 'red', at: 'swamp1' }] },
    ]);
    expect(state.board.allies).toMatchObject([{ kind: 'flora', at: 'forest2' }]);
    expect(state.board.allies).toEqual(results[0].allies);
    expect(log[1]!.data.request.ring).toEqual(turnStartExamples[0]!.value.ring);
    expect(results[1]).toMatchObject({ won: false, lost: false });
    expect(replay('spirit-of-eden', log)).toEqual(state);
  });

  it('SOE: engine event types are reserved; other events only count', () => {
    const { state } = play(
      'spirit-of-eden',
      [],
      [
        { type: 'table.photo', data: {} },
        { type: 'soe.unknown.resolved', data: { kind: 'soe.unknown' } },
      ],
    );
    expect(state).toMatchObject({ resolutions: 0, otherEvents: 2, board: null });
  });
});

describe('Exsilium match: Newaru position and enemy decks (EXS-NEWARU-MOVE, EXS-DECK-3)', () => {
  const move = { nodes: twoTiles(), newaru: { node: 'T:0,0' }, miniatures: [{ id: 'k1', faction: 'keber', node: 'T:3,3' }], move: { faction: 'keber', path: ['T:3,2', 'T:3,3'] } };
  const implacable = { name: 'Implacable', kind: 'effect' };
  const claw15 = { name: '15 damage', kind: 'attack', damage: 15, evadable: true };
  const action = { playerBaralytas: 5, committed: [10, 9], attacker: 'player', decks: { intermediate: [implacable, claw15] }, outcomeDeck: [4, 8, 10, 4, 4, 8], seed: 'm' };

  it('EXS-NEWARU-ACT-2: the next movement may omit nodes and newaru: it starts where the last one ended', () => {
    const { log, state: given } = play('exsilium', [{ type: 'exsilium.newaruMove', ...move }]);
    expect(given.newaru).toEqual({ node: 'T:1,1' });
    const { last, state, result } = play('exsilium', [{ type: 'exsilium.newaruMove', miniatures: move.miniatures, move: move.move }], log);
    expect(last.data.request.newaru).toEqual({ node: 'T:1,1' });
    expect(result).toMatchObject({ moves: true, from: 'T:1,1', to: 'T:2,2' });
    expect(state.newaru).toEqual({ node: 'T:2,2' });
    expect(replay('exsilium', [...log, last])).toEqual(state);
  });

  it('EXS-NEWARU-MOVE: no movement in the log → a movement without nodes/newaru is 400 with /command paths', () => {
    const e = failure(() => play('exsilium', [{ type: 'exsilium.newaruMove', miniatures: [], move: move.move }]));
    expect((e as InvalidInput).errors.map((p) => p.path).sort()).toEqual(['/command/newaru', '/command/nodes']);
  });

  it('EXS-DECK-3: the next Newaru action may omit decks: the level’s pile and discards come from the match; replay equals live', () => {
    const { log, state: given } = play('exsilium', [{ type: 'exsilium.newaruAction', ...action }]);
    expect(given.enemyDecks.intermediate).toEqual({ drawPile: [], discard: [implacable, claw15] });
    const { last, state, result } = play('exsilium', [{ type: 'exsilium.newaruAction', ...action, decks: undefined, seed: 'again' }], log);
    expect(last.data.request.discards).toEqual({ intermediate: [implacable, claw15] });
    // EXS-DECK-3: the empty deck is rebuilt from the discards
    expect(result.decks.shuffles.map((s: { deck: string; reason: string }) => [s.deck, s.reason])).toContainEqual(['intermediate', 'exhausted']);
    expect(replay('exsilium', [...log, last])).toEqual(state);
  });

  it('EXS-AMB-3b: a combat lost at once for an empty hand uses no deck, so it does not overwrite what the match knows of that level', () => {
    const strict = { playerBaralytas: 5, committed: [], attacker: 'newaru', emptyHandLoses: true, seed: 's' };
    const { state } = play('exsilium', [{ type: 'exsilium.newaruAction', ...strict }]);
    expect(state.enemyDecks.intermediate).toBeUndefined();
    const { log, state: known } = play('exsilium', [{ type: 'exsilium.newaruAction', ...action }]);
    const { state: after } = play('exsilium', [{ type: 'exsilium.newaruAction', ...strict }], log);
    expect(after.enemyDecks.intermediate).toEqual(known.enemyDecks.intermediate);
  });

  it('EXS-DECK-3: without a projected level the rule core still refuses (422 enemy_deck_missing)', () => {
    const e = failure(() => play('exsilium', [{ type: 'exsilium.newaruAction', ...action, decks: undefined }]));
    expect((e as RuleViolation).code).toBe('enemy_deck_missing');
  });
});

describe('Ánima match: each player’s Group and counts (ANIMA-GROUP, ANIMA-COMBAT-4)', () => {
  const explore = explorationExamples[0]!.value; // ANIMA-EX-6: Juan explores, one Creature combat won

  it('ANIMA-EX-6: an exploration is counted with its Creature combat; a later command may omit the Group', () => {
    const { log, state: given } = play('anima', [{ type: 'anima.exploration', ...explore }]);
    expect(given.groups.p1).toMatchObject({ group: explore.group, explorations: 1, combats: 1, casualties: 0 });
    expect(given.groups.p2).toMatchObject({ group: null, explorations: 0 });
    // ANIMA-SPEED-1: Speed 8 (4 + 4) of the kept Group + roll 1 = 9 ≥ difficulty 9 → success
    const { last, result } = play('anima', [{ type: 'anima.speed', difficulty: 9, dice: { values: [1] } }], log);
    expect(last.data.request.group).toEqual(explore.group);
    expect(result).toMatchObject({ speed: 8, total: 9, success: true });
    expect(last.data.dice).toEqual({ seed: null, values: [1] });
  });

  it('a resolution drawn from the command seed stores the seed and the faces; the fold derives the same answer, summary included', () => {
    const { last, state, result } = play('anima', [{ type: 'anima.speed', group: explore.group, difficulty: 9 }]);
    expect(last.data.dice.seed).toBe('seed');
    expect(last.data.dice.values).toEqual(result.dice.rolls.flatMap((r: { values: number[] }) => r.values));
    expect(JSON.stringify(last.data)).not.toContain('summary');
    expect(typeof result.summary).toBe('string');
    expect(replay('anima', [last])).toEqual(state);
  });

  it('v1 events {kind, request, result} (the previous release) upcast to {kind, request, dice} and fold to the same state', () => {
    const { last, state, result } = play('anima', [{ type: 'anima.exploration', ...explore }]);
    const v1 = { type: last.type, data: { kind: last.data.kind, request: last.data.request, result } };
    const upcast = upcastResolutionV1(v1.data);
    expect(upcast).toEqual(last.data);
    expect(replay('anima', [v1])).toEqual(state);
    // Exsilium rolls no dice: the seed of the shuffles comes from the answer's deck transcript
    const { dice: _none, seed: _seed, ...unseeded } = { ...(newaruActionExamples[0]!.value as Record<string, unknown>) };
    const exs = play('exsilium', [{ type: 'exsilium.newaruAction', ...unseeded }]);
    expect(upcastResolutionV1({ kind: exs.last.data.kind, request: exs.last.data.request, result: exs.result })).toEqual(exs.last.data);
  });

  it('ANIMA-GROUP: another player has no kept Group (400 /command/group); an unknown player is 422', () => {
    const { log } = play('anima', [{ type: 'anima.exploration', ...explore }]);
    const e = failure(() => play('anima', [{ type: 'anima.speed', player: 'p2', difficulty: 9, dice: { values: [1] } }], log));
    expect((e as InvalidInput).errors.map((p) => p.path)).toEqual(['/command/group']);
    expect((failure(() => play('anima', [{ type: 'anima.speed', player: 'zz', difficulty: 9 }], log)) as RuleViolation).code).toBe('unknown_player');
  });

  it('ANIMA-COMBAT-4: a Group that loses by 5 loses a Character: the kept Group is dropped; replay equals live', () => {
    const { state, log } = play('anima', [
      { type: 'anima.exploration', ...explore },
      { type: 'anima.combat', player: 'p2', ...combatExamples[1]!.value },
    ]);
    expect(state.groups.p2).toMatchObject({ group: null, combats: 1, casualties: 1 });
    expect(state.groups.p1.combats).toBe(1);
    expect(state.byKind).toEqual({ 'anima.exploration': 1, 'anima.combat': 1 });
    expect(replay('anima', log)).toEqual(state);
  });
});
