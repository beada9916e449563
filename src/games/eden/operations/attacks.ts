/** EDEN rolls and attacks operations. */
import type { Operation } from '../../../kernel/operation.js';
import { edenRollsOperation } from './rolls.operation.js';
import { edenMeleeOperation } from './melee.operation.js';
import { edenRangedOperation } from './ranged.operation.js';
import { edenSprayOperation, edenThrownOperation } from './area-attacks.operation.js';

export const edenAttackOperations: Operation<any>[] = [edenRollsOperation, edenMeleeOperation, edenRangedOperation, edenThrownOperation, edenSprayOperation];
