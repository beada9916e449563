/** `eden.rangedOdds` — POST /v1/eden/attacks/ranged/odds: exact odds of a shot. */
import { defineOperation } from '../../../../kernel/operation.js';
import { RangedBodySchema, assertShotFighters } from '../ranged.operation.js';
import { rangedExamples } from '../examples.js';
import { prepareInput } from '../../rules/simulate/index.js';
import type { ShotInput } from '../../rules/ranged.js';
import { rangedOdds } from '../../rules/odds/index.js';
import { OddsResponseSchema } from './schemas.js';
import { cached } from './cache.js';
import { oddsChartSvg } from './chart.js';

export const edenRangedOddsOperation = defineOperation({
  id: 'eden.rangedOdds',
  method: 'POST',
  path: '/v1/eden/attacks/ranged/odds',
  graphql: { name: 'edenRangedOdds' },
  tags: ['eden', 'odds'],
  summary: 'Exact odds of one EDEN shot: success, wounds, out of action, per limb, redirection.',
  description: [
    'Same body as POST /v1/eden/attacks/ranged (`dice` is ignored), same target choice (EDEN-RANGED-2) and the same 400/422 answers.',
    "Every outcome is weighed exactly: the hit roll's successes are binomial (EDEN-RANGED-3), odd successes against a target that is not free hit the nearest fighter in contact (EDEN-RANGED-4, `redirectRate`), the location die is each face 1..6 with successes spent as `aim` asks (EDEN-RANGED-5), and the Potency roll of Pot + remaining successes against the VIG of the fighter hit is binomial (EDEN-RANGED-6/7).",
    "The target is the one the ranged endpoint chooses (Range, `shooterElevated`, `weather` Thick fog, `concealed`, fighters out of action), and the fighter hit has the Energy beacon's +2 protection when flagged `nearEnergyBeacon` (EDEN-TERRAIN-LIST-10).",
    'Rates refer to the fighter actually hit; `noTargetRate` is 1 when no candidate is eligible.',
    'Pictures: `Accept: image/svg+xml` answers a bar chart of the PC lost and of the per-limb outcomes, `Accept: image/png` the same chart as PNG; JSON is the default.',
  ].join('\n'),
  examples: rangedExamples.map((e) => ({ summary: e.summary, value: { ...e.value, dice: undefined } })),
  body: RangedBodySchema,
  response: OddsResponseSchema,
  handle(input) {
    assertShotFighters(input);
    const { dice: _dice, ...rest } = input;
    // the same ShotInput the simulations build (and the endpoint: `weather` as a list)
    return cached('ranged', rest, () => rangedOdds(prepareInput('eden.ranged', rest) as ShotInput));
  },
  chart: (result) => oddsChartSvg('EDEN shot', result),
});
