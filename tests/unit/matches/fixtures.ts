/** Fighters and a prepared EDEN match for the match tests (the profile is the shared CONTRACT §2 one). */
import type { FighterInput } from '../../../src/games/eden/rules/fighter.js';
import { YURI_BODY } from '../eden/fixtures.js';

/** The match kit: the Yûri weapons without the Helmet, plus a Flamer (spray) for the fire tests. */
const [, pistol, grenade] = YURI_BODY.equipment;
const KIT = [pistol, grenade, { name: 'Flamer', categories: ['spray'], fire: 1 }];

/** Yûri's profile (tests/unit/eden/fixtures.ts) under another id, value 20, with the match kit. */
export function fighter(id: string, over: Partial<FighterInput> = {}): FighterInput {
  const body = structuredClone({ ...YURI_BODY, equipment: KIT }) as unknown as FighterInput;
  return { ...body, id, name: id, value: 20, ...over };
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
