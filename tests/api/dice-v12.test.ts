/**
 * Dice notation and odds additions over HTTP (CONTRACT §8.3): sets, comparisons, shareable
 * distribution links, `?rollFormat=foundry` on every route that rolls (rules operations, dice
 * routes, match commands) and provably fair blind rolls, recomputed here from the seeds alone.
 */
import { createHash } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { apiKey, memoryApp, post } from '../helpers/app.js';
import { meleeExamples } from '../../src/games/eden/operations/examples.js';
import { explorationExamples } from '../../src/games/anima/operations/examples.js';
import { SeededDice } from '../../src/kernel/dice/index.js';
import { script } from '../fixtures/tables/eden.js';
import { script as animaScript } from '../fixtures/tables/anima.js';
import { parseNotation, rollNotation } from '../../src/kernel/dice/notation/index.js';
import { KH3_PLUS_2_ROLL } from '../fixtures/foundry-rolls.js';

let app: FastifyInstance;
beforeAll(async () => {
  app = await memoryApp();
});
afterAll(async () => {
  await app.close();
});

const sha256 = (text: string) => createHash('sha256').update(text, 'utf8').digest('hex');

describe('POST /v1/dice/rolls: dF, labels and sets (CONTRACT §8.3)', () => {
  it('dF takes and answers −1 / 0 / +1; a 3 is not a fudge face (400 at its path)', async () => {
    const res = await post(app, '/v1/dice/rolls', { notation: '4dF', dice: { values: [-1, 0, 1, 1] } });
    expect(res.body).toMatchObject({ total: 1, terms: [{ values: [-1, 0, 1, 1] }], dice: { rolls: [{ sides: 3, values: [-1, 0, 1, 1], fudge: true }] } });
    const bad = await post(app, '/v1/dice/rolls', { notation: '2dF', dice: { values: [3, 0] } });
    expect(bad.status).toBe(400);
    expect(bad.body.errors[0]).toMatchObject({ path: '/dice/values/0', code: 'not_a_face' });
  });

  it('labels reach terms[].label', async () => {
    const res = await post(app, '/v1/dice/rolls', { notation: '4d6[fire]+1d8[cold]', dice: { values: [1, 2, 3, 4, 5] } });
    expect(res.body.terms.map((t: { label?: string }) => t.label)).toEqual(['fire', 'cold']);
    expect(res.body.summary).toContain('fire: 4d6');
  });

  it('"repeat": 6 answers six sets from one dice source; total is the sum of their totals', async () => {
    const res = await post(app, '/v1/dice/rolls', { notation: '4d6kh3', repeat: 6, dice: { seed: 'stats' } });
    expect(res.status).toBe(200);
    expect(res.body.sets).toHaveLength(6);
    expect(res.body.total).toBe(res.body.sets.reduce((t: number, s: { total: number }) => t + s.total, 0));
    // the same seed, rolled set after set by hand
    const dice = new SeededDice('stats');
    const expected = Array.from({ length: 6 }, () => rollNotation(parseNotation('4d6kh3'), dice).total);
    expect(res.body.sets.map((s: { total: number }) => s.total)).toEqual(expected);
    expect(res.body.dice.rolls).toHaveLength(6);
    expect(res.body.sets[2].dice.rolls).toEqual([res.body.dice.rolls[2]]);
    expect(res.body.summaryShort.length).toBeLessThanOrEqual(1024);
    const fixed = await post(app, '/v1/dice/rolls', { notation: 'd6+1', repeat: 2, dice: { values: [3, 6] } });
    expect(fixed.body).toMatchObject({ total: 11, sets: [{ total: 4 }, { total: 7 }] });
  });

  it('repeat is 1–100 (400 with the path) and counts in the budgets (422 too_complex)', async () => {
    const bad = await post(app, '/v1/dice/rolls', { notation: '1d6', repeat: 101 });
    expect(bad.status).toBe(400);
    expect(bad.body.errors.map((e: { path: string }) => e.path)).toContain('/repeat');
    const big = await post(app, '/v1/dice/rolls', { notation: '1000d6!', repeat: 100 });
    expect(big.body).toMatchObject({ status: 422, code: 'too_complex', budget: { name: 'dice.draws', needed: 1_100_000 } });
  });
});

