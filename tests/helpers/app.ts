/**
 * Builds the real application for tests through the composition root (no network listener; use inject or supertest).
 * Rate limiting and load shedding are off unless a test turns them on: a busy CI machine must not
 * turn a rules test into a 503.
 */
import type { FastifyInstance } from 'fastify';
import { loadConfig, type Config } from '../../src/config.js';
import type { AppDeps } from '../../src/app/deps.js';
import { createApp } from '../../src/composition.js';

export async function testApp(overrides: Partial<Config> = {}, deps: AppDeps = {}, extend?: (app: FastifyInstance) => void | Promise<void>): Promise<FastifyInstance> {
  const config: Config = { ...loadConfig({}), logLevel: 'silent', rateLimitPerMinute: 0, maxEventLoopDelayMs: 0, ...overrides };
  const app = await createApp(config, deps);
  if (extend) await extend(app);
  await app.ready();
  return app;
}

/** POST a JSON body through inject and parse the answer. */
export async function post(app: FastifyInstance, url: string, body: unknown, headers: Record<string, string> = {}) {
  const res = await app.inject({ method: 'POST', url, payload: body as object, headers });
  return { status: res.statusCode, body: res.body ? res.json() : undefined, headers: res.headers };
}
