/** EDEN Territory management (EDEN-TERRAIN-*) as given / when / then, through MatchService. */
import { describe, expect, it } from 'vitest';
import { matchSpec } from '../../../helpers/match-spec.js';
import { SCENERY } from '../../../fixtures/eden-optional.js';
import { activeA1, prep, prepWith } from '../../../fixtures/eden-commands.js';

const territory = { options: { territory: true } };
/** Scenery placed, then turn 1 with a1 activated. */
const played = [...prepWith(SCENERY), ...activeA1.slice(prep.length)];
const hitTree = { type: 'eden.attack_scenery', attacker: 'a1', sceneryId: 'tree' };

describe('EDEN Territory management (EDEN-TERRAIN-*)', () => {
  it('EDEN-TERRAIN-1/3: after the missions, scenery alternates from the First player and costs points', async () => {
    const spec = matchSpec('eden', territory).givenCommands(prep.slice(0, 7));
    await spec.when({ type: 'eden.place_scenery', player: 'B', element: 'tree' }).thenProblem('not_your_turn');
    await spec.when({ type: 'eden.place_scenery', player: 'A', element: 'castle' }).thenProblem('invalid_request');
    const { state } = await spec.when(SCENERY[0]!).then([{ type: 'eden.scenery_placed', data: { player: 'A', sceneryId: 'lake', element: 'lake' } }]);
    expect(state.territory.next).toBe('B');
  });

  it('EDEN-TERRAIN-3 / EDEN-AMB-29: a player who cannot pay is refused; all points spent ends the step', async () => {
    const mid = matchSpec('eden', territory).givenCommands([...prep.slice(0, 7), ...SCENERY.slice(0, 4)]);
    await mid.when({ type: 'eden.place_scenery', player: 'A', element: 'rubbish_heap' }).thenProblem('insufficient_scenery_points');
    const { state } = await matchSpec('eden', territory)
      .givenCommands([...prep.slice(0, 7), ...SCENERY.slice(0, 5)])
      .when(SCENERY[5]!)
      .then([{ type: 'eden.scenery_placed', data: { sceneryId: 'bushes', pointsLeft: 0 } }]);
    expect(state.prep).toBe('deployment');
  });

  it('EDEN-TERRAIN-1: without options.territory no scenery is recorded', async () => {
    await matchSpec('eden').givenCommands(prep.slice(0, 7)).when({ type: 'eden.place_scenery', player: 'A', element: 'tree' }).thenProblem('option_disabled');
  });

  it('EDEN-TERRAIN-R-DESTRUCTION: attacking scenery costs 1 AP and one of the 2 Attacks; a lake is not destructible', async () => {
    const spec = matchSpec('eden', territory).givenCommands(played);
    await spec.when({ ...hitTree, sceneryId: 'lake' }).thenProblem('not_destructible');
    const { state } = await spec.when(hitTree).then([{ type: 'eden.scenery_attacked', data: { attackerId: 'a1', sceneryId: 'tree', apSpent: 1, attacks: 1, destroyed: false } }]);
    expect(state.fighters.a1.fighter.ap).toBe(2);
    await matchSpec('eden', territory)
      .givenCommands([...played, hitTree, hitTree])
      .when(hitTree)
      .thenProblem('attack_limit');
  });

  it('EDEN-TERRAIN-R-DESTRUCTION / EDEN-AMB-33: after X attacks a Devastated zone replaces the element', async () => {
    const { state } = await matchSpec('eden', territory)
      .givenCommands([...played, hitTree, hitTree, { type: 'eden.end_activation' }, { type: 'eden.activate', player: 'B', fighterId: 'b1' }])
      .when({ ...hitTree, attacker: 'b1' })
      .then([{ type: 'eden.scenery_attacked', data: { destroyed: true, attacks: 3, replacedBy: { element: 'devastated_zone' } } }]);
    expect(state.scenery.tree.destroyed).toBe(true);
  });

  it('EDEN-TERRAIN-R-HOSTILE: contact with a Dark forest → X wounds with a location roll each', async () => {
    const { state } = await matchSpec('eden', territory)
      .givenCommands(played)
      .when({ type: 'eden.scenery_contact', fighterId: 'a1', sceneryId: 'forest', dice: { values: [4] } })
      .then([{ type: 'eden.scenery_contact_resolved', data: { moment: 'activation_start', fireAdded: 0, changes: { a1: { wounds: { torso: 1 } } }, dice: { values: [4] } } }]);
    expect(state.fighters.a1.fighter.wounds.torso).toBe(1);
  });
});
