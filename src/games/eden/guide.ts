/**
 * What GET /v1/games/eden/commands teaches for eden (CONTRACT §8.2): a setup an integrator can
 * send as written — a match body (`players`, `options`) and the commands that take it into play —
 * after which the game's first listed command (its example) is accepted.
 */
import type { GameGuide } from '../../kernel/game.js';

const TWO = [
  { id: 'p1', name: 'Ana' },
  { id: 'p2', name: 'Ben' },
];

/** EDEN-PREP-1..8, then turn 1's First-player bid (EDEN-FIRST-1) and tactical phase: A activates first. */
export const EDEN_GUIDE: GameGuide = {
  setup: {
    players: TWO,
    options: { edition: 'es' },
    commands: [
      { type: 'eden.register_band', player: 'A', bandType: 'faction', fighters: [{ ref: 'yuri', id: 'a1' }] },
      { type: 'eden.register_band', player: 'B', bandType: 'faction', fighters: [{ ref: 'yuri', id: 'b1' }] },
      { type: 'eden.bid', bids: { A: 2, B: 1 } },
      { type: 'eden.choose_leader', player: 'A', fighterId: 'a1' },
      { type: 'eden.choose_leader', player: 'B', fighterId: 'b1' },
      { type: 'eden.play_mission', player: 'A', mission: { name: 'Assassination', visibility: 'secret', deployment: 'confrontation' } },
      { type: 'eden.play_mission', player: 'B', mission: { name: 'Recon', visibility: 'revealed', deployment: 'ambush' } },
      { type: 'eden.deploy', player: 'A' },
      { type: 'eden.deploy', player: 'B' },
      { type: 'eden.choose_tactic_hand', player: 'A', cards: ['Ambush', 'Fury', 'Retreat', 'Rally'] },
      { type: 'eden.choose_tactic_hand', player: 'B', cards: ['Ambush', 'Fury', 'Retreat', 'Rally'] },
      { type: 'eden.bid', bids: { A: 1, B: 0 } },
      { type: 'eden.skip_tactic', player: 'A' },
      { type: 'eden.skip_tactic', player: 'B' },
    ],
  },
  first: { type: 'eden.activate' },
};
