/** soe.setup — POST /v1/spirit-of-eden/setups/validate: a starting layout (SOE-SETUP-1..5, SOE-MODE-4). */
import { Type } from '@sinclair/typebox';
import { defineOperation } from '../../../kernel/operation.js';
import { SummarySchema } from '../../../kernel/schemas/common.js';
import { setupProblems, type Board, type Mode } from '../rules/index.js';
import { setupExamples } from './examples.js';
import { AlliesSchema, CardsSchema, GoomzSchema, ModesSchema, ObjectivesSchema, RingSchema } from './schemas.js';

const Problem = Type.Object({ path: Type.String(), code: Type.String(), message: Type.String() });

export const spiritOfEdenSetupOperation = defineOperation({
  id: 'soe.setup',
  method: 'POST',
  path: '/v1/spirit-of-eden/setups/validate',
  graphql: { name: 'soeValidateSetup' },
  tags: ['spirit-of-eden'],
  summary: 'Check a starting layout, Resurrection mode included.',
  description: `Lists every way the board differs from a legal start (200 with \`valid\` and \`errors\`; structural board problems are 400 as elsewhere):

- every Terrain card healthy and none destroyed (SOE-SETUP-1) — in **Resurrection** exactly two cards of the player's choice start devastated (SOE-MODE-4);
- the 3 Goomz, one per card, on the left column TL, ML, BL = ring indices 0, 7, 6, none ambushed (SOE-SETUP-2, SOE-GRID-2);
- the 3 Allies, one per card, illustrated side up, on the right column TR, MR, BR = ring indices 2, 3, 4 (SOE-SETUP-3);
- with \`objectives\`: three piles of three, nothing claimed (SOE-SETUP-5).
The shuffles themselves are the player's; no dice.`,
  body: Type.Object({
    ring: RingSchema,
    cards: CardsSchema,
    goomz: GoomzSchema,
    allies: AlliesSchema,
    objectives: Type.Optional(ObjectivesSchema),
    modes: Type.Optional(ModesSchema),
  }),
  examples: setupExamples,
  response: Type.Object({ valid: Type.Boolean(), errors: Type.Array(Problem), summary: SummarySchema }),
  handle(input, ctx) {
    const board: Board = { ring: input.ring, cards: input.cards, goomz: input.goomz, allies: input.allies, ...(input.objectives ? { objectives: input.objectives } : {}) };
    const errors = setupProblems(board, (input.modes ?? []) as Mode[]);
    const valid = errors.length === 0;
    const summary = valid
      ? { en: 'Legal starting layout (SOE-SETUP-1..5).', es: 'Preparación correcta (SOE-SETUP-1..5).', de: 'Gültiger Spielaufbau (SOE-SETUP-1..5).' }[ctx.lang]
      : {
          en: `Not a legal start: ${errors.length} problem(s).`,
          es: `Preparación incorrecta: ${errors.length} problema(s).`,
          de: `Kein gültiger Aufbau: ${errors.length} Problem(e).`,
        }[ctx.lang];
    return { valid, errors, summary };
  },
});
