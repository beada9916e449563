/**
 * EDEN from the seats (CONTRACT §9.1): the choice of First player. ES «El jugador que apostó más PS
 * escoge quién se convierte en el Primer jugador» (EDEN-PREP-3 step 3): bids sent from the seats
 * whose winner named no one are revealed, then the winner is pending (kind `choice`) and sends
 * `eden.choose_first`; ES «es su adversario quien escoge libremente al Primer jugador» (EDEN-FIRST-2,
 * a Leader lost: no bid) waits for that opponent the same way. The owner's bundled `eden.bid` keeps
 * its v1.2 meaning. Shots and throws give their target no reaction (EDEN-RANGED-2..7, EDEN-THROW-1):
 * from a seat they resolve at once.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { memoryApp } from '../helpers/app.js';
import { fighter } from '../fixtures/eden-match.js';
import { bandA, bandB } from '../fixtures/eden-optional.js';

type Json = Record<string, any>;

describe('EDEN from the seats: who is First player (CONTRACT §9.1)', () => {
  let app: FastifyInstance;
  let owner: string;

  const call = async (method: 'GET' | 'POST', url: string, token: string, payload?: unknown) => {
    const res = await app.inject({ method, url, headers: { authorization: `Bearer ${token}` }, ...(payload === undefined ? {} : { payload: payload as object }) });
    return { status: res.statusCode, body: res.json() as Json };
  };

  /** A match of p1 (A) and p2 (B) with both bands registered from their seats. */
  async function table(options: Json = {}, bands = { A: [fighter('a1'), fighter('a2')], B: [fighter('b1'), fighter('b2')] }) {
    const created = await call('POST', '/v1/matches', owner, {
      game: 'eden',
      players: [
        { id: 'p1', name: 'Ana' },
        { id: 'p2', name: 'Ben' },
      ],
      options,
    });
    const id = created.body.id as string;
    const seat: Record<string, string> = {};
    for (const p of ['p1', 'p2']) seat[p] = (await call('POST', `/v1/matches/${id}/seats/${p}/tokens`, owner, {})).body.token;
    const send = (token: string, command: Json, query = '') => call('POST', `/v1/matches/${id}/commands${query}`, token, { command });
    const state = async () => (await call('GET', `/v1/matches/${id}`, owner)).body.state as Json;
    const moves = async () => (await call('GET', `/v1/matches/${id}/moves`, owner)).body.moves as Json[];
    expect((await send(seat.p1!, { type: 'eden.register_band', player: 'p1', bandType: 'faction', fighters: bands.A })).status).toBe(201);
    expect((await send(seat.p2!, { type: 'eden.register_band', player: 'p2', bandType: 'faction', fighters: bands.B })).status).toBe(201);
    return { id, seat, send, state, moves };
  }

  beforeAll(async () => {
    app = await memoryApp();
    owner = (await app.services.apiKeys!.create('eden first player')).key;
  });
  afterAll(async () => app?.close());

  it('EDEN-PREP-3 step 3: the winner of sealed bids who named no one is pending, and names the First player with eden.choose_first', async () => {
    const { seat, send, state, moves } = await table();
    expect((await send(seat.p1!, { type: 'eden.bid', bids: { A: 2 } })).body.events.map((e: Json) => e.type)).toEqual(['match.part_sealed']);
    expect((await send(seat.p1!, { type: 'eden.bid', bids: { A: 1 } })).body).toMatchObject({ status: 409, code: 'already_decided' });
    const reveal = await send(seat.p2!, { type: 'eden.bid', bids: { B: 1 } });
    expect(reveal.status).toBe(201);
    // the bids revealed, the SP spent; the First player not yet named
    expect(reveal.body.events.map((e: Json) => e.type)).toEqual(['match.part_sealed', 'eden.first_player_determined']);
    expect(reveal.body.events[1].data).toMatchObject({ winner: 'A', by: 'bid', firstPlayer: null, bids: { A: 2, B: 1 }, rule: 'EDEN-PREP-3' });
    expect(reveal.body.state.pending).toEqual([{ player: 'p1', kind: 'choice', types: ['eden.choose_first'], rule: 'EDEN-PREP-3', since: reveal.body.version }]);
    expect(await moves()).toEqual([{ player: 'p1', type: 'eden.choose_first' }]);

    // skipping the choice, or making it for the winner
    expect((await send(seat.p1!, { type: 'eden.choose_leader', player: 'p1', fighterId: 'a1' })).body).toMatchObject({
      status: 422,
      code: 'decision_pending',
      awaiting: ['p1'],
      rule: 'EDEN-PREP-3',
    });
    expect((await send(owner, { type: 'eden.bid', bids: { A: 0, B: 0 } })).body).toMatchObject({ status: 422, code: 'decision_pending', awaiting: ['p1'] });
    expect((await send(seat.p2!, { type: 'eden.bid', bids: { B: 1 } })).body).toMatchObject({ status: 422, code: 'decision_pending' });
    expect((await send(seat.p2!, { type: 'eden.choose_first', player: 'p2', choice: 'p2' })).body).toMatchObject({ status: 403, code: 'not_your_seat' });
    expect((await send(seat.p2!, { type: 'eden.choose_first', player: 'p1', choice: 'p2' })).body).toMatchObject({ status: 403, code: 'not_your_seat' });
    expect((await send(owner, { type: 'eden.choose_first', player: 'p2', choice: 'p2' })).body).toMatchObject({ status: 422, code: 'decision_pending', awaiting: ['p1'] });

    // the winner names his opponent
    const chosen = await send(seat.p1!, { type: 'eden.choose_first', player: 'p1', choice: 'p2' });
    expect(chosen.status, JSON.stringify(chosen.body)).toBe(201);
    expect(chosen.body.events).toEqual([expect.objectContaining({ type: 'eden.first_player_chosen', data: { player: 'A', firstPlayer: 'B', rule: 'EDEN-PREP-3' } })]);
    expect(chosen.body.state).toMatchObject({ firstPlayer: 'B', prep: 'leaders', pending: [] });
    expect((await state()).bands).toMatchObject({ A: { strategyPoints: expect.any(Number) }, B: { strategyPoints: expect.any(Number) } });
    expect((await send(seat.p1!, { type: 'eden.choose_first', player: 'p1', choice: 'p1' })).body).toMatchObject({ status: 422, code: 'nothing_pending' });
    // EDEN-PREP-4: the First player (B) names his Leader first
    expect((await send(seat.p1!, { type: 'eden.choose_leader', player: 'p1', fighterId: 'a1' })).body).toMatchObject({ status: 403, code: 'not_your_seat' });
    expect((await send(seat.p2!, { type: 'eden.choose_leader', player: 'p2', fighterId: 'b1' })).status).toBe(201);
  });

  it('EDEN-PREP-3: a winner whose part named a choice, or the owner’s bundled bid (v1.2), names the First player at once', async () => {
    const seated = await table();
    expect((await seated.send(owner, { type: 'eden.bid', bids: { A: 0 } }, '?as=p1')).status).toBe(201);
    const reveal = await seated.send(owner, { type: 'eden.bid', bids: { B: 3 }, choice: 'A' }, '?as=p2');
    expect(reveal.body.events[1].data).toMatchObject({ winner: 'B', by: 'bid', firstPlayer: 'A' });
    expect(reveal.body.state).toMatchObject({ firstPlayer: 'A', prep: 'leaders', pending: [] });

    const bundled = await table();
    const answer = await bundled.send(owner, { type: 'eden.bid', bids: { A: 1, B: 2 } });
    expect(answer.body.events).toEqual([expect.objectContaining({ type: 'eden.first_player_determined', data: expect.objectContaining({ winner: 'B', firstPlayer: 'B' }) })]);
    expect(answer.body.state).toMatchObject({ firstPlayer: 'B', prep: 'leaders', pending: [] });
  });

  it('EDEN-PREP-3 step 4 / EDEN-AMB-11: equal bids — ES: the die winner is First player; DE: the die winner chooses, from his seat', async () => {
    const es = await table();
    await es.send(es.seat.p1!, { type: 'eden.bid', bids: { A: 1 } });
    const esReveal = await es.send(es.seat.p2!, { type: 'eden.bid', bids: { B: 1 }, dice: { values: [2, 5] } });
    expect(esReveal.body.events[1].data).toMatchObject({ winner: 'B', by: 'roll', firstPlayer: 'B', rollOff: [{ A: 2, B: 5 }] });
    expect(esReveal.body.state.pending).toEqual([]);

    const de = await table({ edition: 'de' });
    await de.send(de.seat.p1!, { type: 'eden.bid', bids: { A: 1 } });
    const deReveal = await de.send(de.seat.p2!, { type: 'eden.bid', bids: { B: 1 }, dice: { values: [2, 5] } });
    expect(deReveal.body.events[1].data).toMatchObject({ winner: 'B', by: 'roll', firstPlayer: null, rollOff: [{ A: 2, B: 5 }] });
    expect(deReveal.body.state.pending).toEqual([expect.objectContaining({ player: 'p2', kind: 'choice', types: ['eden.choose_first'] })]);
    const chosen = await de.send(de.seat.p2!, { type: 'eden.choose_first', player: 'B', choice: 'B' });
    expect(chosen.body.state).toMatchObject({ firstPlayer: 'B', prep: 'leaders', pending: [] });
  });

  it('EDEN-FIRST-2: a Leader lost last turn — no bid; his opponent is pending and chooses from his seat; shots and throws then resolve at once', async () => {
    const { seat, send, state, moves } = await table({}, { A: bandA, B: bandB });
    for (const command of [
      { type: 'eden.bid', bids: { A: 2, B: 1 } },
      { type: 'eden.choose_leader', player: 'A', fighterId: 'a1' },
      { type: 'eden.choose_leader', player: 'B', fighterId: 'b1' },
      { type: 'eden.play_mission', player: 'A', mission: { name: 'Assassination', visibility: 'secret', deployment: 'confrontation' } },
      { type: 'eden.play_mission', player: 'B', mission: { name: 'Recon', visibility: 'revealed', deployment: 'ambush' } },
      { type: 'eden.deploy', player: 'A' },
      { type: 'eden.deploy', player: 'B' },
      { type: 'eden.choose_tactic_hand', player: 'A', cards: ['Ambush', 'Fury', 'Retreat', 'Rally'] },
      { type: 'eden.choose_tactic_hand', player: 'B', cards: ['Ambush', 'Fury', 'Retreat', 'Rally'] },
      { type: 'eden.bid', bids: { A: 1, B: 0 } },
      { type: 'eden.skip_tactic', player: 'A' },
      { type: 'eden.skip_tactic', player: 'B' },
      { type: 'eden.activate', player: 'A', fighterId: 'a1' },
      // four successes aimed at the head put B's Leader out of action
      { type: 'eden.melee', attacker: 'a1', target: 'b1', aim: 'head', dice: { values: [6, 6, 6, 6, 1] } },
      { type: 'eden.end_activation' },
      { type: 'eden.pass', player: 'B' },
      { type: 'eden.pass', player: 'A' },
      { type: 'eden.upkeep' },
    ]) {
      const answer = await send(owner, command);
      expect(answer.status, `${JSON.stringify(command)} → ${JSON.stringify(answer.body)}`).toBe(201);
    }
    const before = await state();
    expect(before).toMatchObject({ phase: 'first_player', turn: 2, leaderLostTurn: { B: 1 } });
    expect(before.pending).toEqual([{ player: 'p1', kind: 'choice', types: ['eden.choose_first'], rule: 'EDEN-FIRST-2', since: expect.any(Number) }]);
    expect(await moves()).toEqual([{ player: 'p1', type: 'eden.choose_first' }]);

    // the choice is A's: B's seat may not make it, in either form; nothing else meanwhile
    expect((await send(seat.p2!, { type: 'eden.choose_first', player: 'p2', choice: 'p2' })).body).toMatchObject({ status: 403, code: 'not_your_seat' });
    expect((await send(seat.p2!, { type: 'eden.bid', bids: {}, choice: 'B' })).body).toMatchObject({ status: 403, code: 'not_your_seat' });
    expect((await send(seat.p1!, { type: 'eden.skip_tactic', player: 'p1' })).body).toMatchObject({
      status: 422,
      code: 'decision_pending',
      awaiting: ['p1'],
      rule: 'EDEN-FIRST-2',
    });
    const chosen = await send(seat.p1!, { type: 'eden.choose_first', player: 'p1', choice: 'B' });
    expect(chosen.status, JSON.stringify(chosen.body)).toBe(201);
    expect(chosen.body.events).toEqual([
      expect.objectContaining({
        type: 'eden.first_player_determined',
        data: expect.objectContaining({ winner: 'A', by: 'leader_lost', firstPlayer: 'B', bids: { A: 0, B: 0 }, rule: 'EDEN-FIRST-2' }),
      }),
    ]);
    // EDEN-FIRST-2: no SP spent
    expect(chosen.body.state).toMatchObject({ phase: 'tactical', firstPlayer: 'B', pending: [] });
    expect(chosen.body.state.bands.A.strategyPoints).toBe(before.bands.A.strategyPoints);

    // EDEN-RANGED-2..7 / EDEN-THROW-1: the target of a shot or a throw has no reaction: nothing opens
    expect((await send(seat.p2!, { type: 'eden.skip_tactic', player: 'p2' })).status).toBe(201);
    expect((await send(seat.p1!, { type: 'eden.skip_tactic', player: 'p1' })).status).toBe(201);
    expect((await send(seat.p2!, { type: 'eden.activate', player: 'p2', fighterId: 'b2' })).body.state.activation.active).toBe('b2');
    const shot = await send(seat.p2!, {
      type: 'eden.ranged',
      shooter: 'b2',
      weapon: 'Pistol',
      candidates: [{ id: 'a1', distance: 20, lineOfSight: true }],
      targetId: 'a1',
      dice: { seed: 'shot' },
    });
    expect(shot.status, JSON.stringify(shot.body)).toBe(201);
    expect(shot.body.events.map((e: Json) => e.type)).toEqual(['eden.shot_resolved']);
    expect(shot.body.state.pending).toEqual([]);
    const thrown = await send(seat.p2!, {
      type: 'eden.thrown',
      attacker: 'b2',
      weapon: 'Grenade',
      point: { distance: 10, lineOfSight: true },
      affected: ['a2'],
      dice: { seed: 'throw' },
    });
    expect(thrown.status, JSON.stringify(thrown.body)).toBe(201);
    expect(thrown.body.events[0].type).toBe('eden.throw_resolved');
    expect(thrown.body.state.pending).toEqual([]);
  });

  it('GET /v1/games/eden/commands lists eden.choose_first', async () => {
    const listing = (await app.inject({ method: 'GET', url: '/v1/games/eden/commands' })).json() as Json;
    const command = listing.commands.find((c: Json) => c.type === 'eden.choose_first');
    expect(command).toMatchObject({ type: 'eden.choose_first', example: { type: 'eden.choose_first', player: 'A', choice: 'B' } });
    expect(Object.keys(command.schema.properties)).toEqual(expect.arrayContaining(['type', 'player', 'choice']));
  });
});
