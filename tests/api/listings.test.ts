/**
 * GET /v1/matches and GET /v1/simulations (CONTRACT §8.2) through the real app over in-memory
 * stores: shapes, newest first, cursor paging, filters, limits and bad cursors, tenants apart. The
 * stores' listings themselves (order, keys at full precision, paging while rows are inserted) are
 * checked on every backend by tests/contract/event-store.test.ts and simulation-store.test.ts.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { randomUUID } from 'node:crypto';
import { testApp } from '../helpers/app.js';
import { memoryStores } from '../../src/infra/memory/index.js';
import type { JobRunner, JobState } from '../../src/app/ports.js';
import { encodeListCursor } from '../../src/app/matches/ports.js';
import { statusExamples } from '../../src/games/spirit-of-eden/operations/examples.js';
import { meleeRequest } from '../fixtures/simulate.js';

/** A runner that keeps every job queued: the listing reads what the store holds. */
function idleRunner(): JobRunner {
  const states = new Map<string, JobState>();
  return {
    kind: 'in-process',
    enqueue: async (job) => void states.set(job.id, { id: job.id, status: 'queued', progress: 0 }),
    get: async (id) => states.get(id),
    cancel: async (id) => states.delete(id),
    onUpdate: () => () => undefined,
    ping: async () => undefined,
    close: async () => undefined,
  };
}

/** The (path, in) of each problem of a 400, once each (a union reports two problems at one path). */
const where = (errors: { path: string; in?: string }[]) => [...new Set(errors.map((e) => `${e.in} ${e.path}`))];

const MATCH_MEMBERS = ['createdAt', 'ended', 'game', 'id', 'updatedAt', 'version'];
const SIMULATION_MEMBERS = ['createdAt', 'id', 'kind', 'progress', 'status'];

