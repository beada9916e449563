/**
 * evolve(table, event) → table: the pure fold of a full Ánima match, one fold per event type (each
 * declared with its data in its family's fold table: evolve-turn.ts, evolve-play.ts,
 * evolve-cards.ts, evolve-missions.ts, evolve-seats.ts); the game's event types are this table's keys.
 */
import { foldsOf, type FoldTable } from '../../../kernel/folds.js';
import type { AnimaEvent } from './events.js';
import { CARD_FOLDS } from './evolve-cards.js';
import { MISSION_FOLDS } from './evolve-missions.js';
import { PLAY_FOLDS } from './evolve-play.js';
import { SEAT_FOLDS } from './evolve-seats.js';
import { TURN_FOLDS } from './evolve-turn.js';
import type { AnimaTable } from './state.js';

const ANIMA_FOLDS: FoldTable<AnimaTable, AnimaEvent> = { ...TURN_FOLDS, ...PLAY_FOLDS, ...CARD_FOLDS, ...MISSION_FOLDS, ...SEAT_FOLDS };

/** The event types of a full Ánima match (`types`), the test of one (`isEvent`) and its fold (`evolve`). */
export const animaFolds = foldsOf(ANIMA_FOLDS);
