/** soe.goomzPhase — POST /v1/spirit-of-eden/goomz-phase (CONTRACT §4, SOE-GOOMZ). */
import { Type } from '@sinclair/typebox';
import { goomzPhaseExamples } from './examples.js';
import { defineOperation } from '../../../kernel/operation.js';
import { SummarySchema } from '../../../kernel/schemas/common.js';
import { goomzPhase, type Board, type Mode } from '../rules/index.js';
import { AllyKindSchema, AlliesSchema, CardsSchema, ColorSchema, GoomzSchema, ModesSchema, ObjectiveCardSchema, ObjectivesSchema, RingSchema } from './schemas.js';
import { goomzPhaseText } from './summaries.js';

const Body = Type.Object({
  ring: RingSchema,
  cards: CardsSchema,
  goomz: GoomzSchema,
  allies: AlliesSchema,
  order: Type.Array(ColorSchema, { maxItems: 3, description: 'The order the player resolves the Goomz in play; each exactly once (SOE-GOOMZ-ORDER-1).' }),
  objectives: Type.Optional(ObjectivesSchema),
  modes: Type.Optional(ModesSchema),
  picks: Type.Optional(
    Type.Object(
      { yellow: Type.Optional(AllyKindSchema), red: Type.Optional(AllyKindSchema), black: Type.Optional(AllyKindSchema) },
      { description: 'Rule D/E with several candidate Allies on the card: which one this Goomz deals with (SOE-AMB-9). Default: the first in `allies` order.' },
    ),
  ),
  options: Type.Optional(
    Type.Object({
      dSendsAll: Type.Optional(Type.Boolean({ description: 'SOE-AMB-9 alternative: D sends every unprotected Ally on the card to Noa.' })),
      protectionEndsWithPhase: Type.Optional(Type.Boolean({ description: 'SOE-AMB-6 option: unused protection ends with the Goomz phase.' })),
    }),
  ),
  turn: Type.Optional(Type.Integer({ minimum: 1, description: 'Current turn: Allies sent to Noa get `availableFromTurn` = turn + 2.' })),
});

const StepSchema = Type.Object({
  color: ColorSchema,
  rule: Type.Union(['A', 'B', 'C', 'D', 'E', 'F'].map((r) => Type.Literal(r))),
  card: Type.String({ description: 'The card the Goomz acted from.' }),
  to: Type.Optional(Type.String({ description: 'C/F: where it moved (`removed` when its pile emptied).' })),
  ally: Type.Optional(AllyKindSchema),
  allies: Type.Optional(Type.Array(AllyKindSchema)),
  effect: Type.Union(['moved', 'withdrew', 'protection_used', 'ally_to_noa', 'devastated', 'destroyed'].map((r) => Type.Literal(r))),
  objective: Type.Optional(
    Type.Object({
      claimed: Type.Union([ObjectiveCardSchema, Type.Null()], { description: 'The objective card claimed; null when the pile was empty.' }),
      remaining: Type.Union([Type.Integer(), Type.Null()]),
      goomzRemoved: Type.Boolean(),
    }),
  ),
});

const Response = Type.Object({
  steps: Type.Array(StepSchema),
  ring: RingSchema,
  cards: CardsSchema,
  goomz: GoomzSchema,
  allies: AlliesSchema,
  objectives: Type.Optional(ObjectivesSchema),
  won: Type.Boolean(),
  lost: Type.Boolean(),
  skipped: Type.Array(ColorSchema, { description: 'Goomz that did not act because the game ended first (SOE-END-3).' }),
  summary: SummarySchema,
});

