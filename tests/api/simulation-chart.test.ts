/**
 * GET /v1/simulations/{id}/chart.svg: SVG, or PNG when Accept ranks image/png higher (with
 * `Vary: Accept`), and loadable by `<img src="…?token=">` with a feed token of that simulation in
 * place of the key; a token of another simulation, a receipt-like string or none is a 401 problem.
 * The charts of operations (dice distribution, exact odds) answer SVG or PNG by Accept as well.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { memoryApp } from '../helpers/app.js';
import { openRunner } from '../helpers/job-runner.js';
import { meleeRequest } from '../fixtures/simulate.js';

const ADMIN = 'simulation-chart-admin';
const PNG = Buffer.from([0x89, 0x50, 0x4e, 0x47]);
let app: FastifyInstance;
let runner: Awaited<ReturnType<typeof openRunner>>;
let auth: Record<string, string>;

beforeAll(async () => {
  runner = await openRunner();
  app = await memoryApp({ adminToken: ADMIN }, { jobs: runner.jobs });
  const key = await app.inject({ method: 'POST', url: '/v1/admin/keys', headers: { authorization: `Bearer ${ADMIN}` }, payload: { name: 'charts' } });
  auth = { authorization: `Bearer ${key.json().key}` };
});
afterAll(async () => {
  await app?.close();
  await runner?.close();
});

async function completedSimulation(seed: string): Promise<string> {
  const { id } = (
    await app.inject({ method: 'POST', url: '/v1/simulations', headers: auth, payload: { kind: 'eden.melee', request: meleeRequest(), iterations: 2_000, seed } })
  ).json();
  for (let i = 0; i < 600; i++) {
    const { status } = (await app.inject({ method: 'GET', url: `/v1/simulations/${id}`, headers: auth })).json();
    if (status === 'completed') return id;
    await new Promise((r) => setTimeout(r, 50));
  }
  throw new Error('the simulation did not complete');
}

const feedToken = async (id: string) => (await app.inject({ method: 'POST', url: `/v1/simulations/${id}/feed-tokens`, headers: auth, payload: {} })).json().token as string;

describe('simulation chart', () => {
  let id: string;
  beforeAll(async () => {
    id = await completedSimulation('chart-1');
  });

  it('answers SVG by default and for an <img>’s Accept, PNG when Accept prefers it, with Vary: Accept', async () => {
    const svg = await app.inject({ method: 'GET', url: `/v1/simulations/${id}/chart.svg`, headers: auth });
    expect(svg.statusCode).toBe(200);
    expect(svg.headers['content-type']).toMatch(/^image\/svg\+xml/);
    expect(svg.headers.vary).toMatch(/accept/i);
    const img = await app.inject({
      method: 'GET',
      url: `/v1/simulations/${id}/chart.svg`,
      headers: { ...auth, accept: 'image/avif,image/webp,image/apng,image/svg+xml,image/*,*/*;q=0.8' },
    });
    expect(img.headers['content-type']).toMatch(/^image\/svg\+xml/);
    const png = await app.inject({ method: 'GET', url: `/v1/simulations/${id}/chart.svg`, headers: { ...auth, accept: 'image/png, image/svg+xml;q=0.5' } });
    expect(png.statusCode).toBe(200);
    expect(png.headers['content-type']).toBe('image/png');
    expect(png.rawPayload.subarray(0, 4)).toEqual(PNG);
  });

  it('is loaded with ?token= (a feed token of this simulation) and no Authorization header, as <img src> does', async () => {
    const token = await feedToken(id);
    const res = await app.inject({ method: 'GET', url: `/v1/simulations/${id}/chart.svg?token=${token}` });
    expect(res.statusCode).toBe(200);
    expect(res.body).toContain('PC lost');
    const png = await app.inject({ method: 'GET', url: `/v1/simulations/${id}/chart.svg?token=${token}`, headers: { accept: 'image/png' } });
    expect(png.headers['content-type']).toBe('image/png');
  });

  it('refuses a token of another simulation, an altered token and no credential with a 401 problem', async () => {
    const other = await completedSimulation('chart-2');
    const token = await feedToken(other);
    const wrong = await app.inject({ method: 'GET', url: `/v1/simulations/${id}/chart.svg?token=${token}` });
    expect(wrong.statusCode).toBe(401);
    expect(wrong.json()).toMatchObject({ code: 'invalid_feed_token', reason: 'other_resource' });
    const altered = await app.inject({ method: 'GET', url: `/v1/simulations/${id}/chart.svg?token=${token.slice(0, -3)}abc` });
    expect(altered.statusCode).toBe(401);
    const none = await app.inject({ method: 'GET', url: `/v1/simulations/${id}/chart.svg` });
    expect(none.statusCode).toBe(401);
    expect(none.headers['content-type']).toMatch(/application\/problem\+json/);
  });
});

describe('operation charts', () => {
  it('dice distribution and exact odds answer SVG or PNG by Accept', async () => {
    for (const accept of ['image/svg+xml', 'image/png']) {
      const res = await app.inject({ method: 'POST', url: '/v1/dice/distribution', headers: { accept }, payload: { notation: '3d6' } });
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toMatch(new RegExp(`^${accept.replace('+', '\\+')}`));
    }
  });
});
