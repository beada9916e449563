/**
 * Folding The Spirit of Eden match events into the match state (pure; never throws on an event the
 * decider wrote). The game's events are its families' (each event type's data declared beside its
 * fold): the event union and the list of event types both come from them.
 */
import { foldsOf, type FoldTable } from '../../../kernel/folds.js';
import { GOOMZ_PHASE_FOLDS, type GoomzPhaseEvent } from './goomz-phase.js';
import { PLAYER_PHASE_FOLDS, type PlayerPhaseEvent } from './player-phase.js';
import { SETUP_FOLDS, type SetUpEvent } from './setup.js';
import type { SpiritMatchState } from './state.js';
import { TURN_START_FOLDS, type TurnStartEvent } from './turn-start.js';

/** The Spirit of Eden's full-match events (scripts/event-schemas.mjs generates their schemas from this union). */
export type SpiritEvent = SetUpEvent | TurnStartEvent | PlayerPhaseEvent | GoomzPhaseEvent;

/** One fold per event type, in the order of play. */
export const SPIRIT_FOLDS: FoldTable<SpiritMatchState, SpiritEvent> = { ...SETUP_FOLDS, ...TURN_START_FOLDS, ...PLAYER_PHASE_FOLDS, ...GOOMZ_PHASE_FOLDS };

const folds = foldsOf(SPIRIT_FOLDS);

export const SPIRIT_EVENT_TYPES = folds.types;
export const isSpiritEvent = folds.isEvent;
export const evolveSpirit = folds.evolve;
