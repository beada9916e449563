/** The Spirit of Eden operations (issue 4). */
import type { Operation } from '../../../kernel/operation.js';
import { spiritOfEdenGoomzPhaseOperation } from './goomz-phase.operation.js';
import { spiritOfEdenPlayerPhaseOperation } from './player-phase.operation.js';
import { spiritOfEdenStatusOperation } from './status.operation.js';
import { spiritOfEdenTurnStartOperation } from './turn-start.operation.js';
import { spiritOfEdenActionOperation } from './action.operation.js';
import { spiritOfEdenSetupOperation } from './setup.operation.js';

export const spiritOfEdenOperations: Operation<any>[] = [
  spiritOfEdenGoomzPhaseOperation,
  spiritOfEdenPlayerPhaseOperation,
  spiritOfEdenStatusOperation,
  spiritOfEdenTurnStartOperation,
  spiritOfEdenActionOperation,
  spiritOfEdenSetupOperation,
];
