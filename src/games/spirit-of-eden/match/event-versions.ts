/**
 * The schema versions of The Spirit of Eden's match events whose stored data changed (CONTRACT
 * §8.2: stored events are the game's facts and outlive releases), with the upcaster of every
 * earlier version; src/app/matches/engine-events.ts registers them. Every other event type is at
 * version 1.
 *
 * v2 of `soe.dice_rolled` (`dice`) and `soe.player_step_taken` (`roll`) keeps the dice as facts,
 * `{seed, values}` (src/games/dice/facts.ts); v1 kept the whole transcript, with the answer's English
 * `purpose` labels. The fold reads neither (it reads `roll`'s four values and the dice states).
 */

import type { EventVersion } from '../../../kernel/event-definition.js';
import { transcriptToFact } from '../../../kernel/dice/facts.js';

/** v1 → v2: the transcripts as their dice facts. */
const upcastDiceRolledV1 = transcriptToFact('dice');
const upcastPlayerStepTakenV1 = transcriptToFact('roll');

/** The Spirit of Eden's event types at a version above 1, by type. */
export const SPIRIT_EVENT_VERSIONS: Readonly<Record<string, EventVersion>> = {
  'soe.dice_rolled': {
    schemaVersion: 2,
    upcasters: { 1: upcastDiceRolledV1 },
    description:
      'SOE-TURN-2 / SOE-DICE-1: the turn’s roll. v2: `roll` (the 4 values), the Allies returned, the card turned face down and `dice` `{seed, values}` (the facts); v1 kept the whole transcript, with labels.',
  },
  'soe.player_step_taken': {
    schemaVersion: 2,
    upcasters: { 1: upcastPlayerStepTakenV1 },
    description:
      'SOE-PLACE-* / SOE-REROLL-* / SOE-OBJ-4 / SOE-NOA-1: one player-phase step. v2: the step, the dice states, the board after it and, when it drew dice, `roll` `{seed, values}`; v1 kept the whole transcript, with labels.',
  },
};
