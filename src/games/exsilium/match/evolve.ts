/**
 * The events of an Exsilium full match and their fold: the game's event union is composed from its
 * families' — the turn events (evolve-turn.ts) and the card-action events (evolve-actions.ts) —, each
 * event type's data declared there next to its fold, and the runtime list of the types is the fold
 * table's keys (src/kernel/folds.ts).
 */
import { foldsOf, type FoldTable } from '../../../kernel/folds.js';
import { ACTION_FOLDS, type ActionEvent } from './evolve-actions.js';
import { TURN_FOLDS, type TurnEvent } from './evolve-turn.js';
import type { Table } from './table.js';

/** Every event an Exsilium table records (scripts/event-schemas.mjs generates their schemas from this union). */
export type ExsiliumEvent = TurnEvent | ActionEvent;

const EXSILIUM_FOLDS: FoldTable<Table, ExsiliumEvent> = { ...TURN_FOLDS, ...ACTION_FOLDS };
const folds = foldsOf(EXSILIUM_FOLDS);

/** Every event type of an Exsilium table, in the fold table's order. */
export const EXSILIUM_EVENT_TYPES = folds.types;

/** Whether a stored event is one of the table's own (by its type). */
export const isExsiliumEvent = folds.isEvent;

/** One table event folded: each event is a fact the decider already checked. */
export const evolveTable = (t: Table, event: ExsiliumEvent): Table => folds.evolve(t, event);
