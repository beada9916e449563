/**
 * `npm start` while PostgreSQL refuses connections: the process stays up, /health is 200, /ready
 * is 503 (`checks.database: "unavailable"`) and routes that need the database answer 503
 * problems; once the server accepts connections (here: a TCP proxy to the real PostgreSQL starts
 * on the port DATABASE_URL names) the database is migrated and /ready turns 200 without a restart.
 * Then an outage while serving (the proxy drops every connection and refuses new ones): requests
 * answer 503 + Retry-After, and the log says "database unavailable" once and "database available
 * again" once, not an error line per request.
 */
import { connect, createServer, type Server as NetServer, type Socket } from 'node:net';
import pg from 'pg';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { LOCAL_POSTGRES_URL, createTempPostgresDatabase, type TempPostgres } from '../helpers/database.js';
import { freePort, killAll, startServer, until } from '../helpers/process.js';
import { exclusiveServerTurn } from '../helpers/server-turn.js';

// one file at a time on the real PostgreSQL server (tests/helpers/server-turn.ts)
let releaseServer: (() => Promise<void>) | undefined;
beforeAll(async () => {
  releaseServer = await exclusiveServerTurn();
});
afterAll(async () => releaseServer?.());

const ADMIN = 'unavailable-test-admin';
const SERVER_URL = process.env.DATABASE_URL ?? LOCAL_POSTGRES_URL;

async function postgresReachable(): Promise<boolean> {
  const client = new pg.Client({ connectionString: SERVER_URL, connectionTimeoutMillis: 2000 });
  try {
    await client.connect();
    return true;
  } catch {
    return false;
  } finally {
    await client.end().catch(() => undefined);
  }
}

/** Forwards 127.0.0.1:`port` to the PostgreSQL server of `target`. */
async function startProxy(port: number, target: URL): Promise<NetServer & { sockets: Set<Socket> }> {
  const sockets = new Set<Socket>();
  const server = createServer((inbound) => {
    const outbound = connect(Number(target.port || 5432), target.hostname);
    for (const s of [inbound, outbound]) {
      sockets.add(s);
      s.on('close', () => sockets.delete(s));
      s.on('error', () => undefined);
    }
    inbound.pipe(outbound).pipe(inbound);
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, '127.0.0.1', resolve);
  });
  return Object.assign(server, { sockets });
}

const available = await postgresReachable();

describe.skipIf(!available)('start-up while PostgreSQL refuses connections', () => {
  let temp: TempPostgres | undefined;
  let proxy: (NetServer & { sockets: Set<Socket> }) | undefined;
  afterEach(async () => {
    await killAll();
    if (proxy) {
      for (const s of proxy.sockets) s.destroy();
      await new Promise((r) => proxy!.close(r));
      proxy = undefined;
    }
  });
  afterAll(async () => {
    await temp?.drop();
  });

  it('listens meanwhile (/health 200, /ready 503, 503 problems) and becomes ready once PostgreSQL answers', { timeout: 180_000 }, async () => {
    temp = await createTempPostgresDatabase(SERVER_URL);
    const port = await freePort(); // nobody listens here yet: connections are refused
    const url = new URL(temp.url);
    const refused = new URL(temp.url);
    refused.hostname = '127.0.0.1';
    refused.port = String(port);

    // info: the recovery line is an info line
    const server = await startServer({ DATABASE_URL: refused.toString(), ADMIN_TOKEN: ADMIN, LOG_LEVEL: 'info' });
    expect((await fetch(`${server.base}/health`)).status).toBe(200);
    const notReady = await fetch(`${server.base}/ready`);
    expect(notReady.status).toBe(503);
    expect(notReady.headers.get('content-type')).toMatch(/^application\/problem\+json/);
    expect(Number(notReady.headers.get('retry-after'))).toBeGreaterThan(0);
    expect(await notReady.json()).toMatchObject({ status: 503, code: 'not_ready', checks: { database: 'unavailable' } });

    const createKey = () =>
      fetch(`${server.base}/v1/admin/keys`, {
        method: 'POST',
        headers: { authorization: `Bearer ${ADMIN}`, 'content-type': 'application/json' },
        body: JSON.stringify({ name: 'after-outage' }),
      });
    const refusedWrite = await createKey();
    expect(refusedWrite.status).toBe(503);
    expect(refusedWrite.headers.get('content-type')).toMatch(/^application\/problem\+json/);

    // a few retries later the process is still up and still not ready
    await new Promise((r) => setTimeout(r, 1500));
    expect(server.child.exitCode).toBeNull();
    expect((await fetch(`${server.base}/ready`)).status).toBe(503);

    // PostgreSQL becomes reachable: migrated and ready without a restart (backoff is capped at 5 s)
    proxy = await startProxy(port, url);
    await until('/ready 200', async () => (await fetch(`${server.base}/ready`)).status === 200, 30_000);
    expect((await createKey()).status).toBe(201);
    const check = new pg.Client({ connectionString: temp.url });
    await check.connect();
    try {
      const { rows } = await check.query('SELECT migration_name FROM _prisma_migrations WHERE finished_at IS NOT NULL');
      expect(rows.map((r) => r.migration_name)).toContain('20261125000000_init');
    } finally {
      await check.end();
    }
    expect(server.output()).not.toContain('start-up failed');

    // an outage while serving: every connection dropped, new ones refused
    const { key } = (await (await createKey()).json()) as { key: string };
    const before = server.output().length;
    for (const s of proxy.sockets) s.destroy();
    await new Promise((r) => proxy!.close(r));
    proxy = undefined;
    const N = 12;
    for (let i = 0; i < N; i++) {
      const refusedRequest = i % 2 ? await createKey() : await fetch(`${server.base}/v1/me`, { headers: { authorization: `Bearer ${key}` } });
      expect(refusedRequest.status, `request ${i}`).toBe(503);
      expect(Number(refusedRequest.headers.get('retry-after')), `request ${i}`).toBeGreaterThan(0);
      expect(refusedRequest.headers.get('content-type')).toMatch(/^application\/problem\+json/);
    }
    proxy = await startProxy(port, url);
    await until('a key created again', async () => (await createKey()).status === 201, 30_000);
    expect((await fetch(`${server.base}/v1/me`, { headers: { authorization: `Bearer ${key}` } })).status).toBe(200);

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
