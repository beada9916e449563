import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readFile } from 'node:fs/promises';
import type { FastifyInstance } from 'fastify';
import { testApp } from '../helpers/app.js';
import { generatedDocuments } from '../../src/documents.js';

describe('discovery (CONTRACT §0)', () => {
  let app: FastifyInstance;
  beforeAll(async () => {
    app = await testApp();
  });
  afterAll(async () => app.close());

  it('the committed openapi/openapi.json equals the generated document (run `npm run openapi`)', async () => {
    const { openapi } = await generatedDocuments();
    expect(await readFile('openapi/openapi.json', 'utf8')).toBe(openapi);
  });

  it('the committed schema.graphql equals the generated SDL (run `npm run openapi`)', async () => {
    const { sdl } = await generatedDocuments();
    expect(await readFile('schema.graphql', 'utf8')).toBe(sdl);
  });

  it('GET /openapi.json serves OpenAPI 3.1 with every operation documented', async () => {
    const res = await app.inject({ method: 'GET', url: '/openapi.json' });
    expect(res.statusCode).toBe(200);
    const doc = res.json();
    expect(doc.openapi).toBe('3.1.0');
    expect(doc.paths['/health']).toBeDefined();
    for (const [path, methods] of Object.entries(doc.paths as Record<string, Record<string, { summary?: string }>>)) {
      for (const [method, op] of Object.entries(methods)) {
        if (path.startsWith('/v1/')) expect(op.summary, `${method.toUpperCase()} ${path} has a summary`).toBeTruthy();
      }
    }
  });

  it('GET /docs serves a readable docs page', async () => {
    const res = await app.inject({ method: 'GET', url: '/docs/' });
    expect([200, 302]).toContain(res.statusCode);
    const page = res.statusCode === 302 ? await app.inject({ method: 'GET', url: res.headers.location as string }) : res;
    expect(page.headers['content-type']).toMatch(/text\/html/);
  });

  it('GraphiQL is served outside production and not in production', async () => {
    expect((await app.inject({ method: 'GET', url: '/graphiql' })).statusCode).toBe(200);
    const prod = await testApp({ production: true });
    try {
      expect((await prod.inject({ method: 'GET', url: '/graphiql' })).statusCode).toBe(404);
    } finally {
      await prod.close();
    }
  });

  it('GraphQL answers at POST /graphql', async () => {
    const res = await app.inject({ method: 'POST', url: '/graphql', payload: { query: '{ health }' } });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ data: { health: 'ok' } });
  });

  it('a GraphQL syntax error is a 400 with errors, not a 500', async () => {
    const res = await app.inject({ method: 'POST', url: '/graphql', payload: { query: '{ health' } });
    expect(res.statusCode).toBe(400);
    expect(res.json().errors.length).toBeGreaterThan(0);
  });
});

describe('load shedding', () => {
  it('answers 503 problem+json with Retry-After while the event loop is blocked', async () => {
    const app = await testApp({ maxEventLoopDelayMs: 20 });
    try {
      let shed;
      for (let attempt = 0; attempt < 20 && !shed; attempt++) {
        const until = Date.now() + 150;
        while (Date.now() < until) {
          /* block the event loop */
        }
        await new Promise((resolve) => setTimeout(resolve, 30));
        const res = await app.inject({ method: 'GET', url: '/v1/eden/catalog' });
        if (res.statusCode === 503) shed = res;
      }
      expect(shed, 'a request was shed').toBeDefined();
      expect(shed!.headers['retry-after']).toBeDefined();
      expect(shed!.headers['content-type']).toMatch(/^application\/problem\+json/);
      expect(shed!.json()).toMatchObject({ status: 503, code: 'overloaded' });
      // liveness is never shed
      expect((await app.inject({ method: 'GET', url: '/health' })).statusCode).toBe(200);
    } finally {
      await app.close();
    }
  });
});
