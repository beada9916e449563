/** Operations of eden (filled by its issue). */
import type { Operation } from '../operation.js';

export const edenOperations: Operation<any>[] = [];
