import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { post, testApp } from '../helpers/app.js';
import { meleeExamples, rangedExamples } from '../../src/games/eden/operations/examples.js';

let app: FastifyInstance;
beforeAll(async () => {
  app = await testApp();
});
afterAll(async () => {
  await app.close();
});

const PNG_SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
const picture = (url: string, payload: unknown, accept: string) => app.inject({ method: 'POST', url, payload: payload as object, headers: { accept } });

describe('POST /v1/dice/rolls (CONTRACT §7.3)', () => {
  it('rolls with fixed values: terms, kept dice, transcript and a summary', async () => {
    const res = await post(app, '/v1/dice/rolls', { notation: '4d6kh3+2', dice: { values: [6, 2, 5, 3] } }, { 'accept-language': 'es' });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      notation: '4d6kh3+2',
      total: 16,
      terms: [
        { notation: '4d6kh3', values: [6, 2, 5, 3], kept: [6, 5, 3], total: 14 },
        { notation: '2', values: [], kept: [], total: 2 },
      ],
      dice: { seed: null, rolls: [{ purpose: '4d6kh3', sides: 6, values: [6, 2, 5, 3] }] },
    });
    expect(res.body.summary).toContain('Tirada 4d6kh3+2');
  });

  it('seeded rolls repeat; fixed values past d100 are accepted for big dice', async () => {
    const a = await post(app, '/v1/dice/rolls', { notation: '10d10!', dice: { seed: 'bot' } });
    const b = await post(app, '/v1/dice/rolls', { notation: '10d10!', dice: { seed: 'bot' } });
    expect(a.body).toEqual(b.body);
    expect(a.body.dice.seed).toBe('bot');
    expect((await post(app, '/v1/dice/rolls', { notation: 'd1000', dice: { values: [999] } })).body.total).toBe(999);
  });

  it('bad notation is a 400 bad_notation problem with the position', async () => {
    const res = await post(app, '/v1/dice/rolls', { notation: '4d6kh3+x' });
    expect(res.status).toBe(400);
    expect(res.headers['content-type']).toMatch(/^application\/problem\+json/);
    expect(res.body).toMatchObject({ code: 'bad_notation', position: 7, errors: [{ path: '/notation', code: 'bad_notation', position: 7 }] });
    expect((await post(app, '/v1/dice/rolls', { notation: '1001d6' })).body).toMatchObject({ code: 'bad_notation', position: 0 });
  });

  it('budgets (README "Budgets"): a roll whose rerolls and explosions may draw past dice.draws is 422 too_complex naming it, answered small', async () => {
    const notation = Array.from({ length: 10 }, () => '1000d1000000!>=1r<1000001').join('+');
    const res = await post(app, '/v1/dice/rolls', { notation });
    expect(res.status).toBe(422);
    expect(res.headers['content-type']).toMatch(/^application\/problem\+json/);
    expect(res.body).toMatchObject({ code: 'too_complex', budget: { name: 'dice.draws', limit: 100_000, needed: 1_210_000 } });
    expect(JSON.stringify(res.body).length).toBeLessThan(1000);
    const entries = await post(app, '/v1/dice/rolls', { notation: '1000d6!+1000d6!' });
    expect(entries.body).toMatchObject({ status: 422, code: 'too_complex', budget: { name: 'dice.transcriptEntries', limit: 20_000, needed: 20_002 } });
  });

  it('totals past 2^31 are answered (3000000000); past 2^53 they are 422 out_of_range', async () => {
    expect((await post(app, '/v1/dice/rolls', { notation: '1000000000+1000000000+1000000000' })).body.total).toBe(3_000_000_000);
    expect((await post(app, '/v1/dice/rolls', { notation: '1000000000*1000000000' })).body).toMatchObject({ status: 422, code: 'out_of_range' });
  });

  it('running out of fixed values is 422 dice_exhausted', async () => {
    expect((await post(app, '/v1/dice/rolls', { notation: '3d6', dice: { values: [1] } })).body).toMatchObject({ status: 422, code: 'dice_exhausted' });
  });
});

