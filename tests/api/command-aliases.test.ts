/**
 * Command names (CONTRACT §8.2): every command type is `<prefix>.<snake_case>`; the names published
 * before v1.2 that were not (operation ids in camelCase, replayed as resolution-log commands) keep
 * working as deprecated aliases — the same schema, the same behaviour and the same stored events
 * (keyed by the operation id, so older logs replay unchanged) — and are listed with `deprecated: true`.
 * Unknown types are answered with the canonical names only.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { GAME_IDS, gameMatch } from '../../src/app/matches/games.js';
import { apiKey, memoryApp } from '../helpers/app.js';

/** The rename table: per game, old name → canonical name. */
const RENAMED: Record<string, Record<string, string>> = {
  eden: {},
  anima: { 'anima.priorEncounter': 'anima.prior_encounter', 'anima.turnOrder': 'anima.turn_order' },
  exsilium: { 'exsilium.newaruAction': 'exsilium.newaru_action', 'exsilium.newaruMove': 'exsilium.newaru_move' },
  'spirit-of-eden': { 'soe.goomzPhase': 'soe.goomz_phase', 'soe.playerPhase': 'soe.player_phase', 'soe.turnStart': 'soe.turn_start' },
};
const CANONICAL = /^[a-z]+\.[a-z0-9_]+$/;
const PLAYERS: Record<string, { id: string; name: string }[]> = {
  eden: [
    { id: 'A', name: 'Ana' },
    { id: 'B', name: 'Bo' },
  ],
  anima: [
    { id: 'p1', name: 'Ana' },
    { id: 'p2', name: 'Bo' },
  ],
  exsilium: [
    { id: 'p1', name: 'Ana' },
    { id: 'p2', name: 'Bo' },
  ],
  'spirit-of-eden': [{ id: 'p1', name: 'Ana' }],
};

let app: FastifyInstance;
let key: string;
beforeAll(async () => {
  app = await memoryApp();
  key = await apiKey(app, 'command-aliases');
});
afterAll(async () => app?.close());

const call = async (method: 'GET' | 'POST', url: string, body?: unknown) => {
  const res = await app.inject({ method, url, payload: body as object, headers: { authorization: `Bearer ${key}` } });
  return { status: res.statusCode, body: res.json() };
};
const newMatch = async (game: string) => {
  const r = await call('POST', '/v1/matches', { game, players: PLAYERS[game] });
  expect(r.status, JSON.stringify(r.body)).toBe(201);
  return r.body.id as string;
};

describe('CONTRACT §8.2: canonical command names and their deprecated aliases', () => {
  for (const game of GAME_IDS) {
    describe(game, () => {
      const match = gameMatch(game)!;
      const types = Object.keys(match.commands);

      it('every canonical name is <prefix>.<snake_case>; every other accepted name is a deprecated alias of one (the rename table)', () => {
        const canonical = types.filter((t) => !match.commands[t]!.deprecated);
        for (const t of canonical) expect(t, t).toMatch(CANONICAL);
        const aliases = Object.fromEntries(types.filter((t) => match.commands[t]!.deprecated).map((t) => [t, match.commands[t]!.aliasOf]));
        expect(aliases).toEqual(RENAMED[game]);
        for (const target of Object.values(aliases)) expect(canonical).toContain(target);
        // one prefix per game, besides the table's own commands (`match.pass` §9.1, takebacks §9.2)
        expect(new Set(types.filter((t) => !t.startsWith('match.')).map((t) => t.split('.')[0])).size).toBe(1);
      });

      it('GET /v1/games/{game}/commands lists the aliases with deprecated: true, after the canonical names', async () => {
        const r = await call('GET', `/v1/games/${game}/commands`);
        expect(r.status).toBe(200);
        const listed = r.body.commands as { type: string; deprecated?: boolean; example: { type: string } }[];
        expect(listed.map((c) => c.type).sort()).toEqual([...types].sort());
        for (const c of listed) {
          expect(c.deprecated ?? false, c.type).toBe(c.type in RENAMED[game]!);
          expect(c.example.type).toBe(c.type);
        }
        const firstAlias = listed.findIndex((c) => c.deprecated);
        if (firstAlias >= 0) expect(listed.slice(firstAlias).every((c) => c.deprecated)).toBe(true);
      });

      it('an unknown type → 400 unknown_command naming only the canonical names', async () => {
        const id = await newMatch(game);
        const r = await call('POST', `/v1/matches/${id}/commands`, { command: { type: `${types[0]!.split('.')[0]}.no_such_command` } });
        expect(r.status).toBe(400);
        const problem = r.body.errors.find((e: { path: string }) => e.path === '/command/type');
        expect(problem).toMatchObject({ code: 'unknown_command' });
        for (const [alias, canonical] of Object.entries(RENAMED[game]!)) {
          expect(problem.message).toContain(canonical);
          expect(problem.message).not.toMatch(new RegExp(`${alias.replace('.', '\\.')}\\b`));
        }
      });

      for (const [alias, canonical] of Object.entries(RENAMED[game]!)) {
        it(`${alias} (deprecated) and ${canonical} are the same command: same events for the same body and seed, stored as before`, async () => {
          const example = match.commands[canonical]!.example ?? {};
          // the same dice for both: the example's own seed or values, else one seed
          const seeded = 'seed' in example || 'dice' in example;
          const body = { ...(seeded ? {} : { dice: { seed: 'alias-seed' } }), ...structuredClone(example) };
          const answers = [];
          for (const type of [alias, canonical]) {
            const r = await call('POST', `/v1/matches/${await newMatch(game)}/commands`, { command: { type, ...structuredClone(body) } });
            expect(r.status, `${type}: ${JSON.stringify(r.body)}`).toBe(201);
            answers.push(r.body);
          }
          const [old, renamed] = answers;
          const shape = (events: { type: string; data: unknown }[]) => events.map((e) => ({ type: e.type, data: e.data }));
          expect(shape(renamed.events)).toEqual(shape(old.events));
          // what is stored does not change: the event keeps the operation id (the old name)
          expect(old.events[0]).toMatchObject({ type: `${alias}.resolved`, data: { kind: alias } });
          expect(renamed.state).toEqual(old.state);
          // and a malformed body is refused alike (same schema, 400 under /command)
          const member = Object.keys(example)[0]!;
          const bad = [];
          for (const type of [alias, canonical]) bad.push(await call('POST', `/v1/matches/${await newMatch(game)}/commands`, { command: { type, ...body, [member]: null } }));
          expect(bad.map((r) => r.status)).toEqual([400, 400]);
          expect(bad[1]!.body.errors).toEqual(bad[0]!.body.errors);
        });
      }
    });
  }

  it('the OpenAPI command catalog marks the aliases deprecated', async () => {
    const doc = (await call('GET', '/openapi.json')).body;
    const post = doc.paths['/v1/matches/{id}/commands'].post;
    const examples = post.requestBody.content['application/json'].examples as Record<string, { summary: string }>;
    for (const renames of Object.values(RENAMED)) {
      for (const [alias, canonical] of Object.entries(renames)) {
        expect(post.description).toContain(`\`${alias}\` (deprecated): alias of \`${canonical}\``);
        expect(examples[alias]!.summary).toContain(`deprecated alias of ${canonical}`);
        expect(examples[canonical]!.summary).not.toContain('deprecated');
      }
    }
  });
});
