/**
 * TypeBox schemas of simulation and exact-odds results (documentation and OpenAPI), and of the
 * simulation submission and view that REST and GraphQL both validate with and answer.
 */
import { Type, type Static } from '@sinclair/typebox';
import { SimulationResultSchema } from '../../games/eden/operations/odds/outcome-stats.js';

export { SimulationResultSchema };

export const MAX_ITERATIONS = 10_000_000;

export const SubmitSimulationSchema = Type.Object(
  {
    kind: Type.Union([Type.Literal('eden.melee'), Type.Literal('eden.ranged')], {
      description: 'What to simulate: a melee attack (POST /v1/eden/attacks/melee) or a shot (POST /v1/eden/attacks/ranged).',
    }),
    request: Type.Object(
      {},
      {
        additionalProperties: true,
        description:
          'The body of the stateless endpoint of `kind`, without `dice` (a `dice` member is ignored); validated by the same schema, problems reported under `/request/...`. (GraphQL: JSON, as its members depend on `kind`.)',
      },
    ),
    iterations: Type.Integer({ minimum: 1, maximum: MAX_ITERATIONS, description: 'Resolutions to simulate, 1..10,000,000.' }),
    seed: Type.Optional(
      Type.String({ maxLength: 200, description: 'Same seed, request and iterations → the same result, whatever the number of workers. Absent → a random seed (reported back).' }),
    ),
    dice: Type.Optional(
      Type.Object(
        { seed: Type.String({ maxLength: 200 }) },
        { description: 'As for the endpoints that roll: `{"seed"}` is the same as the top-level `seed` (both given must agree, else 400).' },
      ),
    ),
  },
  { title: 'SimulationRequest', description: 'Other members are accepted and ignored.' },
);
export type SubmitSimulationBody = Static<typeof SubmitSimulationSchema>;

export const SimulationStatusSchema = Type.Union(['queued', 'running', 'completed', 'failed', 'cancelled'].map((s) => Type.Literal(s)));

export const SimulationSubmittedSchema = Type.Object(
  { id: Type.String({ format: 'uuid' }), status: SimulationStatusSchema, deduplicated: Type.Boolean() },
  { title: 'SimulationSubmitted' },
);

export const SimulationViewSchema = Type.Object(
  {
    id: Type.String({ format: 'uuid' }),
    kind: Type.String(),
    status: SimulationStatusSchema,
    progress: Type.Number({ minimum: 0, maximum: 1, description: 'Share of iterations done; refreshed at least once a second while running.' }),
    iterations: Type.Integer(),
    seed: Type.String(),
    createdAt: Type.String({ format: 'date-time' }),
    completedAt: Type.Union([Type.String({ format: 'date-time' }), Type.Null()]),
    result: Type.Optional(SimulationResultSchema),
    error: Type.Optional(Type.String()),
  },
  { title: 'Simulation' },
);
