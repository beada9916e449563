/**
 * NUL (U+0000) and unpaired surrogates cannot be stored by PostgreSQL (`jsonb` and `text` refuse
 * them). Through the real app, on every database target, they are a 400 naming the JSON pointer,
 * never a 500, and nothing is stored.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import type { Database } from '../../src/app/ports.js';
import { apiKeyStore } from '../../src/infra/keys.js';
import { databaseTargets } from '../helpers/database.js';
import { testApp } from '../helpers/app.js';

for (const target of databaseTargets()) {
  describe(`unstorable text on ${target.name}`, () => {
    let db: Database;
    let app: FastifyInstance;
    let apiKey: string;
    beforeAll(async () => {
      db = await target.open();
      app = await testApp({}, { database: db });
      apiKey = (await apiKeyStore(db).create('text')).key;
    });
    afterAll(async () => {
      await app?.close();
      await db?.close();
    });

    /** Sends raw JSON text, so escapes such as \u0000 and \ud800 reach the server as written. */
    const send = async (method: 'GET' | 'POST', url: string, json?: string, headers: Record<string, string> = {}) => {
      const res = await app.inject({
        method,
        url,
        payload: json,
        headers: { authorization: `Bearer ${apiKey}`, ...(json ? { 'content-type': 'application/json' } : {}), ...headers },
      });
      return { status: res.statusCode, body: res.json() as { id?: string; version?: number; errors?: { path: string; code: string }[] } };
    };
    const paths = (body: { errors?: { path: string; code: string }[] }) => body.errors?.map((e) => [e.path, e.code]);

    it('POST /v1/matches: NUL or a lone surrogate in player ids, names and option keys → 400 with each pointer', async () => {
      const res = await send('POST', '/v1/matches', String.raw`{"game":"eden","players":[{"id":"p\u0000","name":"Ana"},{"id":"p2","name":"B\ud800en"}],"options":{"k\udfff":1}}`);
      expect(res.status).toBe(400);
      expect(paths(res.body)).toEqual([
        ['/players/0/id', 'unstorable_text'],
        ['/players/1/name', 'unstorable_text'],
        ['/options/k\udfff', 'unstorable_text'],
      ]);
    });

    it('POST /events: NUL or a lone surrogate in event data → 400 with the pointer, nothing appended; a paired surrogate is stored', async () => {
      const created = await send(
        'POST',
        '/v1/matches',
        JSON.stringify({
          game: 'eden',
          players: [
            { id: 'p1', name: 'Ana 😀' },
            { id: 'p2', name: 'Ben' },
          ],
        }),
      );
      expect(created.status).toBe(201);
      const url = `/v1/matches/${created.body.id}/events`;
      const bad = await send(
        'POST',
        url,
        String.raw`{"expectedVersion":0,"events":[{"type":"match.note","data":{"text":"a\u0000b","author":"x"}},{"type":"table.photo","data":{"url":"\ud800"}}]}`,
        { 'idempotency-key': 'k1' },
      );
      expect(bad.status).toBe(400);
      expect(paths(bad.body)).toEqual([
        ['/events/0/data/text', 'unstorable_text'],
        ['/events/1/data/url', 'unstorable_text'],
      ]);
      expect((await send('GET', `/v1/matches/${created.body.id}`)).body.version).toBe(0);
      const ok = await send('POST', url, String.raw`{"expectedVersion":0,"events":[{"type":"match.note","data":{"text":"\ud83d\ude00","author":"x"}}]}`, {
        'idempotency-key': 'k1',
      });
      expect(ok.status).toBe(201);
    });
  });
}
