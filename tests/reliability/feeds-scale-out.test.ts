/**
 * Live feeds across API replicas (PostgreSQL only: PGlite has one owner process). Two apps, each
 * with its own services, pool and listener, over the SAME database: an append made through A must
 * wake SSE feeds and GraphQL subscriptions on B through LISTEN/NOTIFY, not by polling, and idle
 * feeds must cost no database queries. B's safety-net re-read (every 30 s) is switched off, so what
 * reaches B's feeds came through NOTIFY; how fast it does is measured by bench/feeds.bench.ts.
 * Skipped without DATABASE_URL.
 */
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { FastifyInstance } from 'fastify';
import pg from 'pg';
import type { Database } from '../../src/app/ports.js';
import { PoolDatabase } from '../../src/infra/database/pool.js';
import { migrate } from '../../src/infra/migrator.js';
import { apiKeyStore } from '../../src/infra/keys.js';
import { LISTENER_NAME, PostgresAppendNotifications } from '../../src/infra/notify/postgres.js';
import { createTempPostgresDatabase, type TempPostgres } from '../helpers/database.js';
import { testApp } from '../helpers/app.js';
import { WebSocket } from '../helpers/ws.js';
import { openFeed } from '../helpers/sse-feed.js';

const url = process.env.DATABASE_URL;

/** The `Database` port with a count of every statement and transaction sent through it. */
function counted(db: Database): { db: Database; count: () => number } {
  let n = 0;
  const query = (...args: unknown[]) => {
    n++;
    return (db.query as (...a: unknown[]) => Promise<never>)(...args);
  };
  const wrapped = {
    kind: db.kind,
    url: db.url,
    query,
    transaction: (fn: Parameters<Database['transaction']>[0]) => {
      n++;
      return db.transaction(fn);
    },
    ping: () => db.ping(),
    close: () => db.close(),
  } as Database;
  return { db: wrapped, count: () => n };
}

