/**
 * GraphiQL at /graphiql is served from the service's own assets (no CDN): the page's CSP allows only
 * 'self', and in a real Chromium that may reach nothing but 127.0.0.1 it renders, opens with the
 * example tabs and runs a query. The browser part skips only when /usr/bin/chromium is absent.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import { buildSchema } from 'graphql';
import { readFileSync } from 'node:fs';
import { testApp } from '../helpers/app.js';
import { exampleTabs } from '../../src/http/graphiql-examples.js';
import { operations } from '../../src/app/registry.js';

const CHROMIUM = '/usr/bin/chromium';

let app: FastifyInstance;
let base: string;

beforeAll(async () => {
  app = await testApp();
  base = await app.listen({ host: '127.0.0.1', port: 0 });
});
afterAll(async () => app?.close());

describe('GraphiQL page and assets', () => {
  it('the page loads only same-origin scripts and styles, and its CSP allows no other host', async () => {
    const res = await app.inject({ method: 'GET', url: '/graphiql' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-type']).toMatch(/text\/html/);
    const csp = String(res.headers['content-security-policy']);
    expect(csp).toContain("script-src 'self'");
    expect(csp).not.toMatch(/https?:|unpkg|jsdelivr|'unsafe-inline'|'unsafe-eval'/);
    const refs = [...res.body.matchAll(/(?:src|href)="([^"]+)"/g)].map((m) => m[1]!);
    expect(refs.length).toBe(6);
    for (const ref of refs) {
      expect(ref.startsWith('/graphiql/assets/')).toBe(true);
      const asset = await app.inject({ method: 'GET', url: ref });
      expect(asset.statusCode, ref).toBe(200);
      expect(asset.headers['content-type']).toMatch(ref.endsWith('.css') ? /text\/css/ : /javascript/);
    }
    expect((await app.inject({ method: 'GET', url: '/graphiql/assets/package.json' })).statusCode).toBe(404);
    expect((await app.inject({ method: 'GET', url: '/graphiql/assets/..%2Fpackage.json' })).statusCode).toBe(404);
  });

  it('example tabs are built from the schema and the operations’ documented examples', async () => {
    const tabs = exampleTabs(buildSchema(readFileSync(new URL('../../schema.graphql', import.meta.url), 'utf8')), operations);
    expect(tabs[0]!.query).toContain('health');
    const melee = tabs.find((t) => t.query.includes('edenMelee('))!;
    expect(melee).toBeDefined();
    expect(JSON.parse(melee.variables!).input).toEqual(operations.find((o) => o.graphql.name === 'edenMelee')!.examples![0]!.value);
    // every generated document runs against the real service without errors
    for (const tab of tabs) {
      const res = await app.inject({ method: 'POST', url: '/graphql', payload: { query: tab.query, variables: tab.variables ? JSON.parse(tab.variables) : undefined } });
      expect(res.json().errors, tab.query.split('\n')[0]).toBeUndefined();
      expect(res.statusCode).toBe(200);
    }
    expect(tabs.map((t) => /\n(?:query|mutation) (\w+)/.exec(t.query)![1])).toEqual(['Health', 'EdenMelee', 'AnimaExplore', 'ExsiliumNewaruAction', 'SoeGoomzPhase', 'DiceRoll']);
  });
});

describe.skipIf(!existsSync(CHROMIUM))(`GraphiQL in Chromium, offline (skipped when ${CHROMIUM} is absent)`, () => {
  it('renders with the example tabs and runs a query, with every request not to 127.0.0.1 blocked', { timeout: 90_000 }, async () => {
    const { chromium } = await import('playwright-core');
    const profile = mkdtempSync(join(tmpdir(), 'arbiter-graphiql-'));
    const browser = await chromium.launchPersistentContext(profile, {
      executablePath: CHROMIUM,
      headless: true,
      args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync'],
      timeout: 30_000,
    });
    const blocked: string[] = [];
    const violations: string[] = [];
    try {
      const page = await browser.newPage();
      await page.route('**/*', (route) => {
        const url = new URL(route.request().url());
        if (url.hostname === '127.0.0.1') return route.continue();
        blocked.push(url.href);
        return route.abort('internetdisconnected');
      });
      page.on('console', (msg) => {
        if (/Content Security Policy|Refused to/i.test(msg.text())) violations.push(msg.text());
      });
      await page.goto(`${base}/graphiql`, { waitUntil: 'load', timeout: 30_000 });
      await page.locator('.graphiql-container').waitFor({ timeout: 30_000 });
      // the example tabs are open: Health first, then the registry operations
      await expect.poll(() => page.locator('.graphiql-tab').count(), { timeout: 10_000 }).toBeGreaterThanOrEqual(6);
      await expect.poll(() => page.locator('.graphiql-query-editor').innerText(), { timeout: 10_000 }).toContain('health');
      await page.locator('.graphiql-execute-button').click();
      await expect.poll(() => page.locator('.result-window').innerText(), { timeout: 20_000 }).toContain('"health": "ok"');
      // an example operation with variables runs too
      await page.locator('.graphiql-tab', { hasText: 'EdenMelee' }).click();
      await expect.poll(() => page.locator('.graphiql-query-editor').innerText(), { timeout: 10_000 }).toContain('edenMelee(input: $input)');
      await page.waitForTimeout(500); // GraphiQL re-reads the operation name after an edit settles
      await page.locator('.graphiql-execute-button').click();
      await expect.poll(() => page.locator('.result-window').innerText(), { timeout: 20_000 }).toContain('"edenMelee"');
      expect(await page.locator('.result-window').innerText()).not.toContain('"errors"');
    } finally {
      await browser.close();
      rmSync(profile, { recursive: true, force: true });
    }
    expect(blocked).toEqual([]);
    expect(violations).toEqual([]);
  });
});
