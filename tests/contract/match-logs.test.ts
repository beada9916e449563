/**
 * Logs outlive releases (CONTRACT §8.2): "a match written by an earlier release answers the same
 * `state` after an upgrade". tests/fixtures/match-logs/<game>.<label>.json are match logs recorded by
 * scripts/record-match-logs.ts with an earlier release (`recordedBy`, its commit) and never
 * re-recorded. Each is put back into a fresh event store exactly as stored (the recorded `type`,
 * `schemaVersion`, `data` and `metadata`; no command runs, so only the fold and the upcasters of
 * today's code read it), in the app built over that store, and then:
 * - `GET /v1/matches/{id}` answers the recorded version, withdrawn versions and `state`: every
 *   member the recorded state has, with the same value (arrays of the same length); members added
 *   since are allowed (CONTRACT: "extend freely … do not rename, move or change the meaning");
 * - one more command still works: while the match runs, the recorded next command is accepted;
 *   once it ended, that command is refused with the recorded code;
 * - the log's last command, sent again on the log without its events (with the seed its request
 *   drew), is accepted and answers the recorded state.
 * The event store is each implementation of the port: in memory, and the SQL store on PGlite (and
 * PostgreSQL with DATABASE_URL).
 */
import { randomUUID } from 'node:crypto';
import { readFileSync, readdirSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import type { EventStore, Player } from '../../src/app/matches/ports.js';
import { GAME_IDS } from '../../src/app/matches/games.js';
import { MemoryEventStore } from '../../src/infra/event-store/memory.js';
import { SqlEventStore } from '../../src/infra/event-store/index.js';
import { memoryStores } from '../../src/infra/memory/index.js';
import { apiKey, memoryApp } from '../helpers/app.js';
import { databaseTargets } from '../helpers/database.js';

type Command = { type: string; [member: string]: unknown };

/** A log as scripts/record-match-logs.ts writes it. */
interface MatchLog {
  recordedBy: string;
  game: string;
  players: Player[];
  options: Record<string, unknown>;
  version: number;
  ended: boolean;
  withdrawn?: number[];
  events: { version: number; type: string; schemaVersion: number; data: unknown; metadata: Record<string, unknown> }[];
  state: Record<string, unknown>;
  lastCommand: { fromVersion: number; command: Command; seed: string };
  next: { command: Command; status: number; code?: string };
}

/**
 * The recorded state as today's projection names it. CONTRACT §9.1 (v1.3) made `state.pending` the
 * list of decisions the table waits for, in every game: the choice an Ánima match waited for, which
 * its state called `pending` before, is `choosing` now (and in that list, kind `choice`).
 */
function recordedState(log: MatchLog): Record<string, unknown> {
  const { state } = log;
  if (!('pending' in state) || Array.isArray(state.pending)) return state;
  return { ...state, choosing: state.pending, pending: expect.any(Array) };
}

const DIR = fileURLToPath(new URL('../fixtures/match-logs/', import.meta.url));
const LOGS: MatchLog[] = readdirSync(DIR)
  .filter((file) => file.endsWith('.json'))
  .sort()
  .map((file) => JSON.parse(readFileSync(`${DIR}${file}`, 'utf8')) as MatchLog);

const storeTargets: { name: string; open(): Promise<{ store: EventStore; close(): Promise<void> }> }[] = [
  { name: 'memory', open: async () => ({ store: MemoryEventStore.create(), close: async () => {} }) },
  ...databaseTargets().map((target) => ({
    name: target.name,
    open: async () => {
      const db = await target.open();
      return { store: SqlEventStore.over(db), close: () => db.close() };
    },
  })),
];

it('there are match logs for every game', () => {
  expect([...new Set(LOGS.map((log) => log.game))].sort()).toEqual([...GAME_IDS].sort());
});

for (const target of storeTargets) {
  describe(`match logs of earlier releases on the ${target.name} event store (CONTRACT §8.2)`, () => {
    let store: EventStore;
    let close: (() => Promise<void>) | undefined;
    beforeAll(async () => {
      ({ store, close } = await target.open());
    });
    afterAll(async () => close?.());

    /** The app over `store`, a match of `log`'s setup holding its first `upTo` events exactly as recorded. */
    async function replay(log: MatchLog, upTo: number, seed?: string) {
      const app: FastifyInstance = await memoryApp({}, { stores: { ...memoryStores(), events: store }, ...(seed ? { ids: { newId: randomUUID, randomSeed: () => seed } } : {}) });
      const key = await apiKey(app, 'match-logs');
      const owner = (await app.services.apiKeys!.resolve(key))!;
      const id = randomUUID();
      await store.createMatch({ id, ownerId: owner.id, game: log.game, players: log.players, options: log.options });
      const events = log.events.slice(0, upTo).map(({ type, schemaVersion, data, metadata }) => ({ type, schemaVersion, data, metadata }));
      if (events.length) await store.append(owner.id, id, 0, events);
      const call = async (method: 'GET' | 'POST', path: string, body?: unknown) => {
        const res = await app.inject({ method, url: `/v1/matches/${id}${path}`, payload: body as object, headers: { authorization: `Bearer ${key}` } });
        return { status: res.statusCode, body: res.json() };
      };
      return { app, call };
    }

    for (const log of LOGS) {
      it(`logs written by release ${log.recordedBy} replay to the same state (${log.game})`, async () => {
        const { app, call } = await replay(log, log.events.length);
        try {
          const view = await call('GET', '');
          expect(view.status).toBe(200);
          expect(view.body.version).toBe(log.version);
          expect(view.body.withdrawn).toEqual(log.withdrawn);
          expect(view.body.state).toMatchObject(recordedState(log));
          // the log reads back whole, in order
          const page = await call('GET', `/events?limit=1000`);
          expect(page.body.events.map((e: { version: number; type: string }) => [e.version, e.type])).toEqual(log.events.map((e) => [e.version, e.type]));

          // one more command
          const next = await call('POST', '/commands', { expectedVersion: log.version, command: log.next.command });
          if (log.ended) {
            expect([next.status, next.body.code]).toEqual([422, log.next.code]);
            expect((await call('GET', '')).body.version).toBe(log.version);
          } else {
            expect(next.status, JSON.stringify(next.body)).toBe(201);
            expect((await call('GET', '')).body.state).toEqual(next.body.state);
          }
        } finally {
          await app.close();
        }
      });

      it(`the last command of the log, sent again on the log without its events, answers the recorded state (${log.game})`, async () => {
        const { fromVersion, command, seed } = log.lastCommand;
        const { app, call } = await replay(log, fromVersion, seed);
        try {
          const answer = await call('POST', '/commands', { expectedVersion: fromVersion, command });
          expect(answer.status, JSON.stringify(answer.body)).toBe(201);
          expect(answer.body.state).toMatchObject(recordedState(log));
          expect((await call('GET', '')).body.state).toEqual(answer.body.state);
        } finally {
          await app.close();
        }
      });
    }
  });
}