describe.skipIf(!url)('live feeds across two API instances on one PostgreSQL database', () => {
  let temp: TempPostgres;
  let dbA: Database;
  let rawB: Database;
  let countB: () => number;
  let appA: FastifyInstance;
  let appB: FastifyInstance;
  let key: string;
  let baseB: string;

  const append = async (matchId: string, expectedVersion: number) => {
    const res = await appA.inject({
      method: 'POST',
      url: `/v1/matches/${matchId}/events`,
      headers: { authorization: `Bearer ${key}` },
      payload: { expectedVersion, events: [{ type: 'table.photo', data: { n: expectedVersion + 1 } }] },
    });
    expect(res.statusCode).toBe(201);
  };
  const createMatch = async () => {
    const res = await appA.inject({
      method: 'POST',
      url: '/v1/matches',
      headers: { authorization: `Bearer ${key}` },
      payload: {
        game: 'eden',
        players: [
          { id: 'p1', name: 'Ana' },
          { id: 'p2', name: 'Ben' },
        ],
      },
    });
    return (res.json() as { id: string }).id;
  };

  beforeAll(async () => {
    temp = await createTempPostgresDatabase(url);
    dbA = new PoolDatabase({ kind: 'postgres', url: temp.url, max: 10 });
    await migrate(dbA);
    rawB = new PoolDatabase({ kind: 'postgres', url: temp.url, max: 10 });
    const b = counted(rawB);
    countB = b.count;
    appA = await testApp({}, { database: dbA });
    appB = await testApp({}, { database: b.db });
    key = (await apiKeyStore(dbA).create('replicas')).key;
    await appB.listen({ port: 0, host: '127.0.0.1' });
    baseB = `http://127.0.0.1:${(appB.server.address() as { port: number }).port}`;
    // B hears of A's appends through NOTIFY only: its periodic safety-net re-read does nothing
    const notificationsB = appB.services.matches?.notifications;
    expect(notificationsB).toBeInstanceOf(PostgresAppendNotifications);
    vi.spyOn(notificationsB as unknown as { recheckVersions(): Promise<void> }, 'recheckVersions').mockResolvedValue(undefined);
  });

  afterAll(async () => {
    await appA?.close();
    await appB?.close();
    await dbA?.close();
    await rawB?.close();
    await temp?.drop();
  });

  it('each of 200 appends on A reaches an SSE feed on B through NOTIFY, in order', async () => {
    const id = await createMatch();
    const feed = openFeed(`${baseB}/v1/matches/${id}/feed`, key);
    try {
      await feed.opened;
      // The first append also proves B's listener is up (it connects when the first feed subscribes).
      await append(id, 0);
      await feed.until(1, 10_000);
      // one append at a time, each delivered before the next is made (the deadline is against a hang)
      for (let v = 1; v <= 200; v++) {
        await append(id, v);
        await feed.until(v + 1, 10_000);
      }
      expect(feed.versions).toEqual(Array.from({ length: 201 }, (_, i) => i + 1));
    } finally {
      feed.close();
    }
  });

  it('200 idle SSE feeds on B cost no database queries over 3 s, and all wake on the next append', async () => {
    const matches = await Promise.all(Array.from({ length: 10 }, () => createMatch()));
    const feeds = Array.from({ length: 200 }, (_, i) => openFeed(`${baseB}/v1/matches/${matches[i % matches.length]!}/feed`, key));
    try {
      await Promise.all(feeds.map((f) => f.opened));
      // Let every feed finish its catch-up read (and the listener its LISTEN).
      let before = countB();
      for (let settled = 0, tries = 0; settled < 3 && tries < 25; tries++) {
        await new Promise((r) => setTimeout(r, 200));
        const now = countB();
        settled = now === before ? settled + 1 : 0;
        before = now;
      }
      await new Promise((r) => setTimeout(r, 3000));
      expect(countB() - before).toBe(0);
      await append(matches[0]!, 0);
      await Promise.all(feeds.filter((_, i) => i % matches.length === 0).map((f) => f.until(1, 3000)));
    } finally {
      feeds.forEach((f) => f.close());
    }
  });

  it('a GraphQL subscription on B receives each append made on A, through NOTIFY, in order', async () => {
    const id = await createMatch();
    const ws = new WebSocket(`${baseB.replace('http', 'ws')}/graphql`, 'graphql-transport-ws');
    const versions: number[] = [];
    let acked = false;
    ws.on('message', (data) => {
      const m = JSON.parse(String(data)) as { type: string; payload?: { data?: { matchEvents?: { version: number } } } };
      if (m.type === 'connection_ack') acked = true;
      const v = m.payload?.data?.matchEvents?.version;
      if (m.type === 'next' && v !== undefined) versions.push(v);
    });
    ws.on('error', () => undefined);
    /** Resolves when `ok()` holds; rejects after `ms` (a deadline against a hang). */
    const until = async (ok: () => boolean, what: string, ms = 10_000) => {
      const deadline = Date.now() + ms;
      while (!ok()) {
        if (Date.now() > deadline) throw new Error(`timed out waiting for ${what} (versions ${versions.join(',')})`);
        await new Promise((r) => setTimeout(r, 2));
      }
    };
    try {
      await new Promise<void>((resolve) => ws.on('open', resolve));
      ws.send(JSON.stringify({ type: 'connection_init', payload: { headers: { authorization: `Bearer ${key}` } } }));
      await until(() => acked, 'connection_ack');
      ws.send(JSON.stringify({ id: 's', type: 'subscribe', payload: { query: 'subscription($id: ID!) { matchEvents(id: $id, after: 0) { version } }', variables: { id } } }));
      await append(id, 0);
      await until(() => versions.includes(1), 'version 1');
      // one append at a time, each delivered before the next is made
      for (let v = 1; v <= 20; v++) {
        await append(id, v);
        await until(() => versions.includes(v + 1), `version ${v + 1}`);
      }
      expect(versions).toEqual(Array.from({ length: 21 }, (_, i) => i + 1));
    } finally {
      ws.close();
    }
  });

  it('after the listening connection drops, it reconnects and every feed reads again once', async () => {
    const notifications = new PostgresAppendNotifications(dbA);
    const heard: (number | undefined)[] = [];
    const unsubscribe = notifications.subscribe('00000000-0000-4000-8000-000000000001', (v) => heard.push(v));
    const admin = new pg.Client({ connectionString: temp.url });
    await admin.connect();
    try {
      const listeners = async () =>
        (await admin.query<{ pid: number }>(`SELECT pid FROM pg_stat_activity WHERE datname = current_database() AND application_name = $1`, [LISTENER_NAME])).rows;
      const deadline = Date.now() + 5000;
      while (!heard.includes(undefined) && Date.now() < deadline) await new Promise((r) => setTimeout(r, 20));
      expect(heard).toEqual([undefined]); // the first connect: read once
      heard.length = 0;
      const pids = await listeners();
      expect(pids.length).toBeGreaterThan(0);
      for (const { pid } of pids) await admin.query('SELECT pg_terminate_backend($1)', [pid]);
      while (!heard.includes(undefined) && Date.now() < deadline + 5000) await new Promise((r) => setTimeout(r, 20));
      expect(heard).toContain(undefined);
    } finally {
      unsubscribe();
      await notifications.close();
      await admin.end();
    }
  });
});
