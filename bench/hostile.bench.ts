/**
 * Hostile dice requests (issue "bounded cost"; README "Budgets"), refused by a check made before
 * the work: how long the refusal takes, as a ratio to an ordinary request of the same transport
 * measured in the same run (tests/reliability/hostile-dice.test.ts checks the answers and that the
 * work is not done, not the time). Before the budgets: row 1 took 8–21 s and answered 107 MB, row 4
 * took 6–23 s and grew the process by hundreds of MB.
 * - row 1: POST /v1/dice/rolls with 10 × `1000d1000000!>=1r<1000001` (1.21 M draws at worst) →
 *   422 `dice.draws`; baseline: POST /v1/dice/rolls `4d6kh3+2` (seeded).
 * - row 4: POST /graphql with 15 aliases of `diceDistribution(1000d2kh500)` → 400 `query_too_complex`
 *   (`dice.distributionWork` summed over the aliases); one alias alone → its field's 422 from the
 *   keep/drop pre-check; baseline: POST /graphql `diceDistribution(2d6)`.
 * - another client: the baseline roll sent together with a row-1 request, against the roll alone.
 * Goal: each ratio ≤ 5 (a refusal costs about an ordinary request). Medians of repeated runs after a warm-up.
 */
import { loadConfig } from '../src/config.js';
import { createApp } from '../src/composition.js';
import type { BenchFigure } from './run.js';
import { medianMs as median } from './median.js';

const RUNS = 21;
const GOAL_RATIO = 5;
const ROW_1 = Array.from({ length: 10 }, () => '1000d1000000!>=1r<1000001').join('+');
const ROW_4 = '{' + Array.from({ length: 15 }, (_, i) => `d${i}: diceDistribution(input: {notation: "1000d2kh500"}) { min }`).join(' ') + '}';

export async function run(): Promise<BenchFigure[]> {
  const app = await createApp({ ...loadConfig({}), logLevel: 'silent', rateLimitPerMinute: 0, maxEventLoopDelayMs: 0 });
  await app.ready();
  try {
    const send = async (url: string, payload: object, status: number) => {
      const res = await app.inject({ method: 'POST', url, payload });
      if (res.statusCode !== status) throw new Error(`POST ${url} answered ${res.statusCode}, not ${status}: ${res.body.slice(0, 200)}`);
    };
    const medianMs = (fn: () => Promise<unknown>) => median(fn, RUNS);
    const roll = () => send('/v1/dice/rolls', { notation: '4d6kh3+2', dice: { seed: 'bench' } }, 200);
    const restBaseline = await medianMs(roll);
    const gqlBaseline = await medianMs(() => send('/graphql', { query: '{ diceDistribution(input: {notation: "2d6"}) { min } }' }, 200));
    const row1 = await medianMs(() => send('/v1/dice/rolls', { notation: ROW_1 }, 422));
    const row4 = await medianMs(() => send('/graphql', { query: ROW_4 }, 400));
    const row4one = await medianMs(() => send('/graphql', { query: '{ diceDistribution(input: {notation: "1000d2kh500"}) { min } }' }, 200));
    const alongside = await medianMs(() => Promise.all([roll(), send('/v1/dice/rolls', { notation: ROW_1 }, 422)]));
    const figure = (name: string, value: number, baseline: { name: string; value: number }): BenchFigure => ({
      name,
      value,
      unit: 'ms',
      baseline: { ...baseline, unit: 'ms' },
      ratio: value / baseline.value,
      goal: `ratio ≤ ${GOAL_RATIO}`,
      met: value / baseline.value <= GOAL_RATIO,
    });
    const rest = { name: 'POST /v1/dice/rolls 4d6kh3+2 (median)', value: restBaseline };
    const gql = { name: 'POST /graphql diceDistribution(2d6) (median)', value: gqlBaseline };
    return [
      figure('row 1: POST /v1/dice/rolls 10 × 1000d1000000!>=1r<1000001, refused 422 dice.draws (median)', row1, rest),
      figure('row 4: POST /graphql 15 aliases of diceDistribution(1000d2kh500), refused 400 dice.distributionWork (median)', row4, gql),
      figure('row 4, one alias: its field refused 422 by the keep/drop pre-check (median)', row4one, gql),
      figure('another client: 4d6kh3+2 sent together with a row-1 request, both answered (median)', alongside, rest),
    ];
  } finally {
    await app.close();
  }
}
