/** Exact-odds operations (no sampling), computed from the same rule functions. */
import type { Operation } from '../../../../kernel/operation.js';
import { edenMeleeOddsOperation } from './melee-odds.operation.js';
import { edenRangedOddsOperation } from './ranged-odds.operation.js';

export const oddsOperations: Operation<any>[] = [edenMeleeOddsOperation, edenRangedOddsOperation];
