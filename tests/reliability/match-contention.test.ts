/**
 * Commands on one match under contention (issue 35 item 10, issue 36 item 5): ten clients commanding
 * one match without `expectedVersion` used to collide on its version, be decided again and again,
 * and get 409 after the server's retries. A match's commands now take turns (EventStore.serialized:
 * an advisory lock on the match in PostgreSQL, a turn in the in-memory store): every command is
 * applied or refused by the rules, never 409 for contention, and the log stays 1..n. On the
 * database targets the clients are split over two apps on one database (two replicas: their
 * in-process queues apart, the lock shared). A command that names a stale `expectedVersion` still
 * gets 409. Run on memory, the embedded PGlite and, when DATABASE_URL is set, PostgreSQL.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import type { Database } from '../../src/app/ports.js';
import { apiKeyStore } from '../../src/infra/keys.js';
import { PoolDatabase } from '../../src/infra/database/pool.js';
import { databaseTargets } from '../helpers/database.js';
import { memoryApp, testApp } from '../helpers/app.js';
import { explorationExamples } from '../../src/games/anima/operations/examples.js';

const CLIENTS = 10;
const COMMANDS = 10;
/** The embedded engine on a loaded machine answers a few dozen commands a second: room for ~200 of them. */
const TIMEOUT_MS = 120_000;

type Json = Record<string, any>;

interface Answer {
  status: number;
  body: Json;
}

interface Replicas {
  /** The apps the clients are spread over (one in memory, two on a database). */
  apps: FastifyInstance[];
  key: string;
  close(): Promise<void>;
}

const targets: { name: string; open(): Promise<Replicas> }[] = [
  {
    name: 'memory',
    open: async () => {
      const app = await memoryApp();
      const key = (await app.services.apiKeys!.create('contention')).key;
      return { apps: [app], key, close: () => app.close() };
    },
  },
  ...databaseTargets().map((target) => ({
    name: target.name,
    open: async (): Promise<Replicas> => {
      const opened: Database = await target.open();
      // a second replica: its own pool and its own services on the same database (on PGlite a client
      // of its socket, as a worker is: the first handle is then no longer the only writer)
      const db: Database = opened.soleWriter ? { ...opened, soleWriter: false } : opened;
      const other = new PoolDatabase({ kind: db.kind, url: db.url, max: 4 });
      const apps = [await testApp({}, { database: db }), await testApp({}, { database: other })];
      const key = (await apiKeyStore(db).create('contention')).key;
      return {
        apps,
        key,
        close: async () => {
          for (const app of apps) await app.close();
          await other.close();
          await db.close();
        },
      };
    },
  })),
];

