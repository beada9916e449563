/** Operations of Exsilium (issue 4): Newaru combat, movement and respawn, player combat, victory, mines, eliminations. */
import type { Operation } from '../operation.js';
import { newaruAction } from './newaru-action.js';
import { newaruMove } from './newaru-move.js';
import { respawnOperation } from './respawn.js';
import { combat } from './combat.js';
import { victory } from './victory.js';
import { minesOperation } from './mines.js';
import { eliminationsOperation } from './eliminations.js';

export const exsiliumOperations: Operation<any>[] = [newaruAction, newaruMove, respawnOperation, combat, victory, minesOperation, eliminationsOperation];
