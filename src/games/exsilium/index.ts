/** Exsilium (with the Newaru AI): everything the service needs of the game. */
import { defineGame } from '../../kernel/game.js';
import { gameEvents } from '../../kernel/event-definition.js';
import { exsiliumGame } from './commands/game.js';
import { EXSILIUM_RESOLVED_EVENTS } from './commands/index.js';
import { TABLE_EVENT_TYPES } from './match/index.js';
import { EXSILIUM_EVENT_VERSIONS } from './match/event-versions.js';
import { EXSILIUM_EVENT_SCHEMAS } from './match/events.schema.js';
import { exsiliumOperations } from './operations/index.js';
import { EXSILIUM_GUIDE } from './guide.js';

export const exsilium = defineGame({
  id: 'exsilium',
  name: 'Exsilium',
  tag: 'Exsilium — Newaru AI',
  prefix: 'exsilium',
  match: exsiliumGame(),
  operations: exsiliumOperations,
  events: [...gameEvents('Exsilium', TABLE_EVENT_TYPES, EXSILIUM_EVENT_SCHEMAS, EXSILIUM_EVENT_VERSIONS), ...EXSILIUM_RESOLVED_EVENTS],
  guide: EXSILIUM_GUIDE,
});