for (const target of targets) {
  describe(`commands on one contested match on ${target.name}`, () => {
    let replicas: Replicas;
    beforeAll(async () => {
      replicas = await target.open();
    });
    afterAll(async () => replicas?.close());

    const call = async (client: number, url: string, body: unknown, bearer = replicas.key, method: 'GET' | 'POST' = 'POST'): Promise<Answer> => {
      const app = replicas.apps[client % replicas.apps.length]!;
      const res = await app.inject({ method, url, headers: { authorization: `Bearer ${bearer}` }, ...(method === 'POST' ? { payload: body as object } : {}) });
      return { status: res.statusCode, body: res.json() as Json };
    };
    const version = async (id: string) => (await call(0, `/v1/matches/${id}`, undefined, replicas.key, 'GET')).body.version as number;
    const versions = async (id: string) =>
      ((await call(0, `/v1/matches/${id}/events?limit=1000`, undefined, replicas.key, 'GET')).body.events as { version: number }[]).map((e) => e.version);

    /** An Ánima match of `players` seats whose every Group is formed (ANIMA-EX-6), at version `players`. */
    async function animaMatch(players: number): Promise<string> {
      const created = await call(0, '/v1/matches', { game: 'anima', players: Array.from({ length: players }, (_, i) => ({ id: `p${i}`, name: `Player ${i}` })) });
      expect(created.status, JSON.stringify(created.body)).toBe(201);
      const id = created.body.id as string;
      for (let p = 0; p < players; p++) {
        const explored = await call(0, `/v1/matches/${id}/commands`, { command: { type: 'anima.exploration', player: `p${p}`, ...explorationExamples[0]!.value } });
        expect(explored.status, JSON.stringify(explored.body)).toBe(201);
      }
      return id;
    }

    /** Nothing failed for contention (no 409, nothing ≥ 500), and the 201s hold `from`+1 … each once, with the log 1..n. */
    async function expectContiguous(id: string, answers: Answer[], from: number, allowed: number[]) {
      const unexpected = answers.filter((a) => !allowed.includes(a.status));
      expect(unexpected.map((a) => [a.status, a.body.code, a.body.detail])).toEqual([]);
      const applied = answers.filter((a) => a.status === 201).map((a) => a.body.version as number);
      expect([...applied].sort((a, b) => a - b)).toEqual(Array.from({ length: applied.length }, (_, i) => from + i + 1));
      expect(await version(id)).toBe(from + applied.length);
      expect(await versions(id)).toEqual(Array.from({ length: from + applied.length }, (_, i) => i + 1));
      return applied.length;
    }

    it(
      `${CLIENTS} owner clients × ${COMMANDS} commands on one match without expectedVersion: every one 201, none 409, versions contiguous`,
      async () => {
        const id = await animaMatch(1);
        const answers = (
          await Promise.all(
            Array.from({ length: CLIENTS }, async (_, client) => {
              const mine: Answer[] = [];
              for (let n = 0; n < COMMANDS; n++) {
                mine.push(await call(client, `/v1/matches/${id}/commands`, { command: { type: 'anima.speed', difficulty: 20, dice: { values: [1 + ((client + n) % 10)] } } }));
              }
              return mine;
            }),
          )
        ).flat();
        expect(await expectContiguous(id, answers, 1, [201])).toBe(CLIENTS * COMMANDS);
      },
      TIMEOUT_MS,
    );

    it(
      `${CLIENTS} seats of one match, each commanding at once without expectedVersion: applied (201) or refused by the rules (403), never 409`,
      async () => {
        const id = await animaMatch(CLIENTS);
        const seat: string[] = [];
        for (let p = 0; p < CLIENTS; p++) {
          const issued = await call(0, `/v1/matches/${id}/seats/p${p}/tokens`, {});
          expect(issued.status, JSON.stringify(issued.body)).toBe(201);
          seat.push(issued.body.token as string);
        }
        const answers = (
          await Promise.all(
            Array.from({ length: CLIENTS }, async (_, p) => {
              const mine: Answer[] = [];
              for (let n = 0; n < COMMANDS; n++) {
                // every fifth command acts for the next seat's player: the seat rule refuses it (403 not_your_seat)
                const player = n % 5 === 4 ? `p${(p + 1) % CLIENTS}` : `p${p}`;
                mine.push(await call(p, `/v1/matches/${id}/commands`, { command: { type: 'anima.speed', player, difficulty: 20, dice: { values: [1 + (n % 10)] } } }, seat[p]));
              }
              return mine;
            }),
          )
        ).flat();
        const refused = answers.filter((a) => a.status === 403);
        expect(refused.length).toBe((CLIENTS * COMMANDS) / 5);
        for (const a of refused) expect(a.body.code).toBe('not_your_seat');
        expect(await expectContiguous(id, answers, CLIENTS, [201, 403])).toBe((CLIENTS * COMMANDS * 4) / 5);
      },
      TIMEOUT_MS,
    );

    it(
      'a command naming a stale expectedVersion still gets 409 with currentVersion; of ten naming the current one, one is applied',
      async () => {
        const id = await animaMatch(1);
        const speed = (expectedVersion: number, value: number) => ({ expectedVersion, command: { type: 'anima.speed', difficulty: 20, dice: { values: [value] } } });
        const racing = await Promise.all(Array.from({ length: CLIENTS }, (_, client) => call(client, `/v1/matches/${id}/commands`, speed(1, 1 + client))));
        expect(racing.filter((a) => a.status === 201).map((a) => a.body.version)).toEqual([2]);
        for (const a of racing.filter((x) => x.status !== 201)) {
          expect(a.status, JSON.stringify(a.body)).toBe(409);
          expect(a.body).toMatchObject({ code: 'version_conflict', expectedVersion: 1, currentVersion: 2 });
        }
        const stale = await call(1, `/v1/matches/${id}/commands`, speed(1, 5));
        expect(stale.status).toBe(409);
        expect(stale.body).toMatchObject({ code: 'version_conflict', expectedVersion: 1, currentVersion: 2 });
        expect(await version(id)).toBe(2);
      },
      TIMEOUT_MS,
    );
  });
}
