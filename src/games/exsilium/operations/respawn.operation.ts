/** POST /v1/exsilium/newaru/respawns — Newaru respawn after the moves (EXS-NEWARU-SPAWN-1/4). */
import { Type } from '@sinclair/typebox';
import { defineOperation } from '../../../kernel/operation.js';
import { SummarySchema } from '../../../kernel/schemas/common.js';
import { respawn as spawn } from '../rules/index.js';
import { RuleViolation, pointer } from '../../../kernel/errors.js';
import { Count, Rules } from './schemas.js';
import { respawnSummary } from './summaries.js';

const Body = Type.Object({
  tiles: Type.Array(
    Type.Object({
      id: Type.String({ minLength: 1, maxLength: 200 }),
      portal: Type.Optional(Type.String({ minLength: 1, maxLength: 200, description: 'Portal node id; absent → no portal.' })),
      revealed: Type.Optional(Type.Boolean({ description: 'Default true; face-down tiles spawn nothing.' })),
      miniatures: Count('Faction miniatures on the tile.'),
      newaru: Type.Boolean({ description: 'A Newaru already stands on the tile.' }),
    }),
    { maxItems: 64 },
  ),
  newaruSupply: Type.Optional(Count('Newaru miniatures left in the supply (absent → unlimited).')),
});

const Response = Type.Object({
  spawns: Type.Array(Type.Object({ tile: Type.String(), node: Type.String() })),
  unfilled: Type.Array(Type.String()),
  supplyAfter: Type.Union([Type.Integer(), Type.Null()]),
  rules: Rules,
  summary: SummarySchema,
});

export const exsiliumRespawnOperation = defineOperation({
  id: 'exsilium.respawn',
  method: 'POST',
  path: '/v1/exsilium/newaru/respawns',
  graphql: { name: 'exsiliumRespawn' },
  tags: ['exsilium'],
  summary: 'Place Newaru on empty portal tiles at the end of an enemy activation.',
  description: [
    'Rules: EXS-NEWARU-SPAWN-1, EXS-NEWARU-SPAWN-4.',
    '- Every revealed tile with a portal, no faction miniature and no Newaru gets a Newaru on its portal node (one per tile).',
    '- With `newaruSupply`, tiles are filled in request order until the supply runs out; the rest are listed in `unfilled` (EXS-NEWARU-SPAWN-4, the miniature count is not given by the rulebook).',
    '- The cross-tile instant respawn (EXS-NEWARU-SPAWN-3) is part of `POST /v1/exsilium/newaru/actions`. Duplicate tile ids → 422 `duplicate_tile`.',
  ].join('\n'),
  body: Body,
  response: Response,
  examples: [
    {
      summary: 'EXS-NEWARU-SPAWN-1: only the empty portal tile gets a Newaru',
      value: {
        tiles: [
          { id: 'A1', portal: 'A1:p', miniatures: 0, newaru: false },
          { id: 'B', portal: 'B:p', miniatures: 2, newaru: false },
          { id: 'C', portal: 'C:p', revealed: false, miniatures: 0, newaru: false },
        ],
        newaruSupply: 3,
      },
    },
  ],
  handle(input, ctx) {
    const seen = new Set<string>();
    input.tiles.forEach((t, i) => {
      if (seen.has(t.id)) throw new RuleViolation('duplicate_tile', `Tile "${t.id}" is listed twice.`, { path: pointer('tiles', i, 'id') });
      seen.add(t.id);
    });
    const result = spawn(input.tiles, input.newaruSupply);
    return { ...result, summary: respawnSummary(result, ctx.lang) };
  },
});