describe('listings API (CONTRACT §8.2)', () => {
  let app: FastifyInstance;
  const stores = memoryStores({});
  let mine: { id: string; key: string };
  let theirs: { id: string; key: string };

  beforeAll(async () => {
    app = await testApp({}, { stores, jobs: idleRunner() });
    const keys = app.services.apiKeys!;
    [mine, theirs] = [await keys.create('listings-a'), await keys.create('listings-b')];
  });
  afterAll(async () => app?.close());

  /** GET `url` with `key` (null: without one). */
  const get = async (url: string, key: string | null = mine.key) => {
    const res = await app.inject({ method: 'GET', url, headers: key === null ? {} : { authorization: `Bearer ${key}` } });
    return { status: res.statusCode, body: res.json(), type: res.headers['content-type'] };
  };
  const createMatch = async (key: string, game = 'anima') => {
    const players =
      game === 'eden'
        ? [
            { id: 'p1', name: 'Ana' },
            { id: 'p2', name: 'Ben' },
          ]
        : [{ id: 'p1', name: 'Ana' }];
    const res = await app.inject({ method: 'POST', url: '/v1/matches', payload: { game, players }, headers: { authorization: `Bearer ${key}` } });
    expect(res.statusCode).toBe(201);
    return res.json().id as string;
  };
  /** Every page of `url` (with `limit`), following `next`; `between` runs after each page. */
  const pages = async (url: string, member: 'matches' | 'simulations', between: () => Promise<unknown> = async () => {}) => {
    const seen: { id: string }[] = [];
    let cursor: string | undefined;
    for (let n = 0; n < 100; n++) {
      const page = await get(cursor ? `${url}&cursor=${cursor}` : url);
      expect(page.status).toBe(200);
      seen.push(...page.body[member]);
      if (!('next' in page.body)) return { seen, count: n + 1 };
      cursor = page.body.next;
      expect(cursor).toMatch(/^[A-Za-z0-9_-]+$/);
      await between();
    }
    throw new Error('the listing did not end');
  };

  describe('GET /v1/matches', () => {
    let created: string[];
    let ended: string;

    beforeAll(async () => {
      created = [];
      for (const game of ['anima', 'eden', 'exsilium', 'anima']) created.push(await createMatch(mine.key, game));
      ended = await createMatch(mine.key, 'spirit-of-eden');
      created.push(ended);
      // The Spirit of Eden: a status check that finds the game lost ends the match (SOE-END)
      const res = await app.inject({
        method: 'POST',
        url: `/v1/matches/${ended}/commands`,
        payload: { command: { type: 'soe.status', ...statusExamples[0]!.value } },
        headers: { authorization: `Bearer ${mine.key}` },
      });
      expect(res.statusCode).toBe(201);
      await createMatch(theirs.key, 'anima');
    });

    it('needs an API key (401 problem)', async () => {
      const res = await get('/v1/matches', null);
      expect(res.status).toBe(401);
      expect(res.type).toMatch(/application\/problem\+json/);
    });

    it('lists the caller’s matches newest first, in the documented shape, without next on the last page', async () => {
      const res = await get('/v1/matches');
      expect(res.status).toBe(200);
      expect(res.body).not.toHaveProperty('next');
      const matches = res.body.matches as Record<string, unknown>[];
      expect(new Set(matches.map((m) => m.id))).toEqual(new Set(created));
      for (const m of matches) expect(Object.keys(m).sort()).toEqual(MATCH_MEMBERS);
      const times = matches.map((m) => m.createdAt as string);
      expect(times).toEqual([...times].sort().reverse());
      const soe = matches.find((m) => m.id === ended)!;
      expect(soe).toMatchObject({ game: 'spirit-of-eden', version: 1, ended: true });
      expect(Date.parse(soe.updatedAt as string)).toBeGreaterThanOrEqual(Date.parse(soe.createdAt as string));
      const view = (await get(`/v1/matches/${ended}/result`)).body;
      expect(view).toMatchObject({ ended: true, version: 1 });
      for (const m of matches.filter((x) => x.id !== ended)) expect(m).toMatchObject({ version: 0, ended: false, updatedAt: m.createdAt });
    });

    it('never lists another key’s matches', async () => {
      const res = await get('/v1/matches', theirs.key);
      expect(res.body.matches).toHaveLength(1);
      expect(created).not.toContain(res.body.matches[0].id);
      const fresh = await app.services.apiKeys!.create('listings-empty');
      expect((await get('/v1/matches', fresh.key)).body).toEqual({ matches: [] });
    });

    it('pages with the cursor: no match repeated or skipped while matches are created between pages', async () => {
      const before = ((await get('/v1/matches?limit=100')).body.matches as { id: string }[]).map((m) => m.id);
      const added: string[] = [];
      const { seen, count } = await pages('/v1/matches?limit=2', 'matches', async () => added.push(await createMatch(mine.key)));
      const ids = seen.map((m) => m.id);
      expect(count).toBe(3);
      expect(new Set(ids).size).toBe(ids.length);
      expect(ids.filter((id) => before.includes(id))).toEqual(before);
      expect(ids.every((id) => before.includes(id) || added.includes(id))).toBe(true);
    });

    it('filters by game and by ended, and pages the filtered listing', async () => {
      const anima = (await get('/v1/matches?game=anima&limit=100')).body.matches as { game: string }[];
      expect(anima.length).toBeGreaterThanOrEqual(2);
      expect(anima.every((m) => m.game === 'anima')).toBe(true);
      expect((await get('/v1/matches?ended=true')).body).toEqual({ matches: [expect.objectContaining({ id: ended, ended: true })] });
      const open = await pages('/v1/matches?ended=false&limit=2', 'matches');
      expect(open.seen.map((m) => m.id)).not.toContain(ended);
      const all = ((await get('/v1/matches?limit=100')).body.matches as { id: string }[]).map((m) => m.id);
      expect(open.seen.map((m) => m.id)).toEqual(all.filter((id) => id !== ended));
      expect((await get('/v1/matches?game=exsilium&ended=true')).body).toEqual({ matches: [] });
    });

    it('with ended, looks at up to 200 matches per request: a page may be short, even empty, and still have next', async () => {
      const owner = await app.services.apiKeys!.create('listings-many');
      const lost = await createMatch(owner.key, 'spirit-of-eden');
      await app.inject({
        method: 'POST',
        url: `/v1/matches/${lost}/commands`,
        payload: { command: { type: 'soe.status', ...statusExamples[0]!.value } },
        headers: { authorization: `Bearer ${owner.key}` },
      });
      // 205 newer matches that have not ended, straight into the store (faster than 205 requests)
      const store = stores.events;
      for (let i = 0; i < 205; i++) await store.createMatch({ id: randomUUID(), ownerId: owner.id, game: 'anima', players: [{ id: 'p1', name: 'Ana' }], options: {} });
      const first = await get('/v1/matches?ended=true&limit=5', owner.key);
      expect(first.body.matches).toEqual([]);
      expect(typeof first.body.next).toBe('string');
      const second = await get(`/v1/matches?ended=true&limit=5&cursor=${first.body.next}`, owner.key);
      expect(second.body).toEqual({ matches: [expect.objectContaining({ id: lost, ended: true })] });
      // a filter most matches pass fills its pages
      const open = await get('/v1/matches?ended=false&limit=100', owner.key);
      expect(open.body.matches).toHaveLength(100);
      expect(typeof open.body.next).toBe('string');
    });

    it('refuses a limit outside 1–100, an unknown game and a non-boolean ended with 400 naming each query parameter', async () => {
      for (const limit of ['0', '101', '-1', '2.5', 'x']) {
        const res = await get(`/v1/matches?limit=${limit}`);
        expect(res.status, limit).toBe(400);
        expect(res.type).toMatch(/application\/problem\+json/);
        expect(res.body.errors).toEqual([expect.objectContaining({ path: '/limit', in: 'querystring' })]);
      }
      expect((await get('/v1/matches?limit=100')).status).toBe(200);
      expect((await get('/v1/matches?limit=1')).body.matches).toHaveLength(1);
      expect(where((await get('/v1/matches?game=chess')).body.errors)).toEqual(['querystring /game']);
      expect(where((await get('/v1/matches?ended=maybe')).body.errors)).toEqual(['querystring /ended']);
    });

    it('refuses a cursor it did not give (altered, truncated, of another listing) with 400 at /cursor', async () => {
      const next = (await get('/v1/matches?limit=1')).body.next as string;
      const badCursors = [
        'not-a-cursor',
        next.slice(0, -4),
        next.slice(0, 10) + (next[10] === 'A' ? 'B' : 'A') + next.slice(11),
        Buffer.from('["matches","2026-02-31T00:00:00Z","' + randomUUID() + '"]').toString('base64url'),
        Buffer.from('["matches","yesterday","' + randomUUID() + '"]').toString('base64url'),
        Buffer.from('["matches","2026-01-01T00:00:00Z","not-a-uuid"]').toString('base64url'),
        Buffer.from('{"createdAt":"2026-01-01T00:00:00Z"}').toString('base64url'),
        encodeListCursor('simulations', { createdAt: '2026-01-01T00:00:00.000Z', id: randomUUID() }),
        'a'.repeat(401),
        '%00',
      ];
      for (const cursor of badCursors) {
        const res = await get(`/v1/matches?cursor=${cursor}`);
        expect(res.status, cursor).toBe(400);
        expect(res.type).toMatch(/application\/problem\+json/);
        expect(res.body.errors, cursor).toEqual([expect.objectContaining({ path: '/cursor', in: 'querystring' })]);
      }
      // one of its own, at any precision the stores keep: accepted
      const old = encodeListCursor('matches', { createdAt: '2000-01-01T00:00:00.123456Z', id: randomUUID() });
      expect(await get(`/v1/matches?cursor=${old}`)).toMatchObject({ status: 200, body: { matches: [] } });
      expect((await get(`/v1/matches?cursor=${next}`)).status).toBe(200);
    });
  });

  describe('GET /v1/simulations', () => {
    let submitted: string[];

    beforeAll(async () => {
      // five queued through the API (the key's limit of active runs), then two of them cancelled
      submitted = [];
      const store = app.services.simulations!.store;
      for (let i = 0; i < 5; i++) {
        const res = await app.inject({
          method: 'POST',
          url: '/v1/simulations',
          payload: { kind: 'eden.melee', request: meleeRequest(), iterations: 10, seed: `list-${i}` },
          headers: { authorization: `Bearer ${mine.key}` },
        });
        expect(res.statusCode, res.body).toBe(202);
        submitted.push(res.json().id);
      }
      for (const id of submitted.slice(0, 2)) await store.finish(id, { status: 'cancelled' });
      await app.inject({
        method: 'POST',
        url: '/v1/simulations',
        payload: { kind: 'eden.melee', request: meleeRequest(), iterations: 10, seed: 'theirs' },
        headers: { authorization: `Bearer ${theirs.key}` },
      });
    });

    it('needs an API key (401 problem)', async () => {
      expect((await get('/v1/simulations', null)).status).toBe(401);
    });

    it('lists the caller’s simulations newest first, in the documented shape, filtered by status', async () => {
      const res = await get('/v1/simulations');
      expect(res.status).toBe(200);
      expect(res.body).not.toHaveProperty('next');
      const sims = res.body.simulations as Record<string, unknown>[];
      expect(new Set(sims.map((s) => s.id))).toEqual(new Set(submitted));
      for (const s of sims) expect(Object.keys(s).sort()).toEqual(SIMULATION_MEMBERS);
      const times = sims.map((s) => s.createdAt as string);
      expect(times).toEqual([...times].sort().reverse());
      expect(sims.find((s) => s.id === submitted[4])).toMatchObject({ kind: 'eden.melee', status: 'queued', progress: 0 });
      const cancelled = (await get('/v1/simulations?status=cancelled')).body.simulations as { id: string; status: string }[];
      expect(new Set(cancelled.map((s) => s.id))).toEqual(new Set(submitted.slice(0, 2)));
      expect((await get('/v1/simulations?status=completed')).body).toEqual({ simulations: [] });
      expect(where((await get('/v1/simulations?status=done')).body.errors)).toEqual(['querystring /status']);
      const theirList = (await get('/v1/simulations', theirs.key)).body.simulations as { id: string }[];
      expect(theirList).toHaveLength(1);
      expect(submitted).not.toContain(theirList[0]!.id);
    });

    it('pages with the cursor, the last page without next', async () => {
      const { seen, count } = await pages('/v1/simulations?limit=2', 'simulations');
      expect(count).toBe(3);
      expect(seen.map((s) => s.id)).toEqual(((await get('/v1/simulations?limit=100')).body.simulations as { id: string }[]).map((s) => s.id));
      const exact = await get('/v1/simulations?limit=5');
      expect(exact.body.simulations).toHaveLength(5);
      expect(exact.body).not.toHaveProperty('next');
    });

    it('refuses limits 0 and 101 and a bad cursor with 400 naming the query parameter', async () => {
      for (const limit of [0, 101]) {
        const res = await get(`/v1/simulations?limit=${limit}`);
        expect(res.status).toBe(400);
        expect(res.body.errors).toEqual([expect.objectContaining({ path: '/limit', in: 'querystring' })]);
      }
      const matchCursor = (await get('/v1/matches?limit=1')).body.next as string;
      for (const cursor of ['bogus', matchCursor]) {
        const res = await get(`/v1/simulations?cursor=${cursor}`);
        expect(res.status).toBe(400);
        expect(res.type).toMatch(/application\/problem\+json/);
        expect(res.body.errors).toEqual([expect.objectContaining({ path: '/cursor', code: 'invalid_cursor', in: 'querystring' })]);
      }
    });
  });
});
