/** Operations of Exsilium (issue 4): Newaru combat, movement and respawn, player combat, victory. */
import type { Operation } from '../operation.js';
import { newaruAction } from './newaru-action.js';
import { newaruMove } from './newaru-move.js';
import { respawnOperation } from './respawn.js';
import { combat } from './combat.js';
import { victory } from './victory.js';

export const exsiliumOperations: Operation<any>[] = [newaruAction, newaruMove, respawnOperation, combat, victory];
