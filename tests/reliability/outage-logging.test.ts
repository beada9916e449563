/**
 * A database outage while serving (issue row 10, CONTRACT §0 "never a 500"): a connection refused
 * or reset (ECONNRESET, 57P01 admin_shutdown, 08006 connection_failure) thrown by the `Database`
 * port answers 503 + Retry-After, not 500; and the log says so once per outage — one "database
 * unavailable" line when it starts, one "database available again" line when it ends — instead of
 * error lines with stacks for every refused request. The database here is the worker's PGlite
 * behind a switch that makes every operation fail as a dropped connection does.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import type { Database } from '../../src/app/ports.js';
import { ConnectingDatabase } from '../../src/infra/database/connecting.js';
import { isOutage, retryAfterOf, toProblem } from '../../src/transport/problem.js';
import { sharedTestPglite } from '../helpers/database.js';
import { testApp } from '../helpers/app.js';
import { withFakeKeys } from './fake-keys.js';

/** What pg throws when the server goes away, by kind. */
const FAILURES: Record<string, () => Error> = {
  ECONNRESET: () => Object.assign(new Error('read ECONNRESET'), { code: 'ECONNRESET', errno: -104, syscall: 'read' }),
  '57P01': () => Object.assign(new Error('terminating connection due to administrator command'), { code: '57P01', severity: 'FATAL' }),
  '08006': () => Object.assign(new Error('connection failure'), { code: '08006', severity: 'FATAL' }),
};

/** `database` with a switch: while `failing` is set, every operation throws that failure. */
function switchable(database: Database) {
  const state: { failing?: () => Error } = {};
  const gate = () => {
    if (state.failing) throw state.failing();
  };
  const db: Database = {
    kind: 'postgres',
    url: database.url,
    query: async (text, params) => (gate(), database.query(text, params)),
    transaction: async (fn) => (gate(), database.transaction(fn)),
    ping: async () => (gate(), database.ping()),
    close: async () => undefined,
  };
  return { db, state };
}

const PLAYERS = [
  { id: 'p1', name: 'Ana' },
  { id: 'p2', name: 'Ben' },
];
const auth = { authorization: 'Bearer key-outage' };

