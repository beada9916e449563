/**
 * CONTRACT §8.1 where it is used (issue 24, point 6): two Chromium pages served from ANOTHER origin
 * than the API, each holding only its own seat token (given in its address's fragment, as a VTT
 * hands it to one player), play the opening of the scripted Exsilium match
 * (tests/fixtures/tables/exsilium.ts). The owner's API key sends the start-player bids from this
 * process; each page sends its own player's commands with fetch and `Authorization: Bearer <seat
 * token>`, reads its view with GET /v1/matches/{id} and follows the live feed with
 * `EventSource(…/feed?token=)`. Each page ends up holding the names of its own hand and none of the
 * other's (nor any undrawn card), and a page acting for the other player is refused with 403
 * `not_your_seat` while the version stays. Everything listens on 127.0.0.1; every other request is
 * blocked. Skipped only when /usr/bin/chromium is absent.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { apiKey, memoryApp } from '../helpers/app.js';
import { CHROMIUM, chromiumPresent, launchChromium } from '../helpers/chromium.js';
import { openSeatPage, startSeatSite } from '../helpers/seat-pages.js';
import { DECK, FACE_DOWN, HAND, PLAYED, script } from '../fixtures/tables/exsilium.js';
import { EXSILIUM_EVENT_TYPES } from '../../src/games/exsilium/match/index.js';

interface ExsiliumView {
  table: { cards: Record<string, { name: string }>; players: Record<string, { hand: unknown[] }> };
}

let app: FastifyInstance;
let api: string;
let key: string;
let site: Awaited<ReturnType<typeof startSeatSite>> | undefined;
let origin: string;
/** Closed in afterAll as well: a wait left hanging by a timed-out test ends with the browser. */
let browser: Awaited<ReturnType<typeof launchChromium>> | undefined;

beforeAll(async () => {
  app = await memoryApp();
  api = await app.listen({ host: '127.0.0.1', port: 0 });
  key = await apiKey(app, 'browser seats');
  // the players' pages: a static site on another port, so every call to the API is cross-origin
  site = await startSeatSite();
  origin = site.origin;
});
afterAll(async () => {
  await browser?.close();
  await site?.close();
  await app?.close();
});

const owner = async (method: 'GET' | 'POST', url: string, payload?: object) => {
  const res = await app.inject({ method, url, headers: { authorization: `Bearer ${key}` }, ...(payload ? { payload } : {}) });
  return { status: res.statusCode, body: res.json() };
};

/** The card names a seat's view shows in its player's hand (ids resolved through the visible `table.cards`). */
const handNames = (view: ExsiliumView, player: string) => view.table.players[player]!.hand.map((c) => (typeof c === 'string' ? view.table.cards[c]?.name : c));

if (!chromiumPresent) console.warn(`browser seats test skipped: ${CHROMIUM} is absent (install Debian's chromium to run it).`);

