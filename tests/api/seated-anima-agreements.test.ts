/**
 * Ánima from the seats: a trade is an agreement (CONTRACT §9.1, ANIMA-INTERACT-1: «si ambos están de
 * acuerdo») — proposed with `anima.trade_with` from one seat, it takes effect when the other player
 * sends `anima.accept_trade` (`match.pass` refuses it); and a Seek new horizons over the maximum leaves
 * its removal to the players' choices (ANIMA-MOVE-7/8, kind `choice`): the seeker chooses a Location
 * to remove, every other player holding a Gift may save it by sacrificing one. Fixed dice throughout.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { memoryApp } from '../helpers/app.js';
import { ANIMA_PLAYERS, KEEP_GIFTS, animaGiftCards } from '../fixtures/anima-match.js';
import { animaTable, types, type Json } from './seated-anima-table.js';

const end = (player: string) => ({ type: 'anima.end_phase', player });
const bare = (e: Json) => ({ type: e.type, data: e.data });

/** p1 beats the Guerrero Errante at Arkángel (4+5 vs 2+1), p2 follows: both at a Trade Location, p1's Interaction phase. */
const AT_ARKANGEL = [
  ...KEEP_GIFTS,
  end('p1'),
  end('p2'),
  { type: 'anima.go', player: 'p1', location: 'Arkángel', dice: { values: [5, 1] } },
  { type: 'anima.go', player: 'p2', location: 'Arkángel' },
];
/** p1 gives Dormir for p2's Viento and Furia (gifts 2 ⇄ 6, 5). */
const TRADE = { type: 'anima.trade_with', player: 'p1', with: 'p2', gives: { gifts: ['Dormir'] }, receives: { gifts: ['Viento', 'Furia'] } };

/** The Gift cards with three more Locations (level 1, as Aldea de Cornes' card). */
const moreLocations = () => {
  const cards = animaGiftCards();
  return { ...cards, locations: [...cards.locations, ...['Torre', 'Americh', 'Puerto'].map((name) => ({ ...cards.locations[2]!, name }))] };
};
const seek = (player: string, more: Json = {}) => ({ type: 'anima.seek_new_horizons', player, ...more });
/**
 * Turn 1: p1 seeks Aldea de Cornes, p2 goes to Las Ruinas. Turn 2: p1 goes to Aldea de Cornes, p2
 * seeks Torre. Turn 3, p1 to move: four Locations on the table, the maximum for two players; only Las
 * Ruinas may go (Arkángel's prior encounter is pending, a Group is at each of the others).
 */
const TO_THE_MAXIMUM = [
  ...KEEP_GIFTS,
  end('p1'),
  end('p2'),
  seek('p1'),
  { type: 'anima.go', player: 'p2', location: 'Las Ruinas' },
  ...['p1', 'p2', 'p1', 'p2', 'p1', 'p2'].map(end),
  { type: 'anima.go', player: 'p1', location: 'Aldea de Cornes' },
  seek('p2'),
  ...['p1', 'p2', 'p1', 'p2', 'p1', 'p2'].map(end),
];

