/** Ánima: La Sombra de Omega: everything the service needs of the game. */
import { defineGame } from '../../kernel/game.js';
import { gameEvents } from '../../kernel/event-definition.js';
import { ANIMA_RESOLVED_EVENTS, animaFolds, animaGame } from './match/index.js';
import { ANIMA_EVENT_SCHEMAS } from './match/events.schema.js';
import { AnimaStateSchema } from './match/state.schema.js';
import { animaOperations } from './operations/index.js';
import { ANIMA_GUIDE } from './guide.js';

export const anima = defineGame({
  id: 'anima',
  name: 'Ánima: La Sombra de Omega',
  tag: 'Ánima: La Sombra de Omega',
  prefix: 'anima',
  match: animaGame(),
  operations: animaOperations,
  events: [...gameEvents('Ánima', animaFolds.types, ANIMA_EVENT_SCHEMAS), ...ANIMA_RESOLVED_EVENTS],
  guide: ANIMA_GUIDE,
  stateSchema: AnimaStateSchema,
});
