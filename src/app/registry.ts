/** Every stateless operation the service offers, in documentation order. */
import type { Operation } from '../kernel/operation.js';
import { edenOperations } from '../games/eden/operations/index.js';
import { animaOperations } from '../games/anima/operations/index.js';
import { exsiliumOperations } from '../games/exsilium/operations/index.js';
import { spiritOfEdenOperations } from '../games/spirit-of-eden/operations/index.js';
import { oddsOperations } from '../games/eden/operations/odds/index.js';
import { diceOperations } from './dice/index.js';
import { acceptCatalogRef } from '../games/eden/operations/catalog-ref.js';

export const operations: Operation<any>[] = [...edenOperations, ...oddsOperations, ...animaOperations, ...exsiliumOperations, ...spiritOfEdenOperations, ...diceOperations];

// CONTRACT §8.4: every body with `{"ref"}` fighters may name a league's stored catalog
acceptCatalogRef(operations);

export function operationById(id: string): Operation<any> | undefined {
  return operations.find((op) => op.id === id);
}
