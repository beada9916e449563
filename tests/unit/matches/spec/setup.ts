/** Command sequences shared by the match specifications (the bands of ../optional-helpers.ts, A First player). */
import { preparation } from '../fixtures.js';
import { bandA, bandB, toActivation, toUpkeep as activationToUpkeep, type Cmd } from '../optional-helpers.js';

/** EDEN-PREP-1..9: creation to the start of turn 1. */
export const prep: Cmd[] = preparation(bandA, bandB);
/** Turn 1, Activation phase (A bids higher, both skip tactics). */
export const turnOne: Cmd[] = [...prep, ...toActivation];
/** Turn 1 with a1 activated. */
export const activeA1: Cmd[] = [...turnOne, { type: 'eden.activate', player: 'A', fighterId: 'a1' }];
/** Turn 1 in Upkeep (a1 activated, then two passes). */
export const toUpkeep: Cmd[] = [...turnOne, ...activationToUpkeep];
/** The preparation with optional steps after the missions (scenery, NPCs), as the digest orders them. */
export const prepWith = (extra: Cmd[]): Cmd[] => [...prep.slice(0, 7), ...extra, ...prep.slice(7)];
