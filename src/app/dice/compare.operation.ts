/** `dice.compare` — POST /v1/dice/compare: who rolls higher, exactly (CONTRACT §8.3). */
import { defineOperation } from '../../kernel/operation.js';
import { Budget, compareNotations, parseNotation, type DistributionSummary } from '../../kernel/dice/notation/index.js';
import { InvalidInput, type InputProblem } from '../../kernel/errors.js';
import { COMPARE_BUDGETS } from './budgets.js';
import { DiceCompareBodySchema, DiceCompareResponseSchema } from './schemas.js';
import { GRAMMAR } from './grammar.js';
import { compareText } from './summaries.js';

const moments = (notation: string, d: DistributionSummary) => ({ notation, mean: d.mean, stdev: d.stdev, min: d.min, max: d.max });

/** Both notations parsed, every problem reported at once (`/a`, `/b`). */
function parseBoth(a: string, b: string) {
  const problems: InputProblem[] = [];
  const parsed = [a, b].map((text, i) => {
    try {
      return parseNotation(text);
    } catch (error) {
      if (!(error instanceof InvalidInput)) throw error;
      problems.push(...error.errors.map((e) => ({ ...e, path: `/${i === 0 ? 'a' : 'b'}` })));
      return undefined;
    }
  });
  if (problems.length) throw new InvalidInput(problems, undefined, 'bad_notation');
  return parsed as [NonNullable<(typeof parsed)[0]>, NonNullable<(typeof parsed)[1]>];
}

export const diceCompareOperation = defineOperation({
  id: 'dice.compare',
  method: 'POST',
  path: '/v1/dice/compare',
  graphql: { name: 'diceCompare' },
  tags: ['dice'],
  summary: 'Compare two dice notations exactly: P(A > B), P(A = B), P(B > A), with mean, spread and range of each.',
  description: [
    'A and B are rolled independently. Both exact distributions are computed as POST /v1/dice/distribution computes one, then who rolls higher is counted over one common denominator (big integers, rounded to doubles once): `pAGreater + pEqual + pBGreater` = 1 within 1e-12. Two loadouts (`2d6+3` against `1d12+4`), two pools (`6d6>=5` against `5d6>=4`).',
    COMPARE_BUDGETS,
    'Bad notation is 400 `bad_notation` with `errors` at `/a` and/or `/b` (each with its `position`).',
    GRAMMAR,
  ].join('\n\n'),
  body: DiceCompareBodySchema,
  examples: [
    { summary: '2d6+3 against 1d12+4', value: { a: '2d6+3', b: '1d12+4' } },
    { summary: '4d6kh3 against 3d6', value: { a: '4d6kh3', b: '3d6' } },
  ],
  response: DiceCompareResponseSchema,
  handle(input, ctx) {
    const [a, b] = parseBoth(input.a, input.b);
    const c = compareNotations(a, b, new Budget());
    const p = { pAGreater: c.pAGreater, pEqual: c.pEqual, pBGreater: c.pBGreater };
    return { a: moments(input.a, c.a), b: moments(input.b, c.b), ...p, summary: compareText(input.a, input.b, p, ctx.lang) };
  },
});
