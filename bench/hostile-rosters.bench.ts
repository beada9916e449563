/**
 * The cost of refusing hostile army lists (README "Roster budgets"; tests/reliability/hostile-rosters.test.ts
 * checks the answers and the work not done, not the time). Each figure is the median of repeated
 * runs after a warm-up, through `inject` on one in-memory app, against a same-run baseline: the same
 * route with a legal one-fighter list. Goal: each refusal under a second (before: 29.9 s, 17.9 s,
 * 24 s and 12.7 s for twenty lists).
 * - POST /v1/eden/rosters/validate with `fighters: [1 × 20,000]` (40 kB): 400 too_many_items.
 * - `eden.register_band` with `fighters: [1 × 50,000]`: 400 too_many_items.
 * - a text list of a band line and 1,000,000 lines (2 MB): 400 too_many_lines.
 * - POST /v1/eden/rosters with a 3.8 MB list (200 `{ref}` carrying unknown members): 413 roster_too_large.
 */
import { loadConfig } from '../src/config.js';
import { createApp } from '../src/composition.js';
import { memoryStores } from '../src/infra/memory/index.js';
import type { BenchFigure } from './run.js';
import { medianMs as median } from './median.js';

const RUNS = 11;
const GOAL_MS = 1000;

export async function run(): Promise<BenchFigure[]> {
  const app = await createApp({ ...loadConfig({}), logLevel: 'silent', rateLimitPerMinute: 0, maxEventLoopDelayMs: 0 }, { stores: memoryStores() });
  await app.ready();
  try {
    const key = (await app.services.apiKeys!.create('bench')).key;
    const auth = { authorization: `Bearer ${key}` };
    const send = async (url: string, payload: string, status: number, headers: Record<string, string> = {}) => {
      const res = await app.inject({ method: 'POST', url, payload, headers: { 'content-type': 'application/json', ...headers } });
      if (res.statusCode !== status) throw new Error(`POST ${url} answered ${res.statusCode}, not ${status}: ${res.body.slice(0, 200)}`);
    };
    const medianMs = (fn: () => Promise<unknown>) => median(fn, RUNS, 2);
    const legal = JSON.stringify({ bandType: 'faction', fighters: [{ ref: 'yuri' }] });
    const match = await app.inject({
      method: 'POST',
      url: '/v1/matches',
      headers: auth,
      payload: {
        game: 'eden',
        players: [
          { id: 'a', name: 'A' },
          { id: 'b', name: 'B' },
        ],
      },
    });
    const commands = `/v1/matches/${match.json().id}/commands`;
    const band = (fighters: unknown[]) => JSON.stringify({ command: { type: 'eden.register_band', player: 'A', bandType: 'faction', fighters } });
    const unknown = Object.fromEntries(Array.from({ length: 300 }, (_, i) => [`member${i}`, 'u'.repeat(54)]));
    const big = JSON.stringify({ roster: { bandType: 'faction', fighters: Array.from({ length: 200 }, () => ({ ref: 'yuri', ...unknown })) } });
    const text = { 'content-type': 'text/plain' };

    const cases: { name: string; refuse: () => Promise<void>; baselineName: string; baseline: () => Promise<void> }[] = [
      {
        name: 'validate, fighters: [1 × 20,000] (40 kB) refused 400 too_many_items',
        refuse: () => send('/v1/eden/rosters/validate', JSON.stringify({ bandType: 'faction', fighters: Array(20_000).fill(1) }), 400),
        baselineName: 'validate, one fighter',
        baseline: () => send('/v1/eden/rosters/validate', legal, 200),
      },
      {
        name: 'eden.register_band, fighters: [1 × 50,000] refused 400 too_many_items',
        refuse: () => send(commands, band(Array(50_000).fill(1)), 400, auth),
        baselineName: 'eden.register_band, one bad fighter (400)',
        baseline: () => send(commands, band([1]), 400, auth),
      },
      {
        name: 'validate text/plain, band line + 1,000,000 lines (2 MB) refused 400 too_many_lines',
        refuse: () => send('/v1/eden/rosters/validate', 'Band: faction Jokers\n' + 'y\n'.repeat(1_000_000), 400, text),
        baselineName: 'validate text/plain, one fighter',
        baseline: () => send('/v1/eden/rosters/validate', 'Band: faction Jokers\nyuri\n', 200, text),
      },
      {
        name: 'store a 3.8 MB list (200 {ref} with unknown members) refused 413 roster_too_large',
        refuse: () => send('/v1/eden/rosters', big, 413, auth),
        baselineName: 'store a one-fighter list',
        baseline: () => send('/v1/eden/rosters', JSON.stringify({ roster: JSON.parse(legal) }), 201, auth),
      },
    ];
    const figures: BenchFigure[] = [];
    for (const c of cases) {
      const refused = await medianMs(c.refuse);
      const baseline = await medianMs(c.baseline);
      figures.push({
        name: `${c.name} (median)`,
        value: refused,
        unit: 'ms',
        baseline: { name: `${c.baselineName} (median)`, value: baseline, unit: 'ms' },
        ratio: refused / baseline,
        goal: `< ${GOAL_MS.toLocaleString('en')} ms`,
        met: refused < GOAL_MS,
      });
    }
    return figures;
  } finally {
    await app.close();
  }
}
