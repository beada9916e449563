/**
 * A slow database is an outage, not a crash (issue 36, item 7; CONTRACT §9.4): a connection that is
 * not answered within its connect timeout fails with pg's "timeout expired" (the Prisma client passes
 * the same error on). It must answer 503 + Retry-After on every route — the public share link of a
 * stored list and the creation of a blind roll (both on the Prisma client) included — and at
 * start-up it must be waited for with a logged back-off, not end the process with exit 1.
 *
 * - Without PostgreSQL: the classification, the back-off, and the routes over the worker's PGlite
 *   behind a switch that makes every operation fail as an unanswered connection does.
 * - With DATABASE_URL: `npm start` behind a TCP proxy that accepts connections and never answers
 *   (the server's connect timeout expires), before start-up and again while serving.
 */
import { connect, createServer, type Server as NetServer, type Socket } from 'node:net';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import type { Database } from '../../src/app/ports.js';
import { isTransientConnectionError, retryOutage } from '../../src/infra/database/transient.js';
import { poolDatabaseOf } from '../../src/infra/database/pool.js';
import { isOutage, retryAfterOf, toProblem } from '../../src/transport/problem.js';
import { createTempPostgresDatabase, sharedTestPglite, type TempPostgres } from '../helpers/database.js';
import { testApp } from '../helpers/app.js';
import { freePort, killAll, startServer, until, type Server } from '../helpers/process.js';

const ROSTER = { bandType: 'faction', fighters: [{ ref: 'yuri' }] };

/** What pg and the Prisma client throw when the database does not answer in time, or the connection broke. */
const SLOW: Record<string, () => Error> = {
  'timeout expired (pg connect timeout)': () => new Error('timeout expired'),
  'Connection terminated due to connection timeout (pg-pool)': () => new Error('Connection terminated due to connection timeout', { cause: new Error('timeout expired') }),
  'timeout exceeded when trying to connect (pool wait)': () => new Error('timeout exceeded when trying to connect'),
  'Query read timeout': () => new Error('Query read timeout'),
  'not queryable (a client whose connection broke)': () => new Error('Client has encountered a connection error and is not queryable'),
  'Prisma, passing pg on': () => Object.assign(new Error('timeout expired'), { clientVersion: '7.10.1' }),
};

describe('a database that does not answer in time is an outage', () => {
  it.each(Object.keys(SLOW))('%s: transient for the retries, 503 + Retry-After for the problem mapping', (name) => {
    const error = SLOW[name]!();
    expect(isTransientConnectionError(error)).toBe(true);
    expect(isOutage(error)).toBe(true);
    expect(toProblem(error)).toMatchObject({ status: 503, code: 'unavailable' });
    expect(retryAfterOf(error)).toBeGreaterThan(0);
  });

  it('a wrong request stays what it is (not an outage)', () => {
    const syntax = Object.assign(new Error('syntax error at or near "SELEC"'), { code: '42601' });
    expect(isTransientConnectionError(syntax)).toBe(false);
    expect(isOutage(syntax)).toBe(false);
    expect(toProblem(new Error('something else')).status).toBe(500);
  });

  it('start-up back-off: retries an outage with capped, doubling delays and logs it; anything else is thrown at once', async () => {
    const lines: { level: string; msg?: string; fields: Record<string, unknown> }[] = [];
    const log = {
      info: (fields: object, msg?: string) => lines.push({ level: 'info', msg, fields: fields as Record<string, unknown> }),
      warn: (fields: object, msg?: string) => lines.push({ level: 'warn', msg, fields: fields as Record<string, unknown> }),
    };
    const delays: number[] = [];
    let calls = 0;
    const result = await retryOutage(
      async () => {
        calls++;
        if (calls < 5) throw new Error('timeout expired');
        return 'open';
      },
      { minDelayMs: 5, maxDelayMs: 20, log, onPause: () => delays.push(Date.now()) },
    );
    expect(result).toBe('open');
    expect(calls).toBe(5);
    expect(lines.map((l) => l.msg)).toEqual(['database unavailable: retrying', 'database reachable']);
    expect(lines[0]!.fields).toMatchObject({ attempt: 1, retryInMs: 5 });
    expect(lines[1]!.fields).toMatchObject({ attempts: 5 });

    const fatal = Object.assign(new Error('password authentication failed'), { code: '28P01' });
    let fatalCalls = 0;
    await expect(
      retryOutage(async () => {
        fatalCalls++;
        throw fatal;
      }),
    ).rejects.toBe(fatal);
    expect(fatalCalls).toBe(1);

    // a deadline bounds the wait: the last outage error is thrown, with a line saying so
    const began = Date.now();
    await expect(retryOutage(() => Promise.reject(new Error('timeout expired')), { minDelayMs: 10, maxDelayMs: 20, deadlineMs: 100, log })).rejects.toThrow('timeout expired');
    expect(Date.now() - began).toBeLessThan(2000);
    expect(lines.at(-1)!.msg).toBe('database unavailable: giving up');
  });
});

