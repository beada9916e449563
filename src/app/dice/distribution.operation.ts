/** `dice.distribution` — POST /v1/dice/distribution: the exact distribution of a notation (CONTRACT §7.3). */
import { defineOperation } from '../../kernel/operation.js';
import { notationDistribution, parseNotation } from '../../kernel/dice/notation/index.js';
import { DISTRIBUTION_BUDGETS } from './budgets.js';
import { DiceDistributionBodySchema, DiceDistributionResponseSchema } from './schemas.js';
import { GRAMMAR, NOTATION_EXAMPLES } from './grammar.js';
import { distributionText } from './summaries.js';
import { distributionChartSvg } from './chart.js';

export const diceDistributionOperation = defineOperation({
  id: 'dice.distribution',
  method: 'POST',
  path: '/v1/dice/distribution',
  graphql: { name: 'diceDistribution' },
  tags: ['dice'],
  summary: 'Exact probability distribution of a dice notation, with min, max, mean, standard deviation and at-least/at-most tails.',
  description: [
    'Every value the notation can produce with its exact probability: computed with big-integer counts over one common denominator (no sampling, no floating-point accumulation), each probability rounded to a double only at the end; they sum to 1 within 1e-12. The process modelled is exactly the one POST /v1/dice/rolls rolls: keep/drop by order statistics, rerolls and explosions with the same caps, success counting, `+ -` by convolution of independent terms, `* /` pairwise (division rounding down; a divisor that can be 0 is 422 `division_by_zero`).',
    'Every entry is `{value, probability, atLeast, atMost}` (CONTRACT §8.3): P(X = value), P(X ≥ value) and P(X ≤ value), each an exact big-integer sum rounded to a double once.',
    '**Share a link**: `GET /v1/dice/distribution?notation=<url-encoded>` answers the same, with `Cache-Control: public, max-age=86400` and an `ETag` (304 on `If-None-Match`).',
    DISTRIBUTION_BUDGETS,
    'Values beyond ±(2^53 − 1) (`1000000000*1000000000`) are 422 `out_of_range`.',
    '**Pictures**: send `Accept: image/svg+xml` for a bar chart of the distribution, or `Accept: image/png` for the same chart as PNG; JSON is the default.',
    GRAMMAR,
  ].join('\n\n'),
  body: DiceDistributionBodySchema,
  examples: NOTATION_EXAMPLES.map((notation) => ({ summary: notation, value: { notation } })),
  response: DiceDistributionResponseSchema,
  handle(input, ctx) {
    const { exact: _exact, ...d } = notationDistribution(parseNotation(input.notation));
    return { notation: input.notation, ...d, summary: distributionText(input.notation, d, ctx.lang) };
  },
  chart: distributionChartSvg,
});