describe('Ánima from the seats: agreements and choices (ANIMA-INTERACT-1, ANIMA-MOVE-7/8)', () => {
  let app: FastifyInstance;
  let owner: string;
  beforeAll(async () => {
    app = await memoryApp();
    owner = (await app.services.apiKeys!.create('anima agreements')).key;
  });
  afterAll(async () => app?.close());

  it('ANIMA-INTERACT-1: a trade proposed from p1’s seat waits for p2 (kind agreement); accepted, it is the bundled trade', async () => {
    const t = await animaTable(app, owner, ANIMA_PLAYERS, animaGiftCards(), AT_ARKANGEL);
    const proposed = await t.play('p1', TRADE);
    expect(types(proposed)).toEqual(['match.declared']);
    expect(proposed.events[0].data).toEqual({ player: 'p1', command: TRADE, rule: 'ANIMA-INTERACT-1' });
    expect(proposed.state.pending).toEqual([{ player: 'p2', kind: 'agreement', types: ['anima.accept_trade', 'match.pass'], rule: 'ANIMA-INTERACT-1', since: proposed.version }]);
    // nothing has changed hands yet
    expect(proposed.state.groupsInPlay.p1).toMatchObject({ hand: [0, 1, 2], handSize: 3 });
    // the refusals while the proposal waits: the proposer cannot accept it nor go on; another seat cannot answer for p2
    expect((await t.send(t.seat.p1!, { type: 'anima.accept_trade', player: 'p1' })).body).toMatchObject({ status: 422, code: 'decision_pending', awaiting: ['p2'] });
    expect((await t.send(t.seat.p1!, end('p1'))).body).toMatchObject({ status: 422, code: 'decision_pending' });
    expect((await t.send(t.seat.p1!, { type: 'anima.accept_trade', player: 'p2' })).body).toMatchObject({ status: 403, code: 'not_your_seat' });
    const moves = await t.read(t.seat.p2!, '/moves');
    expect(JSON.stringify(moves)).toContain('anima.accept_trade');
    // the Gifts offered and asked for are the two traders' (as anima.traded shows them): a spectator sees how many, not which
    const spectator = (await app.inject({ method: 'POST', url: `/v1/matches/${t.id}/spectator-tokens`, headers: { authorization: `Bearer ${owner}` }, payload: {} })).json().token;
    const declared = ((await t.read(spectator, '/events')).events as Json[]).find((e) => e.type === 'match.declared')!;
    expect(declared.data.command).toEqual({ ...TRADE, gives: { gifts: [{ hidden: true }] }, receives: { gifts: [{ hidden: true }, { hidden: true }] } });
    const seen = ((await t.read(t.seat.p2!, '/events')).events as Json[]).find((e) => e.type === 'match.declared')!;
    expect(seen.data.command).toEqual(TRADE);

    const accepted = await t.play('p2', { type: 'anima.accept_trade', player: 'p2' });
    expect(types(accepted)).toEqual(['match.responded', 'anima.traded']);
    expect(accepted.events[1].data).toMatchObject({ gives: { gifts: 1, cards: [2] }, receives: { gifts: 2, cards: [6, 5] } });
    expect(accepted.state.pending).toEqual([]);
    expect(accepted.state.groupsInPlay.p2).toMatchObject({ hand: [4, 2], handSize: 2 });

    // the owner's bundled v1.2 form: the agreed trade, at once, to the same events and state
    const bundled = await animaTable(app, owner, ANIMA_PLAYERS, animaGiftCards(), AT_ARKANGEL);
    const once = await bundled.run(TRADE);
    expect(types(once)).toEqual(['anima.traded']);
    expect(once.events.map(bare)).toEqual(accepted.events.slice(1).map(bare));
    expect(once.state).toEqual((await t.read(owner)).state);
  });

  it('ANIMA-INTERACT-1: p2 refuses with match.pass — nothing changes hands (anima.trade_refused), and p1 plays on', async () => {
    const t = await animaTable(app, owner, ANIMA_PLAYERS, animaGiftCards(), AT_ARKANGEL);
    await t.play('p1', TRADE);
    const refused = await t.play('p2', { type: 'match.pass', player: 'p2' });
    expect(types(refused)).toEqual(['match.passed', 'anima.trade_refused']);
    expect(refused.events[1].data).toEqual({ player: 'p1', with: 'p2' });
    expect(refused.state.pending).toEqual([]);
    expect(refused.state.groupsInPlay.p2).toMatchObject({ hand: [4, 5, 6], handSize: 3 });
    // the answer is given once
    expect((await t.send(t.seat.p2!, { type: 'anima.accept_trade', player: 'p2' })).body).toMatchObject({ status: 422, code: 'nothing_pending' });
    expect(types(await t.play('p1', end('p1')))).toEqual(['anima.phase_finished']);
  });

  it('ANIMA-INTERACT-1: a proposal the rules refuse opens nothing; a refusal is the other player’s; the owner relays an acceptance (?as=p2)', async () => {
    const t = await animaTable(app, owner, ANIMA_PLAYERS, animaGiftCards(), AT_ARKANGEL);
    // p1 does not hold Viento: refused at once, nothing waits
    expect((await t.send(t.seat.p1!, { ...TRADE, gives: { gifts: ['Viento'] } })).body).toMatchObject({ status: 422 });
    expect((await t.read(owner)).state.pending).toEqual([]);
    // p1's seat cannot say that p2 refused
    expect((await t.send(t.seat.p1!, { ...TRADE, refused: true })).body).toMatchObject({ status: 403, code: 'not_your_seat' });
    await t.play('p1', TRADE);
    const relayed = await t.send(owner, { type: 'anima.accept_trade', player: 'p2' }, 'p2');
    expect(relayed.status).toBe(201);
    expect(types(relayed.body)).toEqual(['match.responded', 'anima.traded']);
    // the owner's bundled refusal records the same fact as a seat's pass
    const bundled = await animaTable(app, owner, ANIMA_PLAYERS, animaGiftCards(), AT_ARKANGEL);
    expect(types(await bundled.run({ ...TRADE, refused: true }))).toEqual(['anima.trade_refused']);
  });

  it('ANIMA-MOVE-7/8 / ANIMA-AMB-6: a seek over the maximum waits for p1’s choice, then p2’s; p2 saves Las Ruinas with Viento and nothing else may go', async () => {
    const t = await animaTable(app, owner, ANIMA_PLAYERS, moreLocations(), TO_THE_MAXIMUM);
    const opened = await t.play('p1', seek('p1'));
    expect(types(opened)).toEqual(['anima.removal_opened']);
    expect(opened.events[0].data).toMatchObject({ player: 'p1', source: 'deck' });
    expect(opened.state.pending).toEqual([{ player: 'p1', kind: 'choice', types: ['anima.remove_location'], rule: 'ANIMA-MOVE-7', since: opened.version }]);
    // the refusals while the choice waits
    expect((await t.send(t.seat.p2!, { type: 'anima.save_location', player: 'p2', location: 'Las Ruinas', gift: 'Viento' })).body).toMatchObject({
      status: 422,
      code: 'nothing_to_choose',
    });
    // CONTRACT §9.1: a command that would skip the choice names the players awaited and the rule
    expect((await t.send(t.seat.p1!, { type: 'anima.rest', player: 'p1' })).body).toMatchObject({ status: 422, code: 'decision_pending', awaiting: ['p1'], rule: 'ANIMA-MOVE-7' });
    expect((await t.send(t.seat.p1!, { type: 'anima.remove_location', player: 'p1', location: 'Arkángel' })).body).toMatchObject({ status: 422, code: 'not_eligible' });

    const chosen = await t.play('p1', { type: 'anima.remove_location', player: 'p1', location: 'Las Ruinas' });
    expect(types(chosen)).toEqual(['anima.removal_chosen']);
    expect(chosen.events[0].data).toEqual({ player: 'p1', location: 'Las Ruinas', asked: ['p2'] });
    expect(chosen.state.pending).toEqual([{ player: 'p2', kind: 'choice', types: ['anima.save_location'], rule: 'ANIMA-MOVE-8', since: chosen.version }]);
    expect((await t.send(t.seat.p2!, { type: 'anima.save_location', player: 'p2', location: 'Las Ruinas' })).body).toMatchObject({ status: 422, code: 'name_the_gifts' });

    const saved = await t.play('p2', { type: 'anima.save_location', player: 'p2', location: 'Las Ruinas', gift: 'Viento', dice: { values: [9, 1] } });
    expect(types(saved)).toEqual(['anima.location_saved', 'anima.sought']);
    expect(saved.events[1].data).toMatchObject({ removed: null, saved: [{ location: 'Las Ruinas', by: 'p2', gift: 6 }] });
    expect(saved.state.pending).toEqual([]);
    expect(saved.state.locations).toHaveLength(5);

    // the owner's bundled v1.2 form: the same seek, the same state
    const bundled = await animaTable(app, owner, ANIMA_PLAYERS, moreLocations(), TO_THE_MAXIMUM);
    const once = await bundled.run(seek('p1', { removal: ['Las Ruinas'], saves: [{ location: 'Las Ruinas', by: 'p2', gift: 'Viento' }], dice: { values: [9, 1] } }));
    expect(once.events.map(bare)).toEqual(saved.events.slice(1).map(bare));
    expect(once.state).toMatchObject({ ...(await t.read(owner)).state, choosing: null });
    expect(once.state.groupsInPlay).toEqual((await t.read(owner)).state.groupsInPlay);
  });

  it('ANIMA-MOVE-7/8: p2 lets Las Ruinas go (save: false) — it is removed, and the prior encounter is faced with that answer’s dice', async () => {
    const t = await animaTable(app, owner, ANIMA_PLAYERS, moreLocations(), TO_THE_MAXIMUM);
    await t.play('p1', seek('p1'));
    await t.play('p1', { type: 'anima.remove_location', player: 'p1', location: 'Las Ruinas' });
    expect((await t.send(t.seat.p2!, { type: 'anima.save_location', player: 'p2', location: 'Las Ruinas', save: false, gift: 'Viento' })).body).toMatchObject({
      status: 422,
      code: 'gift_without_save',
    });
    const declined = await t.play('p2', { type: 'anima.save_location', player: 'p2', location: 'Las Ruinas', save: false, dice: { values: [9, 1] } });
    expect(types(declined)).toEqual(['anima.save_declined', 'anima.sought']);
    expect(declined.events[1].data).toMatchObject({ removed: 'Las Ruinas', saved: [] });
    expect(declined.state.groupsInPlay.p2).toMatchObject({ hand: [4, 5, 6], handSize: 3 });
    expect(declined.state.locations.map((l: Json) => l.name)).not.toContain('Las Ruinas');
    const bundled = await animaTable(app, owner, ANIMA_PLAYERS, moreLocations(), TO_THE_MAXIMUM);
    const once = await bundled.run(seek('p1', { removal: ['Las Ruinas'], dice: { values: [9, 1] } }));
    expect(once.events.map(bare)).toEqual(declined.events.slice(1).map(bare));
  });

  it('ANIMA-MOVE-7: below the maximum a seek from a seat resolves at once (nothing to choose)', async () => {
    const t = await animaTable(app, owner, ANIMA_PLAYERS, moreLocations(), [...KEEP_GIFTS, end('p1'), end('p2')]);
    const sought = await t.play('p1', seek('p1'));
    expect(types(sought)).toContain('anima.sought');
    expect(sought.state.pending).toEqual([]);
  });
});
