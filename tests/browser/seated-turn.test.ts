/**
 * CONTRACT §9.1 where it is used (issue 34, point 8): two Chromium pages on another origin than the
 * API, each holding only its own seat token, play
 * - an EDEN turn: each page's own sealed bid for First player (EDEN-PREP-3), a designation answered
 *   by an interruption and one back (EDEN-ACT-2), a melee attack answered by the target's reaction
 *   (EDEN-MELEE-6); the owner (a referee, from this process) sends only the preparation between;
 * - an Exsilium fight answered by the defender's own cards (EXS-COMBAT-PVP-2), after the scripted
 *   game the owner sends up to it;
 * each page sees at every step only what its player may: the other's sealed bid, Secret mission and
 * face-down reply never reach it by any answer or feed event until the rules reveal them.
 * Skipped only when /usr/bin/chromium is absent.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { apiKey, memoryApp } from '../helpers/app.js';
import { CHROMIUM, chromiumPresent, launchChromium } from '../helpers/chromium.js';
import { openSeatPage, startSeatSite } from '../helpers/seat-pages.js';
import { fighter } from '../fixtures/eden-match.js';
import { FULL_GAME, fullScenario } from '../fixtures/exsilium-full-game.js';
import { players as EXSILIUM_PLAYERS } from '../fixtures/exsilium-scenario.js';
import { EDEN_EVENT_TYPES } from '../../src/games/eden/match/index.js';
import { EXSILIUM_EVENT_TYPES } from '../../src/games/exsilium/match/index.js';
import { DECISION_EVENTS } from '../../src/kernel/decisions.js';

type Json = Record<string, any>;
type SeatPage = Awaited<ReturnType<typeof openSeatPage>>;

let app: FastifyInstance;
let api: string;
let key: string;
let site: Awaited<ReturnType<typeof startSeatSite>> | undefined;
let browser: Awaited<ReturnType<typeof launchChromium>> | undefined;

beforeAll(async () => {
  app = await memoryApp();
  api = await app.listen({ host: '127.0.0.1', port: 0 });
  key = await apiKey(app, 'browser seated turn');
  site = await startSeatSite();
});
afterAll(async () => {
  await browser?.close();
  await site?.close();
  await app?.close();
});

const owner = async (method: 'GET' | 'POST', url: string, payload?: object) => {
  const res = await app.inject({ method, url, headers: { authorization: `Bearer ${key}` }, ...(payload ? { payload } : {}) });
  return { status: res.statusCode, body: res.json() as Json };
};

/** A match with a seat page per player, each following the feed. */
async function table(game: string, players: { id: string; name: string }[], options: object, eventTypes: readonly string[]) {
  const created = await owner('POST', '/v1/matches', { game, players, options });
  expect(created.status).toBe(201);
  const id = created.body.id as string;
  const pages: Record<string, SeatPage> = {};
  for (const p of players) {
    const token = (await owner('POST', `/v1/matches/${id}/seats/${p.id}/tokens`, { ttlSeconds: 3600 })).body.token as string;
    pages[p.id] = await openSeatPage(browser!, site!.origin, { api, match: id, token });
    expect(await pages[p.id]!.openFeed([...eventTypes, ...DECISION_EVENTS])).toBe(true);
  }
  const referee = async (command: Json) => {
    const r = await owner('POST', `/v1/matches/${id}/commands`, { command });
    expect(r.status, `${String(command.type)}: ${JSON.stringify(r.body).slice(0, 300)}`).toBe(201);
    return r.body;
  };
  return { id, pages, referee };
}

const legs = (normal: number) => ({ ...fighter('x').limbs, legs: { white: 2, red: 1, faces: [6], normal, wounded: normal - 1 } });
const MISSION = { A: 'Whisper of the Well', B: 'Ashes at Dawn' } as const;

if (!chromiumPresent) console.warn(`browser seated-turn test skipped: ${CHROMIUM} is absent (install Debian's chromium to run it).`);

