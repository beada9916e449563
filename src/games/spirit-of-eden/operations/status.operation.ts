/** soe.status — POST /v1/spirit-of-eden/status: victory and defeat check (SOE-END, SOE-MODE-5). */
import { Type } from '@sinclair/typebox';
import { statusExamples } from './examples.js';
import { defineOperation } from '../../../kernel/operation.js';
import { SummarySchema } from '../../../kernel/schemas/common.js';
import { InvalidInput } from '../../../kernel/errors.js';
import { boardProblems, checkEnd, type Board, type Mode } from '../rules/index.js';
import { AlliesSchema, CardsSchema, GoomzSchema, ModesSchema, ObjectivesSchema, RingSchema, TerrainSchema } from './schemas.js';
import { statusText } from './summaries.js';

const Body = Type.Object({
  ring: RingSchema,
  cards: CardsSchema,
  goomz: GoomzSchema,
  allies: Type.Optional(AlliesSchema),
  objectives: Type.Optional(ObjectivesSchema),
  modes: Type.Optional(ModesSchema),
});

const Response = Type.Object({
  won: Type.Boolean(),
  lost: Type.Boolean(),
  destroyedPairs: Type.Array(TerrainSchema, { description: 'Terrain types with both cards destroyed (SOE-END-2).' }),
  summary: SummarySchema,
});

export const spiritOfEdenStatusOperation = defineOperation({
  id: 'soe.status',
  method: 'POST',
  path: '/v1/spirit-of-eden/status',
  graphql: { name: 'soeStatus' },
  tags: ['spirit-of-eden'],
  summary: 'Check victory and defeat for a board.',
  description: `**Lost** when both cards of the same terrain type are destroyed (SOE-END-2; one of each of two types does not lose). **Won** in Classic when no Goomz figure is in play (SOE-END-1; a colour left out of \`goomz\` counts as removed), in Devastator when all three Objective piles are empty (SOE-MODE-5; untracked piles never are). Board problems are 400, as for the Goomz phase.`,
  body: Body,
  examples: statusExamples,
  response: Response,
  handle(input, ctx) {
    const modes = (input.modes ?? []) as Mode[];
    const board: Board = { ring: input.ring, cards: input.cards, goomz: input.goomz, allies: input.allies ?? [], ...(input.objectives ? { objectives: input.objectives } : {}) };
    const problems = boardProblems(board, modes);
    if (problems.length > 0) throw new InvalidInput(problems);
    const end = checkEnd(board, modes);
    return { ...end, summary: statusText(end.won, end.lost, ctx.lang) };
  },
});
