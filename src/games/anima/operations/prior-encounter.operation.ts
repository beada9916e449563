/** anima.priorEncounter — POST /v1/anima/prior-encounters (ANIMA-PRIOR, ANIMA-MOVE-3). */
import { Type } from '@sinclair/typebox';
import { priorExamples } from './examples.js';
import { defineOperation } from '../../../kernel/operation.js';
import { DiceSpecSchema, DiceTranscriptSchema, SummarySchema } from '../../../kernel/schemas/common.js';
import { facePrior } from '../rules/index.js';
import { EncounterCardSchema, EncounterOutcomeSchema } from './exploration.operation.js';
import { GroupSchema } from './schemas.js';
import { priorText } from './summaries.js';

const Body = Type.Object({
  location: Type.Object({ name: Type.String({ minLength: 1, maxLength: 200 }), level: Type.Integer({ minimum: 1, maximum: 3 }) }),
  group: GroupSchema,
  encounter: EncounterCardSchema,
  dice: Type.Optional(DiceSpecSchema),
});

const Response = Type.Object({
  encounter: EncounterOutcomeSchema,
  arrives: Type.Boolean(),
  creatureStays: Type.Boolean(),
  turnLost: Type.Boolean(),
  characterDies: Type.Boolean(),
  groupEliminated: Type.Boolean({ description: 'The last Character died (ANIMA-GROUP-5).' }),
  losesNextTurn: Type.Boolean({ description: 'The Event also costs the next turn (ANIMA-LOSE-1).' }),
  groupSize: Type.Integer({ description: 'Characters afterwards, before any death (ANIMA-GROUP-6).' }),
  handSize: Type.Optional(Type.Integer()),
  dice: DiceTranscriptSchema,
  summary: SummarySchema,
});

export const animaPriorEncounterOperation = defineOperation({
  id: 'anima.priorEncounter',
  method: 'POST',
  path: '/v1/anima/prior-encounters',
  graphql: { name: 'animaPriorEncounter' },
  tags: ['anima'],
  summary: 'Face the prior encounter of a Location the Group moves to.',
  description: `Resolves the prior encounter in front of a Location when a Group goes there (Move phase, ANIMA-MOVE-3, ANIMA-PRIOR-6).

- **Level filter** (ANIMA-PRIOR-3, applied to prior encounters too per ANIMA-AMB-16): a card above the Location's level has no effect and is discarded; the Group arrives (worked example ANIMA-EX-4: La Sombra de Omega, level 3, at Las Ruinas, level 2).
- **Event** (ANIMA-PRIOR-4): the Group suffers it, the card is discarded; \`losesTurn\`/\`expels\` → the Group does not arrive and can do nothing more this turn. Event \`gifts\` obey the hand cap (ANIMA-HAND-1); \`recruits\`, \`losesGifts\` and \`losesNextTurn\` work as in explorations (card data from the caller; ANIMA-GROUP-6, ANIMA-LOSE-1).
- **Creature** (ANIMA-PRIOR-5): combat (Group Combat + d10 vs Creature Combat + d10, ties to the Group, ANIMA-COMBAT). If the Group wins the Creature is discarded and the Group arrives; otherwise the Creature stays (\`creatureStays\`), the Group does not arrive and loses the rest of the turn. A loss by 5+ kills a Character (ANIMA-COMBAT-4).
- **Dice**: a Creature consumes the Group's d10 then the Creature's d10; other cards consume none. \`group.rested\` adds +2 (ANIMA-MOVE-12).`,
  body: Body,
  examples: priorExamples,
  response: Response,
  handle(input, ctx) {
    const dice = ctx.dice(input.dice);
    const result = facePrior(input.location, input.group, input.encounter, dice);
    return { ...result, dice: dice.transcript(), summary: priorText(result, ctx.lang) };
  },
});
