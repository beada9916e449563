/**
 * Exsilium from the seats: the choices of a fight's Conclusion (CONTRACT §9.1 «Choices after a
 * resolution»; EXS-COMBAT-PVP-5, EXS-COMBAT-DISCARD-1/2, EXS-AMB-27). The fight resolved in the
 * answer to the defender's reply appends what is certain; each choice the rules give a combatant —
 * the loser's Baralytas token value («un valor elegido por el perdedor»), card into the supply deck
 * and marker node, the winner's fatigue discards «a su elección» — waits for that player
 * (`kind: "choice"`), who sends `exsilium.conclude`.
 *
 * The table: the scripted game (tests/fixtures/exsilium-full-game.ts) up to its last fight, Ana's
 * syl-2 (A3:7,1, +2 terrain) against Ben's keber-2 (A3:8,1): Ana lays p1-12 (3) + p1-13 (2), Ben
 * p2-10 + p2-8 (2). With `harder` (EXS-WIN-2: target 12) Ana's win does not end the match; with
 * p2-10 of strength 9 Ben wins. Exsilium rolls no dice and nothing here shuffles.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { memoryApp } from '../helpers/app.js';
import { FULL_GAME, fullScenario } from '../fixtures/exsilium-full-game.js';
import { players } from '../fixtures/exsilium-scenario.js';

type Json = Record<string, any>;

/** Ana wins 7 (5 + 2 terrain) to 5; 10 Baralytas points do not reach the target of 12. */
const ANA_WINS = () => fullScenario({ harder: true });
/** Ben's p2-10 is a 9: Ben wins 11 to 7. */
const BEN_WINS = () => {
  const o = fullScenario({ harder: true }) as Json;
  o.decks.p2[9] = { name: 'Basic 9', strength: 9 };
  return o;
};
const LAST = FULL_GAME.at(-1)! as Json;
const { defenderCards: DEFENDER_CARDS, ...ATTACK } = LAST;
const REPLY = { type: 'exsilium.fight', player: 'p2', cards: DEFENDER_CARDS };
const CONCLUDE = 'exsilium.conclude';
/** The free nodes of tile A3 for the loser's marker: keber-2's own node counts, syl-2's and the markers' do not. */
const A3_FREE_FOR_BEN = ['A3:6,0', 'A3:6,1', 'A3:6,2', 'A3:7,2', 'A3:8,0', 'A3:8,1', 'A3:8,2'];

