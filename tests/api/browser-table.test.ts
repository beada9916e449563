/**
 * The browser-table example (examples/browser-table/) in real Chromium, served from ANOTHER origin
 * than the API (CONTRACT §7.2): the page creates an EDEN match, asks for a feed token, opens the
 * feed with `EventSource(…?token=)` and shows the events appended afterwards — by the page (a
 * command, a note) and by another client (this test). The stream answer carries
 * Access-Control-Allow-Origin for the page's origin, or the browser would not deliver it at all.
 * Everything listens on 127.0.0.1; skipped only when /usr/bin/chromium is absent.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readFile } from 'node:fs/promises';
import { createServer, type Server } from 'node:http';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import type { BrowserContext, Page } from 'playwright-core';
import { apiKey, memoryApp } from '../helpers/app.js';
import { CHROMIUM, chromiumPresent as present, launchChromium } from '../helpers/chromium.js';

const EXAMPLE = join(import.meta.dirname, '../../examples/browser-table');
const TYPES: Record<string, string> = { '.html': 'text/html; charset=utf-8', '.js': 'text/javascript; charset=utf-8' };

/** The example's files, as any static host would serve them. */
function staticServer(): Promise<{ server: Server; origin: string }> {
  const server = createServer((req, res) => {
    const name = new URL(req.url ?? '/', 'http://x').pathname.replace(/^\/$/, '/index.html');
    const type = TYPES[name.slice(name.lastIndexOf('.'))];
    if (!type || !['/index.html', '/browser-table.js'].includes(name)) return void res.writeHead(404).end();
    readFile(join(EXAMPLE, name)).then(
      (body) => res.writeHead(200, { 'content-type': type }).end(body),
      () => res.writeHead(500).end(),
    );
  });
  return new Promise((resolve) => server.listen(0, '127.0.0.1', () => resolve({ server, origin: `http://127.0.0.1:${(server.address() as { port: number }).port}` })));
}

if (!present) console.warn(`browser-table test skipped: ${CHROMIUM} is absent (install Debian's chromium to run it).`);

describe.skipIf(!present)('examples/browser-table in Chromium, from another origin than the API', () => {
  let app: FastifyInstance;
  let api: string;
  let site: { server: Server; origin: string };
  let browser: Awaited<ReturnType<typeof launchChromium>> | undefined;
  let context: BrowserContext;
  let page: Page;
  let key: string;
  const pageErrors: string[] = [];

  beforeAll(async () => {
    // its own app: it listens
    app = await memoryApp();
    await app.listen({ port: 0, host: '127.0.0.1' });
    api = `http://127.0.0.1:${(app.server.address() as { port: number }).port}`;
    key = await apiKey(app, 'browser table');
    site = await staticServer();
    browser = await launchChromium();
    context = browser.context;
    page = context.pages()[0] ?? (await context.newPage());
    page.setDefaultTimeout(10_000);
    page.on('pageerror', (e) => pageErrors.push(e.message));
  });
  afterAll(async () => {
    await browser?.close();
    await new Promise((r) => (site ? site.server.close(r) : r(undefined)));
    await app?.close();
  });

  it('creates a match, opens the feed with a feed token and EventSource, and shows events as they are appended', async () => {
    expect(new URL(site.origin).port).not.toBe(new URL(api).port);
    await page.goto(`${site.origin}/index.html`);
    await page.fill('#base', api);
    await page.fill('#key', key);

    await page.click('#create');
    await page.waitForFunction(() => document.getElementById('match-id')!.textContent !== '—');
    const matchId = (await page.textContent('#match-id'))!;
    expect(matchId).toMatch(/^[0-9a-f-]{36}$/);

    // the EventSource request: its answer must allow the page's origin
    const feedAnswer = page.waitForResponse((r) => r.url().startsWith(`${api}/v1/matches/${matchId}/feed?`));
    await page.click('#open-feed');
    const response = await feedAnswer;
    expect(response.status()).toBe(200);
    expect(new URL(response.url()).searchParams.get('token')).toMatch(/^[\w-]+\.[\w-]+\.[\w-]+$/);
    const headers = await response.allHeaders();
    expect(headers['access-control-allow-origin']).toBe(site.origin);
    expect(headers['content-type']).toBe('text/event-stream; charset=utf-8');
    await page.waitForFunction(() => document.getElementById('feed-state')!.textContent!.startsWith('open'));

    // a command run by the page: two band registrations arrive on the feed
    await page.click('#register');
    await page.waitForSelector('#events li[data-type="eden.band_registered"]:nth-child(2)');
    // an event appended by another client (with the API key, not through the page)
    const appended = await app.inject({
      method: 'POST',
      url: `/v1/matches/${matchId}/events`,
      headers: { authorization: `Bearer ${key}` },
      payload: { expectedVersion: 2, events: [{ type: 'match.note', data: { text: 'from another client', author: 'referee' } }] },
    });
    expect(appended.statusCode).toBe(201);
    await page.waitForSelector('#events li[data-type="match.note"]');
    const shown = await page.$$eval('#events li', (items) => items.map((li) => [li.getAttribute('value'), li.getAttribute('data-type'), li.textContent]));
    expect(shown.map(([v, t]) => [v, t])).toEqual([
      ['1', 'eden.band_registered'],
      ['2', 'eden.band_registered'],
      ['3', 'match.note'],
    ]);
    expect(shown[2]![2]).toContain('from another client');
    expect(await page.getAttribute('#status', 'data-kind')).toBe('info');
    expect(pageErrors).toEqual([]);
  });

  it('resolves a melee attack and shows its exact odds as an SVG chart', async () => {
    await page.click('#attack');
    await page.waitForSelector('#chart img');
    await page.waitForFunction(() => (document.querySelector('#chart img') as HTMLImageElement).naturalWidth > 0);
    expect(await page.textContent('#attack-summary')).toMatch(/EDEN-/);
    expect(await page.getAttribute('#status', 'data-kind')).toBe('info');
    expect(pageErrors).toEqual([]);
  });
});