/**
 * `database` with a switch: while `failing` is set, every operation throws that failure — the
 * Prisma client's too (`serve`, which `prismaFor` runs each of its operations through).
 */
function switchable(database: Database) {
  const state: { failing?: () => Error } = {};
  const gate = () => {
    if (state.failing) throw state.failing();
  };
  const db = {
    kind: database.kind,
    url: database.url,
    soleWriter: database.soleWriter,
    query: async (text, params) => (gate(), database.query(text, params)),
    transaction: async (fn) => (gate(), database.transaction(fn)),
    ping: async () => (gate(), database.ping()),
    close: async () => undefined,
    serve: async <T>(operation: () => Promise<T>): Promise<T> => (gate(), operation()),
    poolDatabase: () => poolDatabaseOf(database),
  } satisfies Database & Record<string, unknown>;
  return { db, state };
}

describe('every route answers 503 + Retry-After when the database does not answer in time (PGlite behind a switch)', () => {
  let app: FastifyInstance;
  let database: Database;
  let sw: ReturnType<typeof switchable>;
  let key: string;
  let rosterId: string;
  beforeAll(async () => {
    database = await sharedTestPglite();
    sw = switchable(database);
    app = await testApp({}, { database: sw.db });
    key = (await app.services.apiKeys!.create('slow')).key;
    const stored = await app.inject({ method: 'POST', url: '/v1/eden/rosters', payload: { roster: ROSTER }, headers: { authorization: `Bearer ${key}` } });
    expect(stored.statusCode).toBe(201);
    rosterId = (stored.json() as { id: string }).id;
  });
  afterAll(async () => {
    await app?.close();
    await database?.close();
  });

  it('public share link, blind roll, key routes and GraphQL: 503 problems with Retry-After while it times out, 200 again after', async () => {
    for (const failure of Object.keys(SLOW)) {
      // a key this process has not resolved yet (one it has is answered from memory: the embedded database has no other writer)
      sw.state.failing = undefined;
      const unseen = (await app.services.apiKeys!.create(`slow ${failure}`)).key;
      expect((await app.inject({ method: 'GET', url: '/v1/me', headers: { authorization: `Bearer ${key}` } })).statusCode).toBe(200);
      const requests = [
        { method: 'GET' as const, url: `/v1/eden/rosters/${rosterId}` },
        { method: 'POST' as const, url: '/v1/dice/rolls', payload: { notation: '1d20', blind: true } },
        { method: 'GET' as const, url: '/v1/me', headers: { authorization: `Bearer ${unseen}` } },
        {
          method: 'POST' as const,
          url: '/v1/matches',
          headers: { authorization: `Bearer ${key}` },
          payload: {
            game: 'eden',
            players: [
              { id: 'p1', name: 'Ana' },
              { id: 'p2', name: 'Ben' },
            ],
          },
        },
      ];
      sw.state.failing = SLOW[failure];
      for (const request of requests) {
        const res = await app.inject(request);
        expect(res.statusCode, `${failure}: ${request.method} ${request.url} → ${res.body}`).toBe(503);
        expect(Number(res.headers['retry-after']), `${failure}: ${request.url}`).toBeGreaterThan(0);
        expect(res.headers['content-type']).toMatch(/^application\/problem\+json/);
      }
    }
    // the key it resolved before the outage still is, from memory
    expect((await app.inject({ method: 'GET', url: '/v1/me', headers: { authorization: `Bearer ${key}` } })).statusCode).toBe(200);
    sw.state.failing = undefined;
    expect((await app.inject({ method: 'GET', url: `/v1/eden/rosters/${rosterId}` })).statusCode).toBe(200);
  });
});

/** A TCP proxy to the PostgreSQL server of `target` that can stop answering: accepted connections then never get a byte. */
async function startSwitchProxy(port: number, target: URL) {
  let answering = false;
  const sockets = new Set<Socket>();
  const track = (s: Socket) => {
    sockets.add(s);
    s.on('close', () => sockets.delete(s));
    s.on('error', () => undefined);
  };
  const server: NetServer = createServer((inbound) => {
    track(inbound);
    if (!answering) return; // accepted, never answered: the client's connect timeout expires
    const outbound = connect(Number(target.port || 5432), target.hostname);
    track(outbound);
    inbound.pipe(outbound).pipe(inbound);
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, '127.0.0.1', resolve);
  });
  return {
    /** Answer from now on. */
    answer: () => (answering = true),
    /** Stop answering: every open connection is dropped, new ones are accepted and never answered. */
    hang: () => {
      answering = false;
      for (const s of sockets) s.destroy();
    },
    close: async () => {
      for (const s of sockets) s.destroy();
      await new Promise((r) => server.close(r));
    },
  };
}

const url = process.env.DATABASE_URL;

