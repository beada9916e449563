/**
 * GraphiQL in a real Chromium that may reach nothing but 127.0.0.1: the page renders from the
 * service's own assets, opens with the example tabs and runs queries, with no CSP violation.
 * Skips only when /usr/bin/chromium is absent (CI installs it).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { testApp } from '../helpers/app.js';
import { CHROMIUM, chromiumPresent, launchChromium, loopbackOnly } from '../helpers/chromium.js';

let app: FastifyInstance;
let base: string;

beforeAll(async () => {
  app = await testApp();
  base = await app.listen({ host: '127.0.0.1', port: 0 });
});
afterAll(async () => app?.close());

describe.skipIf(!chromiumPresent)(`GraphiQL in Chromium, offline (skipped when ${CHROMIUM} is absent)`, () => {
  it('renders with the example tabs and runs a query, with every request not to 127.0.0.1 blocked', { timeout: 90_000 }, async () => {
    const browser = await launchChromium();
    let blocked: string[] = [];
    const violations: string[] = [];
    try {
      const page = await browser.context.newPage();
      blocked = await loopbackOnly(page);
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
    }
    expect(blocked).toEqual([]);
    expect(violations).toEqual([]);
  });
});