describe('POST /v1/dice/distribution (CONTRACT §7.3)', () => {
  it('answers the exact distribution, summing to 1', async () => {
    const res = await post(app, '/v1/dice/distribution', { notation: '4d6kh3' }, { 'accept-language': 'de' });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ notation: '4d6kh3', min: 3, max: 18 });
    expect(res.body.distribution.at(-1)).toEqual({ value: 18, probability: 21 / 1296, atLeast: 21 / 1296, atMost: 1 });
    expect(Math.abs(res.body.distribution.reduce((s: number, e: { probability: number }) => s + e.probability, 0) - 1)).toBeLessThan(1e-12);
    expect(res.body.summary).toContain('Mittelwert');
  });

  it('a notation beyond the budget is 422 too_complex; bad notation 400', async () => {
    expect((await post(app, '/v1/dice/distribution', { notation: '1000d6' })).body).toMatchObject({ status: 422, code: 'too_complex' });
    // the budget is named; its earlier members stay
    expect((await post(app, '/v1/dice/distribution', { notation: '1000d2kh500' })).body).toMatchObject({
      status: 422,
      code: 'too_complex',
      budget: { name: 'dice.distributionWork', limit: 6_000_000, operations: 6_000_000, range: 200_000 },
    });
    expect((await post(app, '/v1/dice/distribution', { notation: 'd1000*d1000' })).body).toMatchObject({
      status: 422,
      code: 'too_complex',
      budget: { name: 'dice.distributionRange' },
    });
    expect((await post(app, '/v1/dice/distribution', { notation: '1000000000+1000000000+1000000000' })).body).toMatchObject({ min: 3_000_000_000, max: 3_000_000_000 });
    expect((await post(app, '/v1/dice/distribution', { notation: '2d6+' })).body).toMatchObject({ status: 400, code: 'bad_notation', position: 4 });
  });

  it('JSON stays the default: no Accept, */* and application/json', async () => {
    for (const accept of [undefined, '*/*', 'application/json', 'application/json, image/png;q=0.5']) {
      const res = await app.inject({ method: 'POST', url: '/v1/dice/distribution', payload: { notation: '2d6' }, headers: accept ? { accept } : {} });
      expect(res.headers['content-type']).toMatch(/^application\/json/);
      expect(res.headers.vary).toMatch(/Accept/);
    }
  });

  it('draws the distribution as SVG and as PNG', async () => {
    const svg = await picture('/v1/dice/distribution', { notation: '4d6kh3' }, 'image/svg+xml');
    expect(svg.statusCode).toBe(200);
    expect(svg.headers['content-type']).toMatch(/^image\/svg\+xml/);
    expect(svg.body).toMatch(/^<svg[^>]*xmlns="http:\/\/www.w3.org\/2000\/svg"/);
    expect(svg.body).toContain('4d6kh3');
    const png = await picture('/v1/dice/distribution', { notation: '10d10!' }, 'image/png');
    expect(png.statusCode).toBe(200);
    expect(png.headers['content-type']).toBe('image/png');
    expect(png.rawPayload.subarray(0, 8).equals(PNG_SIGNATURE)).toBe(true);
  });

  it('a problem stays problem+json when a picture was asked for', async () => {
    const res = await picture('/v1/dice/distribution', { notation: '2d' }, 'image/png');
    expect(res.statusCode).toBe(400);
    expect(res.headers['content-type']).toMatch(/^application\/problem\+json/);
  });
});

describe('exact odds as pictures', () => {
  it.each([
    ['/v1/eden/attacks/melee/odds', meleeExamples[0]!.value],
    ['/v1/eden/attacks/ranged/odds', rangedExamples[0]!.value],
  ])('%s answers SVG (PC lost and per limb) and PNG', async (url, body) => {
    const json = await picture(url, body, 'application/json');
    expect(json.headers['content-type']).toMatch(/^application\/json/);
    const svg = await picture(url, body, 'image/svg+xml');
    expect(svg.headers['content-type']).toMatch(/^image\/svg\+xml/);
    expect(svg.body).toContain('PC lost');
    expect(svg.body).toContain('head');
    const png = await picture(url, body, 'image/png, application/json;q=0.1');
    expect(png.headers['content-type']).toBe('image/png');
    expect(png.rawPayload.subarray(0, 8).equals(PNG_SIGNATURE)).toBe(true);
  });

  it('operations without a chart ignore Accept', async () => {
    const res = await picture('/v1/dice/rolls', { notation: '2d6' }, 'image/png');
    expect(res.headers['content-type']).toMatch(/^application\/json/);
  });
});
