/** EDEN upkeep and the end of the game (EDEN-UPKEEP-*, EDEN-GAME-*) as given / when / then, through MatchService. */
import { describe, expect, it } from 'vitest';
import { matchSpec } from '../../../helpers/match-spec.js';
import { toUpkeep } from '../../../fixtures/eden-commands.js';

describe('EDEN upkeep (EDEN-UPKEEP-*) and the end of the game (EDEN-GAME-*)', () => {
  it('EDEN-UPKEEP-7/8/10: AP back to 3, VP added and never below 0, the next turn starts', async () => {
    const { state } = await matchSpec('eden')
      .givenCommands(toUpkeep)
      .when({ type: 'eden.upkeep', victoryPoints: { A: 2, B: -5 } })
      .then([
        { type: 'eden.upkeep_resolved', data: { turn: 1 } },
        { type: 'eden.victory_points_scored', data: { turn: 1, totals: { A: 2, B: 0 } } },
        { type: 'eden.turn_started', data: { turn: 2 } },
      ]);
    expect(Object.values(state.fighters as Record<string, { fighter: { ap: number } }>).every((f) => f.fighter.ap === 3)).toBe(true);
  });

  it('EDEN-UPKEEP-1: no upkeep while the Activation phase runs', async () => {
    await matchSpec('eden').givenCommands(toUpkeep.slice(0, -1)).when({ type: 'eden.upkeep' }).thenProblem('wrong_phase');
  });

  it('EDEN-UPKEEP-9: rage removal names a fighter of the match', async () => {
    await matchSpec('eden')
      .givenCommands(toUpkeep)
      .when({ type: 'eden.upkeep', removeRage: ['zz'] })
      .thenProblem('unknown_fighter');
  });

  it('EDEN-GAME-1/3: after the last turn the game ends; more VP wins; no further command', async () => {
    const spec = matchSpec('eden', { options: { turns: 1 } }).givenCommands(toUpkeep);
    const { state } = await spec
      .when({ type: 'eden.upkeep', victoryPoints: { A: 1, B: 3 } })
      .then([
        { type: 'eden.upkeep_resolved' },
        { type: 'eden.victory_points_scored', data: { totals: { A: 1, B: 3 } } },
        { type: 'eden.game_ended', data: { reason: 'turns', winner: 'B', victoryPoints: { A: 1, B: 3 } } },
      ]);
    expect(state.phase).toBe('ended');
    await matchSpec('eden', { options: { turns: 1 } })
      .givenCommands([...toUpkeep, { type: 'eden.upkeep', victoryPoints: { A: 1, B: 3 } }])
      .when({ type: 'eden.upkeep' })
      .thenProblem('game_over');
  });

  it('EDEN-UPKEEP-3 / EDEN-AMB-18: a burning fighter rolls 3 dice, each above VIG wounds at the location rolled', async () => {
    // Fire comes from a Flamer in the Activation phase (EDEN-SPRAY), then two passes.
    const burning = [
      ...toUpkeep.slice(0, -4),
      { type: 'eden.activate', player: 'A', fighterId: 'a1' },
      { type: 'eden.spray', attacker: 'a1', weapon: 'Flamer', covered: ['b2'] },
      { type: 'eden.end_activation' },
      { type: 'eden.pass', player: 'B' },
      { type: 'eden.pass', player: 'A' },
    ];
    const { events, state } = await matchSpec('eden')
      .givenCommands(burning)
      .when({ type: 'eden.upkeep', dice: { values: [6, 6, 1, 4] } })
      .then([{ type: 'eden.upkeep_resolved' }, { type: 'eden.victory_points_scored' }, { type: 'eden.turn_started', data: { turn: 2 } }]);
    // b2 burns: 6, 6, 1 against VIG → 2 hits, location 4 (torso); the event keeps the faces and what changed
    expect(events[0]!.data).toMatchObject({ dice: { seed: null, values: [6, 6, 1, 4] }, changes: { b2: { wounds: { torso: 3 }, markers: { fire: 0 } } } });
    // the spray's wound (1) plus the two burns; EDEN-STATE-FIRE-1: one marker goes per upkeep
    expect(state.fighters.b2.fighter.wounds.torso).toBe(3);
    expect(state.fighters.b2.fighter.markers.fire).toBe(0);
  });
});
