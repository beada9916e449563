/**
 * Builds the real application for tests through the composition root (no network listener; use inject or supertest).
 * Rate limiting, load shedding and the caps on open streams are off unless a test turns them on: a
 * busy CI machine must not turn a rules test into a 503, nor a feed test's many streams into 429s.
 *
 * - `testApp(config, deps)`: the app over exactly the ports given (none: stateless operations only).
 * - `memoryApp(config, deps)`: the app over in-memory stores (src/infra/memory) — matches, keys,
 *   rosters, simulations (with `deps.jobs`), receipts — for API tests that do not test storage.
 * - `sharedApp()`: one in-memory app per Vitest worker, shared by the files it runs; isolate each
 *   test by a fresh API key (`apiKey(app)`), and never close it.
 */
import type { FastifyInstance } from 'fastify';
import { loadConfig, type Config } from '../../src/config.js';
import type { AppDeps } from '../../src/app/deps.js';
import { createApp } from '../../src/composition.js';
import { memoryStores } from '../../src/infra/memory/index.js';

export async function testApp(overrides: Partial<Config> = {}, deps: AppDeps = {}, extend?: (app: FastifyInstance) => void | Promise<void>): Promise<FastifyInstance> {
  const config: Config = { ...loadConfig({}), logLevel: 'silent', rateLimitPerMinute: 0, maxEventLoopDelayMs: 0, maxStreamsPerKey: 0, maxStreamsPerIp: 0, ...overrides };
  const app = await createApp(config, deps);
  if (extend) await extend(app);
  await app.ready();
  return app;
}

/** The app over fresh in-memory stores (the deps given win; `deps.clock` stamps the stores too). */
export function memoryApp(overrides: Partial<Config> = {}, deps: AppDeps = {}, extend?: (app: FastifyInstance) => void | Promise<void>): Promise<FastifyInstance> {
  return testApp(overrides, { stores: memoryStores({ clock: deps.clock, receiptSigningKey: overrides.receiptSigningKey }), ...deps }, extend);
}

let shared: Promise<FastifyInstance> | undefined;

/** The worker's in-memory app (default configuration): never close it. */
export function sharedApp(): Promise<FastifyInstance> {
  shared ??= memoryApp();
  return shared;
}

/** A fresh API key of `app`'s key store (one per test or per tenant keeps tests apart on a shared app). */
export async function apiKey(app: FastifyInstance, name = 'test'): Promise<string> {
  const keys = app.services.apiKeys;
  if (!keys) throw new Error('this app has no key store: build it with memoryApp() or over a database');
  return (await keys.create(name)).key;
}

/** POST a JSON body through inject and parse the answer. */
export async function post(app: FastifyInstance, url: string, body: unknown, headers: Record<string, string> = {}) {
  const res = await app.inject({ method: 'POST', url, payload: body as object, headers });
  return { status: res.statusCode, body: res.body ? res.json() : undefined, headers: res.headers };
}
