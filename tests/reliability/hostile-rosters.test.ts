/**
 * Hostile army lists (README "Roster budgets"): each row of the issue at its size, answered with a
 * bounded problem that names the budget, without the expensive work (no item validated, no line
 * parsed, nothing stored), while another client's request sent at the same time is answered.
 * Timings are not asserted here (bench/hostile-rosters.bench.ts measures them as ratios): a stall
 * fails by the test's timeout, and the work not done is observed through hooks and spies.
 *
 * Rows: 2. `fighters: [1 × 20,000]` on POST /v1/eden/rosters/validate and `[1 × 50,000]` on
 * `eden.register_band`; 3. a text list of a band line and 1,000,000 lines; 6. twenty 3.8 MB lists
 * stored by one key (200 `{ref}` entries carrying unknown members), and one key storing past its quota.
 */
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { FastifyInstance, InjectOptions } from 'fastify';
import { memoryStores } from '../../src/infra/memory/index.js';
import type { StorePorts } from '../../src/app/deps.js';
import { edenRosterOperation } from '../../src/games/eden/operations/roster.operation.js';
import { apiKey, memoryApp } from '../helpers/app.js';

/** Requests, by their `x-probe` header, that reached schema validation (preValidation) or their handler (preHandler). */
function probes() {
  const validated = new Set<string>();
  const handled = new Set<string>();
  const probe = (set: Set<string>) => async (request: { headers: Record<string, unknown> }) => {
    const name = request.headers['x-probe'];
    if (typeof name === 'string') set.add(name);
  };
  return {
    validated,
    handled,
    install: (app: FastifyInstance) => {
      app.addHook('preValidation', probe(validated));
      app.addHook('preHandler', probe(handled));
    },
  };
}

const LEGAL = { bandType: 'faction', fighters: [{ ref: 'yuri' }] };

