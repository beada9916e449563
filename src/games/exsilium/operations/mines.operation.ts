/** POST /v1/exsilium/mines — mines along one miniature's move (EXS-MINE-1…5, EXS-BORDER-5). */
import { Type } from '@sinclair/typebox';
import { defineOperation } from '../../../kernel/operation.js';
import { SummarySchema } from '../../../kernel/schemas/common.js';
import { checkMines } from '../rules/index.js';
import { BoardNodes, NodeId, Rules } from './schemas.js';
import { minesSummary } from './summaries.js';

const Id = NodeId;

const Body = Type.Object({
  nodes: BoardNodes,
  mines: Type.Array(
    Type.Object({
      id: Id,
      node: Id,
      faction: Type.String({ minLength: 1, maxLength: 50, description: 'The faction whose token is the detonator.' }),
      faceUp: Type.Optional(Type.Boolean({ default: true, description: 'EXS-MINE-1/2: a face-down mine does nothing.' })),
    }),
    { maxItems: 40 },
  ),
  borders: Type.Optional(
    Type.Array(
      Type.Object({ tiles: Type.Array(Id, { minItems: 2, maxItems: 2, description: 'The two tile ids.' }), value: Type.Optional(Type.Integer({ minimum: 1, maximum: 4 })) }),
      { maxItems: 40, description: 'Borders (frontiers) between two tiles (EXS-BORDER-1): crossing one sets off the mines next to it (EXS-MINE-4).' },
    ),
  ),
  miniatures: Type.Array(Type.Object({ id: Id, faction: Type.String({ minLength: 1, maxLength: 50 }), node: Id }), {
    minItems: 1,
    maxItems: 64,
    description: 'Faction miniatures on the board, the moving one included.',
  }),
  move: Type.Object({
    miniature: Id,
    path: Type.Array(Id, { minItems: 1, maxItems: 200, description: 'The miniature’s node, then every node stepped on.' }),
  }),
});

const Response = Type.Object({
  steps: Type.Array(
    Type.Object({
      from: Type.String(),
      to: Type.String(),
      explosions: Type.Array(
        Type.Object({ mine: Type.String(), rule: Type.Union([Type.Literal('EXS-MINE-2'), Type.Literal('EXS-MINE-4')]), eliminated: Type.Array(Type.String()) }),
      ),
    }),
  ),
  eliminated: Type.Array(Type.Object({ id: Type.String(), faction: Type.String(), mine: Type.String() })),
  moverEliminated: Type.Boolean(),
  stoppedAt: Type.String(),
  completed: Type.Boolean(),
  minesSpent: Type.Array(Type.String()),
  rules: Rules,
  summary: SummarySchema,
});

export const exsiliumMinesOperation = defineOperation({
  id: 'exsilium.mines',
  method: 'POST',
  path: '/v1/exsilium/mines',
  graphql: { name: 'exsiliumMines' },
  tags: ['exsilium'],
  summary: 'Walk one miniature’s move and report the mines it sets off.',
  description: [
    'Rules: EXS-MINE-1…5, EXS-BORDER-5, EXS-MOVE-3 (a), EXS-AMB-16, EXS-AMB-18.',
    '- After every step, mines are checked first (EXS-AMB-16: mines → reveal → pick-ups → win → combat).',
    '- **Border mines** (EXS-MINE-4, EXS-BORDER-5): a step between two tiles listed in `borders` sets off every face-up mine on a node of either tile next to that border; each eliminates EVERY miniature adjacent to it (or on its node), whatever its faction, the mover included.',
    '- **Ordinary mines** (EXS-MINE-2): a face-up mine of ANOTHER faction adjacent to (or on) the mover’s new node eliminates it, even mid-move; the move stops there. Face-down mines do nothing (EXS-MINE-1).',
    '- **Afterwards** (EXS-MINE-5, EXS-AMB-18, RECOMMENDED): a mine is single-use (`minesSpent`: card to its owner’s discard, token to the game reserve); Newaru are not affected; the mine’s owner gets no reward; each victim retreats with the release check and applies only the loser discard rule — resolve them with `POST /v1/exsilium/eliminations` (`cause: "mine"`).',
    '- The path’s first node must be the miniature’s node; consecutive nodes must be adjacent (422 `illegal_path`); deposits and destroyed nodes cannot be entered (422 `impassable_node`); unknown ids → 422 `unknown_node` / `unknown_miniature`. Border numbers and occupancy are not checked here.',
  ].join('\n'),
  body: Body,
  response: Response,
  examples: [
    {
      summary: 'EXS-MINE-2: a Keber miniature walks next to a SYL mine and is eliminated mid-move',
      value: {
        nodes: [
          { id: 'a', tile: 'T', neighbors: ['b'] },
          { id: 'b', tile: 'T', neighbors: ['a', 'c'] },
          { id: 'c', tile: 'T', neighbors: ['b', 'd'] },
          { id: 'd', tile: 'T', neighbors: ['c'] },
        ],
        mines: [{ id: 'm1', node: 'd', faction: 'syl' }],
        miniatures: [{ id: 'k1', faction: 'keber', node: 'a' }],
        move: { miniature: 'k1', path: ['a', 'b', 'c'] },
      },
    },
  ],
  handle(input, ctx) {
    const result = checkMines(input);
    return { ...result, summary: minesSummary(result, ctx.lang) };
  },
});