describe('Exsilium from the seats: the Conclusion choices (CONTRACT §9.1, EXS-COMBAT-PVP-5)', () => {
  let app: FastifyInstance;
  let owner: string;
  const call = async (method: 'GET' | 'POST', url: string, token: string, payload?: unknown) => {
    const res = await app.inject({ method, url, headers: { authorization: `Bearer ${token}` }, ...(payload === undefined ? {} : { payload: payload as object }) });
    return { status: res.statusCode, body: res.json() as Json };
  };
  /** A match played by the owner (as referee) up to the last fight, with a seat token per player. */
  const setUp = async (options: Json) => {
    const id = (await call('POST', '/v1/matches', owner, { game: 'exsilium', players, options })).body.id as string;
    const seat: Record<string, string> = {};
    for (const p of ['p1', 'p2']) seat[p] = (await call('POST', `/v1/matches/${id}/seats/${p}/tokens`, owner, {})).body.token;
    const send = (token: string, command: Json, query = '') => call('POST', `/v1/matches/${id}/commands${query}`, token, { command });
    for (const command of FULL_GAME.slice(0, -1)) expect((await send(owner, command)).status, command.type).toBe(201);
    const table = async () => (await call('GET', `/v1/matches/${id}`, owner)).body.state.table;
    const moves = async (token: string) => (await call('GET', `/v1/matches/${id}/moves`, token)).body.moves;
    return { id, seat, send, table, moves };
  };
  /** The fight from the seats: Ana's cards, Ben's reply; the answer to the reply. */
  const fought = async (s: Awaited<ReturnType<typeof setUp>>, attack: Json = ATTACK) => {
    expect((await s.send(s.seat.p1!, attack)).status).toBe(201);
    const reply = await s.send(s.seat.p2!, REPLY);
    expect(reply.status, JSON.stringify(reply.body).slice(0, 400)).toBe(201);
    return reply.body;
  };
  const types = (body: Json) => body.events.map((e: Json) => e.type);
  const resolved = (body: Json) => body.events.find((e: Json) => e.type === 'exsilium.combat_resolved').data;

  beforeAll(async () => {
    app = await memoryApp();
    owner = (await app.services.apiKeys!.create('exsilium conclusion')).key;
  });
  afterAll(async () => app?.close());

  it('EXS-COMBAT-DISCARD-1/2: the winner’s fatigue and the loser’s supply card and marker wait for their players; the certain effects are applied', async () => {
    const s = await setUp(ANA_WINS());
    const body = await fought(s);
    const fight = resolved(body);
    expect(fight.winner).toBe('p1');
    // EXS-COMBAT-PVP-5 (1)(2)(4): Ben holds one token value only (2): certain; the faction token; the retreat
    expect(fight.effects).toEqual({ baralytas: { from: 'p2', to: 'p1', value: 2 }, factionToken: 'p1', retreat: { player: 'p2', miniature: 'keber-2' } });
    // EXS-COMBAT-DISCARD-1: 1 of Ana's 2 cards (ceil 25 %); EXS-AMB-27: one of the 2 cards Ben laid; a free node of A3
    expect(fight.choices).toMatchObject({ winner: 'p1', loser: 'p2', discards: 1, supplyCard: ['p2-10', 'p2-8'], markerNode: A3_FREE_FOR_BEN });
    const since = body.events.find((e: Json) => e.type === 'exsilium.combat_resolved').version;
    expect(body.state.pending).toEqual([
      { player: 'p2', kind: 'choice', types: [CONCLUDE], rule: 'EXS-COMBAT-DISCARD-2', since },
      { player: 'p1', kind: 'choice', types: [CONCLUDE], rule: 'EXS-COMBAT-DISCARD-1', since },
    ]);
    expect(await s.moves(s.seat.p1!)).toEqual([{ player: 'p1', type: CONCLUDE }]);
    expect(await s.moves(s.seat.p2!)).toEqual([{ player: 'p2', type: CONCLUDE }]);
    expect((await s.table()).players.p1.hand).toEqual(['p1-12', 'p1-13']);
    // nothing else is played meanwhile; each member is its chooser's (403), a choice already made is none (422)
    expect((await s.send(s.seat.p1!, { type: 'exsilium.end_turn', player: 'p1' })).body).toMatchObject({ status: 422, code: 'decision_pending', awaiting: ['p2', 'p1'] });
    expect((await s.send(s.seat.p1!, { type: CONCLUDE, player: 'p1', supplyCard: 'p2-8' })).body).toMatchObject({ status: 403, code: 'not_your_seat' });
    expect((await s.send(s.seat.p2!, { type: CONCLUDE, player: 'p2', give: 2 })).body).toMatchObject({ status: 422, code: 'nothing_to_choose' });
    expect((await s.send(s.seat.p2!, { type: CONCLUDE, player: 'p2', supplyCard: 'p2-9' })).body).toMatchObject({ status: 422, code: 'supply_card' });
    const ben = await s.send(s.seat.p2!, { type: CONCLUDE, player: 'p2', supplyCard: 'p2-8', markerNode: 'A3:6,0' });
    expect(ben.status).toBe(201);
    expect(types(ben.body)).toEqual(['exsilium.conclusion_chosen']);
    expect(ben.body.events[0].data.effects).toEqual({ marker: { player: 'p2', node: 'A3:6,0', fromReserve: false }, supplyCard: { player: 'p2', card: 'p2-8' } });
    expect(ben.body.state.pending).toEqual([{ player: 'p1', kind: 'choice', types: [CONCLUDE], rule: 'EXS-COMBAT-DISCARD-1', since }]);
    // the supply deck is face down: Ana reads the card hidden
    const seen = (await call('GET', `/v1/matches/${s.id}/events?from=${ben.body.version}&limit=1`, s.seat.p1!)).body.events[0];
    expect(seen.data.effects.supplyCard).toEqual({ player: 'p2', card: { hidden: true } });
    // EXS-COMBAT-DISCARD-1: exactly 1 card
    expect((await s.send(s.seat.p1!, { type: CONCLUDE, player: 'p1', discards: ['p1-12', 'p1-13'] })).body).toMatchObject({ status: 422, code: 'wrong_discard' });
    const ana = await s.send(s.seat.p1!, { type: CONCLUDE, player: 'p1', discards: ['p1-12'] });
    expect(ana.status).toBe(201);
    expect(ana.body.events[0].data.effects).toEqual({ discards: { p1: ['p1-12'] } });
    expect(ana.body.state.pending).toEqual([]);
    const t = await s.table();
    expect(t.conclusion).toBeUndefined();
    expect(t.players.p1.hand).toEqual(['p1-13']);
    expect(t.players.p1.discard).toContain('p1-12');
    expect(t.players.p2.hand).toEqual(['p2-9', 'p2-10']);
    expect(t.supply).toContain('p2-8');
    expect(t.markers['A3:6,0']).toBe('keber');
    // Ana's turn goes on with her last card (EXS-COMBAT-DISCARD-1)
    expect(await s.moves(s.seat.p1!)).toContainEqual({ player: 'p1', type: 'exsilium.end_turn' });
    expect((await s.send(s.seat.p1!, { type: CONCLUDE, player: 'p1' })).body).toMatchObject({ status: 422, code: 'nothing_to_choose' });
  });

  it('EXS-COMBAT-PVP-5 (1): the loser picks the value of the Baralytas token it hands over; the winner then its fatigue', async () => {
    const s = await setUp(BEN_WINS());
    const body = await fought(s);
    const fight = resolved(body);
    expect(fight.winner).toBe('p2');
    // Ana holds 3, 3, 2: the value is hers to pick; her connection token and the retreat are certain
    expect(fight.effects.baralytas).toBeUndefined();
    expect(fight.effects).toMatchObject({ connection: { from: 'p1', to: 'p2' }, retreat: { player: 'p1', miniature: 'syl-2' } });
    expect(fight.choices).toMatchObject({ winner: 'p2', loser: 'p1', discards: 1, give: [2, 3], supplyCard: ['p1-12', 'p1-13'] });
    expect(body.state.pending.map((p: Json) => [p.player, p.kind, p.rule])).toEqual([
      ['p1', 'choice', 'EXS-COMBAT-PVP-5'],
      ['p2', 'choice', 'EXS-COMBAT-DISCARD-1'],
    ]);
    expect((await s.send(s.seat.p1!, { type: CONCLUDE, player: 'p1', give: 1 })).body).toMatchObject({ status: 422, code: 'token_not_held' });
    // the winner chooses first here: the order between the two is free
    const ben = await s.send(s.seat.p2!, { type: CONCLUDE, player: 'p2', discards: ['p2-9'] });
    expect(ben.body.events[0].data.effects).toEqual({ discards: { p2: ['p2-9'] } });
    const ana = await s.send(s.seat.p1!, { type: CONCLUDE, player: 'p1', give: 3, supplyCard: 'p1-13' });
    expect(ana.status).toBe(201);
    // the marker: the default, the first free node of A3
    expect(ana.body.events[0].data.effects).toEqual({
      baralytas: { from: 'p1', to: 'p2', value: 3 },
      marker: { player: 'p1', node: fight.choices.markerNode[0], fromReserve: false },
      supplyCard: { player: 'p1', card: 'p1-13' },
    });
    expect(ana.body.state.pending).toEqual([]);
    const t = await s.table();
    expect(t.players.p1.baralytas).toEqual([3, 2]);
    expect(t.players.p2.baralytas).toEqual([2, 3]);
    expect(t.players.p1.hand).toEqual(['p1-12']);
  });

  it('EXS-COMBAT-PVP-5 (1): a value each combatant sent with its own cards is no choice left', async () => {
    const s = await setUp(BEN_WINS());
    const body = await fought(s, { ...ATTACK, give: { p1: 2 } });
    expect(resolved(body).effects.baralytas).toEqual({ from: 'p1', to: 'p2', value: 2 });
    expect(resolved(body).choices.give).toBeUndefined();
    expect(body.state.pending.map((p: Json) => [p.player, p.rule])).toEqual([
      ['p1', 'EXS-COMBAT-DISCARD-2'],
      ['p2', 'EXS-COMBAT-DISCARD-1'],
    ]);
  });

  it('CONTRACT §9.1 (unblocking): the owner sends a pending choice (?as=, or bundled); defaults for the members left out', async () => {
    const s = await setUp(ANA_WINS());
    await fought(s);
    const relayed = await s.send(owner, { type: CONCLUDE, player: 'p2' }, '?as=p2');
    expect(relayed.status).toBe(201);
    // EXS-AMB-27 default: the first card laid; the first free node
    expect(relayed.body.events[0].data.effects).toEqual({ marker: { player: 'p2', node: 'A3:6,0', fromReserve: false }, supplyCard: { player: 'p2', card: 'p2-10' } });
    const bundled = await s.send(owner, { type: CONCLUDE, player: 'p1' });
    expect(bundled.status).toBe(201);
    // EXS-COMBAT-DISCARD-1 default: the weakest card (p1-13, a 2)
    expect(bundled.body.events[0].data.effects).toEqual({ discards: { p1: ['p1-13'] } });
    expect(bundled.body.state.pending).toEqual([]);
  });

  it('EXS-WIN-1 / EXS-WIN-3: a fight whose certain token reaches the target ends the match: no choice waits', async () => {
    const s = await setUp(fullScenario());
    const body = await fought(s);
    expect(types(body)).toContain('exsilium.game_won');
    expect(body.state.pending).toEqual([]);
    expect((await s.table()).conclusion).toBeUndefined();
    expect((await s.send(s.seat.p1!, { type: CONCLUDE, player: 'p1' })).body).toMatchObject({ status: 422, code: 'match_over' });
  });

  it('v1.2: the owner’s bundled fight applies the whole Conclusion at once; no choice waits', async () => {
    const s = await setUp(ANA_WINS());
    const done = await s.send(owner, LAST);
    expect(done.status).toBe(201);
    const fight = resolved(done.body);
    expect(fight.choices).toBeUndefined();
    expect(fight.effects).toMatchObject({ discards: { p1: ['p1-13'] }, supplyCard: { player: 'p2', card: 'p2-10' }, marker: { player: 'p2', node: 'A3:6,0' } });
    expect(done.body.state.pending).toEqual([]);
    expect((await s.send(owner, { type: CONCLUDE, player: 'p1' })).body).toMatchObject({ status: 422, code: 'nothing_to_choose' });
  });
});
