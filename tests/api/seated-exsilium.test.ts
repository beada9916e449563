/**
 * Exsilium played from the seats (CONTRACT §9.1): the start-player bid in sealed parts (EXS-SETUP-2,
 * a tie bid again by the tied players, EXS-AMB-6), and a fight against another player's miniature
 * answered by the defender's own cards (EXS-COMBAT-PVP-1..3): the attacker's command stops before
 * any card is revealed, the defender's reply resolves it with both hands revealed.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { memoryApp } from '../helpers/app.js';
import { FULL_GAME, fullScenario } from '../fixtures/exsilium-full-game.js';
import { players } from '../fixtures/exsilium-scenario.js';

type Json = Record<string, any>;

describe('Exsilium from the seats (CONTRACT §9.1)', () => {
  let app: FastifyInstance;
  let owner: string;
  let id: string;
  const seat: Record<string, string> = {};
  const call = async (method: 'GET' | 'POST', url: string, token: string, payload?: unknown) => {
    const res = await app.inject({ method, url, headers: { authorization: `Bearer ${token}` }, ...(payload === undefined ? {} : { payload: payload as object }) });
    return { status: res.statusCode, body: res.json() as Json };
  };
  const send = (token: string, command: Json) => call('POST', `/v1/matches/${id}/commands`, token, { command });

  beforeAll(async () => {
    app = await memoryApp();
    owner = (await app.services.apiKeys!.create('exsilium table')).key;
    id = (await call('POST', '/v1/matches', owner, { game: 'exsilium', players, options: fullScenario() })).body.id;
    for (const p of ['p1', 'p2']) seat[p] = (await call('POST', `/v1/matches/${id}/seats/${p}/tokens`, owner, {})).body.token;
  });
  afterAll(async () => app?.close());

  it('EXS-SETUP-2 / EXS-AMB-6: closed fists from each seat; a tie is bid again by the tied, sealed too', async () => {
    expect((await send(seat.p1!, { type: 'exsilium.bid', bids: { p1: 1, p2: 1 } })).body).toMatchObject({ status: 403, code: 'not_your_seat' });
    expect((await send(seat.p1!, { type: 'exsilium.bid', bids: { p1: 1 } })).body.events.map((e: Json) => e.type)).toEqual(['match.part_sealed']);
    const seen = (await call('GET', `/v1/matches/${id}/events`, seat.p2!)).body.events[0];
    expect(seen.data).toEqual({ type: 'exsilium.bid', player: 'p1', command: { hidden: true } });
    const tie = await send(seat.p2!, { type: 'exsilium.bid', bids: { p2: 1 } });
    expect(tie.body.events.map((e: Json) => e.type)).toEqual(['match.part_sealed', 'exsilium.start_player_bid']);
    expect(tie.body.events[1].data).toMatchObject({ bids: { p1: 1, p2: 1 }, startPlayer: null, tied: ['p1', 'p2'] });
    // the tied bid again: a new sealed decision (the owner may send a part too, with ?as=)
    expect((await call('POST', `/v1/matches/${id}/commands?as=p2`, owner, { command: { type: 'exsilium.bid', bids: { p2: 0 } } })).status).toBe(201);
    const won = await send(seat.p1!, { type: 'exsilium.bid', bids: { p1: 2 } });
    expect(won.status).toBe(201);
    expect(won.body.events.find((e: Json) => e.type === 'exsilium.start_player_bid').data).toMatchObject({ bids: { p1: 2, p2: 0 }, startPlayer: 'p1' });
    expect(won.body.state.pending).toEqual([]);
  });

  it('EXS-COMBAT-PVP-1..3: the attacker lays its cards, the defender replies with its own, the fight resolves then', async () => {
    // another table: the scripted game up to its last fight, sent by the owner as referee
    id = (await call('POST', '/v1/matches', owner, { game: 'exsilium', players, options: fullScenario() })).body.id;
    for (const p of ['p1', 'p2']) seat[p] = (await call('POST', `/v1/matches/${id}/seats/${p}/tokens`, owner, {})).body.token;
    for (const command of FULL_GAME.slice(0, -1)) expect((await send(owner, command)).status, command.type).toBe(201);
    const last = FULL_GAME.at(-1)!;
    // the attacker may not lay the defender's cards
    expect((await send(seat.p1!, last)).body).toMatchObject({ status: 403, code: 'not_your_seat' });
    const { defenderCards, ...attack } = last as Json;
    const declared = await send(seat.p1!, attack);
    expect(declared.status).toBe(201);
    expect(declared.body.events.map((e: Json) => e.type)).toEqual(['match.declared']);
    expect(declared.body.state.pending).toEqual([
      { player: 'p2', kind: 'response', types: ['exsilium.fight', 'match.pass'], rule: 'EXS-COMBAT-PVP-2', since: declared.body.version },
    ]);
    expect((await send(seat.p1!, { type: 'exsilium.end_turn', player: 'p1' })).body).toMatchObject({ status: 422, code: 'decision_pending', awaiting: ['p2'] });
    const reply = await send(seat.p2!, { type: 'exsilium.fight', player: 'p2', cards: defenderCards });
    expect(reply.status, JSON.stringify(reply.body).slice(0, 400)).toBe(201);
    expect(reply.body.events.map((e: Json) => e.type)).toContain('exsilium.combat_resolved');
    // the reply was hidden from the attacker until the fight revealed it
    const log = (await call('GET', `/v1/matches/${id}/events?from=${declared.body.version + 1}&limit=1`, seat.p1!)).body.events;
    expect(log[0]).toMatchObject({ type: 'match.responded', data: { player: 'p2', command: { hidden: true } } });
    const combat = reply.body.events.find((e: Json) => e.type === 'exsilium.combat_resolved').data;
    expect(combat.winner).toBe('p1');
    expect((await call('GET', `/v1/matches/${id}`, owner)).body.state.summary).toMatchObject({ phase: 'ended', winner: 'p1' });
  });
});
