/** POST /v1/exsilium/newaru/moves — one Newaru's move in the enemy activation (EXS-NEWARU-ACT, EXS-NEWARU-MOVE). */
import { Type } from '@sinclair/typebox';
import { defineOperation } from '../../../kernel/operation.js';
import { SummarySchema } from '../../../kernel/schemas/common.js';
import { moveNewaru } from '../rules/index.js';
import { BoardNodes, NodeId, Rules } from './schemas.js';
import { moveSummary } from './summaries.js';

const Id = NodeId;

const Body = Type.Object({
  nodes: BoardNodes,
  newaru: Type.Object({ node: Id }),
  miniatures: Type.Array(Type.Object({ id: Id, faction: Type.String({ minLength: 1, maxLength: 50 }), node: Id }), {
    maxItems: 64,
    description: 'Faction miniatures where they stand at the enemy activation.',
  }),
  move: Type.Object({
    faction: Type.String({ minLength: 1, maxLength: 50, description: 'The active player’s faction.' }),
    path: Type.Array(Id, {
      minItems: 1,
      maxItems: 200,
      description: 'The active player’s movement this turn: start node, then every node stepped on (consecutive nodes must be adjacent).',
    }),
    paths: Type.Optional(
      Type.Array(Type.Array(Id, { minItems: 1, maxItems: 200 }), {
        maxItems: 20,
        description: 'The turn’s other moves (another miniature, or a later card), each as `path`: any of them touching the tile triggers the Newaru.',
      }),
    ),
  }),
  hologram: Type.Optional(Type.String({ minLength: 1, maxLength: 200, description: 'Id of the miniature a Hologram made the target this turn (EXS-NEWARU-MOVE-4).' })),
});

const Response = Type.Object({
  triggered: Type.Boolean(),
  moves: Type.Boolean(),
  from: Type.String(),
  to: Type.String(),
  adjacentTo: Type.Array(Type.String(), {
    description: 'Miniatures adjacent to the Newaru where it ends: those owners fight it at the start of their next turn (EXS-COMBAT-TRIGGER-3).',
  }),
  target: Type.Union([Type.String(), Type.Null()]),
  reason: Type.Union([Type.Literal('not_triggered'), Type.Literal('adjacent'), Type.Literal('no_target'), Type.Literal('no_path'), Type.Null()]),
  ties: Type.Object(
    { targets: Type.Array(Type.String()), steps: Type.Array(Type.String()) },
    { description: 'Equal choices the active player may pick among; the first listed was taken.' },
  ),
  rules: Rules,
  summary: SummarySchema,
});

export const exsiliumNewaruMoveOperation = defineOperation({
  id: 'exsilium.newaruMove',
  method: 'POST',
  path: '/v1/exsilium/newaru/moves',
  graphql: { name: 'exsiliumNewaruMove' },
  tags: ['exsilium'],
  summary: 'Move one Newaru in the enemy activation after a player’s turn.',
  description: [
    'Rules: EXS-NEWARU-ACT-2…4, EXS-NEWARU-MOVE-1…4, EXS-NEWARU-2/3, EXS-MOVE-2.',
    '- **Trigger** (EXS-NEWARU-ACT-2, EXS-AMB-3a): the Newaru moves only if some step of the active player’s `move.path` (or of one of `move.paths`, the turn’s other moves) started or ended on a node of its tile — moving on it, into it, out of it or through it (EXS-NEWARU-CASE-1…5: the rulebook’s four examples and passing through). Miniatures merely standing on the tile do not trigger it (case 2). A path of one node is no movement.',
    '- **Wait** (EXS-NEWARU-ACT-4): already adjacent to any miniature (across tiles too) → it stays.',
    '- **Target** (EXS-NEWARU-MOVE-1, EXS-AMB-19): the nearest faction miniature of any faction on its own tile, by the shortest legal path within the tile; none → it stays (`no_target`). A Hologram miniature on the tile overrides (EXS-NEWARU-MOVE-4).',
    '- **Step** (EXS-NEWARU-MOVE-2, EXS-NEWARU-ACT-3): exactly one node along a shortest path; it never leaves its tile, never enters a crystal or destroyed node, and never enters an occupied node (EXS-AMB-8). Ties (targets or steps) are the active player’s choice: the first listed (miniatures order, nodes order) is taken and the alternatives are reported in `ties`.',
    '- Unknown node ids (neighbours, Newaru, miniatures, path) → 422 `unknown_node` with `path` and every problem in `errors`; consecutive path nodes that are not adjacent → 422 `illegal_path`; two figures on one node → 422 `node_occupied`; a figure on a deposit → 422 `impassable_node`; duplicate node ids → 400.',
  ].join('\n'),
  body: Body,
  response: Response,
  examples: [
    {
      summary: 'EXS-NEWARU-CASE-3: a miniature leaving the tile triggers the move toward the miniature still on it',
      value: {
        nodes: [
          { id: 'a', tile: 'T', neighbors: ['b'] },
          { id: 'b', tile: 'T', neighbors: ['a', 'c'] },
          { id: 'c', tile: 'T', neighbors: ['b', 'd', 'u1'] },
          { id: 'd', tile: 'T', neighbors: ['c'] },
          { id: 'u1', tile: 'U', neighbors: ['c', 'u2'] },
          { id: 'u2', tile: 'U', neighbors: ['u1'] },
        ],
        newaru: { node: 'a' },
        miniatures: [
          { id: 'k1', faction: 'keber', node: 'u2' },
          { id: 'v1', faction: 'vinsan', node: 'd' },
        ],
        move: { faction: 'keber', path: ['c', 'u1', 'u2'] },
      },
    },
  ],
  handle(input, ctx) {
    const result = moveNewaru(input);
    return { ...result, summary: moveSummary(result, ctx.lang) };
  },
});
