/**
 * Ánima from the seats: a move another player may interrupt (CONTRACT §9.1, ANIMA-TIMING-2: Interrupt
 * cards «se utilizan en cualquier momento para interrumpir o modificar un efecto, resultado o
 * acción», e.g. Dirección Equivocada when a player «declara adónde se dirige su Grupo»). An
 * `anima.go` from a seat, while a Dirección Equivocada may be in another hand, stops as
 * `match.declared`; every other player holding a Gift is asked (hands are secret: the table does not
 * say who holds one) and answers `anima.play_gift` (the card, with `location`) or `match.pass`; the
 * move then resolves as the bundled `redirect` would, its dice drawn then. Fixed dice throughout.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { memoryApp } from '../helpers/app.js';
import { ANIMA_PLAYERS, KEEP_GIFTS, KEEP_REDIRECT, animaGiftCards, gapCards } from '../fixtures/anima-match.js';
import { animaTable, types, type Json } from './seated-anima-table.js';

const end = (player: string) => ({ type: 'anima.end_phase', player });
/** With gapCards (p2 holds Dirección Equivocada), turn 1 (order p1, p2): the Move phase, p1 to act. */
const TO_MOVE = [...KEEP_REDIRECT, end('p1'), end('p2')];
const WRONG_WAY = { gift: 'Dirección Equivocada', location: 'Arkángel' };

/** Three players: gapCards with two more Basic Missions and four more Gifts (a second Dirección Equivocada, which p3 keeps). */
const threeCards = () => {
  const cards = gapCards();
  return {
    ...cards,
    basicMissions: [...cards.basicMissions, { name: 'Vigilar', test: { kind: 'speed', difficulty: 10 } }, { name: 'Escoltar', test: { kind: 'speed', difficulty: 11 } }],
    gifts: [
      ...cards.gifts,
      { ...cards.gifts[6]! },
      { name: 'Escudo', category: 'plot', timing: 'combat', combat: 2 },
      { name: 'Mapa', category: 'plot', phase: 'exploration', timing: 'normal' },
      { name: 'Amuleto', category: 'plot', phase: 'exploration', timing: 'normal', combat: 1 },
    ],
  };
};
const THREE = [...ANIMA_PLAYERS, { id: 'p3', name: 'Pedro' }];
/** Setup of three (p1 Acróbata, p2 Ladrona, p3 Maestro de Armas), every shuffle keeping its order; p1 wins the tie at Speed 4 (7 vs 3). */
const KEEP_THREE = [
  { type: 'anima.keep_character', player: 'p1', character: 'Acróbata', gifts: ['Sol Negro', 'Furia', 'Dormir'], dice: { values: [3, 2] } },
  { type: 'anima.keep_character', player: 'p2', character: 'Ladrona', gifts: ['Inquisición', 'Furia', 'Dirección Equivocada'], dice: { values: [2, 4, 3, 2] } },
  {
    type: 'anima.keep_character',
    player: 'p3',
    character: 'Maestro de Armas',
    gifts: ['Mapa', 'Amuleto', 'Dirección Equivocada'],
    dice: { values: [3, 2, 5, 4, 3, 2, 7, 3] },
  },
  end('p1'),
  end('p2'),
  end('p3'),
];

