/** Dice notation operations (CONTRACT §7.3): rolls and exact distributions. */
import type { Operation } from '../../kernel/operation.js';
import { diceRollOperation } from './roll.operation.js';
import { diceDistributionOperation } from './distribution.operation.js';
import { diceCompareOperation } from './compare.operation.js';

export const diceOperations: Operation<any>[] = [diceRollOperation, diceDistributionOperation, diceCompareOperation];
