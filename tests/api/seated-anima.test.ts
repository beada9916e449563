/**
 * Ánima played from the seats (CONTRACT §9.1, ANIMA-TIMING-3): a combat declared from a seat stops
 * before any die; the defender plays its Combat cards (or passes), the attacker may add more, until
 * both have passed in a row; the dice roll in the answer to the last pass. The game's own
 * waiting choice (ANIMA-REWARD-1) shows in `state.pending` as kind `choice`.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { memoryApp } from '../helpers/app.js';
import { ANIMA_PLAYERS, KEEP_GIFTS, animaGiftCards } from '../fixtures/anima-match.js';

type Json = Record<string, any>;

describe('Ánima from the seats (CONTRACT §9.1)', () => {
  let app: FastifyInstance;
  let owner: string;
  let id: string;
  const seat: Record<string, string> = {};
  const call = async (method: 'GET' | 'POST', url: string, token: string, payload?: unknown) => {
    const res = await app.inject({ method, url, headers: { authorization: `Bearer ${token}` }, ...(payload === undefined ? {} : { payload: payload as object }) });
    return { status: res.statusCode, body: res.json() as Json };
  };
  const send = (token: string, command: Json) => call('POST', `/v1/matches/${id}/commands`, token, { command });
  const run = async (command: Json) => {
    const r = await send(owner, command);
    expect(r.status, JSON.stringify(r.body).slice(0, 300)).toBe(201);
    return r.body;
  };

  beforeAll(async () => {
    app = await memoryApp();
    owner = (await app.services.apiKeys!.create('anima table')).key;
    const cards = animaGiftCards();
    cards.basicMissions[0] = { name: 'Defender las Ruinas', test: { kind: 'resist', rounds: 1, enemy: { name: 'Bandidos', combat: 3 } } } as never;
    (cards.locations[1] as Json).rewards[1] = { kind: 'mission', name: 'Pozo del Infierno', mission: 'Defender las Ruinas' };
    id = (await call('POST', '/v1/matches', owner, { game: 'anima', players: ANIMA_PLAYERS, options: cards })).body.id;
    for (const p of ['p1', 'p2']) seat[p] = (await call('POST', `/v1/matches/${id}/seats/${p}/tokens`, owner, {})).body.token;
  });
  afterAll(async () => app?.close());

  it('ANIMA-REWARD-1: a reward to claim is a pending choice of its player', async () => {
    for (const c of KEEP_GIFTS) await run(c);
    const end = (player: string) => run({ type: 'anima.end_phase', player });
    await run({ type: 'anima.play_gift', player: 'p1', gift: 'Sol Negro' });
    await end('p1');
    await run({ type: 'anima.play_gift', player: 'p2', gift: 'Inquisición' });
    await end('p2');
    await run({ type: 'anima.go', player: 'p1', location: 'Las Ruinas' });
    await run({ type: 'anima.go', player: 'p2', location: 'Arkángel', dice: { values: [5, 1] } });
    for (const p of ['p1', 'p2']) await end(p);
    const explored = await run({ type: 'anima.explore', player: 'p1', dice: { values: [1] } });
    expect(explored.state.pending).toEqual([{ player: 'p1', kind: 'choice', types: ['anima.claim_reward'], rule: 'ANIMA-REWARD-1', since: explored.version }]);
    await run({ type: 'anima.claim_reward', player: 'p1', reward: 1 });
    await run({ type: 'anima.explore', player: 'p2', dice: { values: [2] } });
    expect((await run({ type: 'anima.claim_reward', player: 'p2', reward: 1 })).state.pending).toEqual([]);
    for (const p of ['p1', 'p2']) await end(p);
    expect((await run({ type: 'anima.go', player: 'p2', location: 'Las Ruinas' })).state).toMatchObject({ phase: 'interaction', toAct: 'p1' });
  });

  it('ANIMA-TIMING-3: the combat waits for the combatants’ Combat cards, in turn, until both pass; then it rolls', async () => {
    // the defender's cards inside the attacker's command are the defender's decision
    expect((await send(seat.p1!, { type: 'anima.declare_combat', player: 'p1', target: 'p2', targetGifts: [{ gift: 'Furia', character: 'Ladrona' }] })).body).toMatchObject({
      status: 403,
      code: 'not_your_seat',
    });
    const declared = await send(seat.p1!, { type: 'anima.declare_combat', player: 'p1', target: 'p2' });
    expect(declared.status, JSON.stringify(declared.body).slice(0, 300)).toBe(201);
    expect(declared.body.events.map((e: Json) => e.type)).toEqual(['match.declared']);
    expect(declared.body.state.pending).toEqual([
      { player: 'p2', kind: 'response', types: ['anima.play_gift', 'match.pass'], rule: 'ANIMA-TIMING-3', since: declared.body.version },
    ]);
    // the defender passes; the attacker adds its Furia; the defender passes, and so does the attacker: the combat resolves
    expect((await send(seat.p2!, { type: 'match.pass', player: 'p2' })).body.state.pending).toEqual([expect.objectContaining({ player: 'p1', kind: 'response' })]);
    const furia = await send(seat.p1!, { type: 'anima.play_gift', player: 'p1', gift: 'Furia', character: 'Acróbata' });
    expect(furia.body.events.map((e: Json) => e.type)).toEqual(['match.responded']);
    expect((await send(seat.p2!, { type: 'match.pass', player: 'p2' })).body.state.pending).toEqual([expect.objectContaining({ player: 'p1', kind: 'response' })]);
    const rolled = await send(seat.p1!, { type: 'match.pass', player: 'p1', dice: { values: [3, 5, 2] } });
    expect(rolled.status, JSON.stringify(rolled.body).slice(0, 300)).toBe(201);
    expect(rolled.body.events.map((e: Json) => e.type)).toEqual(['match.passed', 'anima.gift_played', 'anima.group_combat']);
    // as the bundled command of the same game: Furia adds 3 (7+3 vs 2+5), p2 gives a random Gift and is expelled
    expect(rolled.body.state.groupsInPlay.p2).toMatchObject({ location: null, turnLost: true, handSize: 2 });
    expect(rolled.body.state.pending).toEqual([]);
  });
});
