/** Fighters and a prepared EDEN match for the match tests. */
import type { FighterInput } from '../../../src/games/eden/fighter.js';

export function fighter(id: string, over: Partial<FighterInput> = {}): FighterInput {
  return {
    id,
    name: id,
    faction: 'jokers',
    stigma: 'chaos',
    types: ['human'],
    value: 20,
    limbs: {
      head: { white: 2, red: 2, faces: [1], normal: 4, wounded: 3 },
      arms: { white: 2, red: 1, faces: [2, 3], normal: 4, wounded: 3 },
      torso: { white: 3, red: 1, faces: [4, 5], normal: 4, wounded: 3 },
      legs: { white: 2, red: 1, faces: [6], normal: 5, wounded: 4 },
    },
    equipment: [
      { name: 'Pistol', categories: ['shooting'], bonus: { CBT: 0 }, range: 30, potency: 3 },
      { name: 'Grenade', categories: ['thrown'], range: 20, explosive: 3, fear: 1, perGame: 1 },
      { name: 'Flamer', categories: ['spray'], fire: 1 },
    ],
    ...over,
  };
}

/** Commands that take an EDEN match from creation to the start of turn 1 (A first). */
export function preparation(bandA: FighterInput[], bandB: FighterInput[]): { type: string; [k: string]: unknown }[] {
  return [
    { type: 'eden.register_band', player: 'A', bandType: 'faction', fighters: bandA },
    { type: 'eden.register_band', player: 'B', bandType: 'faction', fighters: bandB },
    { type: 'eden.bid', bids: { A: 2, B: 1 } },
    { type: 'eden.choose_leader', player: 'A', fighterId: bandA[0]!.id },
    { type: 'eden.choose_leader', player: 'B', fighterId: bandB[0]!.id },
    { type: 'eden.play_mission', player: 'A', mission: { name: 'Assassination', visibility: 'secret', deployment: 'confrontation' } },
    { type: 'eden.play_mission', player: 'B', mission: { name: 'Recon', visibility: 'revealed', deployment: 'ambush' } },
    { type: 'eden.deploy', player: 'A' },
    { type: 'eden.deploy', player: 'B' },
    { type: 'eden.choose_tactic_hand', player: 'A', cards: ['Ambush', 'Fury', 'Retreat', 'Rally'] },
    { type: 'eden.choose_tactic_hand', player: 'B', cards: ['Ambush', 'Fury', 'Retreat', 'Rally'] },
  ];
}
