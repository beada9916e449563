/**
 * Exsilium from the seats (CONTRACT §9.1): a faction-type Cracking card against a terminal
 * (EXS-KW-CRACKING) waits for the terminal's owner, who may dodge it (EXS-KW-DODGE: «Con ella se
 * puede evitar un combate o el efecto de una carta de tipo facción») with `exsilium.dodge` or pass.
 *
 * The table: the scripted game (tests/fixtures/exsilium-full-game.ts) up to round 3, where Ana (p1,
 * SYL) controls the terminal X:3,2 and holds an Esquiva (p1-10); she walks syl-1 back to A1 and
 * ends her turn holding three cards; Ben (p2, Keber) walks keber-1 next to the terminal and plays
 * his Keber Cracking (p2-7). Exsilium rolls no dice and nothing here shuffles.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { memoryApp } from '../helpers/app.js';
import { FULL_GAME, fullScenario } from '../fixtures/exsilium-full-game.js';
import { players } from '../fixtures/exsilium-scenario.js';

type Json = Record<string, any>;

const ESQUIVA = { name: 'Esquiva', strength: 2, action: { kind: 'dodge' } };
const options = (cracking: Json = { name: 'Cracking', strength: 2, action: { kind: 'cracking' }, faction: 'keber' }) => {
  const o = fullScenario() as Json;
  o.decks.p1[9] = ESQUIVA;
  o.decks.p2[6] = cracking;
  return o;
};
const move = (player: string, card: string, miniature: string, path: string[]) => ({ type: 'exsilium.move', player, card, miniature, path });
/** Round 3: Ana steps back to A1 and ends her turn with p1-10 (Esquiva), p1-12, p1-13; Ben's keber-1 stands next to X:3,2. */
const UP_TO_CRACKING = [...FULL_GAME.slice(0, 20), move('p1', 'p1-11', 'syl-1', ['A1:2,1']), { type: 'exsilium.end_turn', player: 'p1' }, move('p2', 'p2-8', 'keber-1', ['X:4,1'])];
/** The same, but Ana spends every card: her turn ends by itself with an empty hand (EXS-ACTION-5). */
const EMPTY_HANDED = [
  ...FULL_GAME.slice(0, 20),
  move('p1', 'p1-11', 'syl-1', ['A1:2,1']),
  move('p1', 'p1-10', 'syl-1', ['A1:1,1']),
  move('p1', 'p1-12', 'syl-1', ['A1:2,1']),
  move('p1', 'p1-13', 'syl-1', ['A1:1,1']),
  move('p2', 'p2-8', 'keber-1', ['X:4,1']),
];
const CRACK = { type: 'exsilium.play', player: 'p2', card: 'p2-7', miniature: 'keber-1', node: 'X:3,2' };

