/**
 * Issue 26 (Private Network Access): with CORS_PRIVATE_NETWORK=true a CORS preflight that asks
 * `Access-Control-Request-Private-Network: true` is answered `Access-Control-Allow-Private-Network: true`
 * (src/http/plugins/cors.ts, answered on arrival by src/http/plugins/arrival-headers.ts). Off — the
 * default — no such header is ever sent.
 */
import { describe, expect, it } from 'vitest';
import Fastify, { type FastifyInstance } from 'fastify';
import { loadConfig } from '../../../src/config.js';
import { registerArrivalHeaders } from '../../../src/http/plugins/arrival-headers.js';

const ORIGIN = 'https://world.forge-vtt.example';
const PREFLIGHT = { origin: ORIGIN, 'access-control-request-method': 'POST', 'access-control-request-headers': 'content-type' };

async function appWith(build: (app: FastifyInstance) => void): Promise<FastifyInstance> {
  const app = Fastify();
  build(app);
  app.post('/x', async () => ({ ok: true }));
  await app.ready();
  return app;
}

const preflight = (app: FastifyInstance, headers: Record<string, string>) => app.inject({ method: 'OPTIONS', url: '/x', headers });

describe('Private Network Access preflights (CORS_PRIVATE_NETWORK)', () => {
  it('the setting: off by default, "true" turns it on, anything but true/false stops start-up', () => {
    expect(loadConfig({}).corsPrivateNetwork).toBe(false);
    expect(loadConfig({ CORS_PRIVATE_NETWORK: '' }).corsPrivateNetwork).toBe(false);
    expect(loadConfig({ CORS_PRIVATE_NETWORK: 'false' }).corsPrivateNetwork).toBe(false);
    expect(loadConfig({ CORS_PRIVATE_NETWORK: 'true' }).corsPrivateNetwork).toBe(true);
    expect(() => loadConfig({ CORS_PRIVATE_NETWORK: 'yes' })).toThrow(/CORS_PRIVATE_NETWORK must be "true" or "false"/);
  });

  it('on: a preflight asking for the private network is allowed', async () => {
    const app = await appWith((a) => registerArrivalHeaders(a, { privateNetwork: true }));
    try {
      const res = await preflight(app, { ...PREFLIGHT, 'access-control-request-private-network': 'true' });
      expect(res.statusCode).toBe(204);
      expect(res.headers['access-control-allow-private-network']).toBe('true');
      expect(res.headers['access-control-allow-origin']).toBe(ORIGIN);
      expect(res.headers['access-control-allow-methods']).toContain('POST');
      expect(res.headers['access-control-allow-headers']).toBe('content-type');
      expect(String(res.headers.vary)).toContain('Access-Control-Request-Private-Network');
    } finally {
      await app.close();
    }
  });

  it('on: a preflight that does not ask for it gets no such header; nor does a request that is not a preflight', async () => {
    const app = await appWith((a) => registerArrivalHeaders(a, { privateNetwork: true }));
    try {
      const plain = await preflight(app, PREFLIGHT);
      expect(plain.statusCode).toBe(204);
      expect(plain.headers['access-control-allow-private-network']).toBeUndefined();
      const other = await preflight(app, { ...PREFLIGHT, 'access-control-request-private-network': 'false' });
      expect(other.headers['access-control-allow-private-network']).toBeUndefined();
      const invalid = await preflight(app, { origin: ORIGIN, 'access-control-request-private-network': 'true' });
      expect(invalid.statusCode).toBe(400);
      expect(invalid.headers['access-control-allow-private-network']).toBeUndefined();
      const post = await app.inject({ method: 'POST', url: '/x', payload: {}, headers: { origin: ORIGIN, 'access-control-request-private-network': 'true' } });
      expect(post.statusCode).toBe(200);
      expect(post.headers['access-control-allow-private-network']).toBeUndefined();
    } finally {
      await app.close();
    }
  });

  it('off (the default): never the header, with or without the request header', async () => {
    const app = await appWith((a) => registerArrivalHeaders(a));
    try {
      for (const headers of [PREFLIGHT, { ...PREFLIGHT, 'access-control-request-private-network': 'true' }]) {
        const res = await preflight(app, headers);
        expect(res.statusCode).toBe(204);
        expect(res.headers['access-control-allow-private-network']).toBeUndefined();
        expect(String(res.headers.vary)).not.toContain('Private-Network');
      }
    } finally {
      await app.close();
    }
  });

  it("follows the app's configuration when no option is given", async () => {
    for (const env of [{ CORS_PRIVATE_NETWORK: 'true' }, {}]) {
      const config = loadConfig(env);
      const app = await appWith((a) => {
        a.decorate('config', config);
        registerArrivalHeaders(a);
      });
      try {
        const res = await preflight(app, { ...PREFLIGHT, 'access-control-request-private-network': 'true' });
        expect(res.headers['access-control-allow-private-network']).toBe(config.corsPrivateNetwork ? 'true' : undefined);
      } finally {
        await app.close();
      }
    }
  });
});
