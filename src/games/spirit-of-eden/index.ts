/** The Spirit of Eden (solo, Goomz phase): everything the service needs of the game. */
import { defineGame } from '../../kernel/game.js';
import { gameEvents } from '../../kernel/event-definition.js';
import { spiritOfEdenGame } from './commands/game.js';
import { SPIRIT_RESOLVED_EVENTS } from './commands/index.js';
import { SPIRIT_EVENT_TYPES } from './match/evolve.js';
import { SPIRIT_EVENT_VERSIONS } from './match/event-versions.js';
import { SPIRIT_EVENT_SCHEMAS } from './match/events.schema.js';
import { spiritOfEdenOperations } from './operations/index.js';
import { SPIRIT_OF_EDEN_GUIDE } from './guide.js';

export const spiritOfEden = defineGame({
  id: 'spirit-of-eden',
  name: 'The Spirit of Eden',
  tag: 'The Spirit of Eden — Goomz phase',
  prefix: 'soe',
  match: spiritOfEdenGame(),
  operations: spiritOfEdenOperations,
  events: [...gameEvents('The Spirit of Eden', SPIRIT_EVENT_TYPES, SPIRIT_EVENT_SCHEMAS, SPIRIT_EVENT_VERSIONS), ...SPIRIT_RESOLVED_EVENTS],
  guide: SPIRIT_OF_EDEN_GUIDE,
});
