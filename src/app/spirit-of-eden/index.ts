/** The Spirit of Eden operations (issue 4). */
import type { Operation } from '../operation.js';
import { goomzPhaseOperation } from './goomz-phase.js';
import { playerPhaseOperation } from './player-phase.js';
import { statusOperation } from './status.js';
import { turnStartOperation } from './turn-start.js';
import { actionOperation } from './actions.js';
import { setupOperation } from './setup.js';

export const spiritOfEdenOperations: Operation<any>[] = [goomzPhaseOperation, playerPhaseOperation, statusOperation, turnStartOperation, actionOperation, setupOperation];
