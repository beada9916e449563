/**
 * Commands on one contested match (issue 35 item 10, issue 36 item 5): commands/s of ten clients
 * commanding one match without `expectedVersion` against one client commanding one match, in the
 * same run (goal: ratio ≥ 0.5, and not one command refused). A match's commands take turns
 * (EventStore.serialized): ten clients should get about what one gets, where they used to collide
 * on the version, decide again and again and get 409 (a probe: 8–9 commands/s, 4–30 of 500 refused).
 * Through the match service in this process (no HTTP), on the embedded database (PGlite, the
 * default), then on a fresh database of the PostgreSQL server at DATABASE_URL or 127.0.0.1:5432
 * (skipped when none answers) with the ten clients spread over two replicas (two services, two
 * pools: their turns meet only in PostgreSQL's advisory lock). 1.5 s per run, 3 alternating rounds.
 */
import { randomUUID } from 'node:crypto';
import pg from 'pg';
import type { BenchFigure } from './run.js';
import { openTestPglite } from '../src/infra/database/index.js';
import { PoolDatabase } from '../src/infra/database/pool.js';
import { migrate } from '../src/infra/migrator.js';
import { SqlEventStore } from '../src/infra/event-store/index.js';
import { matchServices } from '../src/app/matches/service.js';
import type { Database } from '../src/app/ports.js';
import { explorationExamples } from '../src/games/anima/operations/examples.js';

const CLIENTS = 10;
const SECONDS = 1.5;
const ROUNDS = 3;
const GOAL = 0.5;
const OWNER = 'bench';

type Commands = ReturnType<typeof matchServices>['commands'];

/** Commands/s of `clients` clients on match `id` for SECONDS (client c uses services[c % n]); commands that failed are counted. */
async function commandsPerSecond(services: Commands[], id: string, clients: number): Promise<{ rate: number; failed: number }> {
  const end = Date.now() + SECONDS * 1000;
  const started = performance.now();
  let failed = 0;
  const counts = await Promise.all(
    Array.from({ length: clients }, async (_, c) => {
      let n = 0;
      while (Date.now() < end) {
        const command = { type: 'anima.speed', difficulty: 20, dice: { values: [1 + ((c + n) % 10)] } };
        await services[c % services.length]!.command(OWNER, id, { command }).catch(() => failed++);
        n++;
      }
      return n;
    }),
  );
  return { rate: counts.reduce((a, b) => a + b, 0) / ((performance.now() - started) / 1000), failed };
}

/** Ten clients on one match vs one client on another, alternating; `databases` are the replicas' pools. */
async function measure(name: string, databases: Database[]): Promise<BenchFigure> {
  const ids = { newId: randomUUID, randomSeed: () => randomUUID() };
  const services = databases.map((db) => matchServices(SqlEventStore.over(db), { ids }).commands);
  async function animaMatch(): Promise<string> {
    const { id } = (await services[0]!.create(OWNER, { game: 'anima', players: [{ id: 'p1', name: 'Uno' }] })).body as { id: string };
    await services[0]!.command(OWNER, id, { command: { type: 'anima.exploration', ...explorationExamples[0]!.value } });
    return id;
  }
  const [alone, contested] = [await animaMatch(), await animaMatch()];
  // warm-up: both paths, every replica
  await commandsPerSecond(services, alone, 1);
  await commandsPerSecond(services, contested, CLIENTS);
  let [one, ten, failed] = [0, 0, 0];
  for (let round = 0; round < ROUNDS; round++) {
    const a = await commandsPerSecond(services.slice(0, 1), alone, 1);
    const b = await commandsPerSecond(services, contested, CLIENTS);
    [one, ten, failed] = [one + a.rate, ten + b.rate, failed + a.failed + b.failed];
  }
  const ratio = ten / one;
  return {
    name: `${name}${failed ? ` (${failed} commands refused)` : ''}`,
    value: ten / ROUNDS,
    unit: 'commands/s',
    baseline: { name: 'one client on one match', value: one / ROUNDS, unit: 'commands/s' },
    ratio,
    goal: `≥ ${GOAL}, none refused`,
    met: ratio >= GOAL && failed === 0,
  };
}

export async function run(): Promise<BenchFigure[]> {
  const figures: BenchFigure[] = [];
  const embedded = await openTestPglite();
  try {
    figures.push(await measure(`${CLIENTS} clients commanding one match without expectedVersion (embedded PGlite)`, [embedded]));
  } finally {
    await embedded.close();
  }
  const serverUrl = process.env.DATABASE_URL || 'postgresql://postgres@127.0.0.1:5432/postgres';
  const admin = new pg.Client({ connectionString: serverUrl, connectionTimeoutMillis: 3000 });
  try {
    await admin.connect();
  } catch {
    console.log(`(match-contention: no PostgreSQL server at ${new URL(serverUrl).host}; its figure is skipped)`);
    return figures;
  }
  const name = `arbiter_bench_${randomUUID().replace(/-/g, '').slice(0, 12)}`;
  await admin.query(`CREATE DATABASE "${name}"`);
  const url = new URL(serverUrl);
  url.pathname = '/' + name;
  const replicas = [new PoolDatabase({ kind: 'postgres', url: url.toString() }), new PoolDatabase({ kind: 'postgres', url: url.toString() })];
  try {
    await migrate(replicas[0]!);
    figures.push(await measure(`${CLIENTS} clients commanding one match without expectedVersion over 2 replicas (PostgreSQL)`, replicas));
  } finally {
    for (const db of replicas) await db.close();
    await admin.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
    await admin.end();
  }
  return figures;
}
