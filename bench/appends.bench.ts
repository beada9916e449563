/**
 * Event-store appends/s vs raw INSERTs over the same pool (goal: ratio ≥ 0.6), on a fresh database
 * of the PostgreSQL server at DATABASE_URL or 127.0.0.1:5432. Both sides: 8 concurrent writers,
 * each on its own match, one event per append, 1 s per run, 3 alternating rounds (bounded: ~6 s).
 * The store's append (`SqlEventStore.over`, as the service uses it) is one named prepared INSERT
 * that also checks tenancy and the expected version and returns position/transaction id; the
 * baseline is a bare, unprepared INSERT of the same event rows.
 */
import { randomUUID } from 'node:crypto';
import pg from 'pg';
import type { BenchFigure } from './run.js';
import { PoolDatabase } from '../src/infra/database/pool.js';
import { migrate } from '../src/infra/migrator.js';
import { SqlEventStore } from '../src/infra/event-store/index.js';

const WRITERS = 8;
const SECONDS = 1;
/** Rounds alternate raw and store runs so load from other processes hits both sides alike. */
const ROUNDS = 3;

async function timed(fn: (writer: number) => Promise<void>): Promise<number> {
  const end = Date.now() + SECONDS * 1000;
  const started = performance.now();
  const counts = await Promise.all(
    Array.from({ length: WRITERS }, async (_, w) => {
      let n = 0;
      while (Date.now() < end) {
        await fn(w);
        n++;
      }
      return n;
    }),
  );
  const total = counts.reduce((a, b) => a + b, 0);
  return total / ((performance.now() - started) / 1000);
}

export async function run(): Promise<BenchFigure[]> {
  const serverUrl = process.env.DATABASE_URL || 'postgresql://postgres@127.0.0.1:5432/postgres';
  const name = `arbiter_bench_${randomUUID().replace(/-/g, '').slice(0, 12)}`;
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  await admin.query(`CREATE DATABASE "${name}"`);
  await admin.end();
  const url = new URL(serverUrl);
  url.pathname = '/' + name;
  const db = new PoolDatabase({ kind: 'postgres', url: url.toString(), max: WRITERS });
  try {
    await migrate(db);
    const store = SqlEventStore.over(db);
    const owner = 'bench';
    const storeMatches = await Promise.all(Array.from({ length: WRITERS }, () => store.createMatch({ id: randomUUID(), ownerId: owner, game: 'eden', players: [], options: {} })));
    const rawMatches = await Promise.all(Array.from({ length: WRITERS }, () => store.createMatch({ id: randomUUID(), ownerId: owner, game: 'eden', players: [], options: {} })));
    const data = { attackerId: 'a1', targetId: 'b1', success: true, dice: { seed: null, rolls: [{ purpose: 'attacker CBT', sides: 6, values: [6, 4, 2] }] } };
    // Warm-up both paths.
    for (let i = 0; i < 20; i++) await db.query(`SELECT 1`);
    const versions = new Array<number>(WRITERS).fill(0);
    const rawVersions = new Array<number>(WRITERS).fill(0);
    let rawTotal = 0;
    let storeTotal = 0;
    for (let round = 0; round < ROUNDS; round++) {
      rawTotal += await timed(async (w) => {
        rawVersions[w]! += 1;
        await db.query(`INSERT INTO match_events (match_id, version, type, data) VALUES ($1, $2, $3, $4::jsonb)`, [
          rawMatches[w]!.id,
          rawVersions[w],
          'eden.melee_resolved',
          JSON.stringify(data),
        ]);
      });
      storeTotal += await timed(async (w) => {
        const r = await store.append(owner, storeMatches[w]!.id, versions[w]!, [{ type: 'eden.melee_resolved', data }]);
        versions[w] = r.version;
      });
    }
    const raw = rawTotal / ROUNDS;
    const appends = storeTotal / ROUNDS;
    const ratio = appends / raw;
    return [
      {
        name: 'event store appends (8 writers, 1 event each, PostgreSQL)',
        value: appends,
        unit: 'appends/s',
        baseline: { name: 'raw INSERTs over the same pool', value: raw, unit: 'inserts/s' },
        ratio,
        goal: '≥ 0.6',
        met: ratio >= 0.6,
      },
    ];
  } finally {
    await db.close();
    const c = new pg.Client({ connectionString: serverUrl });
    await c.connect();
    await c.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
    await c.end();
  }
}
