/** Operations of exsilium (filled by its issue). */
import type { Operation } from '../operation.js';

export const exsiliumOperations: Operation<any>[] = [];
