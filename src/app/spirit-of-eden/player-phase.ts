/** soe.playerPhase — POST /v1/spirit-of-eden/player-phase/validate (SOE-PLACE, SOE-REROLL, SOE-NOA-1). */
import { Type } from '@sinclair/typebox';
import { playerPhaseExamples } from './examples.js';
import { defineOperation } from '../operation.js';
import { SummarySchema } from '../schemas/common.js';
import { validatePlayerPhase, type Mode } from '../../games/spirit-of-eden/index.js';
import { ModesSchema } from './schemas.js';
import { playerPhaseText } from './summaries.js';

const Die = Type.Integer({ minimum: 0, maximum: 3, description: 'Die index 0..3 in `roll`.' });
const Face = Type.Integer({ minimum: 1, maximum: 6, description: 'A d6 face (SOE-COMP-2).' });

const Body = Type.Object({
  roll: Type.Array(Face, { minItems: 4, maxItems: 4, description: 'The 4 dice as first rolled (SOE-DICE-1).' }),
  steps: Type.Array(
    Type.Object({
      type: Type.Union([Type.Literal('place'), Type.Literal('reroll'), Type.Literal('bonus'), Type.Literal('noa')]),
      die: Die,
      card: Type.Optional(Type.Integer({ minimum: 0, maximum: 3, description: 'place: Action card index 0..3.' })),
      discard: Type.Optional(Die),
      value: Type.Optional(Face),
    }),
    { maxItems: 50, description: 'What the player did, in order.' },
  ),
  modes: Type.Optional(ModesSchema),
  disabledCard: Type.Optional(Type.Integer({ minimum: 0, maximum: 3, description: 'Scarcity: the face-down Action card (SOE-MODE-6).' })),
  noaPowerUsed: Type.Optional(Type.Boolean({ description: "Noa's power was used earlier in the game (SOE-NOA-1)." })),
  bonusesAvailable: Type.Optional(Type.Integer({ minimum: 0, maximum: 9, description: 'Unused die bonuses on owned Objective cards (SOE-OBJ-4).' })),
});

const Problem = Type.Object({ path: Type.String(), code: Type.String(), message: Type.String() });
const Response = Type.Object({
  valid: Type.Boolean(),
  errors: Type.Array(Problem),
  dice: Type.Array(
    Type.Object({
      index: Type.Integer(),
      value: Type.Integer(),
      state: Type.Union([Type.Literal('unused'), Type.Literal('placed'), Type.Literal('discarded')]),
      card: Type.Optional(Type.Integer()),
    }),
  ),
  actions: Type.Array(Type.Object({ step: Type.Integer(), die: Type.Integer(), card: Type.Integer(), value: Type.Integer() })),
  discards: Type.Integer(),
  bonusesUsed: Type.Integer(),
  noaPowerUsed: Type.Boolean(),
  summary: SummarySchema,
});

export const playerPhaseOperation = defineOperation({
  id: 'soe.playerPhase',
  method: 'POST',
  path: '/v1/spirit-of-eden/player-phase/validate',
  graphql: { name: 'soeValidatePlayerPhase', kind: 'mutation' },
  tags: ['spirit-of-eden'],
  summary: 'Validate a player phase: dice placement, re-rolls and Noa’s power.',
  description: `Replays the player's \`steps\` from the 4-die \`roll\` and lists **every** problem with a JSON pointer into the request. Always 200 for a well-formed body (\`valid\`, \`errors\`); a step missing a member its type needs is 400.

- \`place\` {die, card}: each die once, at most one die per Action card (SOE-PLACE-1); dice may be left unused (SOE-PLACE-4). Scarcity: not on \`disabledCard\`, which must be named (SOE-MODE-6).
- \`reroll\` {discard, die, value}: set aside one unused die to re-roll another unused one; at most 2 set aside per turn; the same die may be re-rolled again (SOE-REROLL-1).
- \`bonus\` {die, value}: an Objective die bonus re-rolls one unused die (SOE-OBJ-4, SOE-REROLL-2, SOE-AMB-11); at most \`bonusesAvailable\`; forbidden in Fearless (SOE-MODE-3).
- \`noa\` {die, value}: once per game (\`noaPowerUsed\`), right after the roll or a re-roll, on an unused die (SOE-NOA-1, SOE-AMB-11).
- Dice are d6 (SOE-COMP-2, SOE-AMB-12). The face → action mapping of the Action cards is card data not in the rulebook text, so action targets are not checked here. No dice are rolled by the server.`,
  body: Body,
  examples: playerPhaseExamples,
  response: Response,
  handle(input, ctx) {
    const result = validatePlayerPhase({ ...input, modes: (input.modes ?? []) as Mode[] });
    return { ...result, summary: playerPhaseText(result, ctx.lang) };
  },
});
