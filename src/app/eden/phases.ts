/** EDEN roster, catalog, phases and options operations. */
import type { Operation } from '../operation.js';

export const edenPhaseOperations: Operation<any>[] = [];