describe('POST /v1/dice/compare (CONTRACT §8.3)', () => {
  it('answers both moments and the three probabilities, exact', async () => {
    const res = await post(app, '/v1/dice/compare', { a: '1d6', b: '1d6' });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ a: { mean: 3.5, min: 1, max: 6 }, b: { mean: 3.5 }, pEqual: 1 / 6 });
    expect(res.body.pAGreater).toBeCloseTo(5 / 12, 15);
    expect(res.body.pBGreater).toBeCloseTo(5 / 12, 15);
  });

  it('bad notations are one 400 naming /a and /b; over the shared budget 422 too_complex', async () => {
    const bad = await post(app, '/v1/dice/compare', { a: '2d', b: '1d6+' });
    expect(bad.status).toBe(400);
    expect(bad.body.errors.map((e: { path: string }) => e.path)).toEqual(['/a', '/b']);
    expect((await post(app, '/v1/dice/compare', { a: '400d6', b: '400d6' })).body).toMatchObject({ status: 422, code: 'too_complex' });
  });
});

describe('GET /v1/dice/distribution?notation= (CONTRACT §8.3)', () => {
  it('answers as the POST, cacheable for a day with an ETag, and 304 on If-None-Match', async () => {
    const url = `/v1/dice/distribution?notation=${encodeURIComponent('4d6kh3+2')}`;
    const res = await app.inject({ method: 'GET', url });
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('public, max-age=86400');
    const etag = String(res.headers.etag);
    expect(etag).toMatch(/^W\/"[\w-]+"$/);
    const posted = await post(app, '/v1/dice/distribution', { notation: '4d6kh3+2' });
    expect(res.json()).toEqual(posted.body);
    expect(res.json().distribution[0]).toMatchObject({ value: 5, atLeast: 1 });
    const again = await app.inject({ method: 'GET', url, headers: { 'if-none-match': etag } });
    expect(again.statusCode).toBe(304);
    expect(again.body).toBe('');
    expect(again.headers.etag).toBe(etag);
    const other = await app.inject({ method: 'GET', url, headers: { 'if-none-match': 'W/"nope", "x"' } });
    expect(other.statusCode).toBe(200);
    // another language is another representation
    const es = await app.inject({ method: 'GET', url, headers: { 'accept-language': 'es', 'if-none-match': etag } });
    expect(es.statusCode).toBe(200);
    expect(es.headers.etag).not.toBe(etag);
    expect(String(es.headers.vary)).toMatch(/Accept-Language/);
  });

  it('bad or missing notation is a 400 problem; too complex a 422, never cached', async () => {
    const bad = await app.inject({ method: 'GET', url: '/v1/dice/distribution?notation=2d%2B' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toMatchObject({ code: 'bad_notation', position: 2 });
    expect((await app.inject({ method: 'GET', url: '/v1/dice/distribution' })).statusCode).toBe(400);
    const big = await app.inject({ method: 'GET', url: '/v1/dice/distribution?notation=1000d6' });
    expect(big.statusCode).toBe(422);
    expect(big.headers['cache-control']).not.toBe('public, max-age=86400');
  });

  it('draws the chart when Accept asks for SVG', async () => {
    const svg = await app.inject({ method: 'GET', url: '/v1/dice/distribution?notation=2d6', headers: { accept: 'image/svg+xml' } });
    expect(svg.headers['content-type']).toMatch(/^image\/svg\+xml/);
    expect(svg.headers.etag).toBeTruthy();
  });
});

describe('?rollFormat=foundry (CONTRACT §8.3)', () => {
  it('a notation roll: one Foundry Roll rebuilding it (CONTRACT §9.3): modifiers, flat terms, dropped dice inactive', async () => {
    const res = await post(app, '/v1/dice/rolls?rollFormat=foundry', { notation: '4d6kh3+2', dice: { values: [6, 2, 5, 3] } });
    expect(res.body.foundryRolls).toEqual([KH3_PLUS_2_ROLL]);
    expect(res.body.foundryRolls[0].total).toBe(res.body.total);
    expect((await post(app, '/v1/dice/rolls', { notation: '2d6' })).body).not.toHaveProperty('foundryRolls');
    expect((await post(app, '/v1/dice/rolls?rollFormat=roll20', { notation: '2d6' })).status).toBe(400);
  });

  it('every rules operation that rolls: an EDEN melee transcript as Foundry rolls', async () => {
    const res = await post(app, '/v1/eden/attacks/melee?rollFormat=foundry', meleeExamples[0]!.value);
    expect(res.status).toBe(200);
    expect(res.body.foundryRolls).toHaveLength(res.body.dice.rolls.length);
    res.body.dice.rolls.forEach((entry: { sides: number; values: number[]; purpose: string }, i: number) => {
      expect(res.body.foundryRolls[i]).toMatchObject({
        class: 'Roll',
        formula: `${entry.values.length}d${entry.sides}`,
        terms: [{ class: 'Die', faces: entry.sides, options: { flavor: entry.purpose } }],
      });
      expect(res.body.foundryRolls[i].terms[0].results.map((r: { result: number }) => r.result)).toEqual(entry.values);
    });
  });

  it('a match command: the transcripts of its events, in event order (an Ánima exploration resolved in a match)', async () => {
    const key = await apiKey(app);
    const auth = { authorization: `Bearer ${key}` };
    const created = await post(app, '/v1/matches', { game: 'anima', players: [{ id: 'p1', name: 'Ana' }] }, auth);
    expect(created.status).toBe(201);
    const example = explorationExamples[0]!.value as Record<string, unknown>;
    const res = await post(
      app,
      `/v1/matches/${created.body.id}/commands?rollFormat=foundry`,
      { command: { type: 'anima.exploration', ...example, dice: { seed: 'table' } } },
      auth,
    );
    expect(res.status).toBe(201);
    // the event keeps the faces drawn; the transcript is the resolution's answer, derived into the state
    expect(res.body.events[0].data.dice).toEqual({ seed: 'table', values: expect.any(Array) });
    const entries: { values: number[] }[] = res.body.state.latest['anima.exploration'].result.dice.rolls;
    expect(entries.flatMap((e) => e.values)).toEqual(res.body.events[0].data.dice.values);
    expect(entries.length).toBeGreaterThan(0);
    expect(res.body.foundryRolls.map((r: { terms: [{ results: { result: number }[] }] }) => r.terms[0].results.map((x) => x.result))).toEqual(
      entries.map((e: { values: number[] }) => e.values),
    );
  });
});

describe('?rollFormat=foundry on an EDEN match attack (CONTRACT §8.3)', () => {
  it('EDEN-ATTACK-1: the melee command answers its dice (the event keeps the faces) and its Foundry rolls; a seat reads the dice without the seed', async () => {
    const key = await apiKey(app);
    const auth = { authorization: `Bearer ${key}` };
    const created = await post(app, '/v1/matches', { game: 'eden', players: script.players, options: script.options }, auth);
    expect(created.status).toBe(201);
    const id = created.body.id as string;
    for (const step of script.steps) expect((await post(app, `/v1/matches/${id}/commands`, { command: step.command }, auth)).status).toBe(201);
    const seat = await post(app, `/v1/matches/${id}/seats/p2/tokens`, {}, auth);
    const target = await post(app, `/v1/matches/${id}/seats/p1/tokens`, {}, auth);
    // from the seats (CONTRACT §9.1): the attack waits for the target's player, whose answer (a pass: Passive) rolls
    const melee = { type: 'eden.melee', attacker: 'b1', target: 'a1' };
    expect((await post(app, `/v1/matches/${id}/commands`, { command: melee }, { authorization: `Bearer ${seat.body.token}` })).status).toBe(201);
    const passive = { type: 'match.pass', player: 'p1', dice: { values: [6, 5, 1, 4, 2, 3, 6, 6, 6, 6] } };
    const res = await post(app, `/v1/matches/${id}/commands?rollFormat=foundry`, { command: passive }, { authorization: `Bearer ${target.body.token}` });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    const event = res.body.events.find((e: { type: string }) => e.type === 'eden.melee_resolved');
    expect(res.body.dice.seed).toBeNull();
    const faces = res.body.dice.rolls.flatMap((r: { values: number[] }) => r.values);
    expect(faces.length).toBeGreaterThan(0);
    expect(faces).toEqual(event.data.dice.values);
    expect(res.body.dice.rolls.every((r: { sides: number; purpose: string }) => r.sides === 6 && r.purpose.length > 0)).toBe(true);
    expect(res.body.foundryRolls.map((r: { terms: [{ results: { result: number }[] }] }) => r.terms[0].results.map((x) => x.result))).toEqual(
      res.body.dice.rolls.map((r: { values: number[] }) => r.values),
    );
    // the owner's answer keeps the seed (fixed dice: null), and a command that rolls nothing answers no dice
    const pass = await post(app, `/v1/matches/${id}/commands`, { command: { type: 'eden.end_activation' } }, auth);
    expect(pass.status).toBe(201);
    expect(pass.body.dice).toBeUndefined();
  });
});

describe('the dice of a seat’s command answer (CONTRACT §8.1)', () => {
  it('ANIMA-SETUP-3 / ANIMA-DECK-2: a shuffle’s draws (the new order of a deck) are the owner’s only', async () => {
    const key = await apiKey(app);
    const auth = { authorization: `Bearer ${key}` };
    const first = animaScript.steps[0]!;
    const answers = [];
    for (const as of ['owner', 'seat'] as const) {
      const created = await post(app, '/v1/matches', { game: 'anima', players: animaScript.players, options: animaScript.options }, auth);
      const seat = await post(app, `/v1/matches/${created.body.id}/seats/${first.by}/tokens`, {}, auth);
      const res = await post(app, `/v1/matches/${created.body.id}/commands`, { command: first.command }, as === 'owner' ? auth : { authorization: `Bearer ${seat.body.token}` });
      expect(res.status, JSON.stringify(res.body)).toBe(201);
      answers.push(res.body.dice as { seed: string | null; rolls: { purpose: string }[] });
    }
    const [owner, seat] = answers;
    expect(owner!.rolls.some((r) => /shuffle/.test(r.purpose))).toBe(true);
    expect(seat!.seed).toBeNull();
    expect(seat!.rolls).toEqual(owner!.rolls.filter((r) => !/shuffle/.test(r.purpose)));
  });
});

describe('provably fair blind rolls (CONTRACT §8.3)', () => {
  it('commit, reveal, recompute from the seeds alone; a second reveal answers the first', async () => {
    const created = await post(app, '/v1/dice/rolls', { notation: '3d6+1d4[bonus]', blind: true });
    expect(created.status).toBe(201);
    expect(Object.keys(created.body).sort()).toEqual(['commitment', 'createdAt', 'expiresAt', 'id', 'notation']);
    expect(created.body.commitment).toMatch(/^[0-9a-f]{64}$/);
    expect(Date.parse(created.body.expiresAt) - Date.parse(created.body.createdAt)).toBeGreaterThanOrEqual(24 * 3600 * 1000);

    const revealed = await post(app, `/v1/dice/rolls/${created.body.id}/reveal?rollFormat=foundry`, { clientSeed: 'player-42' });
    expect(revealed.status).toBe(200);
    const { serverSeed, clientSeed } = revealed.body;
    expect(clientSeed).toBe('player-42');
    // anyone can check the commitment and recompute the dice from the seeds alone
    expect(sha256(serverSeed)).toBe(created.body.commitment);
    const dice = new SeededDice(`${serverSeed}:${clientSeed}`);
    const recomputed = rollNotation(parseNotation('3d6+1d4[bonus]'), dice);
    expect(revealed.body.total).toBe(recomputed.total);
    expect(revealed.body.dice).toEqual(dice.transcript());
    // one Roll for the one roll the notation makes (CONTRACT §9.3), its total the answer's
    expect(revealed.body.foundryRolls).toHaveLength(1);
    expect(revealed.body.foundryRolls[0]).toMatchObject({ formula: '3d6 + 1d4[bonus]', total: revealed.body.total });
    // … and with the public roll endpoint
    const open = await post(app, '/v1/dice/rolls', { notation: '3d6+1d4[bonus]', dice: { seed: `${serverSeed}:${clientSeed}` } });
    expect(open.body.dice).toEqual(revealed.body.dice);

    const second = await post(app, `/v1/dice/rolls/${created.body.id}/reveal`, { clientSeed: 'another' });
    expect(second.status).toBe(200);
    expect(second.body).toMatchObject({ clientSeed: 'player-42', total: revealed.body.total, revealedAt: revealed.body.revealedAt });
  });

  it('clientSeed defaults to ""; repeat is kept; no body is fine', async () => {
    const created = await post(app, '/v1/dice/rolls', { notation: '4d6kh3', repeat: 3, blind: true });
    expect(created.body.repeat).toBe(3);
    const res = await app.inject({ method: 'POST', url: `/v1/dice/rolls/${created.body.id}/reveal` });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.clientSeed).toBe('');
    expect(body.sets).toHaveLength(3);
    const dice = new SeededDice(`${body.serverSeed}:`);
    expect(body.sets.map((s: { total: number }) => s.total)).toEqual([0, 1, 2].map(() => rollNotation(parseNotation('4d6kh3'), dice).total));
  });

  it('unknown id 404; a bad notation is refused before anything is kept; blind with dice 400; GraphQL rolls openly', async () => {
    expect((await post(app, '/v1/dice/rolls/00000000-0000-4000-8000-000000000000/reveal', {})).status).toBe(404);
    expect((await post(app, '/v1/dice/rolls', { notation: '2d', blind: true })).body).toMatchObject({ status: 400, code: 'bad_notation' });
    expect((await post(app, '/v1/dice/rolls', { notation: '1000d6!+1000d6!', blind: true })).body).toMatchObject({ status: 422, code: 'too_complex' });
    const withDice = await post(app, '/v1/dice/rolls', { notation: '2d6', blind: true, dice: { seed: 'x' } });
    expect(withDice.status).toBe(400);
    expect(withDice.body.errors[0]).toMatchObject({ path: '/dice', code: 'blind_with_dice' });
    const gql = await post(app, '/graphql', { query: '{ diceRoll(input: {notation: "2d6", blind: true}) { total } }' });
    expect(gql.body.errors[0].extensions).toMatchObject({ code: 'invalid_request', status: 400 });
  });
});
