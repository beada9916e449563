/**
 * Run it as a fleet (issue 36; docs/deploy.md, CONTRACT §9.4): two API replicas (`tsx
 * src/server.ts`) and one worker (`tsx src/worker.ts`) on ONE fresh PostgreSQL database and one
 * Redis queue of this file's own, behind a round-robin balancer that polls `/ready` every 100 ms
 * (tests/helpers/round-robin-proxy.ts). Proves: concurrent start-ups migrate once; a seated match
 * whose commands alternate between the replicas reaches the spectator's and a seat's feed (open
 * through the balancer) whole and in order; a simulation queued through the balancer is run by the
 * worker; a rolling restart (SIGTERM, drain, replacement; one replica, then the other) under
 * continuous requests drops none. No clock is asserted: a hang fails by the test's timeout.
 * Needs DATABASE_URL and REDIS_URL (skipped otherwise).
 */
import { randomUUID } from 'node:crypto';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readMigrations } from '../../src/infra/migrator.js';
import { BullJobRunner } from '../../src/infra/queue/index.js';
import { simulate } from '../../src/games/eden/rules/simulate/index.js';
import { validateSimulationRequest } from '../../src/app/simulations/service.js';
import { createTempPostgresDatabase, type TempPostgres } from '../helpers/database.js';
import { killAll, run, startServer, until, type Child, type Server } from '../helpers/process.js';
import { startRoundRobinProxy, type RoundRobinProxy } from '../helpers/round-robin-proxy.js';
import { openFeed } from '../helpers/sse-feed.js';
import { script } from '../fixtures/tables/eden.js';
import { meleeRequest } from '../fixtures/simulate.js';

const DATABASE_URL = process.env.DATABASE_URL;
const REDIS_URL = process.env.REDIS_URL;
const ADMIN = 'fleet-test-admin';
/** Long enough for a balancer polling every 100 ms to see /ready at 503, however loaded the machine. */
const SHUTDOWN_DRAIN_MS = '1500';
const players = [
  { id: 'p1', name: 'Ana' },
  { id: 'p2', name: 'Ben' },
];

