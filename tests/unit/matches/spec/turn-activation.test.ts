/** EDEN turn: tactical and activation phases (EDEN-TACPH, EDEN-ACT) as given / when / then, through MatchService. */
import { describe, expect, it } from 'vitest';
import { matchSpec } from '../../../helpers/match-spec.js';
import { fighter, preparation } from '../../../fixtures/eden-match.js';

const legs = { ...fighter('x').limbs, legs: { white: 2, red: 1, faces: [6], normal: 3, wounded: 2 } };
const bandA = [fighter('a1'), fighter('a2', { limbs: legs })];
const bandB = [fighter('b1', { faction: 'jokers' }), fighter('b2')];
const prepared = preparation(bandA, bandB);
const turnBid = { type: 'eden.bid', bids: { A: 1, B: 0 } };
const turnOne = [...prepared, turnBid, { type: 'eden.skip_tactic', player: 'A' }, { type: 'eden.skip_tactic', player: 'B' }];

describe('EDEN tactical phase (EDEN-TACPH-1)', () => {
  it('EDEN-TACPH-1: a card costs 2 SP and must be in the hand', async () => {
    const spec = matchSpec('eden').givenCommands([...prepared, turnBid]);
    const before = await spec.state();
    const { state } = await spec.when({ type: 'eden.play_tactic', player: 'A', card: 'Fury' }).then([{ type: 'eden.tactic_played', data: { player: 'A', card: 'Fury', cost: 2 } }]);
    expect(state.bands.A.strategyPoints).toBe(before.bands.A.strategyPoints - 2);
    await spec.when({ type: 'eden.play_tactic', player: 'A', card: 'Nope' }).thenProblem('not_in_hand');
  });

  it('EDEN-TACPH-1: one card per player and turn', async () => {
    await matchSpec('eden')
      .givenCommands([...prepared, turnBid, { type: 'eden.play_tactic', player: 'A', card: 'Fury' }])
      .when({ type: 'eden.play_tactic', player: 'A', card: 'Rally' })
      .thenProblem('already_done');
  });
});

describe('EDEN activation phase (EDEN-ACT-*)', () => {
  it('EDEN-ACT-1: the First player designates a fighter, who is activated', async () => {
    const { state } = await matchSpec('eden')
      .givenCommands(turnOne)
      .when({ type: 'eden.activate', player: 'A', fighterId: 'a1' })
      .then([
        { type: 'eden.fighter_designated', data: { player: 'A', fighterId: 'a1' } },
        { type: 'eden.fighter_activated', data: { player: 'A', fighterId: 'a1' } },
      ]);
    expect(state.activation.active).toBe('a1');
  });

  it('EDEN-ACT-2: an interruption needs strictly greater RAP; the last named fighter is activated', async () => {
    const spec = matchSpec('eden').givenCommands(turnOne);
    await spec.when({ type: 'eden.activate', player: 'A', fighterId: 'a2', interruptions: ['b1', 'a1'] }).thenProblem('illegal_interruption');
    const { state } = await spec.when({ type: 'eden.activate', player: 'A', fighterId: 'a2', interruptions: ['b1'] }).then([
      { type: 'eden.fighter_designated', data: { fighterId: 'a2' } },
      { type: 'eden.activation_interrupted', data: { player: 'B', fighterId: 'b1' } },
      { type: 'eden.fighter_activated', data: { fighterId: 'b1' } },
    ]);
    expect(state.fighters.a2.turn.activated).toBe(false);
  });

  it('EDEN-ACT-3: only the fighter being activated acts', async () => {
    await matchSpec('eden')
      .givenCommands([...turnOne, { type: 'eden.activate', player: 'A', fighterId: 'a1' }])
      .when({ type: 'eden.move', fighterId: 'a2' })
      .thenProblem('not_active');
  });

  it('EDEN-ACT-6: no opening pass', async () => {
    await matchSpec('eden').givenCommands(turnOne).when({ type: 'eden.pass', player: 'A' }).thenProblem('opening_pass');
  });

  it('EDEN-ACT-5: two passes in a row end the Activation phase', async () => {
    const { state } = await matchSpec('eden')
      .givenCommands([...turnOne, { type: 'eden.activate', player: 'A', fighterId: 'a1' }, { type: 'eden.end_activation' }, { type: 'eden.pass', player: 'B' }])
      .when({ type: 'eden.pass', player: 'A' })
      .then([
        { type: 'eden.activation_passed', data: { player: 'A' } },
        { type: 'eden.activation_phase_ended', data: { reason: 'double_pass' } },
      ]);
    expect(state.phase).toBe('upkeep');
  });

  it('EDEN-ACTION-1: a Move costs 1 AP and covers 10 cm', async () => {
    const { state } = await matchSpec('eden')
      .givenCommands([...turnOne, { type: 'eden.activate', player: 'A', fighterId: 'a1' }])
      .when({ type: 'eden.move', fighterId: 'a1' })
      .then([{ type: 'eden.fighter_moved', data: { fighterId: 'a1', apSpent: 1, distance: 10 } }]);
    expect(state.fighters.a1.fighter.ap).toBe(2);
  });
});
