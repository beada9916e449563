/**
 * Live feeds across API processes: two services started as `npm start` runs them (A and B) on one
 * fresh database of the PostgreSQL server at DATABASE_URL or 127.0.0.1:5432 (skipped, with a line
 * saying so, when none answers).
 * - wake-up latency: 200 appends POSTed to A, one at a time, each timed from the POST until B's
 *   SSE feed delivers it (LISTEN/NOTIFY, src/infra/notify): p50 and p99 (goal p99 ≤ 50 ms),
 *   against the same POSTs' own answer times (the append alone), and the p99 of what the feed
 *   added after A answered;
 * - idle cost: the database's committed transactions/s (pg_stat_database.xact_commit, read from
 *   another database) over 5 s with no feed open, then with 1,000 idle SSE feeds open on B. Each
 *   window starts 11 s after the last activity, since idle backends report their counts up to
 *   10 s late. Goal: the feeds add under 1 transaction/s (the per-process safety re-check is one
 *   query per 30 s).
 */
import { randomUUID } from 'node:crypto';
import pg from 'pg';
import type { BenchFigure } from './run.js';
import { startService, stopService as stop, type ServiceProcess } from './service-process.js';
import { openFeed, type FeedClient } from '../tests/helpers/sse-feed.js';

const APPENDS = 200;
const IDLE_FEEDS = 1000;
const WINDOW_MS = 5000;
/** Idle backends flush their statistics at most 10 s late (PostgreSQL's PGSTAT_IDLE_INTERVAL). */
const STATS_SETTLE_MS = 11_000;
const ADMIN_TOKEN = 'bench-admin-' + randomUUID();

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

async function startFeedService(databaseUrl: string) {
  const env = {
    DATABASE_URL: databaseUrl,
    ADMIN_TOKEN,
    LOG_LEVEL: 'silent',
    RATE_LIMIT_PER_MINUTE: '0',
    MAX_EVENT_LOOP_DELAY_MS: '0',
    // the idle feeds are all one key's, from one address: past the default caps
    MAX_STREAMS_PER_KEY: '0',
    MAX_STREAMS_PER_IP: '0',
    REDIS_URL: '',
  };
  return startService(env, 60_000);
}

const percentile = (values: number[], p: number) => [...values].sort((a, b) => a - b)[Math.min(values.length - 1, Math.ceil((p / 100) * values.length) - 1)]!;

