/**
 * Game discovery (CONTRACT §8.2): GET /v1/games and GET /v1/games/{game}/commands, public. For each
 * game the `setup` is created and played through the API as written, after which the first listed
 * command's example is accepted; every listed example is valid against its JSON Schema (Ajv, the
 * schema as published, without the service's resolvers).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import AjvModule from 'ajv';
import addFormatsModule from 'ajv-formats';
import { GAME_IDS, gameMatch } from '../../src/app/matches/games.js';
import { apiKey, memoryApp } from '../helpers/app.js';

const Ajv = AjvModule.default ?? AjvModule;
const addFormats = addFormatsModule.default ?? addFormatsModule;

let app: FastifyInstance;
let key: string;
beforeAll(async () => {
  app = await memoryApp();
  key = await apiKey(app, 'games-discovery');
});
afterAll(async () => app?.close());

const get = async (url: string, headers: Record<string, string> = {}) => {
  const res = await app.inject({ method: 'GET', url, headers });
  return { status: res.statusCode, body: res.json(), headers: res.headers };
};
const post = async (url: string, body: unknown) => {
  const res = await app.inject({ method: 'POST', url, payload: body as object, headers: { authorization: `Bearer ${key}` } });
  return { status: res.statusCode, body: res.json() };
};

describe('GET /v1/games', () => {
  it('lists the four games with their names, EDEN with its editions; no API key needed', async () => {
    const r = await get('/v1/games');
    expect(r.status).toBe(200);
    expect(r.body.map((g: { id: string }) => g.id)).toEqual(GAME_IDS);
    expect(r.body[0]).toEqual({ id: 'eden', name: 'EDEN', editions: ['es', 'de'] });
    for (const g of r.body) expect(g.name).toEqual(expect.any(String));
  });
});

describe('GET /v1/games/{game}/commands', () => {
  it('an unknown game → 404 problem (Object.prototype names included)', async () => {
    for (const game of ['chess', 'constructor', '__proto__', 'toString']) {
      const r = await get(`/v1/games/${game}/commands`);
      expect(r.status, game).toBe(404);
      expect(r.headers['content-type']).toMatch(/application\/problem\+json/);
      expect(r.body).toMatchObject({ status: 404, code: 'not_found' });
    }
  });

  for (const game of GAME_IDS) {
    describe(game, () => {
      it('lists every command of the game, each example valid against its JSON Schema (Ajv)', async () => {
        const r = await get(`/v1/games/${game}/commands`);
        expect(r.status).toBe(200);
        expect(r.body.game).toBe(game);
        const types = r.body.commands.map((c: { type: string }) => c.type);
        expect([...types].sort()).toEqual(Object.keys(gameMatch(game)!.commands).sort());
        const ajv = new Ajv({ allErrors: true, strict: false });
        addFormats(ajv);
        for (const c of r.body.commands) {
          expect(c.description, c.type).toEqual(expect.any(String));
          expect(c.example.type, c.type).toBe(c.type);
          const validate = ajv.compile(c.schema);
          expect(validate(structuredClone(c.example)), `${c.type}: ${JSON.stringify(validate.errors)}`).toBe(true);
          // the schema does say something: a command of another type is refused
          expect(validate({ ...c.example, type: 'no.such_command' }), c.type).toBe(false);
        }
      });

      it('the setup, sent as written, takes a match into play; then the first listed command’s example → 201', async () => {
        const { setup, commands } = (await get(`/v1/games/${game}/commands`)).body;
        const created = await post('/v1/matches', { game, players: setup.players, options: setup.options });
        expect(created.status, JSON.stringify(created.body)).toBe(201);
        const url = `/v1/matches/${created.body.id}/commands`;
        for (const command of setup.commands) {
          const r = await post(url, { command });
          expect(r.status, `${command.type}: ${JSON.stringify(r.body)}`).toBe(201);
        }
        const first = await post(url, { command: commands[0].example });
        expect(first.status, `${commands[0].type}: ${JSON.stringify(first.body)}`).toBe(201);
        expect(first.body.state.outcome).toMatchObject({ ended: false, winners: [] });
      });
    });
  }
});