describe.skipIf(!url)('npm start on a PostgreSQL server that does not answer (TCP proxy that accepts and stays silent)', () => {
  let temp: TempPostgres | undefined;
  let proxy: Awaited<ReturnType<typeof startSwitchProxy>> | undefined;
  afterEach(async () => {
    await killAll();
    await proxy?.close();
    proxy = undefined;
  });
  afterAll(async () => {
    await temp?.drop();
  });

  it('waits at start-up (logged back-off, no exit), becomes ready, then answers 503 + Retry-After on every route while it hangs', { timeout: 180_000 }, async () => {
    const ADMIN = 'slow-database-admin';
    temp = await createTempPostgresDatabase(url);
    const port = await freePort();
    const silent = new URL(temp.url);
    silent.hostname = '127.0.0.1';
    silent.port = String(port);
    proxy = await startSwitchProxy(port, new URL(temp.url));

    const server: Server = await startServer({ DATABASE_URL: silent.toString(), ADMIN_TOKEN: ADMIN, LOG_LEVEL: 'info' });
    // several connect timeouts (1.5 s each) later: still up, not ready, retrying
    await new Promise((r) => setTimeout(r, 5000));
    expect(server.child.exitCode, server.output()).toBeNull();
    expect((await fetch(`${server.base}/health`)).status).toBe(200);
    const notReady = await fetch(`${server.base}/ready`);
    expect(notReady.status).toBe(503);
    expect(Number(notReady.headers.get('retry-after'))).toBeGreaterThan(0);
    expect(server.output()).toContain('database unavailable: retrying');
    expect(server.output()).not.toContain('start-up failed');

    proxy.answer();
    await until('/ready 200', async () => (await fetch(`${server.base}/ready`)).status === 200, 60_000);
    const admin = { authorization: `Bearer ${ADMIN}`, 'content-type': 'application/json' };
    const { key } = (await (await fetch(`${server.base}/v1/admin/keys`, { method: 'POST', headers: admin, body: JSON.stringify({ name: 'slow' }) })).json()) as { key: string };
    const auth = { authorization: `Bearer ${key}`, 'content-type': 'application/json' };
    const stored = await fetch(`${server.base}/v1/eden/rosters`, { method: 'POST', headers: auth, body: JSON.stringify({ roster: ROSTER }) });
    expect(stored.status).toBe(201);
    const { id } = (await stored.json()) as { id: string };
    expect((await fetch(`${server.base}/v1/eden/rosters/${id}`)).status).toBe(200);
    const json = { 'content-type': 'application/json' };
    expect((await fetch(`${server.base}/v1/dice/rolls`, { method: 'POST', headers: json, body: JSON.stringify({ notation: '1d20', blind: true }) })).status).toBe(201);

    // the server stops answering while serving
    const before = server.output().length;
    proxy.hang();
    const requests: [string, () => Promise<Response>][] = [
      ['share link (public)', () => fetch(`${server.base}/v1/eden/rosters/${id}`)],
      ['blind roll (public)', () => fetch(`${server.base}/v1/dice/rolls`, { method: 'POST', headers: json, body: JSON.stringify({ notation: '1d20', blind: true }) })],
      ['me', () => fetch(`${server.base}/v1/me`, { headers: auth })],
      ['create match', () => fetch(`${server.base}/v1/matches`, { method: 'POST', headers: auth, body: JSON.stringify({ game: 'eden', players: [{ id: 'p1', name: 'Ana' }] }) })],
      ['store roster', () => fetch(`${server.base}/v1/eden/rosters`, { method: 'POST', headers: auth, body: JSON.stringify({ roster: ROSTER }) })],
      ['graphql', () => fetch(`${server.base}/graphql`, { method: 'POST', headers: auth, body: JSON.stringify({ query: `{ edenRoster(id: "${id}") { id } }` }) })],
    ];
    for (let round = 0; round < 2; round++) {
      for (const [name, send] of requests) {
        const began = Date.now();
        const res = await send();
        const body = await res.text();
        if (name === 'graphql') {
          // GraphQL answers 200 with an error carrying the problem (CONTRACT §7.1), or 503 before it runs
          expect([200, 503], `${name}: ${body}`).toContain(res.status);
          expect(body, name).toMatch(/"status":503|"code":"unavailable"/);
        } else {
          expect(res.status, `${name} (round ${round}): ${body}`).toBe(503);
          expect(Number(res.headers.get('retry-after')), name).toBeGreaterThan(0);
          expect(res.headers.get('content-type'), name).toMatch(/^application\/problem\+json/);
        }
        expect(Date.now() - began, `${name} answered in time`).toBeLessThan(15_000);
      }
    }
    expect((await fetch(`${server.base}/ready`)).status).toBe(503);
    expect(server.child.exitCode).toBeNull();

    proxy.answer();
    await until('the share link again', async () => (await fetch(`${server.base}/v1/eden/rosters/${id}`)).status === 200, 60_000);
    const lines = server
      .output()
      .slice(before)
      .split('\n')
      .filter((line) => line.startsWith('{'))
      .map((line) => JSON.parse(line) as { level: number; msg?: string });
    expect(lines.filter((l) => l.msg === 'database unavailable')).toHaveLength(1);
    expect(lines.filter((l) => l.msg === 'database available again')).toHaveLength(1);
    expect(lines.filter((l) => l.level >= 50)).toEqual([]);
  });
});
