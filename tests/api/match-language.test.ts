/**
 * Stored events hold no narrative text (issue 23.3): the summaries a match state shows (the
 * resolutions' answers in `state.latest`) are rendered when read, in the caller's language
 * (Accept-Language, CONTRACT §7.5), for the owner and for a seat, on GET /v1/matches/{id} and in a
 * command's answer — each the summary the stateless endpoint answers for the same request and dice.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { apiKey, memoryApp, post } from '../helpers/app.js';
import { explorationExamples } from '../../src/games/anima/operations/examples.js';

let app: FastifyInstance;
beforeAll(async () => {
  app = await memoryApp();
});
afterAll(async () => {
  await app.close();
});

const get = (url: string, headers: Record<string, string>) => app.inject({ method: 'GET', url, headers });

describe('match summaries in the caller’s language (CONTRACT §7.5)', () => {
  it('ANIMA-EXPLORE-1: an exploration resolved in a match reads in Spanish and German as the endpoint answers it, in English by default', async () => {
    const auth = { authorization: `Bearer ${await apiKey(app)}` };
    const created = await post(app, '/v1/matches', { game: 'anima', players: [{ id: 'p1', name: 'Ana' }] }, auth);
    const body = { ...(explorationExamples[0]!.value as Record<string, unknown>), dice: { seed: 'lengua' } };
    const es = await post(app, `/v1/matches/${created.body.id}/commands`, { command: { type: 'anima.exploration', ...body } }, { ...auth, 'accept-language': 'es' });
    expect(es.status).toBe(201);
    expect(es.headers['content-language']).toBe('es');
    const summaryIn = async (lang: string) => (await post(app, '/v1/anima/explorations', body, { ...auth, 'accept-language': lang })).body.summary as string;
    const [en, spanish, german] = [await summaryIn('en'), await summaryIn('es'), await summaryIn('de')];
    expect(new Set([en, spanish, german]).size).toBe(3);
    expect(es.body.state.latest['anima.exploration'].result.summary).toBe(spanish);
    // the stored event holds no text
    expect(JSON.stringify(es.body.events)).not.toContain(spanish);
    expect(JSON.stringify(es.body.events)).not.toContain(en);

    const read = async (lang: string | undefined, headers = auth) => {
      const res = await get(`/v1/matches/${created.body.id}`, lang ? { ...headers, 'accept-language': lang } : headers);
      expect(res.statusCode).toBe(200);
      return { summary: res.json().state.latest['anima.exploration'].result.summary as string, language: res.headers['content-language'], vary: String(res.headers.vary) };
    };
    expect(await read(undefined)).toMatchObject({ summary: en, language: 'en' });
    expect(await read('de')).toEqual({ summary: german, language: 'de', vary: expect.stringContaining('Accept-Language') });
    // everything else of the state is the same whatever the language
    const strip = (state: { latest: Record<string, { result: { summary?: string } }> }) =>
      JSON.stringify({ ...state, latest: { x: { ...state.latest['anima.exploration']!.result, summary: '' } } });
    const [de, plain] = [await get(`/v1/matches/${created.body.id}`, { ...auth, 'accept-language': 'de' }), await get(`/v1/matches/${created.body.id}`, auth)];
    expect(strip(de.json().state)).toBe(strip(plain.json().state));
    // a seat reads its view in its language too
    const seat = await post(app, `/v1/matches/${created.body.id}/seats/p1/tokens`, {}, auth);
    expect(await read('es', { authorization: `Bearer ${seat.body.token}` })).toMatchObject({ summary: spanish, language: 'es' });
  });

  it('ANIMA-EXPLORE-1: GraphQL `match` and `runCommand` render the summaries in the Accept-Language of the request, as REST does', async () => {
    const auth = { authorization: `Bearer ${await apiKey(app)}` };
    const created = await post(app, '/v1/matches', { game: 'anima', players: [{ id: 'p1', name: 'Ana' }] }, auth);
    const body = { ...(explorationExamples[0]!.value as Record<string, unknown>), dice: { seed: 'graphql-lengua' } };
    const summaryIn = async (lang: string) => (await post(app, '/v1/anima/explorations', body, { ...auth, 'accept-language': lang })).body.summary as string;
    const [en, spanish, german] = [await summaryIn('en'), await summaryIn('es'), await summaryIn('de')];
    expect(new Set([en, spanish, german]).size).toBe(3);
    const graphql = async (query: string, variables: Record<string, unknown>, lang?: string) => {
      const res = await post(app, '/graphql', { query, variables }, lang ? { ...auth, 'accept-language': lang } : auth);
      expect(res.body.errors).toBeUndefined();
      return res.body.data;
    };
    const ran = await graphql(
      'mutation ($id: ID!, $input: MatchCommandRequestInput!) { runCommand(id: $id, input: $input) { state } }',
      { id: created.body.id, input: { command: { type: 'anima.exploration', ...body } } },
      'es',
    );
    expect(ran.runCommand.state.latest['anima.exploration'].result.summary).toBe(spanish);
    const summaryOf = async (lang?: string) =>
      (await graphql('query ($id: ID!) { match(id: $id) { state } }', { id: created.body.id }, lang)).match.state.latest['anima.exploration'].result.summary as string;
    expect(await summaryOf('de')).toBe(german);
    expect(await summaryOf()).toBe(en);
  });
});
