/** EDEN Infestation (EDEN-NPC-*, EDEN-UPKEEP-2) as given / when / then with fixed dice, through MatchService. */
import { describe, expect, it } from 'vitest';
import { matchSpec } from '../../../helpers/match-spec.js';
import { NPCS, npc, toActivation as turnOne, toUpkeep as activationToUpkeep } from '../../../fixtures/eden-optional.js';
import { prep, prepWith } from '../../../fixtures/eden-commands.js';

const infestation = { options: { infestation: { level: 2 } } };
const toUpkeep = [...turnOne, ...activationToUpkeep];
const withNpcs = prepWith(NPCS);

describe('EDEN Infestation (EDEN-NPC-*, EDEN-UPKEEP-2)', () => {
  it('EDEN-NPC-2: after the missions; Level X costs X points; alternate from the First player; 15 cm apart', async () => {
    const spec = matchSpec('eden', { options: { infestation: { level: 3 } } }).givenCommands(prep.slice(0, 7));
    await spec.when({ type: 'eden.place_npc', player: 'B', npc: npc('n1'), level: 1 }).thenProblem('not_your_turn');
    await spec.when({ type: 'eden.place_npc', player: 'A', npc: npc('n1'), level: 4 }).thenProblem('insufficient_infestation_points');
    await spec.when({ type: 'eden.place_npc', player: 'A', npc: npc('n1'), level: 1, nearestNpcDistance: 14.9 }).thenProblem('npc_too_close');
    const { state } = await spec
      .when({ type: 'eden.place_npc', player: 'A', npc: npc('n1'), level: 2, nearestNpcDistance: 15 })
      .then([{ type: 'eden.npc_placed', data: { player: 'A', level: 2, pointsLeft: 1 } }]);
    expect(state.npcs).toEqual({ n1: { level: 2, placedBy: 'A' } });
  });

  it('EDEN-NPC-2 (1): the level must be agreed when options.infestation gives none', async () => {
    const spec = matchSpec('eden', { options: { infestation: true } }).givenCommands(prep.slice(0, 7));
    await spec.when({ type: 'eden.place_npc', player: 'A', npc: npc('n1'), level: 1 }).thenProblem('level_not_set');
    await spec.when({ type: 'eden.set_infestation_level', level: 1 }).then([{ type: 'eden.infestation_level_set', data: { level: 1 } }]);
  });

  it('EDEN-UPKEEP-2 / EDEN-NPC-3: every NPC is activated before upkeep step 3, First player first', async () => {
    const spec = matchSpec('eden', infestation).givenCommands([...withNpcs, ...toUpkeep]);
    await spec.when({ type: 'eden.upkeep' }).thenProblem('npcs_pending');
    await spec.when({ type: 'eden.activate_npc', player: 'B', npcId: 'n1' }).thenProblem('not_your_turn');
    await spec.when({ type: 'eden.activate_npc', player: 'A', npcId: 'a1' }).thenProblem('not_an_npc');
    // EDEN-NPC-4 (3): nothing in contact or within 10 cm → Wander 5 cm
    await spec
      .when({ type: 'eden.activate_npc', player: 'A', npcId: 'n2', visible: [{ id: 'b1', distance: 10, lineOfSight: true }] })
      .then([{ type: 'eden.npc_activated', data: { player: 'A', npcId: 'n2', decision: { action: 'wander', distance: 5 } } }]);
  });

  it('EDEN-NPC-4 (2) / EDEN-AMB-30: Charge the nearest fighter in line of sight closer than 10 cm, NPCs ignored', async () => {
    await matchSpec('eden', infestation)
      .givenCommands([...withNpcs, ...toUpkeep, { type: 'eden.activate_npc', player: 'A', npcId: 'n2', visible: [] }])
      .when({
        type: 'eden.activate_npc',
        player: 'B',
        npcId: 'n1',
        visible: [
          { id: 'n2', distance: 1, lineOfSight: true },
          { id: 'a2', distance: 9.5, lineOfSight: true },
          { id: 'b2', distance: 5, lineOfSight: false },
        ],
        dice: { values: [1, 1, 1, 1] },
      })
      .then([{ type: 'eden.npc_activated', data: { decision: { action: 'charge', targetId: 'a2' } } }]);
  });

  it('EDEN-NPC-5 / EDEN-NPC-6: an NPC attacked in melee always Responds; out of action it earns its Level in VP at once', async () => {
    const { state } = await matchSpec('eden', infestation)
      .givenCommands([...withNpcs, ...turnOne, { type: 'eden.activate', player: 'A', fighterId: 'a1' }])
      .when({ type: 'eden.melee', attacker: 'a1', target: 'n1', reaction: 'passive', dice: { values: [3, 5, 2, 2, 3, 6, 1, 4, 1, 5] } })
      .then([
        { type: 'eden.melee_resolved', data: { reaction: 'response' } },
        { type: 'eden.npc_eliminated', data: { npcId: 'n1', player: 'A', byFighter: 'a1', victoryPoints: 2 } },
      ]);
    expect(state.bands.A.victoryPoints).toBe(2);
  });
});