describe.skipIf(!chromiumPresent)('two seats of an Exsilium match in Chromium, on another origin than the API (CONTRACT §8.1)', () => {
  it('each page plays its own player through REST and the live feed, sees its own hand and not the other’s, and cannot act for the other', { timeout: 180_000 }, async () => {
    expect(new URL(origin).port).not.toBe(new URL(api).port);
    const created = await owner('POST', '/v1/matches', { game: script.game, players: script.players, options: script.options });
    expect(created.status).toBe(201);
    const matchId = created.body.id as string;
    const tokens: Record<string, string> = {};
    for (const p of script.players) {
      const issued = await owner('POST', `/v1/matches/${matchId}/seats/${p.id}/tokens`, { ttlSeconds: 3600 });
      expect(issued.status).toBe(201);
      expect(issued.body.playerId).toBe(p.id);
      tokens[p.id] = issued.body.token;
    }

    browser = await launchChromium();
    try {
      const pages: Record<string, Awaited<ReturnType<typeof openSeatPage>>> = {};
      for (const p of script.players) pages[p.id] = await openSeatPage(browser!, origin, { api, match: matchId, token: tokens[p.id]! });
      const [A, B] = [pages.p1!, pages.p2!];

      // each page follows the live feed with its seat token (?token=: EventSource sends no headers)
      for (const page of [A, B]) expect(await page.openFeed(EXSILIUM_EVENT_TYPES)).toBe(true);
      for (const [id, s] of [['p1', A] as const, ['p2', B] as const]) {
        const viewed = await s.view();
        expect(viewed.status).toBe(200);
        expect(viewed.body.viewer).toEqual({ kind: 'seat', playerId: id });
        expect(viewed.body.version).toBe(0);
      }

      // EXS-SETUP-2: both secret bids in one command, sent by the owner (the referee) from this process
      const [bid, ...steps] = script.steps;
      expect(bid!.by).toBe('owner');
      const bidAnswer = await owner('POST', `/v1/matches/${matchId}/commands`, { expectedVersion: 0, command: bid!.command });
      expect(bidAnswer.status).toBe(201);
      let version = bidAnswer.body.version as number;
      await A.feedUntil(version);
      await B.feedUntil(version);

      // Ana's turn: Ben's page may neither act for Ana nor take her turn's actions for himself
      for (const command of [
        { type: 'exsilium.end_turn', player: 'p1' },
        { type: 'exsilium.end_turn', player: 'p2' },
      ]) {
        const refused = await B.command(command, version);
        expect(refused.status, JSON.stringify(command)).toBe(403);
        expect(refused.body.code).toBe('not_your_seat');
      }
      expect((await B.view()).body.version).toBe(version);

      // each page sends its own player's commands (the script's steps, by whose seat they are)
      let refusedForBen = false;
      for (const step of steps) {
        if (step.by === 'p2' && !refusedForBen) {
          // Ben's turn now: Ana's page cannot end it for him
          const refused = await A.command({ type: 'exsilium.end_turn', player: 'p2' }, version);
          expect(refused.status).toBe(403);
          expect(refused.body.code).toBe('not_your_seat');
          expect((await A.view()).body.version).toBe(version);
          expect((await owner('GET', `/v1/matches/${matchId}`)).body.version).toBe(version);
          refusedForBen = true;
        }
        const answer = await (step.by === 'p1' ? A : B).command(step.command, version);
        expect(answer.status, `${String(step.command.type)} by ${step.by}`).toBe(201);
        version = answer.body.version;
      }
      expect(refusedForBen).toBe(true);

      // both feeds delivered every version, in order (contiguous for every viewer)
      await A.feedUntil(version);
      await B.feedUntil(version);
      const versions = Array.from({ length: version }, (_, i) => i + 1);
      expect(await A.feedVersions()).toEqual(versions);
      expect(await B.feedVersions()).toEqual(versions);

      // each seat's own view: its own hand by name, the other's hidden (its size visible)
      const views = { p1: (await A.view()).body, p2: (await B.view()).body };
      expect(views.p1.version).toBe(version);
      expect(handNames(views.p1.state!, 'p1')).toEqual(HAND.p1);
      expect(handNames(views.p1.state!, 'p2')).toEqual(HAND.p2.map(() => ({ hidden: true })));
      expect(handNames(views.p2.state!, 'p2')).toEqual(HAND.p2);
      expect(handNames(views.p2.state!, 'p1')).toEqual(HAND.p1.map(() => ({ hidden: true })));

      // everything each page received (views, command answers, refusals, feed events)
      const received = { p1: await A.received(), p2: await B.received() };
      const own = { p1: [...HAND.p1, FACE_DOWN], p2: HAND.p2 };
      for (const [id, other] of [
        ['p1', 'p2'],
        ['p2', 'p1'],
      ] as const) {
        for (const name of [...own[id], ...PLAYED]) expect(received[id].includes(name), `${id}'s page received "${name}"`).toBe(true);
        for (const name of script.secrets[id]!) expect(received[id].includes(name), `${id}'s page received "${name}"`).toBe(false);
        // the other's hand, its face-down card, and every card not drawn yet: none by name
        const seen = [...DECK.p1, ...DECK.p2].filter((name) => received[id].includes(name));
        expect(seen.sort()).toEqual([...own[id], ...PLAYED].sort());
        expect(own[other].some((name) => received[id].includes(name))).toBe(false);
      }
      expect(await A.errors()).toEqual([]);
      expect(await B.errors()).toEqual([]);
      expect([...A.pageErrors, ...B.pageErrors]).toEqual([]);
      expect([...A.blocked, ...B.blocked]).toEqual([]);
    } finally {
      await browser.close();
      browser = undefined;
    }
  });
});