export async function run(): Promise<BenchFigure[]> {
  const serverUrl = process.env.DATABASE_URL || 'postgresql://postgres@127.0.0.1:5432/postgres';
  const admin = new pg.Client({ connectionString: serverUrl });
  try {
    await admin.connect();
  } catch (error) {
    console.log(`feeds.bench: skipped, no PostgreSQL at ${serverUrl} (${(error as Error).message})`);
    return [];
  }
  const name = `arbiter_bench_${randomUUID().replace(/-/g, '').slice(0, 12)}`;
  await admin.query(`CREATE DATABASE "${name}"`);
  const url = new URL(serverUrl);
  url.pathname = '/' + name;
  const feeds: FeedClient[] = [];
  let a: ServiceProcess | undefined;
  let b: ServiceProcess | undefined;
  try {
    // A first: it migrates the fresh database; B then finds it up to date.
    a = await startFeedService(url.toString());
    b = await startFeedService(url.toString());
    const keyRes = await fetch(`${a.base}/v1/admin/keys`, {
      method: 'POST',
      headers: { authorization: `Bearer ${ADMIN_TOKEN}`, 'content-type': 'application/json' },
      body: JSON.stringify({ name: 'bench' }),
    });
    const { key } = (await keyRes.json()) as { key: string };
    const json = { authorization: `Bearer ${key}`, 'content-type': 'application/json' };
    const createMatch = async () =>
      (
        (await (
          await fetch(`${a!.base}/v1/matches`, {
            method: 'POST',
            headers: json,
            body: JSON.stringify({
              game: 'eden',
              players: [
                { id: 'p1', name: 'A' },
                { id: 'p2', name: 'B' },
              ],
            }),
          })
        ).json()) as { id: string }
      ).id;
    const append = async (id: string, expectedVersion: number) => {
      const res = await fetch(`${a!.base}/v1/matches/${id}/events`, {
        method: 'POST',
        headers: json,
        body: JSON.stringify({ expectedVersion, events: [{ type: 'table.photo', data: { n: expectedVersion + 1 } }] }),
      });
      if (res.status !== 201) throw new Error(`append answered ${res.status}`);
      await res.arrayBuffer();
    };

    // Wake-up latency, append on A → feed on B.
    const id = await createMatch();
    const feed = openFeed(`${b.base}/v1/matches/${id}/feed`, key);
    feeds.push(feed);
    await feed.opened;
    await append(id, 0);
    await feed.until(1); // B's listener is up
    /** Per append: ms from the POST to the event on B's feed, to A's answer, and from that answer to the event. */
    const latencies: number[] = [];
    const answers: number[] = [];
    const afterAnswer: number[] = [];
    for (let v = 1; v <= APPENDS; v++) {
      const started = performance.now();
      let arrivedAt = 0;
      const arrived = feed.until(v + 1).then(() => (arrivedAt = performance.now()));
      await append(id, v);
      const answeredAt = performance.now();
      await arrived;
      latencies.push(arrivedAt - started);
      answers.push(answeredAt - started);
      afterAnswer.push(Math.max(0, arrivedAt - answeredAt));
    }

    // Idle cost: committed transactions/s of the bench database, without and with 1,000 feeds.
    const commits = async () => Number((await admin.query<{ n: string }>(`SELECT xact_commit::text AS n FROM pg_stat_database WHERE datname = $1`, [name])).rows[0]!.n);
    const rate = async () => {
      await sleep(STATS_SETTLE_MS);
      const before = commits();
      const started = performance.now();
      await sleep(WINDOW_MS);
      return ((await commits()) - (await before)) / ((performance.now() - started) / 1000);
    };
    const none = await rate();
    const idle = await Promise.all(Array.from({ length: 10 }, () => createMatch()));
    const idleFeeds = Array.from({ length: IDLE_FEEDS }, (_, i) => openFeed(`${b!.base}/v1/matches/${idle[i % idle.length]}/feed`, key));
    feeds.push(...idleFeeds);
    await Promise.all(idleFeeds.map((f) => f.opened));
    const withFeeds = await rate();
    return [
      ...([50, 99] as const).map((p): BenchFigure => {
        const value = percentile(latencies, p);
        const baseline = percentile(answers, p);
        return {
          name: `live feed wake-up across API processes, p${p}: POST on A → the event on B's SSE feed (PostgreSQL LISTEN/NOTIFY)`,
          value,
          unit: 'ms',
          baseline: { name: `POST on A → its 201, p${p}`, value: baseline, unit: 'ms' },
          ratio: value / baseline,
          goal: p === 99 ? 'p99 ≤ 50 ms' : undefined,
          met: p === 99 ? value <= 50 : undefined,
        };
      }),
      {
        name: "live feed wake-up across API processes, p99: A's 201 → the event on B's SSE feed (0 when the feed was first)",
        value: percentile(afterAnswer, 99),
        unit: 'ms',
      },
      {
        name: `database transactions/s with ${IDLE_FEEDS.toLocaleString('en')} idle SSE feeds open on B`,
        value: withFeeds,
        unit: 'transactions/s',
        baseline: { name: 'no feed open', value: none, unit: 'transactions/s' },
        ratio: none > 0 ? withFeeds / none : undefined,
        goal: '< 1 transaction/s more than with none',
        met: withFeeds - none < 1,
      },
    ];
  } finally {
    feeds.forEach((f) => f.close());
    await stop(b?.child);
    await stop(a?.child);
    await admin.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`).catch(() => {});
    await admin.end();
  }
}
