/** EDEN preparation (EDEN-PREP-*) as given events / when a command / then events, through MatchService. */
import { describe, expect, it } from 'vitest';
import { matchSpec } from '../../../helpers/match-spec.js';
import { prep } from '../../../fixtures/eden-commands.js';

describe('EDEN preparation (EDEN-PREP-1..9)', () => {
  it('EDEN-PREP-1/2: a registered band is recorded with its Strategy Points (the PSI of its fighters: 4 + 4)', async () => {
    const { state } = await matchSpec('eden')
      .when(prep[0]!)
      .then([{ type: 'eden.band_registered', data: { player: 'A', bandType: 'faction', strategyPoints: 8 } }]);
    expect(state.bands.A.strategyPoints).toBe(8);
  });

  it('EDEN-PREP-3: the higher bid names the First player; bids are paid in Strategy Points', async () => {
    const { state } = await matchSpec('eden')
      .givenCommands(prep.slice(0, 2))
      .when({ type: 'eden.bid', bids: { A: 2, B: 1 } })
      .then([{ type: 'eden.first_player_determined', data: { winner: 'A', firstPlayer: 'A', bids: { A: 2, B: 1 } } }]);
    expect([state.bands.A.strategyPoints, state.bands.B.strategyPoints]).toEqual([6, 7]);
  });

  it('EDEN-PREP-3: equal bids → a roll-off recorded in the event (fixed dice)', async () => {
    const { events } = await matchSpec('eden')
      .givenCommands(prep.slice(0, 2))
      .when({ type: 'eden.bid', bids: { A: 1, B: 1 }, dice: { values: [3, 3, 2, 5] } })
      .then([{ type: 'eden.first_player_determined', data: { firstPlayer: 'B' } }]);
    expect((events[0]!.data as { rollOff: unknown[] }).rollOff).toHaveLength(2);
  });

  it('EDEN-PREP-4: the opponent cannot name his Leader before the First player', async () => {
    await matchSpec('eden').givenCommands(prep.slice(0, 3)).when({ type: 'eden.choose_leader', player: 'B', fighterId: 'b1' }).thenProblem('not_your_turn');
  });

  it('EDEN-PREP-8: the tactic hand holds exactly Leader PSI distinct cards', async () => {
    const spec = matchSpec('eden').givenCommands(prep.slice(0, 9));
    await spec.when({ type: 'eden.choose_tactic_hand', player: 'A', cards: ['x'] }).thenProblem('wrong_hand_size');
    await spec.when({ type: 'eden.choose_tactic_hand', player: 'A', cards: ['x', 'x', 'y', 'z'] }).thenProblem('duplicate_tactic');
  });

  it('EDEN-PREP-9: the last tactic hand starts turn 1 with every fighter at 3 AP', async () => {
    const { state } = await matchSpec('eden')
      .givenCommands(prep.slice(0, 10))
      .when(prep[10]!)
      .then([
        { type: 'eden.tactic_hand_chosen', data: { player: 'B' } },
        { type: 'eden.turn_started', data: { turn: 1 } },
      ]);
    expect(state.turn).toBe(1);
    expect(Object.values(state.fighters as Record<string, { fighter: { ap: number } }>).every((f) => f.fighter.ap === 3)).toBe(true);
  });
});