describe.skipIf(!chromiumPresent)('decisions from their own seats in Chromium (CONTRACT §9.1)', () => {
  it('EDEN: sealed bids, an interruption back and forth, a target’s reaction — each page sees only its own secrets', { timeout: 180_000 }, async () => {
    browser ??= await launchChromium();
    const players = [
      { id: 'p1', name: 'Ana' },
      { id: 'p2', name: 'Ben' },
    ];
    const { pages, referee } = await table('eden', players, {}, EDEN_EVENT_TYPES);
    const [ana, ben] = [pages.p1!, pages.p2!];
    // bands: a1 RAP 4, a2 RAP 6 / b1 RAP 5
    expect(
      (await ana.command({ type: 'eden.register_band', player: 'A', bandType: 'faction', fighters: [fighter('a1', { limbs: legs(4) }), fighter('a2', { limbs: legs(6) })] }))
        .status,
    ).toBe(201);
    expect(
      (await ben.command({ type: 'eden.register_band', player: 'B', bandType: 'faction', fighters: [fighter('b1', { limbs: legs(5) }), fighter('b2', { limbs: legs(3) })] }))
        .status,
    ).toBe(201);

    // EDEN-PREP-3: each page's own sealed bid; Ben's page learns that Ana bid, never how much
    const part = await ana.command({ type: 'eden.bid', bids: { A: 3 }, choice: 'A' });
    expect(part.body.events!.map((e) => e.type)).toEqual(['match.part_sealed']);
    expect((await ben.moves()).body.moves).toEqual([{ player: 'p2', type: 'eden.bid' }]);
    expect((await ben.events(3)).body.events![0]!.data.command).toEqual({ hidden: true });
    const reveal = await ben.command({ type: 'eden.bid', bids: { B: 1 } });
    expect(reveal.body.events!.at(-1)).toMatchObject({ type: 'eden.first_player_determined', data: { firstPlayer: 'A', bids: { A: 3, B: 1 } } });

    // preparation, by the referee: Leaders, Secret missions, deployment, tactic hands, turn 1's bid
    for (const command of [
      { type: 'eden.choose_leader', player: 'A', fighterId: 'a1' },
      { type: 'eden.choose_leader', player: 'B', fighterId: 'b1' },
      { type: 'eden.play_mission', player: 'A', mission: { name: MISSION.A, visibility: 'secret', deployment: 'ambush' } },
      { type: 'eden.play_mission', player: 'B', mission: { name: MISSION.B, visibility: 'secret', deployment: 'ambush' } },
      { type: 'eden.deploy', player: 'A' },
      { type: 'eden.deploy', player: 'B' },
      { type: 'eden.choose_tactic_hand', player: 'A', cards: ['Fury', 'Rally', 'Ambush', 'Retreat'] },
      { type: 'eden.choose_tactic_hand', player: 'B', cards: ['Fury', 'Rally', 'Ambush', 'Retreat'] },
      { type: 'eden.bid', bids: { A: 0, B: 0 }, dice: { values: [6, 1] } },
      { type: 'eden.skip_tactic', player: 'A' },
      { type: 'eden.skip_tactic', player: 'B' },
    ])
      await referee(command);

    // EDEN-ACT-2: Ana names a1 (RAP 4); Ben interrupts with b1 (RAP 5); Ana back with a2 (RAP 6): a2 is activated
    expect((await ana.command({ type: 'eden.activate', player: 'A', fighterId: 'a1' })).body.events!.map((e) => e.type)).toEqual(['match.declared']);
    expect((await ana.command({ type: 'eden.move', fighterId: 'a1', distance: 1 })).body).toMatchObject({ status: 422, code: 'decision_pending', awaiting: ['p2'] });
    expect((await ben.command({ type: 'eden.activate', player: 'B', fighterId: 'b1' })).status).toBe(201);
    const activated = await ana.command({ type: 'eden.activate', player: 'A', fighterId: 'a2' });
    expect(activated.body.events!.at(-1)).toMatchObject({ type: 'eden.fighter_activated', data: { fighterId: 'a2' } });

    // EDEN-MELEE-6: Ana's a2 attacks b1; Ben's page chooses the reaction; the dice roll in his answer
    const declared = await ana.command({ type: 'eden.melee', attacker: 'a2', target: 'b1' });
    expect(declared.body.events!.map((e) => e.type)).toEqual(['match.declared']);
    expect((await ben.view()).body.state.pending).toEqual([expect.objectContaining({ player: 'p2', kind: 'response', rule: 'EDEN-MELEE-6' })]);
    const reacted = await ben.command({ type: 'eden.react', player: 'B', reaction: 'dodge', dice: { values: [6, 5, 4, 2, 1, 3, 3, 2, 1, 1, 1] } });
    expect(reacted.body.events!.map((e) => e.type)).toEqual(['match.responded', 'eden.melee_resolved']);

    // every page saw its own Secret mission and never the other's, through views, answers and the feed
    const version = reacted.body.version;
    await ana.feedUntil(version);
    await ben.feedUntil(version);
    const received = { p1: await ana.received(), p2: await ben.received() };
    expect(received.p1).toContain(MISSION.A);
    expect(received.p1).not.toContain(MISSION.B);
    expect(received.p2).toContain(MISSION.B);
    expect(received.p2).not.toContain(MISSION.A);
    expect(await ana.feedVersions()).toEqual(Array.from({ length: version }, (_, i) => i + 1));
    for (const page of [ana, ben]) {
      expect(await page.errors()).toEqual([]);
      expect([...page.pageErrors, ...page.blocked]).toEqual([]);
    }
  });

  it('Exsilium: the defender’s page replies with its own cards, face down until the fight reveals them', { timeout: 180_000 }, async () => {
    browser ??= await launchChromium();
    const { pages, referee } = await table('exsilium', EXSILIUM_PLAYERS, fullScenario(), EXSILIUM_EVENT_TYPES);
    const [ana, ben] = [pages.p1!, pages.p2!];
    for (const command of FULL_GAME.slice(0, -1)) await referee(command);
    const { defenderCards, ...attack } = FULL_GAME.at(-1) as Json;
    const declared = await ana.command(attack);
    expect(declared.body.events!.map((e) => e.type)).toEqual(['match.declared']);
    expect((await ben.moves()).body.moves).toEqual([
      { player: 'p2', type: 'exsilium.fight' },
      { player: 'p2', type: 'match.pass' },
    ]);
    const reply = await ben.command({ type: 'exsilium.fight', player: 'p2', cards: defenderCards });
    expect(reply.status, JSON.stringify(reply.body).slice(0, 300)).toBe(201);
    expect(reply.body.events!.map((e) => e.type)).toContain('exsilium.combat_resolved');
    // Ana's page read Ben's reply hidden in the log, and its cards only from the fight that revealed them
    const logged = (await ana.events(declared.body.version + 1)).body.events!;
    expect(logged[0]).toMatchObject({ type: 'match.responded', data: { player: 'p2', command: { hidden: true } } });
    for (const page of [ana, ben]) expect([...page.pageErrors, ...page.blocked]).toEqual([]);
  });
});