describe('Exsilium from the seats: dodging a Cracking card (CONTRACT §9.1, EXS-KW-DODGE)', () => {
  let app: FastifyInstance;
  let owner: string;
  const call = async (method: 'GET' | 'POST', url: string, token: string, payload?: unknown) => {
    const res = await app.inject({ method, url, headers: { authorization: `Bearer ${token}` }, ...(payload === undefined ? {} : { payload: payload as object }) });
    return { status: res.statusCode, body: res.json() as Json };
  };
  /** A new match played by the owner (as referee) through `steps`, with a seat token per player. */
  const setUp = async (steps: Json[], o: Json = options()) => {
    const id = (await call('POST', '/v1/matches', owner, { game: 'exsilium', players, options: o })).body.id as string;
    const seat: Record<string, string> = {};
    for (const p of ['p1', 'p2']) seat[p] = (await call('POST', `/v1/matches/${id}/seats/${p}/tokens`, owner, {})).body.token;
    const send = (token: string, command: Json, query = '') => call('POST', `/v1/matches/${id}/commands${query}`, token, { command });
    for (const command of steps) expect((await send(owner, command)).status, command.type).toBe(201);
    const table = async () => (await call('GET', `/v1/matches/${id}`, owner)).body.state.table;
    return { id, seat, send, table };
  };
  const types = (body: Json) => body.events.map((e: Json) => e.type);

  beforeAll(async () => {
    app = await memoryApp();
    owner = (await app.services.apiKeys!.create('exsilium dodge')).key;
  });
  afterAll(async () => app?.close());

  it('EXS-KW-DODGE: a faction-type Cracking from a seat stops before its effect; the terminal owner dodges it with exsilium.dodge', async () => {
    const { id, seat, send, table } = await setUp(UP_TO_CRACKING);
    const declared = await send(seat.p2!, CRACK);
    expect(declared.status).toBe(201);
    expect(types(declared.body)).toEqual(['match.declared']);
    expect(declared.body.state.pending).toEqual([{ player: 'p1', kind: 'response', types: ['exsilium.dodge', 'match.pass'], rule: 'EXS-KW-DODGE', since: declared.body.version }]);
    expect((await call('GET', `/v1/matches/${id}/moves`, seat.p1!)).body.moves).toEqual([
      { player: 'p1', type: 'exsilium.dodge' },
      { player: 'p1', type: 'match.pass' },
    ]);
    // nothing happened yet: the card is still in Ben's hand, the terminal still Ana's
    expect((await table()).controlled).toEqual({ 'X:3,2': 'p1' });
    expect((await table()).players.p2.hand).toContain('p2-7');
    // the table waits: Ben's next command skips the decision (422), Ben cannot answer for Ana (403)
    expect((await send(seat.p2!, { type: 'exsilium.end_turn', player: 'p2' })).body).toMatchObject({
      status: 422,
      code: 'decision_pending',
      awaiting: ['p1'],
      rule: 'EXS-KW-DODGE',
    });
    expect((await send(seat.p2!, { type: 'exsilium.dodge', player: 'p1', card: 'p1-10' })).body).toMatchObject({ status: 403, code: 'not_your_seat' });
    const dodged = await send(seat.p1!, { type: 'exsilium.dodge', player: 'p1', card: 'p1-10' });
    expect(dodged.status, JSON.stringify(dodged.body).slice(0, 300)).toBe(201);
    expect(types(dodged.body)).toEqual(['match.responded', 'exsilium.card_played', 'exsilium.dodged']);
    expect(dodged.body.events[2].data).toEqual({ player: 'p1', card: 'p1-10', against: 'faction_card' });
    expect(dodged.body.state.pending).toEqual([]);
    const t = await table();
    // the terminal stays Ana's; both cards are discarded (EXS-KW-DODGE «Se descarta tras su uso»)
    expect(t.controlled).toEqual({ 'X:3,2': 'p1' });
    expect(t.players.p1.discard).toContain('p1-10');
    expect(t.players.p2.discard).toContain('p2-7');
    // Ben read Ana's answer hidden until the resolution revealed it
    const log = (await call('GET', `/v1/matches/${id}/events?from=${declared.body.version + 1}&limit=1`, seat.p2!)).body.events;
    expect(log[0]).toMatchObject({ type: 'match.responded', data: { player: 'p1', command: { hidden: true } } });
  });

  it('EXS-KW-CRACKING: the terminal owner passes (match.pass): the token is removed in the answer', async () => {
    const { seat, send, table } = await setUp(UP_TO_CRACKING);
    expect(types((await send(seat.p2!, CRACK)).body)).toEqual(['match.declared']);
    const passed = await send(seat.p1!, { type: 'match.pass', player: 'p1' });
    expect(passed.status).toBe(201);
    expect(types(passed.body)).toEqual(['match.passed', 'exsilium.card_played', 'exsilium.terminal_cracked']);
    expect(passed.body.events[2].data).toEqual({ player: 'p2', node: 'X:3,2', owner: 'p1' });
    expect((await table()).controlled).toEqual({});
    expect((await table()).players.p1.hand).toContain('p1-10');
  });

  it('EXS-KW-DODGE: the dodge decision inside the attacker’s own play → 403 not_your_seat; an answer without Esquiva → 422, still pending', async () => {
    const { send, seat, table } = await setUp(UP_TO_CRACKING);
    expect((await send(seat.p2!, { ...CRACK, dodge: 'p1-10' })).body).toMatchObject({ status: 403, code: 'not_your_seat' });
    const declared = await send(seat.p2!, CRACK);
    expect(types(declared.body)).toEqual(['match.declared']);
    // p1-12 has no Esquiva keyword: refused, nothing appended, the owner still answers
    expect((await send(seat.p1!, { type: 'exsilium.dodge', player: 'p1', card: 'p1-12' })).body).toMatchObject({ status: 422, code: 'not_a_dodge_card' });
    const again = await send(seat.p1!, { type: 'match.pass', player: 'p1' });
    // match.passed, exsilium.card_played, exsilium.terminal_cracked: the refused answer appended nothing
    expect(types(again.body)).toEqual(['match.passed', 'exsilium.card_played', 'exsilium.terminal_cracked']);
    expect(again.body.version).toBe(declared.body.version + 3);
    expect((await table()).controlled).toEqual({});
  });

  it('EXS-KW-DODGE / CONTRACT §9.1: the owner relays the terminal owner’s dodge (?as=p1)', async () => {
    const { send, seat, table } = await setUp(UP_TO_CRACKING);
    await send(seat.p2!, CRACK);
    const relayed = await send(owner, { type: 'exsilium.dodge', player: 'p1', card: 'p1-10' }, '?as=p1');
    expect(relayed.status).toBe(201);
    expect(types(relayed.body)).toEqual(['match.responded', 'exsilium.card_played', 'exsilium.dodged']);
    expect((await table()).controlled).toEqual({ 'X:3,2': 'p1' });
  });

  it('EXS-KW-DODGE / EXS-KW-FACTIONCARD: a Cracking that is no faction-type card is not asked: it resolves at once', async () => {
    const { send, seat } = await setUp(UP_TO_CRACKING, options({ name: 'Cracking', strength: 2, action: { kind: 'cracking' } }));
    const played = await send(seat.p2!, CRACK);
    expect(types(played.body)).toEqual(['exsilium.card_played', 'exsilium.terminal_cracked']);
    expect(played.body.state.pending).toEqual([]);
  });

  it('EXS-KW-DODGE: a terminal owner with an empty hand (public) is not asked: it resolves at once', async () => {
    const { send, seat, table } = await setUp(EMPTY_HANDED);
    expect((await table()).players.p1.hand).toEqual([]);
    const played = await send(seat.p2!, CRACK);
    expect(types(played.body)).toEqual(['exsilium.card_played', 'exsilium.terminal_cracked']);
    expect(played.body.state.pending).toEqual([]);
  });

  it('EXS-KW-DODGE: the owner’s bundled form is unchanged — with `dodge` it is dodged at once, without it cracked at once', async () => {
    const dodged = await (await setUp(UP_TO_CRACKING)).send(owner, { ...CRACK, dodge: 'p1-10' });
    expect(types(dodged.body)).toEqual(['exsilium.card_played', 'exsilium.dodged']);
    expect(dodged.body.state.pending).toEqual([]);
    const cracked = await (await setUp(UP_TO_CRACKING)).send(owner, CRACK);
    expect(types(cracked.body)).toEqual(['exsilium.card_played', 'exsilium.terminal_cracked']);
    expect(cracked.body.state.pending).toEqual([]);
  });
});
