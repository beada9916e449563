/**
 * Takeback by consent (CONTRACT §9.2, rule CONTRACT-9.2): a seat asks to take the match back to an
 * earlier version; when every other seated player accepts, the match reads as at that version —
 * the log keeps everything (a `match.takeback` event), versions stay contiguous, and the versions
 * taken back are listed in `withdrawn`. Any `match.pass` refuses it. The owner key without `?as=`
 * (a referee) takes back at once.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { memoryApp } from '../helpers/app.js';
import { fighter } from '../fixtures/eden-match.js';

type Json = Record<string, any>;

describe('takeback by consent (CONTRACT-9.2)', () => {
  let app: FastifyInstance;
  let owner: string;
  const seat: Record<string, string> = {};

  const call = async (method: 'GET' | 'POST', url: string, token: string, payload?: unknown) => {
    const res = await app.inject({ method, url, headers: { authorization: `Bearer ${token}` }, ...(payload === undefined ? {} : { payload: payload as object }) });
    return { status: res.statusCode, body: res.json() as Json };
  };
  const send = (id: string, token: string, command: Json, query = '') => call('POST', `/v1/matches/${id}/commands${query}`, token, { command });
  const view = async (id: string, query = '') => (await call('GET', `/v1/matches/${id}${query}`, owner)).body;
  const band = (player: string, prefix: string) => ({
    type: 'eden.register_band',
    player,
    bandType: 'faction',
    fighters: [fighter(`${prefix}1`), fighter(`${prefix}2`)],
  });

  /** A match where p1 has registered its band (version 1) and seat tokens for both players. */
  const table = async () => {
    const created = await call('POST', '/v1/matches', owner, {
      game: 'eden',
      players: [
        { id: 'p1', name: 'Ana' },
        { id: 'p2', name: 'Ben' },
      ],
    });
    const id = created.body.id as string;
    for (const p of ['p1', 'p2']) seat[`${id}:${p}`] = (await call('POST', `/v1/matches/${id}/seats/${p}/tokens`, owner, {})).body.token;
    expect((await send(id, seat[`${id}:p1`]!, band('p1', 'a'))).status).toBe(201);
    return { id, p1: seat[`${id}:p1`]!, p2: seat[`${id}:p2`]! };
  };

  beforeAll(async () => {
    app = await memoryApp();
    owner = (await app.services.apiKeys!.create('takebacks')).key;
  });
  afterAll(async () => app?.close());

  it('CONTRACT-9.2: p2 asks to take back its band; p1 accepts; the match reads as at toVersion, the log keeps everything, versions stay contiguous', async () => {
    const { id, p1, p2 } = await table();
    const before = await view(id);
    expect((await send(id, p2, band('p2', 'b'))).status).toBe(201);
    const head = (await view(id)).version as number;
    expect(head).toBeGreaterThan(before.version);

    const asked = await send(id, p2, { type: 'match.request_takeback', player: 'p2', toVersion: before.version });
    expect(asked.status, JSON.stringify(asked.body)).toBe(201);
    expect(asked.body.events.map((e: Json) => e.type)).toEqual(['match.declared']);
    expect(asked.body.state.pending).toEqual([{ player: 'p1', kind: 'agreement', types: ['match.accept_takeback', 'match.pass'], rule: 'CONTRACT-9.2', since: head + 1 }]);
    // the table waits: nothing else is played meanwhile, and p2 cannot accept for p1
    const skipped = await send(id, p1, { type: 'eden.bid', bids: { A: 1 } });
    expect([skipped.status, skipped.body.code]).toEqual([422, 'decision_pending']);
    const forOther = await send(id, p2, { type: 'match.accept_takeback', player: 'p1' });
    expect([forOther.status, forOther.body.code]).toEqual([403, 'not_your_seat']);
    expect((await call('GET', `/v1/matches/${id}/moves`, p1)).body.moves).toEqual([
      { player: 'p1', type: 'match.accept_takeback' },
      { player: 'p1', type: 'match.pass' },
    ]);

    const accepted = await send(id, p1, { type: 'match.accept_takeback', player: 'p1' });
    expect(accepted.status, JSON.stringify(accepted.body)).toBe(201);
    expect(accepted.body.events.map((e: Json) => [e.version, e.type])).toEqual([
      [head + 2, 'match.responded'],
      [head + 3, 'match.takeback'],
    ]);
    expect(accepted.body.events[1].data).toEqual({ player: 'p2', toVersion: before.version, acceptedBy: ['p1'] });
    const now = await view(id);
    expect(now.version).toBe(head + 3);
    // the state is the state at toVersion: p2's band is gone, nothing pending
    expect(now.state).toEqual(before.state);
    expect(accepted.body.state).toEqual(before.state);
    // withdrawn: p2's band and the takeback's own request and answer (the takeback event itself never is)
    expect(now.withdrawn).toEqual(Array.from({ length: head + 2 - before.version }, (_, i) => before.version + 1 + i));
    // the log keeps every event, numbered without a gap
    const log = (await call('GET', `/v1/matches/${id}/events`, owner)).body.events as Json[];
    expect(log.map((e) => e.version)).toEqual(Array.from({ length: head + 3 }, (_, i) => i + 1));
    // a replay before the takeback still shows the band p2 took back
    expect((await view(id, `?version=${head}`)).state).not.toEqual(before.state);
    // play goes on from there: p2 registers again
    const again = await send(id, p2, band('p2', 'c'));
    expect(again.status).toBe(201);
    expect(again.body.version).toBe(head + 4);
  });

  it('CONTRACT-9.2: a match.pass refuses the takeback (match.takeback_refused): nothing is taken back', async () => {
    const { id, p1, p2 } = await table();
    expect((await send(id, p2, band('p2', 'b'))).status).toBe(201);
    const before = await view(id);
    expect((await send(id, p1, { type: 'match.request_takeback', player: 'p1', toVersion: 0 })).status).toBe(201);
    const refused = await send(id, p2, { type: 'match.pass', player: 'p2' });
    expect(refused.status, JSON.stringify(refused.body)).toBe(201);
    expect(refused.body.events.map((e: Json) => e.type)).toEqual(['match.passed', 'match.takeback_refused']);
    expect(refused.body.events[1].data).toEqual({ player: 'p1', toVersion: 0, refusedBy: 'p2' });
    const now = await view(id);
    expect(now.state).toEqual(before.state);
    expect(now.withdrawn).toBeUndefined();
    // nothing is pending any more: accepting now is 422 nothing_pending
    const late = await send(id, p2, { type: 'match.accept_takeback', player: 'p2' });
    expect([late.status, late.body.code]).toEqual([422, 'nothing_pending']);
  });

  it('CONTRACT-9.2: toVersion must be before the head and not before the last takeback (422 takeback_out_of_range); a second request or answer is refused', async () => {
    const { id, p1, p2 } = await table();
    const head = (await view(id)).version as number;
    for (const toVersion of [head, head + 5]) {
      const out = await send(id, p1, { type: 'match.request_takeback', player: 'p1', toVersion });
      expect([out.status, out.body.code], String(toVersion)).toEqual([422, 'takeback_out_of_range']);
    }
    const invalid = await send(id, p1, { type: 'match.request_takeback', player: 'p1', toVersion: -1 });
    expect([invalid.status, invalid.body.errors?.[0]?.path]).toEqual([400, '/command/toVersion']);
    // the owner (a referee) takes back at once: no one is asked
    const referee = await send(id, owner, { type: 'match.request_takeback', player: 'p1', toVersion: 0 });
    expect(referee.status, JSON.stringify(referee.body)).toBe(201);
    expect(referee.body.events.map((e: Json) => e.type)).toEqual(['match.takeback']);
    expect(referee.body.events[0].data).toEqual({ player: 'p1', toVersion: 0, acceptedBy: [] });
    expect((await view(id)).state.pending).toEqual([]);
    // what a takeback withdrew stays withdrawn: a later one names a version from it on
    expect((await send(id, p1, band('p1', 'a'))).status).toBe(201);
    const early = await send(id, p1, { type: 'match.request_takeback', player: 'p1', toVersion: 0 });
    expect([early.status, early.body.code, early.body.earliest]).toEqual([422, 'takeback_out_of_range', head + 1]);
    expect((await send(id, p1, { type: 'match.request_takeback', player: 'p1', toVersion: head + 1 })).status).toBe(201);
    const twice = await send(id, p1, { type: 'match.request_takeback', player: 'p1', toVersion: head + 1 });
    expect([twice.status, twice.body.code]).toEqual([422, 'decision_pending']);
    // the owner answers for an absent player (?as=)
    const relayed = await send(id, owner, { type: 'match.accept_takeback', player: 'p2' }, '?as=p2');
    expect(relayed.status, JSON.stringify(relayed.body)).toBe(201);
    expect(relayed.body.events.map((e: Json) => e.type)).toEqual(['match.responded', 'match.takeback']);
    expect(relayed.body.state).toEqual((await view(id, `?version=${head + 1}`)).state);
    void p2;
  });

  it('CONTRACT-9.2: a spectator sends no takeback (403)', async () => {
    const { id } = await table();
    const spectator = (await call('POST', `/v1/matches/${id}/spectator-tokens`, owner, {})).body.token;
    const sent = await send(id, spectator, { type: 'match.request_takeback', player: 'p1', toVersion: 0 });
    expect([sent.status, sent.body.code]).toEqual([403, 'not_your_seat']);
  });
});
