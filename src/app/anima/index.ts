/** Operations of anima (filled by its issue). */
import type { Operation } from '../operation.js';

export const animaOperations: Operation<any>[] = [];
