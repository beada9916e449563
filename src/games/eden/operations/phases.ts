/** EDEN roster, catalog, phases and options operations. */
import type { Operation } from '../../../kernel/operation.js';
import { edenRosterOperation } from './roster.operation.js';
import { edenRosterFormatOperation } from './roster-format.operation.js';
import { edenCatalogOperation } from './catalog.operation.js';
import { edenInitiativeOperation } from './initiative.operation.js';
import { edenTacticOperation } from './tactic.operation.js';
import { edenUpkeepOperation } from './upkeep.operation.js';
import { edenWeatherEffectsOperation, edenWeatherOperation } from './weather.operation.js';
import { edenDouseFireOperation } from './douse-fire.operation.js';
import { edenSceneryOperation } from './scenery.operation.js';
import { edenNpcOperation } from './npc.operation.js';
import { edenTerrainOperation } from './terrain.operation.js';

export const edenPhaseOperations: Operation<any>[] = [
  edenRosterOperation,
  edenRosterFormatOperation,
  edenCatalogOperation,
  edenWeatherOperation,
  edenInitiativeOperation,
  edenTacticOperation,
  edenUpkeepOperation,
  edenNpcOperation,
  edenTerrainOperation,
  edenWeatherEffectsOperation,
  edenDouseFireOperation,
  edenSceneryOperation,
];
