/**
 * /v1/simulations (CONTRACT §6) through the real app: on every database target, with the
 * in-process runner, or BullMQ (with a worker in this process, unique queue) when REDIS_URL is set.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { randomUUID } from 'node:crypto';
import { testApp } from '../helpers/app.js';
import { databaseTargets } from '../helpers/database.js';
import type { Database, JobRunner } from '../../src/app/ports.js';
import { apiKeyStore } from '../../src/infra/keys.js';
import { InProcessJobRunner } from '../../src/infra/queue/index.js';
import { simulate } from '../../src/games/eden/rules/simulate/index.js';
import { validateSimulationRequest } from '../../src/app/simulations/service.js';
import { openRunner } from '../helpers/job-runner.js';
import { meleeRequest, rangedRequest } from '../fixtures/simulate.js';
import { WebSocket } from '../helpers/ws.js';
import { buildSchema } from '../../src/graphql/schema.js';
import { restAsInput } from '../../src/graphql/types/rest-shape.js';

describe.each(databaseTargets())('simulations API on $name', (target) => {
  let app: FastifyInstance;
  let database: Database;
  let runner: { jobs: JobRunner; close(): Promise<void> };
  let auth: Record<string, string>;
  let other: Record<string, string>;

  beforeAll(async () => {
    database = await target.open();
    runner = await openRunner();
    app = await testApp({}, { database, jobs: runner.jobs });
    const keys = apiKeyStore(database);
    auth = { authorization: `Bearer ${(await keys.create('sims')).key}` };
    other = { authorization: `Bearer ${(await keys.create('other')).key}` };
  });
  afterAll(async () => {
    await app.close();
    await runner.close();
    await database.close();
  });

  const submit = (body: unknown, headers = auth) => app.inject({ method: 'POST', url: '/v1/simulations', payload: body as object, headers });
  const status = (id: string, headers = auth) => app.inject({ method: 'GET', url: `/v1/simulations/${id}`, headers });

  async function finished(id: string) {
    for (let i = 0; i < 600; i++) {
      const res = await status(id);
      const body = res.json();
      if (!['queued', 'running'].includes(body.status)) return body;
      await new Promise((r) => setTimeout(r, 100));
    }
    throw new Error('simulation did not finish');
  }

  it('needs an API key (401 problem)', async () => {
    const res = await submit({ kind: 'eden.melee', request: meleeRequest(), iterations: 10 }, {});
    expect(res.statusCode).toBe(401);
    expect(res.headers['content-type']).toMatch(/application\/problem\+json/);
  });

  it('queues a melee simulation (202), completes it with the seeded result, and persists it', async () => {
    const res = await submit({ kind: 'eden.melee', request: meleeRequest('dodge'), iterations: 30_000, seed: 'api-1' });
    expect(res.statusCode).toBe(202);
    const { id, status: s } = res.json();
    expect(s).toBe('queued');
    expect(res.headers.location).toBe(`/v1/simulations/${id}`);
    const done = await finished(id);
    expect(done).toMatchObject({ id, status: 'completed', progress: 1, iterations: 30_000, seed: 'api-1' });
    const request = validateSimulationRequest('eden.melee', meleeRequest('dodge'));
    expect(done.result).toEqual(simulate({ kind: 'eden.melee', request, iterations: 30_000, seed: 'api-1' }));
    const { rows } = await database.query<{ status: string; result: unknown }>('SELECT status, result FROM simulations WHERE id = $1', [id]);
    expect(rows[0]!.status).toBe('completed');
    expect(rows[0]!.result).toBeTruthy();
  });

  it('hides other keys’ simulations (404) and unknown ids (404)', async () => {
    const { id } = (await submit({ kind: 'eden.ranged', request: rangedRequest(), iterations: 100, seed: 'private' })).json();
    expect((await status(id, other)).statusCode).toBe(404);
    expect((await app.inject({ method: 'DELETE', url: `/v1/simulations/${id}`, headers: other })).statusCode).toBe(404);
    expect((await app.inject({ method: 'GET', url: `/v1/simulations/${id}/chart.svg`, headers: other })).statusCode).toBe(404);
    expect((await status(randomUUID())).statusCode).toBe(404);
    expect((await status('not-a-uuid')).statusCode).toBe(404);
    await finished(id);
  });

  it('deduplicates an identical seeded submission', async () => {
    const body = { kind: 'eden.ranged', request: rangedRequest(), iterations: 500, seed: 'dedupe' };
    const a = (await submit(body)).json();
    const b = (await submit(body)).json();
    expect(b.id).toBe(a.id);
    expect(b.deduplicated).toBe(true);
    const c = (await submit({ ...body, seed: 'dedupe-2' })).json();
    expect(c.id).not.toBe(a.id);
    await finished(a.id);
    expect((await submit(body)).json().id).toBe(a.id);
  });

  it('rejects bad bodies with 400 listing every problem, and rule violations with 422', async () => {
    const res = await submit({ kind: 'eden.chess', request: 3, iterations: 0 });
    expect(res.statusCode).toBe(400);
    const paths = res.json().errors.map((e: { path: string }) => e.path);
    expect(paths).toEqual(expect.arrayContaining(['/kind', '/request', '/iterations']));
    expect((await submit({ kind: 'eden.melee', request: meleeRequest(), iterations: 10_000_001 })).statusCode).toBe(400);
    const selfAttack = await submit({ kind: 'eden.melee', request: { ...meleeRequest(), target: meleeRequest().attacker }, iterations: 10 });
    expect(selfAttack.statusCode).toBe(422);
    expect(selfAttack.json().code).toBe('illegal_target');
    const badProfile = await submit({ kind: 'eden.melee', request: { ...meleeRequest(), target: { id: 'x' } }, iterations: 10 });
    expect(badProfile.statusCode).toBe(400);
    expect(badProfile.json().errors[0].path).toMatch(/^\/request\//);
  });

  it('cancels a running simulation; a finished one is 409', async () => {
    const { id } = (await submit({ kind: 'eden.melee', request: meleeRequest('response'), iterations: 10_000_000, seed: 'long' })).json();
    const res = await app.inject({ method: 'DELETE', url: `/v1/simulations/${id}`, headers: auth });
    expect(res.statusCode).toBe(200);
    expect(res.json().status).toBe('cancelled');
    expect((await status(id)).json().status).toBe('cancelled');
    const again = await app.inject({ method: 'DELETE', url: `/v1/simulations/${id}`, headers: auth });
    expect(again.statusCode).toBe(200);
    const { id: small } = (await submit({ kind: 'eden.ranged', request: rangedRequest(), iterations: 10, seed: 'small' })).json();
    await finished(small);
    const late = await app.inject({ method: 'DELETE', url: `/v1/simulations/${small}`, headers: auth });
    expect(late.statusCode).toBe(409);
    expect(late.json().code).toBe('simulation_finished');
  });

  it('limits the simulations a key may have queued or running (429)', async () => {
    const keys = apiKeyStore(database);
    const busy = { authorization: `Bearer ${(await keys.create('busy')).key}` };
    const ids: string[] = [];
    for (let i = 0; i < 5; i++) {
      const res = await submit({ kind: 'eden.melee', request: meleeRequest('response'), iterations: 10_000_000, seed: `busy-${i}` }, busy);
      expect(res.statusCode).toBe(202);
      ids.push(res.json().id);
    }
    const over = await submit({ kind: 'eden.melee', request: meleeRequest(), iterations: 10, seed: 'one-too-many' }, busy);
    expect(over.statusCode).toBe(429);
    expect(over.json().code).toBe('simulation_limit');
    for (const id of ids) await app.inject({ method: 'DELETE', url: `/v1/simulations/${id}`, headers: busy });
    expect((await submit({ kind: 'eden.melee', request: meleeRequest(), iterations: 10, seed: 'after' }, busy)).statusCode).toBe(202);
  });

  it('streams progress as Server-Sent Events until the end, and draws an SVG chart', async () => {
    const { id } = (await submit({ kind: 'eden.melee', request: meleeRequest(), iterations: 20_000, seed: 'sse' })).json();
    const res = await app.inject({ method: 'GET', url: `/v1/simulations/${id}/events`, headers: auth });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/event-stream/);
    const events = [...res.body.matchAll(/event: (\w+)\ndata: (.*)\n/g)].map((m) => ({ event: m[1], data: JSON.parse(m[2]!) }));
    expect(events.length).toBeGreaterThan(0);
    expect(events.at(-1)).toMatchObject({ event: 'completed', data: { id, status: 'completed', progress: 1 } });
    const chart = await app.inject({ method: 'GET', url: `/v1/simulations/${id}/chart.svg`, headers: auth });
    expect(chart.statusCode).toBe(200);
    expect(chart.headers['content-type']).toMatch(/^image\/svg\+xml/);
    expect(chart.body).toMatch(/^<svg[^>]*xmlns="http:\/\/www.w3.org\/2000\/svg"/);
    expect(chart.body).toContain('PC lost');
  });

  it('a queue that does not answer is 503 with Retry-After, never a 500', async () => {
    const dead = new InProcessJobRunner({ concurrency: 1 });
    await dead.close();
    const broken = await testApp({}, { database, jobs: dead });
    try {
      const res = await broken.inject({
        method: 'POST',
        url: '/v1/simulations',
        payload: { kind: 'eden.ranged', request: rangedRequest(), iterations: 10, seed: 'dead' },
        headers: auth,
      });
      expect(res.statusCode).toBe(503);
      expect(res.headers['retry-after']).toBe('5');
      expect(res.json().code).toBe('unavailable');
    } finally {
      await broken.close();
    }
  });

  it('GraphQL subscription simulationProgress over WebSocket: progress until completed; other keys refused', async () => {
    const { id } = (await submit({ kind: 'eden.melee', request: meleeRequest('response'), iterations: 300_000, seed: 'ws' })).json();
    const address = await app.listen({ port: 0, host: '127.0.0.1' });
    const url = address.replace(/^http/, 'ws') + '/graphql';
    const open = async (headers: Record<string, string>) => {
      const ws = new WebSocket(url, 'graphql-transport-ws');
      const messages: { type: string; id?: string; payload?: any }[] = [];
      ws.on('message', (data) => messages.push(JSON.parse(String(data))));
      ws.on('error', () => undefined);
      await new Promise<void>((resolve, reject) => {
        ws.on('open', resolve);
        ws.on('error', reject);
      });
      ws.send(JSON.stringify({ type: 'connection_init', payload: { headers } }));
      return { ws, messages };
    };
    const until = async (pred: () => boolean, what: string, messages: unknown[]) => {
      const deadline = Date.now() + 20_000;
      while (!pred()) {
        if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}: ${JSON.stringify(messages).slice(0, 500)}`);
        await new Promise((r) => setTimeout(r, 50));
      }
    };
    const mine = await open(auth);
    const theirs = await open(other);
    try {
      await until(() => mine.messages.some((m) => m.type === 'connection_ack'), 'ack', mine.messages);
      const query = 'subscription($id: ID!) { simulationProgress(id: $id) { id status progress } }';
      mine.ws.send(JSON.stringify({ id: 's1', type: 'subscribe', payload: { query, variables: { id } } }));
      await until(() => mine.messages.some((m) => m.type === 'complete' || m.payload?.data?.simulationProgress?.status === 'completed'), 'completion', mine.messages);
      const views = mine.messages.filter((m) => m.type === 'next').map((m) => m.payload.data.simulationProgress);
      expect(views.at(-1)).toMatchObject({ id, status: 'completed', progress: 1 });
      const progress = views.map((v) => v.progress);
      expect([...progress].sort((a, b) => a - b)).toEqual(progress); // never goes back

      await until(() => theirs.messages.some((m) => m.type === 'connection_ack'), 'ack', theirs.messages);
      theirs.ws.send(JSON.stringify({ id: 'x', type: 'subscribe', payload: { query, variables: { id } } }));
      await until(() => theirs.messages.some((m) => m.type === 'error' || m.type === 'next'), 'refusal', theirs.messages);
      expect(JSON.stringify(theirs.messages)).toMatch(/not_found|No simulation/);
      expect(theirs.messages.some((m) => m.payload?.data?.simulationProgress)).toBe(false);
    } finally {
      mine.ws.close();
      theirs.ws.close();
    }
  });

  it('GraphQL: submit, read and cancel with the same API key', async () => {
    const gql = (query: string, variables: object = {}, headers = auth) =>
      app.inject({ method: 'POST', url: '/graphql', payload: { query, variables }, headers }).then((r) => r.json());
    const sub = await gql('mutation($i: SimulationRequestInput!) { submitSimulation(input: $i) { id status deduplicated } }', {
      i: { kind: 'eden.ranged', request: rangedRequest(), iterations: 200, seed: 'gql' },
    });
    const id = sub.data.submitSimulation.id;
    expect(sub.data.submitSimulation.status).toBe('queued');
    await finished(id);
    const read = await gql('query($id: ID!) { simulation(id: $id) { id status result { iterations successRate } } }', { id });
    expect(read.data.simulation).toMatchObject({ id, status: 'completed', result: { iterations: 200 } });
    const hidden = await gql('query($id: ID!) { simulation(id: $id) { id } }', { id }, other);
    expect(hidden.errors[0].extensions.status).toBe(404);
    const bad = await gql('mutation($i: SimulationRequestInput!) { submitSimulation(input: $i) { id } }', { i: { kind: 'eden.ranged', request: {}, iterations: -1 } });
    expect(bad.errors[0].extensions).toMatchObject({ status: 400, code: 'invalid_request' });
    expect(bad.errors[0].extensions.errors.map((e: { path: string }) => e.path)).toContain('/iterations');
  });
});

describe('exact odds endpoints (REST and GraphQL)', () => {
  let app: FastifyInstance;
  beforeAll(async () => {
    app = await testApp();
  });
  afterAll(async () => app.close());

  it('POST /v1/eden/attacks/melee/odds answers the exact distribution; dice are ignored', async () => {
    const res = await app.inject({ method: 'POST', url: '/v1/eden/attacks/melee/odds', payload: { ...meleeRequest('passive'), dice: { values: [1] } } });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.method).toBe('exact');
    expect(body.successRate).toBeCloseTo(15 / 16, 12);
    expect(body.markedHistogram.reduce((a: number, h: { rate: number }) => a + h.rate, 0)).toBeCloseTo(1, 12);
  });

  it('POST /v1/eden/attacks/ranged/odds, and the same through GraphQL edenRangedOdds', async () => {
    const rest = await app.inject({ method: 'POST', url: '/v1/eden/attacks/ranged/odds', payload: rangedRequest() });
    expect(rest.statusCode).toBe(200);
    const query = 'query($i: RangedAttackInput!) { edenRangedOdds(input: $i) { method successRate noTargetRate markedHistogram { marked rate } } }';
    // the REST body as GraphQL input: the Helmet's `protection.limbs: ["head"]` is `{list: ["head"]}` there (issue 25.6)
    const input = restAsInput(rangedRequest(), buildSchema().getQueryType()!.getFields().edenRangedOdds!.args[0]!.type);
    expect(input).toMatchObject({ shooter: { equipment: [{ protection: { limbs: { list: ['head'] } } }, {}] } });
    const gql = await app.inject({ method: 'POST', url: '/graphql', payload: { query, variables: { i: input } } });
    const { method, successRate, noTargetRate, markedHistogram } = rest.json();
    expect(gql.json().data.edenRangedOdds).toEqual({
      method,
      successRate,
      noTargetRate,
      markedHistogram: markedHistogram.map(({ marked, rate }: { marked: number; rate: number }) => ({ marked, rate })),
    });
  });

  it('answers 400 with every problem and 422 for rule violations, like the stateless endpoint', async () => {
    const bad = await app.inject({ method: 'POST', url: '/v1/eden/attacks/melee/odds', payload: { attacker: 1, reaction: 'sing' } });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().errors.map((e: { path: string }) => e.path)).toEqual(expect.arrayContaining(['/attacker', '/target', '/reaction']));
    const self = await app.inject({ method: 'POST', url: '/v1/eden/attacks/melee/odds', payload: { ...meleeRequest(), target: meleeRequest().attacker } });
    expect(self.statusCode).toBe(422);
    expect(self.json().code).toBe('illegal_target');
    const illegal = await app.inject({ method: 'POST', url: '/v1/eden/attacks/ranged/odds', payload: rangedRequest({ targetId: 'nobody' }) });
    expect(illegal.statusCode).toBe(422);
    expect(illegal.json().code).toBe('illegal_target');
  });
});
