/** soe.turnStart — POST /v1/spirit-of-eden/turn-start: Allies return from Noa (SOE-TURN-2, SOE-NOA-RET-2). */
import { Type } from '@sinclair/typebox';
import { turnStartExamples } from './examples.js';
import { defineOperation } from '../../../kernel/operation.js';
import { SummarySchema } from '../../../kernel/schemas/common.js';
import { returnAllies, type Board } from '../rules/index.js';
import { AllyKindSchema, AlliesSchema, CardsSchema, GoomzSchema, RingSchema } from './schemas.js';
import { turnStartText } from './summaries.js';

const CardId = Type.String({ minLength: 1, maxLength: 100 });

const Body = Type.Object({
  ring: RingSchema,
  cards: CardsSchema,
  allies: AlliesSchema,
  goomz: Type.Optional(GoomzSchema),
  turn: Type.Integer({ minimum: 1, description: 'The turn that is starting.' }),
  placements: Type.Optional(
    Type.Object(
      { water: Type.Optional(CardId), fauna: Type.Optional(CardId), flora: Type.Optional(CardId) },
      { description: 'Forest chosen for each returning Ally (default: the first standing Forest in ring order).' },
    ),
  ),
});

const Response = Type.Object({
  allies: AlliesSchema,
  returned: Type.Array(Type.Object({ kind: AllyKindSchema, to: Type.String() })),
  summary: SummarySchema,
});

export const spiritOfEdenTurnStartOperation = defineOperation({
  id: 'soe.turnStart',
  method: 'POST',
  path: '/v1/spirit-of-eden/turn-start',
  graphql: { name: 'soeTurnStart' },
  tags: ['spirit-of-eden'],
  summary: 'Start a turn: Allies whose time on Noa is over return to a Forest.',
  description: `An Ally sent to Noa in turn t sits out turn t+1 and returns at the **start of turn t+2, before the roll** (SOE-NOA-RET-1/2, SOE-AMB-10), onto the Forest of the player's choice, healthy or devastated, illustrated side up. An Ally is due when its \`availableFromTurn\` ≤ \`turn\` (as stamped by the Goomz phase), or, without a stamp, when \`placements\` names it. A placement on a card that is not a standing Forest is 422 \`not_a_forest\`; naming an Ally that is not due is 422 \`ally_not_due\`; with both Forests destroyed the game is lost (422 \`game_over\`). In Scarcity, choosing the face-down Action card also happens now (SOE-MODE-6) and is checked by the player-phase validation.`,
  body: Body,
  examples: turnStartExamples,
  response: Response,
  handle(input, ctx) {
    const board: Board = { ring: input.ring, cards: input.cards, allies: input.allies, goomz: input.goomz ?? [] };
    const result = returnAllies(board, input.turn, input.placements ?? {});
    return { ...result, summary: turnStartText(result.returned, ctx.lang) };
  },
});
