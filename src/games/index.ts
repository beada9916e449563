/**
 * The games the service plays: the one list. Every registry (game ids, the create-match schema,
 * the command catalogue, the event types, the operations, GET /v1/games, the API documentation's
 * tags) is derived from it; adding a game is its folder (with its `index.ts`) and one line here.
 */
import { eden } from './eden/index.js';
import { anima } from './anima/index.js';
import { exsilium } from './exsilium/index.js';
import { spiritOfEden } from './spirit-of-eden/index.js';

export const GAMES = [eden, anima, exsilium, spiritOfEden] as const;

/** A game's id: `eden`, `anima`, `exsilium`, `spirit-of-eden`. */
export type GameId = (typeof GAMES)[number]['id'];
