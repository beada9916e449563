/**
 * TypeBox schemas of simulation and exact-odds results (documentation and OpenAPI), and of the
 * simulation submission and view that REST and GraphQL both validate with and answer.
 */
import { Type, type Static } from '@sinclair/typebox';

export const MAX_ITERATIONS = 10_000_000;

const Interval = Type.Tuple([Type.Number(), Type.Number()], { description: '95% confidence interval [low, high].' });
const Rate = (description: string) => Type.Number({ minimum: 0, maximum: 1, description });

const LimbStats = Type.Object({
  hitRate: Rate('Share of resolutions in which this limb lost at least 1 PC.'),
  expectedMarked: Type.Number({ description: 'PC this limb loses per resolution, on average.' }),
});
const ByLimb = Type.Object({ head: LimbStats, arms: LimbStats, torso: LimbStats, legs: LimbStats }, { description: 'Per limb of the fighter attacked.' });

const LimbInterval = Type.Object({ hitRate: Interval });

export const OutcomeStatsProperties = {
  successRate: Rate('Share of attacks that succeed (the fighter attacked loses at least 1 PC, EDEN-WOUND-6).'),
  outOfActionRate: Rate('Share of resolutions after which the fighter attacked is out of action (EDEN-WOUND-4).'),
  expectedMarked: Type.Number({ minimum: 0, description: 'PC lost by the fighter attacked, on average.' }),
  markedHistogram: Type.Array(
    Type.Object({ marked: Type.Integer({ minimum: 0 }), count: Type.Optional(Type.Integer()), rate: Rate('Share of resolutions with exactly `marked` PC lost.') }),
    { description: 'Distribution of PC lost by the fighter attacked.' },
  ),
  byLimb: ByLimb,
  attacker: Type.Object(
    { expectedMarked: Type.Number(), outOfActionRate: Rate('Melee: the attacker out of action (Response).') },
    { description: 'What the attacker suffers (melee with a Response; zero otherwise).' },
  ),
  redirectRate: Rate('Ranged: share of shots redirected into the melee (EDEN-RANGED-4).'),
  noTargetRate: Rate('Ranged: share of shots without a legal target.'),
};

export const SimulationResultSchema = Type.Object(
  {
    iterations: Type.Integer(),
    ...OutcomeStatsProperties,
    confidence: Type.Object({
      level: Type.Literal(0.95),
      successRate: Interval,
      outOfActionRate: Interval,
      expectedMarked: Interval,
      byLimb: Type.Object({ head: LimbInterval, arms: LimbInterval, torso: LimbInterval, legs: LimbInterval }, { description: 'Per limb of the fighter attacked.' }),
    }),
  },
  { title: 'SimulationResult', description: 'Monte Carlo estimates; rates with 95% Wilson intervals, the mean with a normal interval.' },
);

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
