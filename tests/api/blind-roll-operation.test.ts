/**
 * The blind roll has its own operation (CONTRACT §9.3): `POST /v1/dice/blind-rolls {notation}` → 201
 * `{id, notation, commitment}`, `POST /v1/dice/blind-rolls/{id}/reveal`; `"blind": true` on
 * `/v1/dice/rolls` keeps working, deprecated, so that every operation answers one shape.
 */
import { createHash } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { memoryApp } from '../helpers/app.js';

describe('POST /v1/dice/blind-rolls', () => {
  let app: FastifyInstance;
  beforeAll(async () => {
    app = await memoryApp();
  });
  afterAll(async () => app?.close());
  const post = (url: string, payload?: object) => app.inject({ method: 'POST', url, ...(payload ? { payload } : {}) });

  it('commits now, reveals later; the commitment is SHA-256 of the server seed and the roll is recomputable', async () => {
    const created = await post('/v1/dice/blind-rolls', { notation: '3d6' });
    expect(created.statusCode, created.body).toBe(201);
    const { id, notation, commitment } = created.json();
    expect(notation).toBe('3d6');
    expect(commitment).toMatch(/^[0-9a-f]{64}$/);
    const revealed = await post(`/v1/dice/blind-rolls/${id}/reveal`, { clientSeed: 'table-7' });
    expect(revealed.statusCode, revealed.body).toBe(200);
    const r = revealed.json();
    expect(createHash('sha256').update(r.serverSeed, 'utf8').digest('hex')).toBe(commitment);
    const again = await post('/v1/dice/rolls', { notation: '3d6', dice: { seed: `${r.serverSeed}:table-7` } });
    expect(again.json().total).toBe(r.total);
    // the old path reveals it too (the same store)
    expect((await post(`/v1/dice/rolls/${id}/reveal`, {})).json().total).toBe(r.total);
  });

  it('takes the repeat form and refuses a bad notation before anything is kept', async () => {
    const sets = await post('/v1/dice/blind-rolls', { notation: '3 4d6' });
    expect([sets.statusCode, sets.json().notation, sets.json().repeat]).toEqual([201, '4d6', 3]);
    const bad = await post('/v1/dice/blind-rolls', { notation: '4d' });
    expect([bad.statusCode, bad.json().code]).toEqual([400, 'bad_notation']);
    expect((await post('/v1/dice/blind-rolls/nope/reveal', {})).statusCode).toBe(404);
  });

  it('the `blind` member of POST /v1/dice/rolls is documented as deprecated', async () => {
    const doc = (await app.inject({ method: 'GET', url: '/openapi.json' })).json();
    expect(doc.components.schemas.DiceRollRequest.properties.blind.deprecated).toBe(true);
    expect(doc.paths['/v1/dice/blind-rolls'].post.responses['201']).toBeDefined();
  });
});
