/**
 * The cost of refusing an oversized GraphQL document (CONTRACT §7.1): a POST /graphql with 10,000
 * aliases of the catalog (≈ 390 kB, far over GRAPHQL_MAX_TOKENS) is answered 400
 * `query_too_complex` once one token over the limit has been lexed. Goal: under a second (the
 * reliability audit's bound; tests/reliability/graphql-cost.test.ts checks the refusal and the
 * tokens read, not the time). Same-run baseline: POST /graphql `{ health }`, the cheapest document.
 * Both through `inject` on one app; the figure is the median of repeated runs after a warm-up.
 */
import { loadConfig } from '../src/config.js';
import { createApp } from '../src/composition.js';
import type { BenchFigure } from './run.js';
import { medianMs as median } from './median.js';

const RUNS = 21;
const GOAL_MS = 1000;

export async function run(): Promise<BenchFigure[]> {
  const app = await createApp({ ...loadConfig({}), logLevel: 'silent', rateLimitPerMinute: 0, maxEventLoopDelayMs: 0 });
  await app.ready();
  try {
    const post = async (query: string, status: number) => {
      const res = await app.inject({ method: 'POST', url: '/graphql', payload: { query } });
      if (res.statusCode !== status) throw new Error(`POST /graphql answered ${res.statusCode}, not ${status}: ${res.body.slice(0, 200)}`);
    };
    const medianMs = (fn: () => Promise<unknown>) => median(fn, RUNS);
    const aliases = '{' + Array.from({ length: 10_000 }, (_, i) => `c${i}: edenCatalog { fighters { id } }`).join(' ') + '}';
    const refused = await medianMs(() => post(aliases, 400));
    const health = await medianMs(() => post('{ health }', 200));
    return [
      {
        name: 'POST /graphql with 10,000 aliases of the catalog, refused 400 query_too_complex (median)',
        value: refused,
        unit: 'ms',
        baseline: { name: 'POST /graphql { health } (median)', value: health, unit: 'ms' },
        ratio: refused / health,
        goal: `< ${GOAL_MS.toLocaleString('en')} ms`,
        met: refused < GOAL_MS,
      },
    ];
  } finally {
    await app.close();
  }
}
