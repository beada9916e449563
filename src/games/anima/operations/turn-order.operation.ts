/** anima.turnOrder — POST /v1/anima/turn-order (ANIMA-ORDER-1..3). */
import { Type } from '@sinclair/typebox';
import { turnOrderExamples } from './examples.js';
import { defineOperation } from '../../../kernel/operation.js';
import { DiceSpecSchema, DiceTranscriptSchema, SummarySchema } from '../../../kernel/schemas/common.js';
import { InvalidInput, pointer, type InputProblem } from '../../../kernel/errors.js';
import { groupSpeed, turnOrder, type OrderEntrant } from '../rules/index.js';
import { GroupSchema } from './schemas.js';
import { turnOrderText } from './summaries.js';

const TieBreakSchema = Type.Object({
  speed: Type.Integer({ description: 'The Speed every ranked player had when the ranking was rolled.' }),
  order: Type.Array(Type.String({ minLength: 1, maxLength: 200 }), { minItems: 2, maxItems: 5, description: 'Player ids, first to act first.' }),
});

const Body = Type.Object({
  players: Type.Array(
    Type.Object({
      id: Type.String({ minLength: 1, maxLength: 200 }),
      speed: Type.Optional(Type.Integer({ minimum: -99, maximum: 999, description: 'Current Group Speed, modifiers included.' })),
      group: Type.Optional(GroupSchema),
    }),
    { minItems: 2, maxItems: 5, description: 'Two to five players (ANIMA-COMP-3); each with `speed` or `group`, not both.' },
  ),
  tieBreaks: Type.Optional(Type.Array(TieBreakSchema, { maxItems: 10, description: 'The `tieBreaks` of the previous turn’s answer (ANIMA-ORDER-2).' })),
  dice: Type.Optional(DiceSpecSchema),
});

const Response = Type.Object({
  order: Type.Array(Type.String()),
  players: Type.Array(Type.Object({ id: Type.String(), speed: Type.Integer(), position: Type.Integer() })),
  runs: Type.Array(
    Type.Object({
      speed: Type.Integer(),
      ids: Type.Array(Type.String()),
      by: Type.Union([Type.Literal('none'), Type.Literal('stored'), Type.Literal('roll')]),
      rolls: Type.Optional(
        Type.Record(Type.String(), Type.Array(Type.Integer()), {
          description: 'With `by: "roll"`: the d10s each tied player rolled, keyed by player id.',
        }),
      ),
    }),
  ),
  tieBreaks: Type.Array(TieBreakSchema, { description: 'Store these and send them next turn.' }),
  dice: DiceTranscriptSchema,
  summary: SummarySchema,
});

export const animaTurnOrderOperation = defineOperation({
  id: 'anima.turnOrder',
  method: 'POST',
  path: '/v1/anima/turn-order',
  graphql: { name: 'animaTurnOrder' },
  tags: ['anima'],
  summary: 'Turn order by Group Speed with a persistent dice tie-break.',
  description: `Players act in order of Group Speed, highest first (ANIMA-ORDER-1). Give each player \`speed\` or a \`group\` (Speed = sum of all Characters, +2 when \`rested\`, ANIMA-GROUP-2, ANIMA-MOVE-12, ANIMA-ORDER-3).

- **Ties** (ANIMA-ORDER-2): tied players roll one d10 each, in request order; the higher goes first; only players still tied re-roll (ANIMA-AMB-15). The ranking is returned in \`tieBreaks\`: send it back next turn and it is reused, without dice, as long as one stored ranking covers every player tied at that same Speed. A ranking whose players' Speed changed no longer matches and is dropped; a new tie rolls again.
- The order is computed once per turn and frozen for all four phases (ANIMA-ORDER-3, ANIMA-AMB-4): call this at the start of the turn.
- Duplicate ids, or a player with neither or both of \`speed\` and \`group\`, are 400.`,
  body: Body,
  examples: turnOrderExamples,
  response: Response,
  handle(input, ctx) {
    const problems: InputProblem[] = [];
    const seen = new Set<string>();
    const entrants: OrderEntrant[] = [];
    input.players.forEach((p, i) => {
      if (seen.has(p.id)) problems.push({ path: pointer('players', i, 'id'), code: 'duplicate_id', message: `Player id ${p.id} appears twice.` });
      seen.add(p.id);
      if ((p.speed === undefined) === (p.group === undefined)) {
        problems.push({ path: pointer('players', i), code: 'speed_or_group', message: 'Give exactly one of `speed` or `group`.' });
        return;
      }
      entrants.push({ id: p.id, speed: p.speed ?? groupSpeed(p.group!) });
    });
    if (problems.length > 0) throw new InvalidInput(problems);
    const dice = ctx.dice(input.dice);
    const result = turnOrder(entrants, input.tieBreaks ?? [], dice);
    const speedOf = new Map(entrants.map((e) => [e.id, e.speed]));
    return {
      order: result.order,
      players: result.order.map((id, position) => ({ id, speed: speedOf.get(id)!, position: position + 1 })),
      runs: result.runs,
      tieBreaks: result.tieBreaks,
      dice: dice.transcript(),
      summary: turnOrderText(result, ctx.lang),
    };
  },
});
