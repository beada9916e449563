/** EDEN (28 mm skirmish; Spanish and German printings): everything the service needs of the game. */
import { defineGame } from '../../kernel/game.js';
import { gameEvents } from '../../kernel/event-definition.js';
import { EDEN_EVENT_TYPES } from './match/index.js';
import { edenMatch } from './match/game.js';
import { EDEN_EVENT_VERSIONS } from './match/event-versions.js';
import { EDEN_EVENT_SCHEMAS } from './match/events.schema.js';
import { EdenStateSchema } from './match/state.schema.js';
import { edenOperations } from './operations/index.js';
import { oddsOperations } from './operations/odds/index.js';
import { EDEN_GUIDE } from './guide.js';

export const eden = defineGame({
  id: 'eden',
  name: 'EDEN',
  editions: ['es', 'de'],
  tag: 'EDEN (28 mm skirmish), both printings',
  prefix: 'eden',
  match: edenMatch,
  operations: [...edenOperations, ...oddsOperations],
  events: gameEvents('EDEN', EDEN_EVENT_TYPES, EDEN_EVENT_SCHEMAS, EDEN_EVENT_VERSIONS),
  guide: EDEN_GUIDE,
  stateSchema: EdenStateSchema,
});
