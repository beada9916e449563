/** Exsilium (with the Newaru AI): everything the service needs of the game. */
import { defineGame } from '../../kernel/game.js';
import { gameEvents } from '../../kernel/event-definition.js';
import { resolutionEvents } from '../../kernel/resolution-log.js';
import { exsiliumGame } from './match/game.js';
import { EXSILIUM_EVENT_TYPES } from './match/evolve.js';
import { EXSILIUM_EVENT_VERSIONS } from './match/event-versions.js';
import { EXSILIUM_EVENT_SCHEMAS } from './match/events.schema.js';
import { ExsiliumStateSchema } from './match/state.schema.js';
import { exsiliumOperations } from './operations/index.js';
import { EXSILIUM_GUIDE } from './guide.js';

export const exsilium = defineGame({
  id: 'exsilium',
  name: 'Exsilium',
  tag: 'Exsilium — Newaru AI',
  prefix: 'exsilium',
  match: exsiliumGame(),
  operations: exsiliumOperations,
  // the table's events, then one `<operation id>.resolved` per operation (its resolution log)
  events: [...gameEvents('Exsilium', EXSILIUM_EVENT_TYPES, EXSILIUM_EVENT_SCHEMAS, EXSILIUM_EVENT_VERSIONS), ...resolutionEvents(exsiliumOperations)],
  guide: EXSILIUM_GUIDE,
  stateSchema: ExsiliumStateSchema,
});
