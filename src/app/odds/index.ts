/** Exact-odds operations (no sampling), computed from the same rule functions. */
import type { Operation } from '../operation.js';

export const oddsOperations: Operation<any>[] = [];
