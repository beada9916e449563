/** EDEN operations: attacks and rolls (attacks.ts), roster, catalog, phases and options (phases.ts). */
import type { Operation } from '../../../kernel/operation.js';
import { edenAttackOperations } from './attacks.js';
import { edenPhaseOperations } from './phases.js';

export const edenOperations: Operation<any>[] = [...edenAttackOperations, ...edenPhaseOperations];
