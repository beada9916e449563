/** `eden.meleeOdds` — POST /v1/eden/attacks/melee/odds: exact odds of a melee attack. */
import { defineOperation } from '../../../../kernel/operation.js';
import { MeleeBodySchema } from '../melee.operation.js';
import { meleeExamples } from '../examples.js';
import { assertFighters } from '../../rules/checks.js';
import { prepareInput } from '../../rules/simulate/index.js';
import type { FighterInput } from '../../rules/fighter.js';
import type { MeleeInput } from '../../rules/melee.js';
import { meleeOdds } from '../../rules/odds/index.js';
import { OddsResponseSchema } from './schemas.js';
import { cached } from './cache.js';
import { oddsChartSvg } from './chart.js';

export const edenMeleeOddsOperation = defineOperation({
  id: 'eden.meleeOdds',
  method: 'POST',
  path: '/v1/eden/attacks/melee/odds',
  graphql: { name: 'edenMeleeOdds' },
  tags: ['eden', 'odds'],
  summary: 'Exact odds of one EDEN melee attack: success, wounds, out of action, per limb.',
  description: [
    'Same body as POST /v1/eden/attacks/melee (`dice` is ignored) and the same rules (EDEN-MELEE-1..7, EDEN-ROLL-1..7, EDEN-WOUND-1..6); the same 400/422 answers.',
    "Instead of rolling, every outcome is weighed exactly: the CBT roll's successes are binomial (EDEN-ROLL-1..3), the location die is each face 1..6 with successes spent as `aim` asks (EDEN-MELEE-3 step 5), the Dodge's RAP successes are binomial (EDEN-MELEE-5), and a Response starts with the opposed roll's winner, full ties being re-rolled (EDEN-ROLL-5, EDEN-MELEE-4).",
    'Every input of the melee endpoint counts as it does there: `elevated` (+2 CBT, EDEN-TERRAIN-R-ELEVATION), weapons, `modifiers`, Rage/Poison, `via`, NPC targets always responding, `aim`/`targetAim` (an exact `shift` that some roll cannot make is 422 `illegal_shift`, as it would be when rolling).',
    "Rates refer to the target; `attacker` gives what the attacker suffers from a Response. `success` is the attacker's strike making the target lose ≥ 1 PC (EDEN-WOUND-6).",
    'The answer is exact up to floating-point rounding; POST /v1/simulations estimates the same numbers by sampling.',
    'Pictures: `Accept: image/svg+xml` answers a bar chart of the PC lost and of the per-limb outcomes, `Accept: image/png` the same chart as PNG; JSON is the default.',
  ].join('\n'),
  examples: meleeExamples.map((e) => ({ summary: e.summary, value: { ...e.value, dice: undefined } })),
  body: MeleeBodySchema,
  response: OddsResponseSchema,
  handle(input) {
    assertFighters([
      [input.attacker as FighterInput, 'attacker'],
      [input.target as FighterInput, 'target'],
    ]);
    const { dice: _dice, ...rest } = input;
    return cached('melee', rest, () => meleeOdds(prepareInput('eden.melee', rest) as MeleeInput));
  },
  chart: (result) => oddsChartSvg('EDEN melee attack', result),
});