describe.skipIf(!DATABASE_URL || !REDIS_URL)('a fleet behind a round-robin balancer: two API replicas and a worker (needs DATABASE_URL and REDIS_URL)', () => {
  const queueName = `fleet-test-${randomUUID()}`;
  let temp: TempPostgres;
  let env: NodeJS.ProcessEnv;
  let replicas: Server[];
  let worker: Child;
  let proxy: RoundRobinProxy;
  let key: string;

  const replicaStates = () => replicas.map((r) => `${r.base} exit ${r.child.exitCode}: ${r.output().slice(-2000)}`).join('\n');

  /** A request through the balancer with the API key (or `token`): status, body, and the replica that answered. */
  const send = async (method: string, path: string, body?: unknown, token = key) => {
    const res = await fetch(`${proxy.base}${path}`, {
      method,
      headers: { authorization: `Bearer ${token}`, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    const text = await res.text();
    // a request the balancer dropped says why, with the state of the replicas
    if (res.headers.get('x-proxy-drop')) throw new Error(`${method} ${path} dropped (${res.status} ${text}); replicas: ${replicaStates()}`);
    const json = res.headers.get('content-type')?.includes('json');
    return { status: res.status, body: json ? JSON.parse(text) : undefined, upstream: res.headers.get('x-upstream'), text };
  };

  beforeAll(async () => {
    temp = await createTempPostgresDatabase(DATABASE_URL);
    env = { DATABASE_URL: temp.url, REDIS_URL, QUEUE_NAME: queueName, ADMIN_TOKEN: ADMIN, TRUST_PROXY: '1', SHUTDOWN_DRAIN_MS, DATABASE_POOL_SIZE: '4' };
    // both replicas (and the worker) start at the same moment on the empty database
    worker = run('src/worker.ts', { ...env, WORKER_CONCURRENCY: '1' });
    replicas = await Promise.all([startServer(env, 180_000), startServer(env, 180_000)]);
    proxy = await startRoundRobinProxy(replicas.map((r) => r.base));
  }, 240_000);

  afterAll(async () => {
    await proxy?.close();
    await killAll();
    if (REDIS_URL) {
      const jobs = new BullJobRunner({ url: REDIS_URL, queueName });
      await jobs.obliterate().catch(() => undefined);
      await jobs.close();
    }
    await temp?.drop();
  });

  it('concurrent start-ups migrate once: every migration recorded exactly once, finished, and both replicas ready', { timeout: 120_000 }, async () => {
    await proxy.allReady();
    const admin = new pg.Client({ connectionString: temp.url });
    await admin.connect();
    try {
      const { rows } = await admin.query<{ name: string; n: number; finished: number }>(
        'SELECT migration_name AS name, count(*)::int AS n, count(finished_at)::int AS finished FROM "_prisma_migrations" GROUP BY migration_name ORDER BY migration_name',
      );
      const names = (await readMigrations()).map((m) => m.name).sort();
      expect(rows).toEqual(names.map((name) => ({ name, n: 1, finished: 1 })));
    } finally {
      await admin.end();
    }
    const created = await fetch(`${proxy.base}/v1/admin/keys`, {
      method: 'POST',
      headers: { authorization: `Bearer ${ADMIN}`, 'content-type': 'application/json' },
      body: JSON.stringify({ name: 'fleet' }),
    });
    expect(created.status).toBe(201);
    key = ((await created.json()) as { key: string }).key;
  });

  it('a seated match with its commands alternating between replicas: the spectator and seat feeds get every event, in order', { timeout: 120_000 }, async () => {
    const match = await send('POST', '/v1/matches', { game: script.game, players: script.players, options: script.options });
    expect(match.status, match.text).toBe(201);
    const id = match.body.id as string;
    const tokens: Record<string, string> = { owner: key };
    for (const { id: player } of script.players) tokens[player] = (await send('POST', `/v1/matches/${id}/seats/${player}/tokens`, {})).body.token;
    const spectator = (await send('POST', `/v1/matches/${id}/spectator-tokens`, {})).body.token as string;
    // two feeds through the balancer: round robin opens them on different replicas
    const feeds = [openFeed(`${proxy.base}/v1/matches/${id}/feed`, spectator), openFeed(`${proxy.base}/v1/matches/${id}/feed`, tokens.p1!)];
    try {
      await Promise.all(feeds.map((f) => f.opened));
      const answeredBy: string[] = [];
      let version = 0;
      for (const step of script.steps) {
        const answer = await send('POST', `/v1/matches/${id}/commands`, { command: step.command }, tokens[step.by]);
        expect(answer.status, `${step.command.type}: ${answer.text}`).toBe(201);
        answeredBy.push(answer.upstream!);
        version = answer.body.version;
      }
      // each command went to the other replica than the one before
      expect(new Set(answeredBy)).toEqual(new Set(replicas.map((r) => r.base)));
      answeredBy.slice(1).forEach((upstream, i) => expect(upstream, `command ${i + 2}`).not.toBe(answeredBy[i]));
      const all = Array.from({ length: version }, (_, i) => i + 1);
      for (const feed of feeds) {
        await feed.until(version, 15_000);
        expect(feed.versions).toEqual(all);
      }
    } finally {
      feeds.forEach((f) => f.close());
    }
  });

  it('a simulation queued through the balancer is completed by the worker, with the seeded result', { timeout: 120_000 }, async () => {
    const queued = await send('POST', '/v1/simulations', { kind: 'eden.melee', request: meleeRequest(), iterations: 2000, seed: 'fleet' });
    expect(queued.status, queued.text).toBe(202);
    let done: { status: string; result?: unknown } = queued.body;
    await until(
      'the simulation to finish',
      async () => {
        done = (await send('GET', `/v1/simulations/${queued.body.id}`)).body;
        return !['queued', 'running'].includes(done.status);
      },
      90_000,
    );
    expect(done.status, worker.output()).toBe('completed');
    const request = validateSimulationRequest('eden.melee', meleeRequest());
    expect(done.result).toEqual(simulate({ kind: 'eden.melee', request, iterations: 2000, seed: 'fleet' }));
  });

  it('CONTRACT §9.4: a rolling restart (SIGTERM, drain, replacement; one replica, then the other) drops no request', { timeout: 400_000 }, async () => {
    const matches = await Promise.all([0, 1].map(async () => (await send('POST', '/v1/matches', { game: 'anima', players })).body.id as string));
    const failures: string[] = [];
    const answeredBy = new Set<string>();
    let sent = 0;
    let sending = true;
    // four clients, one request after another (a pause of 5 ms between two): two command a match
    // and read it back, two read the game list (cheap, so a replica that stops too early is hit)
    const client = async (c: number) => {
      const id = matches[c % matches.length]!;
      for (let n = 0; sending; n++) {
        const command = { type: 'anima.speed', group: { characters: [{ name: 'Novel', combat: 3, speed: 5 }] }, difficulty: 9, dice: { values: [1 + ((c + n) % 10)] } };
        const request = c >= 2 ? send('GET', '/v1/games') : n % 2 ? send('GET', `/v1/matches/${id}`) : send('POST', `/v1/matches/${id}/commands`, { command });
        // a request the balancer dropped (502, 503) throws
        const answer = await request.catch((error: Error) => void failures.push(error.message.slice(0, 300)));
        sent++;
        if (answer?.upstream) answeredBy.add(answer.upstream);
        if (answer && (answer.status < 200 || answer.status >= 300)) failures.push(`${answer.status} from ${answer.upstream}: ${answer.text.slice(0, 200)}`);
        await new Promise((r) => setTimeout(r, 5));
      }
    };
    const clients = [0, 1, 2, 3].map(client);
    const restarted: string[] = [];
    try {
      for (const old of [...replicas]) {
        const before = sent;
        old.child.kill('SIGTERM');
        const [replacement, exitCode] = await Promise.all([startServer(env, 180_000), old.exited]);
        expect(exitCode, old.output()).toBe(0);
        proxy.add(replacement.base);
        await until('the replacement in rotation', async () => proxy.upstreams.find((u) => u.base === replacement.base)!.ready, 60_000);
        proxy.remove(old.base);
        replicas[replicas.indexOf(old)] = replacement;
        restarted.push(replacement.base);
        // the clients kept going meanwhile
        expect(sent).toBeGreaterThan(before);
      }
      // and requests after the second restart reach both replacements
      const after = sent;
      await until('more requests after the restarts', async () => sent > after + 20, 60_000);
    } finally {
      sending = false;
      await Promise.all(clients);
    }
    expect(failures).toEqual([]);
    expect(proxy.drops).toEqual([]);
    // every replica, old and new, answered some of them
    for (const base of restarted) expect(answeredBy).toContain(base);
    expect(answeredBy.size).toBe(4);
  });
});
