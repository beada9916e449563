/** soe.playerPhase — POST /v1/spirit-of-eden/player-phase/validate (SOE-PLACE, SOE-REROLL, SOE-NOA-1). */
import { Type } from '@sinclair/typebox';
import { playerPhaseExamples } from './examples.js';
import { defineOperation } from '../../../kernel/operation.js';
import { SummarySchema } from '../../../kernel/schemas/common.js';
import { ACTION_FACES, validatePlayerPhase, type ActionFace, type Board, type Mode } from '../rules/index.js';
import { AlliesSchema, CardsSchema, GoomzSchema, ModesSchema, ObjectivesSchema, RingSchema } from './schemas.js';
import { ActionSchema, actionProblems, toAction } from './action.operation.js';
import { InvalidInput, type InputProblem } from '../../../kernel/errors.js';
import { playerPhaseText } from './summaries.js';

const FaceSchema = Type.Union(ACTION_FACES.map((f) => Type.Literal(f)));
const BoardSchema = Type.Object({ ring: RingSchema, cards: CardsSchema, goomz: GoomzSchema, allies: AlliesSchema, objectives: Type.Optional(ObjectivesSchema) });

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
      action: Type.Optional(ActionSchema),
    }),
    { maxItems: 50, description: 'What the player did, in order.' },
  ),
  modes: Type.Optional(ModesSchema),
  disabledCard: Type.Optional(Type.Integer({ minimum: 0, maximum: 3, description: 'Scarcity: the face-down Action card (SOE-MODE-6).' })),
  noaPowerUsed: Type.Optional(Type.Boolean({ description: "Noa's power was used earlier in the game (SOE-NOA-1)." })),
  bonusesAvailable: Type.Optional(Type.Integer({ minimum: 0, maximum: 9, description: 'Unused die bonuses on owned Objective cards (SOE-OBJ-4).' })),
  board: Type.Optional(BoardSchema),
  actionCards: Type.Optional(
    Type.Array(Type.Array(FaceSchema, { minItems: 6, maxItems: 6 }), {
      minItems: 4,
      maxItems: 4,
      description: 'Card data (not in the rulebook text): for each of the 4 Action cards, the action of faces 1..6 (SOE-PLACE-2, SOE-AMB-12).',
    }),
  ),
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
  board: Type.Optional(BoardSchema),
  summary: SummarySchema,
});

export const spiritOfEdenPlayerPhaseOperation = defineOperation({
  id: 'soe.playerPhase',
  method: 'POST',
  path: '/v1/spirit-of-eden/player-phase/validate',
  graphql: { name: 'soeValidatePlayerPhase' },
  tags: ['spirit-of-eden'],
  summary: 'Validate a player phase: dice placement, re-rolls and Noa’s power.',
  description: `Replays the player's \`steps\` from the 4-die \`roll\` and lists **every** problem with a JSON pointer into the request. Always 200 for a well-formed body (\`valid\`, \`errors\`); a step missing a member its type needs is 400.

- \`place\` {die, card}: each die once, at most one die per Action card (SOE-PLACE-1); dice may be left unused (SOE-PLACE-4). Scarcity: not on \`disabledCard\`, which must be named (SOE-MODE-6).
- \`reroll\` {discard, die, value}: set aside one unused die to re-roll another unused one; at most 2 set aside per turn; the same die may be re-rolled again (SOE-REROLL-1).
- \`bonus\` {die, value}: an Objective die bonus re-rolls one unused die (SOE-OBJ-4, SOE-REROLL-2, SOE-AMB-11); at most \`bonusesAvailable\`; forbidden in Fearless (SOE-MODE-3).
- \`noa\` {die, value}: once per game (\`noaPowerUsed\`), right after the roll or a re-roll, on an unused die (SOE-NOA-1, SOE-AMB-11).
- \`place\` may carry the \`action\` taken with the die (as in \`soe.action\`). With \`actionCards\` (the face → action mapping of the 4 Action cards: card data not in the rulebook text, supplied by the caller) the action must be the one printed for the die's value (\`wrong_action\`, SOE-PLACE-2). With \`board\` each action is resolved at once, in order, on the board as the earlier actions left it (SOE-PLACE-3); an action with no legal effect is reported with \`soe.action\`'s code (e.g. \`ally_unavailable\`, \`too_far\`, SOE-ACT-0, SOE-PLACE-5) and its die stays unused. The resulting \`board\` is answered.
- Dice are d6 (SOE-COMP-2, SOE-AMB-12). No dice are rolled by the server.`,
  body: Body,
  examples: playerPhaseExamples,
  response: Response,
  handle(input, ctx) {
    const problems: InputProblem[] = [];
    input.steps.forEach((st, i) => {
      if (st.action) problems.push(...actionProblems(st.action, ['steps', i, 'action']));
    });
    if (problems.length > 0) throw new InvalidInput(problems);
    const { steps, board, actionCards, ...rest } = input;
    const result = validatePlayerPhase({
      ...rest,
      steps: steps.map(({ action, ...st }) => ({ ...st, ...(action ? { action: toAction(action) } : {}) })),
      ...(board ? { board: board as Board } : {}),
      ...(actionCards ? { actionCards: actionCards as ActionFace[][] } : {}),
      modes: (input.modes ?? []) as Mode[],
    });
    return { ...result, summary: playerPhaseText(result, ctx.lang) };
  },
});