describe('a database outage while serving', () => {
  let database: Database;
  beforeAll(async () => {
    database = await sharedTestPglite();
  });
  afterAll(() => database?.close());

  it('connection failures are dependency outages: 503 with Retry-After, whatever layer they come from', () => {
    for (const [code, make] of Object.entries(FAILURES)) {
      expect(toProblem(make()), code).toMatchObject({ status: 503, code: 'unavailable' });
      expect(retryAfterOf(make()), code).toBeGreaterThan(0);
      expect(isOutage(make()), code).toBe(true);
    }
    // the Prisma client's "can't reach database server" and a driver adapter's closed connection
    const prisma = Object.assign(new Error("Can't reach database server"), { code: 'P1001', meta: { driverAdapterError: { cause: { kind: 'DatabaseNotReachable' } } } });
    expect(toProblem(prisma)).toMatchObject({ status: 503 });
    expect(isOutage({ name: 'DriverAdapterError', cause: { kind: 'ConnectionClosed' } })).toBe(true);
    // an SQL error is an answer, not an outage: still a 500
    const sql = Object.assign(new Error('division by zero'), { code: '22012' });
    expect(isOutage(sql)).toBe(false);
    expect(toProblem(sql).status).toBe(500);
  });

  it.each(Object.keys(FAILURES))('a %s from the Database port answers 503 + Retry-After, not 500', async (code) => {
    const { db, state } = switchable(database);
    const app = await testApp({}, { database: db }, withFakeKeys);
    try {
      const created = await app.inject({ method: 'POST', url: '/v1/matches', headers: auth, payload: { game: 'eden', players: PLAYERS } });
      expect(created.statusCode).toBe(201);
      state.failing = FAILURES[code];
      const res = await app.inject({ method: 'GET', url: `/v1/matches/${created.json().id}`, headers: auth });
      expect(res.statusCode).toBe(503);
      expect(Number(res.headers['retry-after'])).toBeGreaterThan(0);
      expect(res.headers['content-type']).toMatch(/^application\/problem\+json/);
      expect(res.json()).toMatchObject({ status: 503, code: 'unavailable' });
      const gql = await app.inject({ method: 'POST', url: '/graphql', headers: auth, payload: { query: `{ match(id: "${created.json().id}") { id } }` } });
      expect(gql.json().errors[0].extensions).toMatchObject({ status: 503, code: 'unavailable' });
    } finally {
      await app.close();
    }
  });

  describe('logged once per outage (the served database: ConnectingDatabase)', () => {
    const lines: { level: number; msg?: string; err?: unknown; [k: string]: unknown }[] = [];
    let app: FastifyInstance;
    let served: ConnectingDatabase;
    let state: { failing?: () => Error };
    beforeAll(async () => {
      const flaky = switchable(database);
      state = flaky.state;
      const infraLog = {
        info: (obj: object, msg?: string) => void lines.push({ level: 30, ...obj, msg }),
        warn: (obj: object, msg?: string) => void lines.push({ level: 40, ...obj, msg }),
      };
      served = new ConnectingDatabase(flaky.db, { log: infraLog });
      await served.ready;
      // the app's own log lines, captured
      app = await testApp({ logLevel: 'info', logStream: { write: (line) => void lines.push(JSON.parse(line)) } }, { database: served }, withFakeKeys);
    });
    afterAll(async () => {
      await app?.close();
    });

    it('N refused requests during one outage: one "database unavailable" line, one "database available again" line, no error lines', async () => {
      const created = await app.inject({ method: 'POST', url: '/v1/matches', headers: auth, payload: { game: 'eden', players: PLAYERS } });
      expect(created.statusCode).toBe(201);
      const url = `/v1/matches/${created.json().id}`;
      lines.length = 0;

      state.failing = FAILURES.ECONNRESET;
      const N = 30;
      // some one after the other, some at once
      const answers = [];
      for (let i = 0; i < N / 2; i++) answers.push(await app.inject({ method: 'GET', url, headers: auth }));
      answers.push(...(await Promise.all(Array.from({ length: N / 2 }, () => app.inject({ method: 'GET', url, headers: auth })))));
      for (const res of answers) {
        expect(res.statusCode).toBe(503);
        expect(res.headers['retry-after']).toBe('5');
      }
      expect((await app.inject({ method: 'GET', url: '/ready' })).statusCode).toBe(503);

      state.failing = undefined;
      expect((await app.inject({ method: 'GET', url, headers: auth })).statusCode).toBe(200);
      expect((await app.inject({ method: 'GET', url, headers: auth })).statusCode).toBe(200);

      const outage = lines.filter((l) => l.msg === 'database unavailable');
      const recovery = lines.filter((l) => l.msg === 'database available again');
      expect(outage).toHaveLength(1);
      expect(outage[0]).toMatchObject({ level: 40, err: { code: 'ECONNRESET' } });
      expect(recovery).toHaveLength(1);
      expect(recovery[0]).toMatchObject({ level: 30, failedOperations: expect.any(Number) });
      // nothing at error level, and no stack anywhere: each refused request says only "request rejected" (info)
      expect(lines.filter((l) => l.level >= 50)).toEqual([]);
      expect(JSON.stringify(lines)).not.toMatch(/"stack"/);
      expect(lines.filter((l) => l.msg === 'request rejected')).toHaveLength(N);
    });

    it('failures of the Prisma client (API keys) count for the same outage state', () => {
      lines.length = 0;
      const unreachable = Object.assign(new Error("Can't reach database server"), { code: 'P1001' });
      for (let i = 0; i < 5; i++) served.observe(unreachable);
      served.observe();
      served.observe();
      expect(lines.map((l) => l.msg)).toEqual(['database unavailable', 'database available again']);
    });
  });
});