describe('hostile army lists', () => {
  let app: FastifyInstance;
  let stores: StorePorts;
  const seen = probes();
  const send = async (probe: string, options: InjectOptions) => {
    const res = await app.inject({ ...options, headers: { ...(options.headers as Record<string, string>), 'x-probe': probe } });
    return { status: res.statusCode, body: res.headers['content-type']?.toString().includes('json') ? res.json() : res.body, headers: res.headers };
  };
  const validate = (probe: string, payload: unknown, headers: Record<string, string> = {}) =>
    send(probe, { method: 'POST', url: '/v1/eden/rosters/validate', payload: payload as string, headers });

  beforeAll(async () => {
    stores = memoryStores();
    app = await memoryApp({}, { stores }, seen.install);
  });
  afterAll(() => app?.close());

  it('row 2: 20,000 fighters (40 kB, no key) are one maxItems problem, no item validated; a legal list sent meanwhile is answered', async () => {
    const body = JSON.stringify({ bandType: 'faction', fighters: Array(20_000).fill(1) });
    expect(body.length).toBeGreaterThan(40_000);
    const [hostile, legal] = await Promise.all([validate('row2-hostile', body, { 'content-type': 'application/json' }), validate('row2-legal', LEGAL)]);
    expect(hostile.status).toBe(400);
    expect(hostile.headers['content-type']).toContain('application/problem+json');
    expect(hostile.body).toMatchObject({ code: 'too_many_items', detail: expect.stringContaining('at most 200 items, 20000 sent') });
    expect(hostile.body.errors).toEqual([{ path: '/fighters', code: 'maxItems', message: expect.any(String), limit: 200, count: 20_000 }]);
    expect(hostile.body).not.toHaveProperty('errorsOmitted');
    expect(seen.validated.has('row2-hostile'), 'the body never reached schema validation').toBe(false);
    expect(legal.status).toBe(200);
    expect(legal.body).toMatchObject({ valid: true });
    expect(seen.validated.has('row2-legal')).toBe(true);
  });

  it('row 2: the same bound on the store and format bodies, and a long list of over-long arrays is capped with errorsOmitted', async () => {
    const key = await apiKey(app);
    const stored = await send('row2-store', {
      method: 'POST',
      url: '/v1/eden/rosters',
      payload: { roster: { bandType: 'faction', fighters: Array(20_000).fill(1) } },
      headers: { authorization: `Bearer ${key}` },
    });
    expect(stored.status).toBe(400);
    expect(stored.body.errors).toEqual([expect.objectContaining({ path: '/roster/fighters', limit: 200, count: 20_000 })]);
    const format = await send('row2-format', { method: 'POST', url: '/v1/eden/rosters/format', payload: { roster: { bandType: 'faction', fighters: Array(20_000).fill(1) } } });
    expect(format.body).toMatchObject({ code: 'too_many_items', errors: [{ path: '/roster/fighters' }] });
    expect(seen.validated.has('row2-store') || seen.validated.has('row2-format')).toBe(false);
    const catalog = Array.from({ length: 150 }, () => ({ equipment: Array(51).fill(1) }));
    const capped = await validate('row2-capped', { bandType: 'faction', fighters: [], catalog });
    expect(capped.status).toBe(400);
    expect(capped.body.errors).toHaveLength(100);
    expect(capped.body).toMatchObject({ code: 'too_many_items', errorsOmitted: 50 });
    expect(capped.body.errors[99]).toMatchObject({ path: '/catalog/99/equipment', limit: 50, count: 51 });
  });

  it('row 2: eden.register_band with 50,000 fighters is one maxItems problem; the match is unchanged and answers meanwhile', async () => {
    const key = await apiKey(app);
    const auth = { authorization: `Bearer ${key}` };
    const match = await send('row2-match', {
      method: 'POST',
      url: '/v1/matches',
      payload: {
        game: 'eden',
        players: [
          { id: 'a', name: 'A' },
          { id: 'b', name: 'B' },
        ],
      },
      headers: auth,
    });
    expect(match.status).toBe(201);
    const command = { command: { type: 'eden.register_band', player: 'A', bandType: 'faction', fighters: Array(50_000).fill(1) } };
    const [hostile, view] = await Promise.all([
      send('row2-band', { method: 'POST', url: `/v1/matches/${match.body.id}/commands`, payload: command, headers: auth }),
      send('row2-view', { method: 'GET', url: `/v1/matches/${match.body.id}`, headers: auth }),
    ]);
    expect(hostile.status).toBe(400);
    expect(hostile.body).toMatchObject({ code: 'too_many_items', errors: [{ path: '/command/fighters', code: 'maxItems', limit: 50, count: 50_000 }] });
    expect(hostile.body.errors).toHaveLength(1);
    expect(view.status).toBe(200);
    expect((await send('row2-after', { method: 'GET', url: `/v1/matches/${match.body.id}`, headers: auth })).body.version).toBe(0);
  });

  it('row 3: a band line and 1,000,000 lines (2 MB, no key) are refused by their count, no line parsed; a legal list sent meanwhile is answered', async () => {
    const handle = vi.spyOn(edenRosterOperation, 'handle');
    try {
      const text = { 'content-type': 'text/plain' };
      const [hostile, unparsable, legal] = await Promise.all([
        validate('row3-hostile', 'Band: faction Jokers\n' + 'y\n'.repeat(1_000_000), text),
        // the same count of lines, each a problem of its own were it parsed
        validate('row3-brackets', 'Band: faction Jokers\n' + ']\n'.repeat(1_000_000), text),
        validate('row3-legal', 'Band: faction Jokers\nyuri\n', text),
      ]);
      for (const refused of [hostile, unparsable]) {
        expect(refused.status).toBe(400);
        expect(refused.body).toMatchObject({ code: 'too_many_lines', limit: 1000, detail: expect.stringContaining('1000 lines') });
        expect(refused.body.errors).toEqual([{ path: '', code: 'too_many_lines', message: expect.any(String), line: 1001, column: 1, limit: 1000 }]);
      }
      expect(seen.validated.has('row3-hostile') || seen.validated.has('row3-brackets')).toBe(false);
      expect(legal.status).toBe(200);
      expect(legal.body).toMatchObject({ valid: true, roster: { fighters: [{ ref: 'yuri' }] } });
      expect(handle).toHaveBeenCalledTimes(1);
    } finally {
      handle.mockRestore();
    }
  });

  it('row 3: a long text in few lines is refused by its length; 500 bad lines are 100 problems and errorsOmitted', async () => {
    const text = { 'content-type': 'text/plain' };
    const long = await validate('row3-long', 'Band: faction Jokers\nyuri [' + 'a,'.repeat(1_000_000) + ']', text);
    expect(long.status).toBe(400);
    expect(long.body).toMatchObject({ code: 'text_too_long', limit: 65_536, errors: [{ code: 'text_too_long', line: 2 }] });
    expect(seen.validated.has('row3-long')).toBe(false);
    const bad = await validate('row3-bad', 'Band: faction Jokers\n' + ']\n'.repeat(500), text);
    expect(bad.status).toBe(400);
    expect(bad.body).toMatchObject({ code: 'invalid_request', errorsOmitted: 400 });
    expect(bad.body.errors).toHaveLength(100);
    expect(bad.body.errors[0]).toMatchObject({ code: 'unexpected_bracket', line: 2 });
  });

  it('row 6: twenty 3.8 MB lists from one key are 413 roster_too_large before validation, nothing stored; another key stores meanwhile', async () => {
    const [key, other] = [await apiKey(app, 'hostile'), await apiKey(app, 'other')];
    const owner = (await stores.apiKeys.resolve(key))!.id;
    const unknown = Object.fromEntries(Array.from({ length: 300 }, (_, i) => [`member${i}`, 'u'.repeat(54)]));
    const roster = { bandType: 'faction', fighters: Array.from({ length: 200 }, () => ({ ref: 'yuri', ...unknown })) };
    const payload = JSON.stringify({ roster });
    expect(payload.length).toBeGreaterThan(3_800_000);
    const save = vi.spyOn(app.services.rosters!, 'save');
    try {
      const store = (probe: string, k: string, body: unknown) =>
        send(probe, { method: 'POST', url: '/v1/eden/rosters', payload: body as string, headers: { authorization: `Bearer ${k}`, 'content-type': 'application/json' } });
      const answers = await Promise.all([...Array.from({ length: 20 }, (_, i) => store(`row6-${i}`, key, payload)), store('row6-other', other, JSON.stringify({ roster: LEGAL }))]);
      const legal = answers.pop()!;
      for (const a of answers) {
        expect(a.status).toBe(413);
        expect(a.body).toMatchObject({ code: 'roster_too_large', limit: 65_536, size: payload.length - '{"roster":}'.length });
      }
      expect(legal.status).toBe(201);
      expect(await stores.rosters.countByOwner(owner)).toBe(0);
      // the one save was the other key's: the refused lists were neither validated nor stored
      expect(save).toHaveBeenCalledTimes(1);
      expect([...seen.handled].filter((p) => p.startsWith('row6-') && p !== 'row6-other')).toEqual([]);
    } finally {
      save.mockRestore();
    }
  });

  it('row 6: one key storing past MAX_STORED_ROSTERS_PER_KEY gets 429 quota_exceeded, exactly the quota stored, however concurrent', async () => {
    const limited = memoryStores();
    const small = await memoryApp({ maxStoredRostersPerKey: 5 }, { stores: limited });
    try {
      const [key, other] = [await apiKey(small, 'many'), await apiKey(small, 'other')];
      const store = (k: string) => small.inject({ method: 'POST', url: '/v1/eden/rosters', payload: { roster: LEGAL }, headers: { authorization: `Bearer ${k}` } });
      const answers = await Promise.all([...Array.from({ length: 20 }, () => store(key)), store(other)]);
      const legal = answers.pop()!;
      expect(answers.filter((a) => a.statusCode === 201)).toHaveLength(5);
      const refused = answers.filter((a) => a.statusCode === 429);
      expect(refused).toHaveLength(15);
      for (const r of refused) expect(r.json()).toMatchObject({ code: 'quota_exceeded', limit: 5 });
      expect(legal.statusCode).toBe(201);
      expect(await limited.rosters.countByOwner((await limited.apiKeys.resolve(key))!.id)).toBe(5);
    } finally {
      await small.close();
    }
  });
});