export const spiritOfEdenGoomzPhaseOperation = defineOperation({
  id: 'soe.goomzPhase',
  method: 'POST',
  path: '/v1/spirit-of-eden/goomz-phase',
  graphql: { name: 'soeGoomzPhase' },
  tags: ['spirit-of-eden'],
  summary: 'Resolve the Goomz phase: rules A–F per Goomz in the chosen order.',
  description: `Each Goomz in play acts once, in \`order\`, on the board as it is at that moment (SOE-GOOMZ-ORDER-1), so the multi-Goomz cases (SOE-GOOMZ-MULTI-1..6) follow. For a Goomz on card s the first matching rule applies, in this order: **F, C, E, D, A, B**.

- **F** (SOE-GOOMZ-F): ambushed → moves clockwise, its Ally stays and is freed, the objective (\`objectives[].pile[0]\`) is claimed and the next revealed; an emptied pile removes the Goomz at once (\`"at": "removed"\`, SOE-OBJ-3) except in Devastator. F is checked before C (SOE-AMB-8) and the claim happens here, not at the Ambush (SOE-AMB-2).
- **C**: on a destroyed card → clockwise to the next slot, whatever it holds.
- **E** (protecting Allies first, SOE-GOOMZ-ORDER-2): the protection is used up; the Ally stays. **D**: an unprotected Ally goes to Noa (\`"at": "noa"\`), unavailable for the next turn only — with \`turn\` it gets \`availableFromTurn\` = turn + 2 (SOE-NOA-RET, SOE-AMB-10). One Ally per Goomz, the player's \`picks\` or else the first in \`allies\` order (SOE-AMB-9; \`options.dSendsAll\` for the alternative reading). A pick the Goomz may not deal with is 422 \`illegal_pick\`.
- **A**: alone on a healthy card → devastated. **B**: alone on a devastated card → destroyed.
- An Ally ambushing one Goomz is ignored by the others on its card until that Goomz withdraws (SOE-AMB-7).
- Protection lasts until used up (SOE-AMB-6); \`options.protectionEndsWithPhase\` ends it with the phase.
- **Ring**: index 0 = top-left, clockwise as seen from the player's seat (SOE-GRID-2, SOE-AMB-13).
- **End** (SOE-END-3): checked after every action and claim; the phase stops at once (\`skipped\`). Lost when both cards of one terrain are destroyed (SOE-END-2); won when no Goomz is in play (SOE-END-1; a colour left out of \`goomz\` counts as removed) or, in Devastator, when all three piles are empty (SOE-MODE-5). Without \`objectives\` piles are untracked: F is reported but never removes a Goomz.
- **Ambushes** must meet the pile's current objective (\`pile[0]\` Ally and terrain, when given) on a standing card, else 422 \`ambush_not_objective\` (SOE-ACT-AMBUSH-1); in Celestial the card must be healthy, else 422 \`ambush_not_healthy\` (SOE-MODE-2); an ambushed Goomz with an empty pile is 422 \`no_objective\` (SOE-MODE-5).
- **Modes**: Devastator changes F and victory (SOE-MODE-5); Celestial is checked on ambushes; Fearless, Resurrection and Scarcity affect the player phase or setup only.
- 400 lists every board problem (duplicate or unknown cards, not 2 cards per terrain, Ambush Ally absent, order not naming each Goomz in play once, …); a board already won or lost is 422 \`game_over\`. No dice are rolled.`,
  body: Body,
  examples: goomzPhaseExamples,
  response: Response,
  handle(input, ctx) {
    const board: Board = {
      ring: input.ring,
      cards: input.cards,
      goomz: input.goomz,
      allies: input.allies,
      ...(input.objectives ? { objectives: input.objectives } : {}),
    };
    const result = goomzPhase(board, input.order, {
      modes: (input.modes ?? []) as Mode[],
      ...(input.picks ? { picks: input.picks } : {}),
      ...(input.options?.dSendsAll ? { dSendsAll: true } : {}),
      ...(input.options?.protectionEndsWithPhase ? { protectionEndsWithPhase: true } : {}),
      ...(input.turn !== undefined ? { turn: input.turn } : {}),
    });
    return { ...result, summary: goomzPhaseText(result, ctx.lang) };
  },
});
