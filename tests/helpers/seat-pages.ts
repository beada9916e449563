/**
 * Players' pages for the browser tests (CONTRACT §8.1, §9.1): a static site on another origin than
 * the API serving one page that holds nothing but its seat token, the API's address and the match
 * id (in its address's fragment, as a VTT hands a token to one player). `window.seat` is what a
 * test drives: GET the match, POST commands, follow the live feed with `EventSource(?token=)`;
 * every answer body and feed event the page received is kept in order, so a test can search all a
 * player's browser ever held.
 */
import { createServer, type Server } from 'node:http';
import type { Page } from 'playwright-core';
import { loopbackOnly, type launchChromium } from './chromium.js';

const SEAT_JS = `
const params = new URLSearchParams(location.hash.slice(1));
const api = params.get('api');
const match = params.get('match');
const token = params.get('token');
const received = [];
const feed = [];
const errors = [];

async function call(method, path, body) {
  const res = await fetch(api + path, {
    method,
    headers: { authorization: 'Bearer ' + token, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await res.text();
  received.push(text);
  return { status: res.status, body: JSON.parse(text) };
}

function openFeed(types) {
  const source = new EventSource(api + '/v1/matches/' + match + '/feed?from=1&token=' + encodeURIComponent(token));
  // a named SSE event reaches only a listener for that name: listen to the game's event types
  const onEvent = (message) => {
    received.push(message.data);
    feed.push(JSON.parse(message.data));
  };
  for (const type of [...types, 'message']) source.addEventListener(type, onEvent);
  source.addEventListener('error', () => errors.push('feed error, readyState ' + source.readyState));
  return new Promise((resolve) => source.addEventListener('open', () => resolve(true), { once: true }));
}

window.seat = {
  openFeed,
  view: () => call('GET', '/v1/matches/' + match),
  moves: () => call('GET', '/v1/matches/' + match + '/moves'),
  events: (from) => call('GET', '/v1/matches/' + match + '/events?from=' + from),
  command: (command, expectedVersion) => call('POST', '/v1/matches/' + match + '/commands', { expectedVersion, command }),
  feedVersions: () => feed.map((e) => e.version),
  received: () => received.join('\\n'),
  errors: () => errors,
};
`;

const SEAT_HTML = '<!doctype html><meta charset="utf-8"><title>seat</title><body><script type="module" src="/seat.js"></script></body>';

/** An answer as the page received it. */
export interface Answer<S = any> {
  status: number;
  body: { version: number; code?: string; viewer?: unknown; state?: S; events?: { version: number; type: string; data: any }[]; [member: string]: unknown };
}

interface SeatApi {
  openFeed(types: string[]): Promise<boolean>;
  view(): Promise<Answer>;
  moves(): Promise<Answer>;
  events(from: number): Promise<Answer>;
  command(command: Record<string, unknown>, expectedVersion?: number): Promise<Answer>;
  feedVersions(): number[];
  received(): string;
  errors(): string[];
}
/** The page's window as a test drives it (a type only: functions passed to `evaluate` run in the page). */
type SeatWindow = Window & { seat: SeatApi };

/** The site of the players' pages, on a port of its own (every call to the API is cross-origin). */
export async function startSeatSite(): Promise<{ origin: string; close(): Promise<void> }> {
  const site: Server = createServer((req, res) => {
    const path = new URL(req.url ?? '/', 'http://x').pathname;
    if (path === '/') return void res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' }).end(SEAT_HTML);
    if (path === '/seat.js') return void res.writeHead(200, { 'content-type': 'text/javascript; charset=utf-8' }).end(SEAT_JS);
    res.writeHead(404).end();
  });
  await new Promise<void>((resolve) => site.listen(0, '127.0.0.1', resolve));
  return { origin: `http://127.0.0.1:${(site.address() as { port: number }).port}`, close: () => new Promise<void>((resolve) => site.close(() => resolve())) };
}

/** One player's page holding only `token`: requests off 127.0.0.1 blocked (listed in `blocked`), page errors listed in `pageErrors`. */
export async function openSeatPage(browser: Awaited<ReturnType<typeof launchChromium>>, origin: string, at: { api: string; match: string; token: string }) {
  const page: Page = await browser.context.newPage();
  // no wait of its own: a hang fails by the test's timeout
  page.setDefaultTimeout(0);
  const blocked = await loopbackOnly(page);
  const pageErrors: string[] = [];
  page.on('pageerror', (e) => pageErrors.push(e.message));
  await page.goto(`${origin}/#${new URLSearchParams(at)}`);
  await page.waitForFunction(() => (window as Partial<SeatWindow>).seat !== undefined);
  return {
    page,
    blocked,
    pageErrors,
    openFeed: (types: readonly string[]) => page.evaluate((t) => (window as unknown as SeatWindow).seat.openFeed(t), [...types]),
    view: () => page.evaluate(() => (window as unknown as SeatWindow).seat.view()),
    moves: () => page.evaluate(() => (window as unknown as SeatWindow).seat.moves()),
    events: (from: number) => page.evaluate((f) => (window as unknown as SeatWindow).seat.events(f), from),
    command: (command: Record<string, unknown>, expectedVersion?: number) =>
      page.evaluate(([c, v]) => (window as unknown as SeatWindow).seat.command(c, v), [command, expectedVersion] as const),
    /** Until the page's feed has delivered every version up to `version`. */
    feedUntil: (version: number) => page.waitForFunction((v) => (window as unknown as SeatWindow).seat.feedVersions().length >= v, version),
    feedVersions: () => page.evaluate(() => (window as unknown as SeatWindow).seat.feedVersions()),
    received: () => page.evaluate(() => (window as unknown as SeatWindow).seat.received()),
    errors: () => page.evaluate(() => (window as unknown as SeatWindow).seat.errors()),
  };
}
