/**
 * One example body per EDEN match command (the OpenAPI `examples` of POST /v1/matches/{id}/commands),
 * in the order a match plays them: bands (fighters may be catalog refs, CONTRACT §7.5), bid, leaders,
 * missions, deployment, tactic hands, then the turn. Each validates against its command schema
 * (tests/api/command-examples.test.ts).
 */
import type { EdenCommandType } from '../match/index.js';

export const EDEN_COMMAND_EXAMPLES: Record<EdenCommandType, Record<string, unknown>> = {
  'eden.register_band': {
    player: 'A',
    bandType: 'faction',
    fighters: [
      { ref: 'yuri', id: 'a1' },
      { ref: 'yuri', id: 'a2', name: 'Yûri the second' },
    ],
  },
  'eden.bid': { bids: { A: 2, B: 1 }, choice: 'A' },
  'eden.choose_leader': { player: 'A', fighterId: 'a1' },
  'eden.play_mission': { player: 'A', mission: { name: 'Assassination', visibility: 'secret', deployment: 'confrontation' } },
  'eden.deploy': {
    player: 'A',
    centreDistances: [
      { fighterId: 'a1', distance: 25 },
      { fighterId: 'a2', distance: 22 },
    ],
  },
  'eden.choose_tactic_hand': { player: 'A', cards: ['Fury', 'Rally'] },
  'eden.play_tactic': { player: 'A', card: 'Fury' },
  'eden.skip_tactic': { player: 'B' },
  'eden.activate': { player: 'A', fighterId: 'a1' },
  'eden.end_activation': {},
  'eden.pass': { player: 'A' },
  'eden.move': { fighterId: 'a1', distance: 8 },
  'eden.douse_fire': { fighterId: 'a1', markers: 1 },
  'eden.melee': { attacker: 'a1', target: 'b1', reaction: 'dodge', aim: 'head', dice: { values: [6, 5, 4, 2, 1, 3, 3, 2, 1, 1, 1] } },
  'eden.ranged': { shooter: 'a1', weapon: 'Pistol', candidates: [{ id: 'b1', distance: 20, lineOfSight: true }], targetId: 'b1', dice: { seed: 'table 3' } },
  'eden.thrown': { attacker: 'a1', weapon: 'Molotov', point: { distance: 12, lineOfSight: true }, affected: ['b1', 'b2'] },
  'eden.spray': { attacker: 'a1', weapon: 'Flamethrower', covered: ['b1'] },
  'eden.upkeep': { removeRage: ['a2'], victoryPoints: { A: 1 } },
  'eden.roll_weather': { dice: { values: [3, 4] } },
  'eden.place_scenery': { player: 'A', element: 'forest', sceneryId: 'forest-1' },
  'eden.attack_scenery': { attacker: 'a1', sceneryId: 'forest-1', distance: 2 },
  'eden.ignite_scenery': { fighterId: 'a1', sceneryId: 'forest-1', markers: 1 },
  'eden.scenery_contact': { fighterId: 'a1', sceneryId: 'forest-1', moment: 'move_end' },
  'eden.set_infestation_level': { level: 10 },
  'eden.place_npc': { player: 'A', npc: { ref: 'yuri', id: 'npc-1', name: 'Wandering Yûri', types: ['npc'] }, level: 3, nearestNpcDistance: 20 },
  'eden.stop_npc_placement': { player: 'B' },
  'eden.activate_npc': { player: 'A', npcId: 'npc-1', contacts: ['b1'], reaction: 'response' },
};
