/**
 * Idempotency-Key + a stale or contested expectedVersion (CONTRACT §5) through the real app, on
 * every database target: 32 concurrent writers, each request with its own key. A refused append
 * inside the key's transaction used to abort it (SQLSTATE 25P02) and answer 500; every loser must
 * get 409 with `currentVersion`, no answer may be ≥ 500, and a key refused with 409 stays unused.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { randomUUID } from 'node:crypto';
import type { Database } from '../../src/app/ports.js';
import { apiKeyStore } from '../../src/infra/keys.js';
import { databaseTargets } from '../helpers/database.js';
import { testApp } from '../helpers/app.js';
import { explorationExamples } from '../../src/games/anima/operations/examples.js';

const WRITERS = 32;
const ROUNDS = 4;

interface Answer {
  status: number;
  body: { version?: number; currentVersion?: number; expectedVersion?: number; code?: string };
}

for (const target of databaseTargets()) {
  describe(`Idempotency-Key under version conflicts on ${target.name}`, () => {
    let db: Database;
    let app: FastifyInstance;
    let apiKey: string;
    beforeAll(async () => {
      db = await target.open();
      app = await testApp({}, { database: db });
      apiKey = (await apiKeyStore(db).create('writers')).key;
    });
    afterAll(async () => {
      await app?.close();
      await db?.close();
    });

    const post = async (url: string, body: unknown, key?: string): Promise<Answer> => {
      const headers: Record<string, string> = { authorization: `Bearer ${apiKey}` };
      if (key) headers['idempotency-key'] = key;
      const res = await app.inject({ method: 'POST', url, payload: body as object, headers });
      return { status: res.statusCode, body: res.json() };
    };
    const version = async (id: string) => (await app.inject({ method: 'GET', url: `/v1/matches/${id}`, headers: { authorization: `Bearer ${apiKey}` } })).json().version as number;

    /** One round: every writer sends once, each with its own key; returns the answers. */
    const round = (url: string, bodyOf: (w: number) => unknown) => Promise.all(Array.from({ length: WRITERS }, (_, w) => post(url, bodyOf(w), randomUUID())));

    /** 0 answers ≥ 500; exactly `winners` 201; every other answer 409 with a currentVersion ahead of its expectedVersion. */
    const expectOneWinner = (answers: Answer[], at: number) => {
      expect(answers.filter((a) => a.status !== 409 && a.status !== 201).map((a) => a.body)).toEqual([]);
      expect(
        answers.filter((a) => a.status >= 500),
        JSON.stringify(answers.find((a) => a.status >= 500)),
      ).toEqual([]);
      expect(answers.filter((a) => a.status === 201).length).toBe(1);
      for (const a of answers.filter((x) => x.status !== 201)) {
        expect(a.status, JSON.stringify(a.body)).toBe(409);
        expect(a.body.code).toBe('version_conflict');
        expect(Number.isInteger(a.body.currentVersion)).toBe(true);
        expect(a.body.currentVersion).toBeGreaterThanOrEqual(at);
        expect(a.body.currentVersion).not.toBe(a.body.expectedVersion);
      }
    };

    it(`POST /events: ${WRITERS} writers × ${ROUNDS} rounds, each with its own key, current and stale versions → one 201 per round, the rest 409 + currentVersion`, async () => {
      const { id } = (
        await post('/v1/matches', {
          game: 'eden',
          players: [
            { id: 'p1', name: 'Ana' },
            { id: 'p2', name: 'Ben' },
          ],
        })
      ).body as { id: string };
      for (let r = 0; r < ROUNDS; r++) {
        const at = await version(id);
        // A third of the writers are one behind, a third two behind (when the log is long enough).
        const answers = await round(`/v1/matches/${id}/events`, (w) => ({
          expectedVersion: Math.max(0, at - (w % 3)),
          events: [{ type: 'writer.note', data: { r, w } }],
        }));
        expectOneWinner(answers, at);
        expect(answers.find((a) => a.status === 201)!.body.version).toBe(at + 1);
      }
      expect(await version(id)).toBe(ROUNDS);
    });

    it(`POST /commands: ${WRITERS} writers × ${ROUNDS} rounds with keys and expectedVersion → one 201 per round, the rest 409 + currentVersion`, async () => {
      const { id } = (await post('/v1/matches', { game: 'anima', players: [{ id: 'p1', name: 'Ana' }] })).body as { id: string };
      // ANIMA-EX-6: the exploration forms the Group the Speed tests use.
      expect((await post(`/v1/matches/${id}/commands`, { command: { type: 'anima.exploration', ...explorationExamples[0]!.value } })).status).toBe(201);
      for (let r = 0; r < ROUNDS; r++) {
        const at = await version(id);
        const answers = await round(`/v1/matches/${id}/commands`, (w) => ({
          expectedVersion: Math.max(0, at - (w % 2)),
          command: { type: 'anima.speed', difficulty: 20, dice: { values: [1 + (w % 10)] } },
        }));
        expectOneWinner(answers, at);
      }
      expect(await version(id)).toBe(ROUNDS + 1);
    });

    it('a key refused with 409 is not remembered: the same request answers 409 again, a corrected one under the same key succeeds and is then replayed', async () => {
      const { id } = (
        await post('/v1/matches', {
          game: 'eden',
          players: [
            { id: 'p1', name: 'Ana' },
            { id: 'p2', name: 'Ben' },
          ],
        })
      ).body as { id: string };
      await post(`/v1/matches/${id}/events`, { expectedVersion: 0, events: [{ type: 'x', data: {} }] });
      const key = 'k1';
      const stale = { expectedVersion: 0, events: [{ type: 'x', data: { n: 1 } }] };
      for (let i = 0; i < 2; i++) {
        const refused = await post(`/v1/matches/${id}/events`, stale, key);
        expect(refused.status).toBe(409);
        expect(refused.body).toMatchObject({ code: 'version_conflict', currentVersion: 1, expectedVersion: 0 });
      }
      const corrected = await post(`/v1/matches/${id}/events`, { ...stale, expectedVersion: 1 }, key);
      expect(corrected.status).toBe(201);
      expect(corrected.body.version).toBe(2);
      const replayed = await post(`/v1/matches/${id}/events`, { ...stale, expectedVersion: 1 }, key);
      expect(replayed).toEqual(corrected);
      expect((await post(`/v1/matches/${id}/events`, stale, key)).body.code).toBe('idempotency_key_reused');
    });
  });
}
