/** Operations of Exsilium (issue 4): Newaru combat, movement and respawn, player combat, victory, mines, eliminations. */
import type { Operation } from '../../../kernel/operation.js';
import { exsiliumNewaruActionOperation } from './newaru-action.operation.js';
import { exsiliumNewaruMoveOperation } from './newaru-move.operation.js';
import { exsiliumRespawnOperation } from './respawn.operation.js';
import { exsiliumCombatOperation } from './combat.operation.js';
import { exsiliumVictoryOperation } from './victory.operation.js';
import { exsiliumMinesOperation } from './mines.operation.js';
import { exsiliumEliminationsOperation } from './eliminations.operation.js';

export const exsiliumOperations: Operation<any>[] = [
  exsiliumNewaruActionOperation,
  exsiliumNewaruMoveOperation,
  exsiliumRespawnOperation,
  exsiliumCombatOperation,
  exsiliumVictoryOperation,
  exsiliumMinesOperation,
  exsiliumEliminationsOperation,
];