describe('Ánima from the seats: a move another player may interrupt (ANIMA-TIMING-2)', () => {
  let app: FastifyInstance;
  let owner: string;
  beforeAll(async () => {
    app = await memoryApp();
    owner = (await app.services.apiKeys!.create('anima interrupts')).key;
  });
  afterAll(async () => app?.close());

  it('ANIMA-TIMING-2 / ANIMA-PRIOR-5: p1 declares Las Ruinas from its seat; p2 plays Dirección Equivocada to Arkángel, the Guerrero Errante fought then (4+5 vs 2+1)', async () => {
    const t = await animaTable(app, owner, ANIMA_PLAYERS, gapCards(), TO_MOVE);
    const declared = await t.play('p1', { type: 'anima.go', player: 'p1', location: 'Las Ruinas' });
    expect(types(declared)).toEqual(['match.declared']);
    expect(declared.state.pending).toEqual([{ player: 'p2', kind: 'response', types: ['anima.play_gift', 'match.pass'], rule: 'ANIMA-TIMING-2', since: declared.version }]);
    // nothing is revealed yet: the Group is where it was, Las Ruinas' prior encounter still face down
    expect(declared.state.groupsInPlay.p1.location).toBeNull();
    // the refusals while the move waits
    expect((await t.send(t.seat.p1!, { type: 'anima.rest', player: 'p1' })).body).toMatchObject({ status: 422, code: 'decision_pending', awaiting: ['p2'] });
    expect((await t.send(t.seat.p1!, { type: 'anima.play_gift', player: 'p2', ...WRONG_WAY })).body).toMatchObject({ status: 403, code: 'not_your_seat' });
    expect((await t.send(t.seat.p1!, { type: 'match.pass', player: 'p1' })).body).toMatchObject({ status: 422, code: 'nothing_pending' });
    expect((await t.send(t.seat.p2!, { type: 'anima.play_gift', player: 'p2', gift: 'Dirección Equivocada' })).body).toMatchObject({
      status: 400,
      errors: [expect.objectContaining({ path: '/command/location', code: 'location_needed' })],
    });
    expect((await t.send(t.seat.p2!, { type: 'anima.play_gift', player: 'p2', gift: 'Inquisición', location: 'Arkángel' })).body).toMatchObject({
      status: 422,
      code: 'not_redirect',
    });
    expect((await t.send(t.seat.p2!, { type: 'anima.play_gift', player: 'p2', gift: 'Dirección Equivocada', location: 'Torre' })).body).toMatchObject({
      status: 422,
      code: 'not_active',
    });
    const played = await t.play('p2', { type: 'anima.play_gift', player: 'p2', ...WRONG_WAY, dice: { values: [5, 1] } });
    expect(types(played)).toEqual(['match.responded', 'anima.gift_played', 'anima.went']);
    expect(played.events[1].data).toEqual({ player: 'p2', gift: 6, character: null, target: null, forCombat: false });
    expect(played.events[2].data).toMatchObject({ player: 'p1', location: 'Arkángel', prior: { card: 0, result: { arrives: true, encounter: { resolution: 'won' } } } });
    expect(played.state.pending).toEqual([]);
    expect(played.state.groupsInPlay.p2).toMatchObject({ hand: [4, 5], handSize: 2 });

    // the owner's bundled v1.2 form is unchanged: the redirect inside the mover's command, resolved at once, to the same state
    const bundled = await animaTable(app, owner, ANIMA_PLAYERS, gapCards(), TO_MOVE);
    const once = await bundled.run({ type: 'anima.go', player: 'p1', location: 'Las Ruinas', redirect: { by: 'p2', ...WRONG_WAY }, dice: { values: [5, 1] } });
    expect(types(once)).toEqual(['anima.gift_played', 'anima.went']);
    const bare = (e: Json) => ({ type: e.type, data: e.data });
    expect(once.events.map(bare)).toEqual(played.events.slice(1).map(bare));
    // (both read by the owner: `played` is p2's view, with p1's hand hidden)
    expect(once.state).toEqual((await t.read(owner)).state);
    // …and a redirect in a seat's own command is another player's decision
    expect((await bundled.send(bundled.seat.p1!, { type: 'anima.go', player: 'p1', location: 'Las Ruinas', redirect: { by: 'p2', ...WRONG_WAY } })).body).toMatchObject({
      status: 403,
      code: 'not_your_seat',
    });
  });

  it('ANIMA-TIMING-2: a pass lets the move resolve as declared, with the dice sent with the pass (Guerrero Errante, 4+5 vs 2+1)', async () => {
    const t = await animaTable(app, owner, ANIMA_PLAYERS, gapCards(), TO_MOVE);
    expect(types(await t.play('p1', { type: 'anima.go', player: 'p1', location: 'Arkángel' }))).toEqual(['match.declared']);
    const passed = await t.play('p2', { type: 'match.pass', player: 'p2', dice: { values: [5, 1] } });
    expect(types(passed)).toEqual(['match.passed', 'anima.went']);
    expect(passed.events[1].data).toMatchObject({ player: 'p1', location: 'Arkángel', prior: { result: { encounter: { combat: { group: { total: 9 } } } } } });
    expect(passed.state.groupsInPlay.p2.hand).toEqual([4, 5, 6]);
    // the answer is given once: the table waits for nobody now
    expect((await t.send(t.seat.p2!, { type: 'match.pass', player: 'p2' })).body).toMatchObject({ status: 422, code: 'nothing_pending' });
    // p2's own move: p1 holds no Gift that could be a Dirección Equivocada? It holds Gifts, and a copy may be anywhere unseen: p1 is asked
    const second = await t.play('p2', { type: 'anima.go', player: 'p2', location: 'Arkángel' });
    expect(second.state.pending).toEqual([expect.objectContaining({ player: 'p1', kind: 'response', rule: 'ANIMA-TIMING-2' })]);
    // the owner unblocks an absent player: a pass for p1
    expect(types(await t.run({ type: 'match.pass', player: 'p1' }))).toEqual(['match.passed', 'anima.went']);
  });

  it('ANIMA-TIMING-2: with no Dirección Equivocada in the Gift deck nobody can interrupt: a move from a seat resolves at once', async () => {
    const t = await animaTable(app, owner, ANIMA_PLAYERS, animaGiftCards(), [...KEEP_GIFTS, end('p1'), end('p2')]);
    const went = await t.play('p1', { type: 'anima.go', player: 'p1', location: 'Arkángel', dice: { values: [5, 1] } });
    expect(types(went)).toEqual(['anima.went']);
    expect(went.state.pending).toEqual([]);
  });

  it('ANIMA-TIMING-2: once the Dirección Equivocada is face up in the discard pile, nobody is asked again', async () => {
    const t = await animaTable(app, owner, ANIMA_PLAYERS, gapCards(), TO_MOVE);
    await t.run({ type: 'anima.go', player: 'p1', location: 'Las Ruinas', redirect: { by: 'p2', ...WRONG_WAY }, dice: { values: [5, 1] } });
    const went = await t.play('p2', { type: 'anima.go', player: 'p2', location: 'Las Ruinas' });
    expect(types(went)).toEqual(['anima.went']);
  });

  it('ANIMA-TIMING-2 / ANIMA-HAND-1: three players — both others are asked at once; a second answer is 409 already_decided; the first Interrupt played applies', async () => {
    const t = await animaTable(app, owner, THREE, threeCards(), KEEP_THREE);
    expect((await t.read(owner)).state).toMatchObject({ phase: 'move', toAct: 'p1', turnOrder: ['p1', 'p2', 'p3'] });
    const declared = await t.play('p1', { type: 'anima.go', player: 'p1', location: 'Las Ruinas' });
    expect(declared.state.pending.map((p: Json) => [p.player, p.kind, p.rule])).toEqual([
      ['p2', 'response', 'ANIMA-TIMING-2'],
      ['p3', 'response', 'ANIMA-TIMING-2'],
    ]);
    expect(types(await t.play('p2', { type: 'match.pass', player: 'p2' }))).toEqual(['match.passed']);
    expect((await t.send(t.seat.p2!, { type: 'anima.play_gift', player: 'p2', ...WRONG_WAY })).body).toMatchObject({ status: 409, code: 'already_decided' });
    // p3's answer is hidden from p2 until the move resolves; the owner relays it (?as=p3)
    const relayed = await t.send(owner, { type: 'anima.play_gift', player: 'p3', ...WRONG_WAY, dice: { values: [5, 1] } }, 'p3');
    expect(relayed.status).toBe(201);
    expect(types(relayed.body)).toEqual(['match.responded', 'anima.gift_played', 'anima.went']);
    expect(relayed.body.events[1].data).toMatchObject({ player: 'p3', gift: 10 });
    expect(relayed.body.events[2].data).toMatchObject({ player: 'p1', location: 'Arkángel' });
    const log = (await t.read(t.seat.p2!, '/events')).events as Json[];
    expect(log.find((e) => e.type === 'match.responded')?.data).toEqual({ player: 'p3', command: { hidden: true } });
  });
});
