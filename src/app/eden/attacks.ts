/** EDEN rolls and attacks operations. */
import type { Operation } from '../operation.js';

export const edenAttackOperations: Operation<any>[] = [];
