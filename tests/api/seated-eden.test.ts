/**
 * EDEN played from the seats (CONTRACT §9.1): every decision the rulebook gives a player is sent
 * by that player's seat token (or by the owner with `?as=`), never inside another player's command.
 * The bid for First player (EDEN-PREP-3, EDEN-FIRST-1) in sealed parts, a designation answered by
 * an interruption (EDEN-ACT-2), a melee attack answered by the target's reaction (EDEN-MELEE-6),
 * a Cancellation paid by the opponent (EDEN-TACPH-2); `state.pending` and `/moves` say whom the
 * table waits for; skipping a decision is 422 `decision_pending`, deciding twice 409
 * `already_decided`, deciding for someone else 403 `not_your_seat`.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { memoryApp } from '../helpers/app.js';
import { fighter } from '../fixtures/eden-match.js';

type Json = Record<string, any>;

describe('EDEN from the seats (CONTRACT §9.1)', () => {
  let app: FastifyInstance;
  let owner: string;
  let id: string;
  const seat: Record<string, string> = {};

  const call = async (method: 'GET' | 'POST', url: string, token: string, payload?: unknown) => {
    const res = await app.inject({ method, url, headers: { authorization: `Bearer ${token}` }, ...(payload === undefined ? {} : { payload: payload as object }) });
    return { status: res.statusCode, body: res.json() as Json };
  };
  const send = (token: string, command: Json, query = '') => call('POST', `/v1/matches/${id}/commands${query}`, token, { command });
  const state = async (token = owner) => (await call('GET', `/v1/matches/${id}`, token)).body.state as Json;
  const moves = async (token: string) => (await call('GET', `/v1/matches/${id}/moves`, token)).body as Json;

  beforeAll(async () => {
    app = await memoryApp();
    owner = (await app.services.apiKeys!.create('eden table')).key;
    const created = await call('POST', '/v1/matches', owner, {
      game: 'eden',
      players: [
        { id: 'p1', name: 'Ana' },
        { id: 'p2', name: 'Ben' },
      ],
    });
    id = created.body.id;
    for (const p of ['p1', 'p2']) seat[p] = (await call('POST', `/v1/matches/${id}/seats/${p}/tokens`, owner, {})).body.token;
    // bands: a1 (RAP 4), a2 (RAP 6); b1 (RAP 5), b2 (RAP 3)
    const legs = (normal: number) => ({ ...fighter('x').limbs, legs: { white: 2, red: 1, faces: [6], normal, wounded: normal - 1 } });
    expect(
      (await send(seat.p1!, { type: 'eden.register_band', player: 'p1', bandType: 'faction', fighters: [fighter('a1', { limbs: legs(4) }), fighter('a2', { limbs: legs(6) })] }))
        .status,
    ).toBe(201);
    expect(
      (await send(seat.p2!, { type: 'eden.register_band', player: 'p2', bandType: 'faction', fighters: [fighter('b1', { limbs: legs(5) }), fighter('b2', { limbs: legs(3) })] }))
        .status,
    ).toBe(201);
  });
  afterAll(async () => app?.close());

  it('EDEN-PREP-3: each seat sends its own bid, sealed until the second reveals both in one event', async () => {
    // a seat's bid carrying the other band's is the other player's decision
    expect((await send(seat.p1!, { type: 'eden.bid', bids: { A: 2, B: 0 } })).status).toBe(403);
    const first = await send(seat.p1!, { type: 'eden.bid', bids: { A: 2 }, choice: 'A' });
    expect(first.status).toBe(201);
    expect(first.body.events.map((e: Json) => e.type)).toEqual(['match.part_sealed']);
    expect(first.body.state.pending).toEqual([
      { player: 'p1', kind: 'sealed', types: ['eden.bid'], rule: 'EDEN-PREP-3', since: 3, decided: true },
      { player: 'p2', kind: 'sealed', types: ['eden.bid'], rule: 'EDEN-PREP-3', since: 3 },
    ]);
    // the other seat and the log: the part is hidden, who decided is not
    const log = (await call('GET', `/v1/matches/${id}/events?from=3`, seat.p2!)).body.events;
    expect(log).toEqual([expect.objectContaining({ type: 'match.part_sealed', data: { type: 'eden.bid', player: 'p1', command: { hidden: true } } })]);
    expect(JSON.stringify(await state(seat.p2!))).not.toContain('"A":2');
    expect((await moves(seat.p2!)).moves).toEqual([{ player: 'p2', type: 'eden.bid' }]);
    expect((await moves(seat.p1!)).moves).toEqual([]);
    // deciding twice, or anything else meanwhile
    expect((await send(seat.p1!, { type: 'eden.bid', bids: { A: 1 } })).body).toMatchObject({ status: 409, code: 'already_decided' });
    expect((await send(seat.p1!, { type: 'eden.choose_leader', player: 'p1', fighterId: 'a1' })).body).toMatchObject({ status: 422, code: 'decision_pending' });
    expect((await send(owner, { type: 'eden.choose_leader', player: 'p1', fighterId: 'a1' })).body).toMatchObject({ status: 422, code: 'decision_pending', awaiting: ['p2'] });
    const last = await send(seat.p2!, { type: 'eden.bid', bids: { B: 1 } });
    expect(last.status).toBe(201);
    expect(last.body.events.map((e: Json) => e.type)).toEqual(['match.part_sealed', 'eden.first_player_determined']);
    expect(last.body.events[1].data).toMatchObject({ winner: 'A', by: 'bid', firstPlayer: 'A', bids: { A: 2, B: 1 } });
    expect(last.body.state.pending).toEqual([]);
  });

  it('the owner relays one player with ?as=, which decides only that player', async () => {
    expect((await send(owner, { type: 'eden.choose_leader', player: 'p2', fighterId: 'b1' }, '?as=p1')).status).toBe(403);
    expect((await send(owner, { type: 'eden.choose_leader', player: 'p1', fighterId: 'a1' }, '?as=zz')).body).toMatchObject({ status: 400, code: 'invalid_request' });
    expect((await send(owner, { type: 'eden.choose_leader', player: 'p1', fighterId: 'a1' }, '?as=p1')).status).toBe(201);
    expect((await send(seat.p1!, { type: 'eden.choose_leader', player: 'p1', fighterId: 'a1' }, '?as=p1')).body).toMatchObject({ status: 403, code: 'owner_only' });
    for (const c of [
      { type: 'eden.choose_leader', player: 'p2', fighterId: 'b1' },
      { type: 'eden.play_mission', player: 'p1', mission: { name: 'Recon', visibility: 'revealed', deployment: 'ambush' } },
      { type: 'eden.play_mission', player: 'p2', mission: { name: 'Assassination', visibility: 'revealed', deployment: 'ambush' } },
      { type: 'eden.deploy', player: 'p1' },
      { type: 'eden.deploy', player: 'p2' },
      { type: 'eden.choose_tactic_hand', player: 'p1', cards: ['Fury', 'Rally', 'Ambush', 'Retreat'] },
      { type: 'eden.choose_tactic_hand', player: 'p2', cards: ['Fury', 'Rally', 'Ambush', 'Retreat'] },
    ]) {
      expect((await send(owner, c)).status, JSON.stringify(c)).toBe(201);
    }
    // turn 1's bid (EDEN-FIRST-1): the owner's bundled command keeps its v1.2 meaning
    expect((await send(owner, { type: 'eden.bid', bids: { A: 0, B: 0 }, dice: { values: [6, 1] } })).status).toBe(201);
    expect((await state()).phase).toBe('tactical');
  });

  it('EDEN-TACPH-2: a card played with its Cancellation waits for the opponent, who pays it', async () => {
    // A is First player: plays Fury (Cancellation 2) from its seat; paying it is B's decision
    expect((await send(seat.p1!, { type: 'eden.play_tactic', player: 'p1', card: 'Fury', cancellationPaid: 2 })).body).toMatchObject({ status: 403, code: 'not_your_seat' });
    const played = await send(seat.p1!, { type: 'eden.play_tactic', player: 'p1', card: 'Fury', cancellation: 2 });
    expect(played.status).toBe(201);
    expect(played.body.events.map((e: Json) => e.type)).toEqual(['match.declared']);
    expect(played.body.state.pending).toEqual([{ player: 'p2', kind: 'response', types: ['eden.cancel_tactic', 'match.pass'], rule: 'EDEN-TACPH-2', since: played.body.version }]);
    expect((await send(seat.p2!, { type: 'eden.cancel_tactic', player: 'p2', paid: 1 })).body).toMatchObject({ status: 422, code: 'wrong_cancellation' });
    const paid = await send(seat.p2!, { type: 'eden.cancel_tactic', player: 'p2', paid: 2 });
    expect(paid.status).toBe(201);
    expect(paid.body.events.map((e: Json) => e.type)).toEqual(['match.responded', 'eden.tactic_played']);
    expect(paid.body.events[1].data).toMatchObject({ card: 'Fury', cancelled: true, cancellationPaid: 2 });
    expect((await send(seat.p2!, { type: 'eden.skip_tactic', player: 'p2' })).status).toBe(201);
  });

  it('EDEN-ACT-2: a designation waits for an interruption, back and forth, until someone passes', async () => {
    // A designates a1 (RAP 4): B may interrupt with b1 (RAP 5); then A with a2 (RAP 6); B has nothing faster: a2 is activated
    const designated = await send(seat.p1!, { type: 'eden.activate', player: 'p1', fighterId: 'a1' });
    expect(designated.status).toBe(201);
    expect(designated.body.events.map((e: Json) => e.type)).toEqual(['match.declared']);
    expect((await moves(seat.p2!)).moves).toEqual([
      { player: 'p2', type: 'eden.activate' },
      { player: 'p2', type: 'match.pass' },
    ]);
    // an interruption needs strictly greater RAP
    expect((await send(seat.p2!, { type: 'eden.activate', player: 'p2', fighterId: 'b2' })).body).toMatchObject({ status: 422, code: 'illegal_interruption' });
    const interrupted = await send(seat.p2!, { type: 'eden.activate', player: 'p2', fighterId: 'b1' });
    expect(interrupted.body.events.map((e: Json) => e.type)).toEqual(['match.responded']);
    expect(interrupted.body.state.pending).toEqual([expect.objectContaining({ player: 'p1', kind: 'response', rule: 'EDEN-ACT-2' })]);
    const back = await send(seat.p1!, { type: 'eden.activate', player: 'p1', fighterId: 'a2' });
    expect(back.status).toBe(201);
    expect(back.body.events.map((e: Json) => [e.type, e.data.fighterId])).toEqual([
      ['match.responded', undefined],
      ['eden.fighter_designated', 'a1'],
      ['eden.activation_interrupted', 'b1'],
      ['eden.activation_interrupted', 'a2'],
      ['eden.fighter_activated', 'a2'],
    ]);
    expect(back.body.state.activation.active).toBe('a2');
  });

  it('EDEN-MELEE-6: the attack waits for the target’s reaction; the dice roll in the answer to it', async () => {
    // the attacker choosing the target's reaction decides for B
    expect((await send(seat.p1!, { type: 'eden.melee', attacker: 'a2', target: 'b1', reaction: 'passive' })).body).toMatchObject({ code: 'not_your_seat' });
    const declared = await send(seat.p1!, { type: 'eden.melee', attacker: 'a2', target: 'b1', dice: { values: [1, 1, 1, 1] } });
    expect(declared.status).toBe(201);
    expect(declared.body.events.map((e: Json) => e.type)).toEqual(['match.declared']);
    expect(declared.body.dice).toBeUndefined();
    // the attacker moving on skips the target's decision
    expect((await send(seat.p1!, { type: 'eden.end_activation', player: 'p1' })).body).toMatchObject({ status: 422, code: 'decision_pending', awaiting: ['p2'] });
    const reacted = await send(seat.p2!, { type: 'eden.react', player: 'p2', reaction: 'dodge', dice: { values: [6, 5, 4, 2, 1, 3, 3, 2, 1, 1, 1] } });
    expect(reacted.status, JSON.stringify(reacted.body)).toBe(201);
    expect(reacted.body.events.map((e: Json) => e.type)).toEqual(['match.responded', 'eden.melee_resolved']);
    expect(reacted.body.events[1].data).toMatchObject({ attackerId: 'a2', targetId: 'b1', reaction: 'dodge' });
    expect(reacted.body.dice.rolls.length).toBeGreaterThan(0);
    expect(reacted.body.state.pending).toEqual([]);
  });
});
