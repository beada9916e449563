/**
 * The match command endpoint teaches its inputs: one named example per command type and game in the
 * OpenAPI document (each valid), 422 `not_set_up` naming what to send first when a match is not set
 * up (every game), fighters by catalog ref, unknown members as `warnings`, Content-Language on
 * answers that carry summaries (CONTRACT §5, §7.5).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { GAME_IDS, gameMatch } from '../../src/app/matches/games.js';
import { apiKey, memoryApp } from '../helpers/app.js';
import { openRunner } from '../helpers/job-runner.js';
import type { JobRunner } from '../../src/app/ports.js';
import { YURI } from '../fixtures/acceptance.js';

let app: FastifyInstance;
let key: string;
let runner: { jobs: JobRunner; close(): Promise<void> };
beforeAll(async () => {
  runner = await openRunner();
  // its own app: simulations need a job runner
  app = await memoryApp({}, { jobs: runner.jobs });
  key = await apiKey(app, 'teach');
});
afterAll(async () => {
  await app?.close();
  await runner?.close();
});

const call = async (url: string, body?: unknown, headers: Record<string, string> = {}) => {
  const res = await app.inject({ method: body === undefined ? 'GET' : 'POST', url, payload: body as object, headers: { authorization: `Bearer ${key}`, ...headers } });
  return { status: res.statusCode, body: res.json(), headers: res.headers };
};
const players = [
  { id: 'p1', name: 'Ana' },
  { id: 'p2', name: 'Ben' },
];
const newMatch = async (game: string, options?: object) => (await call('/v1/matches', { game, players, ...(options ? { options } : {}) })).body.id as string;

describe('POST /v1/matches/{id}/commands documents every command with an example', () => {
  it('one named example per command type of every game, with a summary, each valid against its schema', async () => {
    const doc = (await call('/openapi.json')).body;
    const examples = doc.paths['/v1/matches/{id}/commands'].post.requestBody.content['application/json'].examples as Record<string, { summary: string; value: any }>;
    for (const game of GAME_IDS) {
      const match = gameMatch(game)!;
      for (const type of Object.keys(match.commands)) {
        const example = examples[type];
        expect(example, type).toBeDefined();
        // the table's own commands (`match.pass`, takebacks) are every game's: listed once, for every game
        expect(example!.summary).toContain(type.startsWith('match.') ? 'every game' : game);
        expect(example!.value.command.type).toBe(type);
        expect(() => match.validate(structuredClone(example!.value.command)), type).not.toThrow();
      }
    }
    // CONTRACT §9.3: the command is a union discriminated by `type`, one component per command type
    const command = doc.components.schemas.MatchCommandRequest.properties.command;
    const types = new Set(GAME_IDS.flatMap((game) => Object.keys(gameMatch(game)!.commands)));
    expect(Object.keys(command.discriminator.mapping).sort()).toEqual([...types].sort());
    expect(command.oneOf).toHaveLength(types.size);
    for (const [type, ref] of Object.entries<string>(command.discriminator.mapping)) {
      const component = doc.components.schemas[ref.replace('#/components/schemas/', '')];
      // a game's command is one object; a stateless tool's, its operation's body with `type` (allOf)
      const part = [component, ...(component?.allOf ?? [])].find((p: any) => p?.properties?.type);
      expect(part?.properties.type.const, type).toBe(type);
      expect(part.required, type).toContain('type');
    }
    const edenCount = Object.keys(gameMatch('eden')!.commands).filter((k) => k.startsWith('eden.')).length;
    expect(Object.keys(examples).filter((k) => k.startsWith('eden.'))).toHaveLength(edenCount);
  });
});

describe('a command before the match is set up → 422 not_set_up naming what to do first', () => {
  it('EDEN-PREP: an attack before the bands are registered and deployed names eden.register_band', async () => {
    const id = await newMatch('eden');
    const r = await call(`/v1/matches/${id}/commands`, { command: { type: 'eden.melee', attacker: 'a1', target: 'b1' } });
    expect(r.status).toBe(422);
    expect(r.body).toMatchObject({ code: 'not_set_up', step: 'bands', next: 'eden.register_band' });
    expect(r.body.detail).toContain('eden.register_band');
  });

  it('SOE-SETUP-1..5: a roll before the layout is dealt names soe.set_up', async () => {
    const id = await newMatch('spirit-of-eden');
    const r = await call(`/v1/matches/${id}/commands`, { command: { type: 'soe.roll' } });
    expect(r.status).toBe(422);
    expect(r.body).toMatchObject({ code: 'not_set_up', next: 'soe.set_up' });
    expect(r.body.detail).toContain('soe.set_up');
  });

  it('Exsilium and Ánima without their scenario / card lists name the options to create the match with', async () => {
    const exs = await call(`/v1/matches/${await newMatch('exsilium')}/commands`, { command: { type: 'exsilium.end_turn', player: 'p1' } });
    expect(exs.status).toBe(422);
    expect(exs.body).toMatchObject({ code: 'not_set_up', missing: ['factions', 'board', 'decks', 'enemyDecks'] });
    const anima = await call(`/v1/matches/${await newMatch('anima')}/commands`, { command: { type: 'anima.go', player: 'p1', location: 'Arkángel' } });
    expect(anima.status).toBe(422);
    expect(anima.body.code).toBe('not_set_up');
    expect(anima.body.missing).toContain('characters');
  });
});

describe('match commands take fighters by ref and report unknown members', () => {
  it('EDEN-PREP-1: a band registered by catalog refs holds the full profiles; typos come back as warnings', async () => {
    const id = await newMatch('eden');
    const r = await call(`/v1/matches/${id}/commands`, {
      expectedVersion: 0,
      expectedVerison: 0,
      command: { type: 'eden.register_band', player: 'A', bandType: 'faction', fighters: [{ ref: 'yuri', id: 'a1', colour: 'red' }], budjet: 100 },
    });
    expect(r.status).toBe(201);
    expect(r.body.warnings.map((w: { path: string }) => w.path).sort()).toEqual(['/command/budjet', '/command/fighters/0/colour', '/expectedVerison']);
    const view = await call(`/v1/matches/${id}`);
    expect(view.body.state.fighters.a1.fighter.limbs).toEqual(YURI.limbs);
  });

  it('EDEN-CARD-PROFILE-9: a ref in a match takes the match’s edition (Yuri is worth 20 in a DE match)', async () => {
    const id = await newMatch('eden', { edition: 'de' });
    const r = await call(`/v1/matches/${id}/commands`, { command: { type: 'eden.register_band', player: 'A', bandType: 'faction', fighters: [{ ref: 'yuri', id: 'a1' }] } });
    expect(r.status).toBe(201);
    expect(r.body.state.fighters.a1.fighter.value).toBe(20);
  });

  it('an unknown ref in a command → 400 at /command/fighters/0/ref', async () => {
    const id = await newMatch('eden');
    const r = await call(`/v1/matches/${id}/commands`, { command: { type: 'eden.register_band', player: 'A', bandType: 'faction', fighters: [{ ref: 'nobody' }] } });
    expect(r.status).toBe(400);
    expect(r.body.errors.map((e: { path: string }) => e.path)).toEqual(['/command/fighters/0/ref']);
  });

  it('ANIMA-EXPLORE: a resolution’s summary is rendered in the caller’s language (Content-Language de, Vary: Accept-Language); no warnings member when clean', async () => {
    const id = await newMatch('anima');
    const explore = {
      type: 'anima.exploration',
      location: { name: 'Ruins', level: 1, table: [{ min: 1, max: 10, result: 'nothing' }] },
      group: { characters: [{ name: 'Ana', combat: 3, speed: 2 }] },
      dice: { values: [4] },
    };
    const r = await call(`/v1/matches/${id}/commands`, { command: explore }, { 'accept-language': 'de' });
    expect(r.status).toBe(201);
    expect(r.headers['content-language']).toBe('de');
    expect(String(r.headers.vary)).toMatch(/Accept-Language/);
    const { type: _type, ...body } = explore;
    const stateless = await call('/v1/anima/explorations', body, { 'accept-language': 'de' });
    expect(r.body.state.latest['anima.exploration'].result.summary).toBe(stateless.body.summary);
    expect(r.body).not.toHaveProperty('warnings');
  });
});

describe('simulations: dice.seed is the top-level seed (CONTRACT §7.5)', () => {
  const request = { attacker: { ref: 'yuri', id: 'a' }, target: { ref: 'yuri', id: 'b' }, reaction: 'dodge' };

  it('a simulation submitted with dice.seed runs with that seed; a different top-level seed beside it → 400 naming both', async () => {
    const r = await call('/v1/simulations', { kind: 'eden.melee', request, iterations: 50, dice: { seed: 'nested' } });
    expect(r.status).toBe(202);
    const view = await call(`/v1/simulations/${r.body.id}`);
    expect(view.body.seed).toBe('nested');
    const bad = await call('/v1/simulations', { kind: 'eden.melee', request, iterations: 50, seed: 'top', dice: { seed: 'nested' } });
    expect(bad.status).toBe(400);
    expect(bad.body.errors.map((e: { path: string }) => e.path).sort()).toEqual(['/dice/seed', '/seed']);
  });
});
