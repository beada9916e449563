/**
 * What a Monte Carlo simulation or an exact-odds computation of EDEN attacks answers (EDEN-WOUND-4,
 * EDEN-WOUND-6, EDEN-RANGED-4): the outcome statistics of the fighter attacked, per limb, and of the
 * attacker. Shared by the odds operations and the simulation results (src/app/simulations).
 */
import { Type } from '@sinclair/typebox';

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
