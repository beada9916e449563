/** Ánima match specs: Resist missions (ANIMA-MISSION-5) and leaving a Location (ANIMA-START-2d), fixed dice. */
import { describe, expect, it } from 'vitest';
import { matchSpec } from '../../../helpers/match-spec.js';
import { ANIMA_PLAYERS, RESIST_STARTED, animaCards, resistCards } from '../../../fixtures/anima-match.js';

const spec = () => matchSpec('anima', { players: ANIMA_PLAYERS, options: resistCards() });
const end = (player: string) => ({ type: 'anima.end_phase', player });

const STARTED = RESIST_STARTED;
/** Turn 2 to p1's Exploration: p1 stays on its own (no Move declaration); p2 rests. */
const TURN2_EXPLORATION = [...STARTED, end('p2'), end('p1'), { type: 'anima.rest', player: 'p2' }, end('p1')];

describe('Ánima match: Resist missions (ANIMA-MISSION-5)', () => {
  it('ANIMA-MISSION-5 / ANIMA-REWARD-5: claiming the objective starts the Resist mission at that Location, count at zero', async () => {
    const { state } = await spec()
      .givenCommands(STARTED.slice(0, -1))
      .when({ type: 'anima.claim_reward', player: 'p1', reward: 1 })
      .then([{ type: 'anima.reward_claimed', data: { mission: { name: 'Defender las Ruinas', success: false, resistStarted: true } } }, { type: 'anima.turn_started' }]);
    expect(state.groupsInPlay.p1.resist).toEqual({ mission: 'Defender las Ruinas', final: false, location: 'Las Ruinas', progress: 0, rounds: 2 });
    expect(state.groupsInPlay.p1.arrived).toBe(true);
  });

  it('ANIMA-MISSION-5: the Group stays at the Location on its own; it takes no part in the Move phase', async () => {
    const s = await spec()
      .givenCommands([...STARTED, end('p2'), end('p1'), { type: 'anima.rest', player: 'p2' }])
      .state();
    expect(s.phase).toBe('interaction');
    expect(s.groupsInPlay.p1.location).toBe('Las Ruinas');
  });

  it('ANIMA-MISSION-5: in the Exploration phase the round is due — neither exploring nor ending the phase instead', async () => {
    await spec().givenCommands(TURN2_EXPLORATION).when(end('p1')).thenProblem('resist_due');
    await spec()
      .givenCommands(TURN2_EXPLORATION)
      .when({ type: 'anima.explore', player: 'p1', dice: { values: [1] } })
      .thenProblem('resist_due');
  });

  it('ANIMA-MISSION-5 / ANIMA-COMBAT-1: a round survived (Acróbata 4+5 vs Bandidos 3+2) counts one', async () => {
    const { state } = await spec()
      .givenCommands(TURN2_EXPLORATION)
      .when({ type: 'anima.resist', player: 'p1', dice: { values: [5, 2] } })
      .then([
        { type: 'anima.resisted', data: { mission: 'Defender las Ruinas', combat: { winner: 'group' }, progress: 1, completed: false, expelled: false } },
        { type: 'anima.turn_started', data: { turn: 3 } },
      ]);
    expect(state.groupsInPlay.p1.resist.progress).toBe(1);
  });

  it('ANIMA-MISSION-5 / ANIMA-MISSION-2: the last round completes the Mission and reveals the Final Mission', async () => {
    const turn3 = [...TURN2_EXPLORATION, { type: 'anima.resist', player: 'p1', dice: { values: [5, 2] } }, end('p2'), end('p1'), { type: 'anima.rest', player: 'p2' }, end('p1')];
    const { state } = await spec()
      .givenCommands(turn3)
      .when({ type: 'anima.resist', player: 'p1', dice: { values: [5, 2, 1, 1] } })
      .then([
        { type: 'anima.resisted', data: { progress: 2, completed: true } },
        { type: 'anima.mission_completed', data: { player: 'p1', mission: 'Defender las Ruinas', final: false } },
        { type: 'anima.final_mission_revealed' },
        { type: 'anima.turn_started', data: { turn: 4 } },
      ]);
    expect(state.groupsInPlay.p1.resist).toBeNull();
    expect(state.groupsInPlay.p1.missions[0].completed).toBe(true);
  });

  it('ANIMA-MISSION-5: defeated by the mission enemy (4+3 vs 3+5) the Group is expelled and the count restarts', async () => {
    const { state } = await spec()
      .givenCommands(TURN2_EXPLORATION)
      .when({ type: 'anima.resist', player: 'p1', dice: { values: [3, 5] } })
      .then([{ type: 'anima.resisted', data: { combat: { winner: 'creature' }, progress: 0, expelled: true } }, { type: 'anima.turn_started' }]);
    expect(state.groupsInPlay.p1).toMatchObject({ resist: null, location: null });
  });

  it('ANIMA-MISSION-5 / ANIMA-INTERACT-5: defeated by a rival in the Interaction phase, the Group is expelled and the mission restarts', async () => {
    const turn2Interaction = [...STARTED, end('p2'), end('p1'), { type: 'anima.go', player: 'p2', location: 'Las Ruinas' }];
    const { state } = await spec()
      .givenCommands(turn2Interaction)
      .when({ type: 'anima.declare_combat', player: 'p2', target: 'p1', dice: { values: [9, 4] } })
      .then([{ type: 'anima.group_combat', data: { combat: { winner: 'group' } } }]);
    expect(state.groupsInPlay.p1).toMatchObject({ resist: null, location: null, turnLost: true });
  });

  it('ANIMA-START-2d / ANIMA-AMB-5: declaring in the Start phase that the Group leaves abandons the Resist mission; it moves again', async () => {
    const { state } = await spec()
      .givenCommands([...STARTED, end('p2')])
      .when({ type: 'anima.leave_location', player: 'p1' })
      .then([{ type: 'anima.location_left', data: { location: 'Las Ruinas', abandoned: 'Defender las Ruinas' } }]);
    expect(state.groupsInPlay.p1.resist).toBeNull();
    await spec()
      .givenCommands([...STARTED, end('p2'), { type: 'anima.leave_location', player: 'p1' }, end('p1'), { type: 'anima.rest', player: 'p2' }])
      .when({ type: 'anima.go', player: 'p1', location: 'Arkángel', dice: { values: [9, 1] } })
      .then([{ type: 'anima.went', data: { location: 'Arkángel' } }]);
  });

  it('ANIMA-MISSION-5: without a Resist mission under way there is no round to play', async () => {
    await matchSpec('anima', { players: ANIMA_PLAYERS, options: animaCards() })
      .givenCommands(STARTED.slice(0, -2))
      .when({ type: 'anima.resist', player: 'p1' })
      .thenProblem('no_resist_mission');
  });
});
