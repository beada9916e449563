/**
 * What GET /v1/games/spirit-of-eden/commands teaches for spirit-of-eden (CONTRACT §8.2): a setup an integrator can
 * send as written — a match body (`players`, `options`) and the commands that take it into play —
 * after which the game's first listed command (its example) is accepted. The Action cards are test data (SOE-AMB-12).
 */
import type { GameGuide } from '../../kernel/game.js';
import { SET_UP_EXAMPLE } from './match/setup.js';

/** SOE-SETUP-1..5: the dealt layout; turn 1 starts with the roll (SOE-TURN-2). The Action cards are test data (SOE-AMB-12). */
export const SPIRIT_OF_EDEN_GUIDE: GameGuide = {
  setup: {
    players: [{ id: 'p1', name: 'Noa' }],
    options: {
      actionCards: [
        ['move1', 'move2', 'move3', 'move1', 'move2', 'move3'],
        ['ambush', 'ambush', 'attract', 'attract', 'protect', 'protect'],
        ['push1', 'push2', 'recover', 'shortcut', 'swapGoomz', 'swapAllies'],
        ['move3', 'move3', 'ambush', 'ambush', 'recover', 'protect'],
      ],
    },
    commands: [{ type: 'soe.set_up', board: SET_UP_EXAMPLE }],
  },
  // no Ally is on Noa yet: the first roll returns none (SOE-NOA-RET-1)
  first: { type: 'soe.roll', example: { dice: { values: [1, 4, 6, 3] } } },
};
