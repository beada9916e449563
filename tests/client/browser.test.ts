/**
 * The TypeScript client runs in a browser: its sources, compiled one file at a time by TypeScript
 * (no bundler) and loaded as ES modules with an import map for openapi-fetch, call the real app from
 * another origin in Chromium (CORS), follow a match feed over fetch + SSE, and throw typed problems.
 * Every request not to 127.0.0.1 is blocked. Skips only when /usr/bin/chromium is absent.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createServer, type Server } from 'node:http';
import { existsSync, readFileSync } from 'node:fs';
import ts from 'typescript';
import type { FastifyInstance } from 'fastify';
import { memoryApp } from '../helpers/app.js';
import { CHROMIUM, chromiumPresent, launchChromium, loopbackOnly } from '../helpers/chromium.js';
import { createArbiterClient } from '../../clients/typescript/src/index.js';

const SRC = new URL('../../clients/typescript/src/', import.meta.url);
const OPENAPI_FETCH = new URL('../../node_modules/openapi-fetch/dist/index.mjs', import.meta.url);

/** What the page runs: the client against the app, results on window.__result. */
const RUN = `
import { ArbiterProblem, createArbiterClient } from '/client/index.js';
const params = new URLSearchParams(location.search);
const arbiter = createArbiterClient({ baseUrl: params.get('api'), apiKey: params.get('key') });
try {
  const roll = await arbiter.rules('/v1/eden/rolls', { kind: 'characteristic', value: 4, difficulty: 4, dice: { seed: 'demo' } });
  const match = await arbiter.createMatch({ game: 'anima', players: [{ id: 'p1', name: 'Ana' }] });
  const seen = [];
  const feed = (async () => {
    for await (const e of arbiter.followMatch(match.id, { from: 1 })) {
      seen.push(e.version);
      if (seen.length === 2) break;
    }
  })();
  const note = (text) => ({ type: 'match.note', data: { text, author: null } });
  await arbiter.appendEvents(match.id, { expectedVersion: 0, events: [note('a')] });
  await arbiter.appendEvents(match.id, { expectedVersion: 1, events: [note('b')] });
  await feed;
  let problem = null;
  try { await arbiter.getMatch('no-such-match'); } catch (e) { problem = e instanceof ArbiterProblem ? { status: e.status, code: e.code, requestId: e.requestId } : String(e); }
  window.__result = { successes: roll.successes, versions: seen, problem };
} catch (e) {
  window.__result = { error: String(e && e.stack || e) };
}
`;

let app: FastifyInstance;
let api: string;
let key: string;
let pages: Server;
let origin: string;

beforeAll(async () => {
  app = await memoryApp({ adminToken: 'browser-admin' });
  api = await app.listen({ host: '127.0.0.1', port: 0 });
  key = (await createArbiterClient({ baseUrl: api }).createApiKey('browser', 'browser-admin')).key;
  pages = createServer((req, res) => {
    const path = new URL(req.url!, 'http://x').pathname;
    const js = (body: string) => res.writeHead(200, { 'content-type': 'text/javascript; charset=utf-8' }).end(body);
    if (path === '/') {
      res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
      return res.end(`<!doctype html><script type="importmap">{"imports":{"openapi-fetch":"/openapi-fetch.mjs"}}</script><script type="module" src="/run.js"></script>`);
    }
    if (path === '/run.js') return js(RUN);
    if (path === '/openapi-fetch.mjs') return js(readFileSync(OPENAPI_FETCH, 'utf8'));
    const file = /^\/client\/([\w/-]+)\.js$/.exec(path)?.[1];
    if (file && existsSync(new URL(`${file}.ts`, SRC))) {
      const source = readFileSync(new URL(`${file}.ts`, SRC), 'utf8');
      return js(ts.transpileModule(source, { compilerOptions: { module: ts.ModuleKind.ES2022, target: ts.ScriptTarget.ES2022 } }).outputText);
    }
    res.writeHead(404).end();
  });
  await new Promise<void>((resolve) => pages.listen(0, '127.0.0.1', resolve));
  origin = `http://127.0.0.1:${(pages.address() as { port: number }).port}`;
});
afterAll(async () => {
  if (pages) await new Promise<void>((resolve) => pages.close(() => resolve()));
  await app?.close();
});

describe.skipIf(!chromiumPresent)(`the client in Chromium (skipped when ${CHROMIUM} is absent)`, () => {
  it('calls the API across origins, follows a match feed and throws typed problems', { timeout: 90_000 }, async () => {
    const browser = await launchChromium();
    let blocked: string[] = [];
    try {
      const page = await browser.context.newPage();
      blocked = await loopbackOnly(page);
      await page.goto(`${origin}/?api=${encodeURIComponent(api)}&key=${encodeURIComponent(key)}`, { timeout: 30_000 });
      await page.waitForFunction(() => (window as unknown as { __result?: unknown }).__result !== undefined, undefined, { timeout: 30_000 });
      const result = await page.evaluate(() => (window as unknown as { __result: unknown }).__result);
      expect(result).toEqual({ successes: 4, versions: [1, 2], problem: { status: 404, code: 'not_found', requestId: expect.any(String) } });
    } finally {
      await browser.close();
    }
    expect(blocked).toEqual([]);
  });
});
