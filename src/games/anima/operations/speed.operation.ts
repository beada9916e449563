/** anima.speed — POST /v1/anima/speed-tests (ANIMA-SPEED-1). */
import { Type } from '@sinclair/typebox';
import { speedExamples } from './examples.js';
import { defineOperation } from '../../../kernel/operation.js';
import { DiceSpecSchema, DiceTranscriptSchema, SummarySchema } from '../../../kernel/schemas/common.js';
import { speedTest } from '../rules/index.js';
import { GroupSchema } from './schemas.js';
import { speedText } from './summaries.js';

const Body = Type.Object({
  group: GroupSchema,
  difficulty: Type.Integer({ minimum: 0, maximum: 200, description: 'Difficulty printed on the Mission card.' }),
  dice: Type.Optional(DiceSpecSchema),
});

const Response = Type.Object({
  speed: Type.Integer(),
  roll: Type.Integer(),
  total: Type.Integer(),
  difficulty: Type.Integer(),
  success: Type.Boolean(),
  dice: DiceTranscriptSchema,
  summary: SummarySchema,
});

export const animaSpeedOperation = defineOperation({
  id: 'anima.speed',
  method: 'POST',
  path: '/v1/anima/speed-tests',
  graphql: { name: 'animaSpeedTest' },
  tags: ['anima'],
  summary: 'Speed test: Group Speed + d10 against a Mission difficulty.',
  description: `Success if and only if Group Speed + one d10 ≥ difficulty; equal is a success (ANIMA-SPEED-1).
Group Speed sums every Character, incapacitated ones included (ANIMA-GROUP-2, ANIMA-AMB-11), +2 when \`rested\` (ANIMA-MOVE-12), plus \`modifiers.speed\`. Dice: one d10, 1..10 (ANIMA-AMB-1).`,
  body: Body,
  examples: speedExamples,
  response: Response,
  handle(input, ctx) {
    const dice = ctx.dice(input.dice);
    const result = speedTest(input.group, input.difficulty, dice);
    return { ...result, dice: dice.transcript(), summary: speedText(result, ctx.lang) };
  },
});
