/** EDEN attacks (EDEN-ATTACK, EDEN-MELEE, spray, thrown) as given / when / then with fixed dice, through MatchService. */
import { describe, expect, it } from 'vitest';
import { matchSpec } from '../../../helpers/match-spec.js';
import { activeA1 } from '../../../fixtures/eden-commands.js';
const miss = { type: 'eden.melee', attacker: 'a1', target: 'b1', reaction: 'passive', dice: { values: [1, 1, 1, 1, 1] } };

describe('EDEN attacks (EDEN-ATTACK-*, EDEN-MELEE-*)', () => {
  it('EDEN-MELEE: CBT 4 vs VIG 4, four successes on the torso (location 4) mark 4 torso wounds', async () => {
    const { state } = await matchSpec('eden')
      .givenCommands(activeA1)
      .when({ type: 'eden.melee', attacker: 'a1', target: 'b1', dice: { values: [6, 6, 6, 6, 4] } })
      .then([{ type: 'eden.melee_resolved', data: { targetId: 'b1', via: 'attack' } }]);
    expect(state.fighters.b1.fighter.wounds.torso).toBe(4);
  });

  it('EDEN-ATTACK-2: at most 2 Attacks per turn; each costs 1 AP', async () => {
    const spec = matchSpec('eden').givenCommands([...activeA1, miss, miss]);
    const state = await spec.state();
    expect(state.fighters.a1.fighter.ap).toBe(1);
    await spec.when(miss).thenProblem('attack_limit');
  });

  it('EDEN-ACTION-1: no AP left → no action', async () => {
    await matchSpec('eden')
      .givenCommands([...activeA1, miss, miss, { type: 'eden.move', fighterId: 'a1' }])
      .when({ type: 'eden.move', fighterId: 'a1' })
      .thenProblem('no_ap');
  });

  it('EDEN-SPRAY: a Flamer marks one wound per limb and a Fire marker on each covered fighter', async () => {
    const { state } = await matchSpec('eden')
      .givenCommands(activeA1)
      .when({ type: 'eden.spray', attacker: 'a1', weapon: 'Flamer', covered: ['b2'] })
      .then([{ type: 'eden.spray_resolved' }]);
    expect(state.fighters.b2.fighter.wounds).toEqual({ head: 1, arms: 1, torso: 1, legs: 1 });
    expect(state.fighters.b2.fighter.markers.fire).toBe(1);
  });

  it('EDEN-THROWN: a Grenade is used once per game', async () => {
    const grenade = { type: 'eden.thrown', attacker: 'a1', weapon: 'Grenade', point: { distance: 10, lineOfSight: true }, affected: ['b2'], dice: { values: [1, 1, 1] } };
    const spec = matchSpec('eden').givenCommands(activeA1);
    const { state } = await spec.when(grenade).then([{ type: 'eden.throw_resolved' }]);
    expect(state.fighters.a1.itemUses.Grenade).toEqual({ turn: 1, game: 1 });
    await matchSpec('eden')
      .givenCommands([...activeA1, grenade])
      .when(grenade)
      .thenProblem('item_limit');
  });

  it('EDEN-DICE: an attack that runs out of fixed dice is refused and appends nothing', async () => {
    await matchSpec('eden')
      .givenCommands(activeA1)
      .when({ type: 'eden.melee', attacker: 'a1', target: 'b1', dice: { values: [6] } })
      .thenProblem('dice_exhausted');
  });
});
