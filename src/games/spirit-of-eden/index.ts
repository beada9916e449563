/** The Spirit of Eden (solo, Goomz phase): everything the service needs of the game. */
import { defineGame } from '../../kernel/game.js';
import { gameEvents } from '../../kernel/event-definition.js';
import { resolutionEvents } from '../../kernel/resolution-log.js';
import { spiritOfEdenGame } from './match/game.js';
import { SPIRIT_EVENT_TYPES } from './match/evolve.js';
import { SPIRIT_EVENT_VERSIONS } from './match/event-versions.js';
import { SPIRIT_EVENT_SCHEMAS } from './match/events.schema.js';
import { SpiritOfEdenStateSchema } from './match/state.schema.js';
import { spiritOfEdenOperations } from './operations/index.js';
import { SPIRIT_OF_EDEN_GUIDE } from './guide.js';

export const spiritOfEden = defineGame({
  id: 'spirit-of-eden',
  name: 'The Spirit of Eden',
  tag: 'The Spirit of Eden — Goomz phase',
  prefix: 'soe',
  match: spiritOfEdenGame(),
  operations: spiritOfEdenOperations,
  // the full-match events, then the events its resolution log records: one `<operation id>.resolved` per operation of the game
  events: [...gameEvents('The Spirit of Eden', SPIRIT_EVENT_TYPES, SPIRIT_EVENT_SCHEMAS, SPIRIT_EVENT_VERSIONS), ...resolutionEvents(spiritOfEdenOperations)],
  guide: SPIRIT_OF_EDEN_GUIDE,
  stateSchema: SpiritOfEdenStateSchema,
});
