/** Operations of spirit-of-eden (filled by its issue). */
import type { Operation } from '../operation.js';

export const spiritOfEdenOperations: Operation<any>[] = [];
