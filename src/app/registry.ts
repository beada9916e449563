/** Every stateless operation the service offers, in documentation order: each game's (src/games/index.ts), then the dice. */
import type { Operation } from '../kernel/operation.js';
import { GAME_REGISTRIES } from './game-registry.js';
import { diceOperations } from './dice/index.js';
import { acceptCatalogRef } from '../games/eden/operations/catalog-ref.js';

export const operations: Operation<any>[] = [...GAME_REGISTRIES.operations, ...diceOperations];

// CONTRACT §8.4: every body with `{"ref"}` fighters may name a league's stored catalog
acceptCatalogRef(operations);

export function operationById(id: string): Operation<any> | undefined {
  return operations.find((op) => op.id === id);
}
