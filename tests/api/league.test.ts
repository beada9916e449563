/**
 * League tools (CONTRACT §7.4) through the real app, on every database target: plain-text lists,
 * stored lists, signed receipts (checked with nothing but the JWKS and node:crypto), corrections
 * and signed results.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { createHash, createPublicKey, verify as verifySignature } from 'node:crypto';
import type { Database } from '../../src/app/ports.js';
import { apiKeyStore } from '../../src/infra/keys.js';
import { databaseTargets } from '../helpers/database.js';
import { testApp } from '../helpers/app.js';
import { statusExamples } from '../../src/games/spirit-of-eden/operations/examples.js';

/** Canonical JSON as the contract defines it: keys sorted recursively, no spaces. */
const canonical = (v: unknown): string =>
  v === null || typeof v !== 'object'
    ? JSON.stringify(v)
    : Array.isArray(v)
      ? `[${v.map(canonical).join(',')}]`
      : `{${Object.keys(v)
          .sort()
          .map((k) => `${JSON.stringify(k)}:${canonical((v as Record<string, unknown>)[k])}`)
          .join(',')}}`;

/** Verify a compact JWS with the JWKS alone (no jose): Ed25519 over "header.payload". */
function checkJws(jws: string, jwks: { keys: { kid: string; kty: string; crv: string; x: string }[] }): { ok: boolean; payload: Record<string, unknown> } {
  const [h, p, s] = jws.split('.') as [string, string, string];
  const header = JSON.parse(Buffer.from(h, 'base64url').toString());
  const jwk = jwks.keys.find((k) => k.kid === header.kid);
  const payload = JSON.parse(Buffer.from(p, 'base64url').toString());
  if (!jwk || header.alg !== 'EdDSA') return { ok: false, payload };
  const key = createPublicKey({ key: { kty: jwk.kty, crv: jwk.crv, x: jwk.x }, format: 'jwk' });
  return { ok: verifySignature(null, Buffer.from(`${h}.${p}`), key, Buffer.from(s, 'base64url')), payload };
}

const TEXT = `# league night
Banda: facción Jokers; 100 puntos, edición es
- YÛRI [casco]   // our star
`;

for (const target of databaseTargets()) {
  describe(`league tools on ${target.name}`, () => {
    let db: Database;
    let app: FastifyInstance;
    let key: string;
    beforeAll(async () => {
      db = await target.open();
      app = await testApp({}, { database: db });
      key = (await apiKeyStore(db).create('league')).key;
    });
    afterAll(async () => {
      await app?.close();
      await db?.close();
    });

    const call = async (method: 'GET' | 'POST', url: string, body?: unknown, headers: Record<string, string> = { authorization: `Bearer ${key}` }) => {
      const res = await app.inject({ method, url, payload: body as object, headers });
      return { status: res.statusCode, body: res.body && String(res.headers['content-type']).includes('json') ? res.json() : res.body, headers: res.headers };
    };
    const text = (url: string, payload: string) => app.inject({ method: 'POST', url, payload, headers: { 'content-type': 'text/plain' } });

    it('validates a plain-text list: the JSON answer plus the parsed roster', async () => {
      const res = await text('/v1/eden/rosters/validate', TEXT);
      expect(res.statusCode).toBe(200);
      const body = res.json();
      expect(body.roster).toEqual({
        bandType: 'faction',
        edition: 'es',
        affiliation: 'Jokers',
        budget: 100,
        fighters: [{ ref: 'yuri', equipment: [{ name: 'Helmet', categories: ['protection'], protection: { limbs: ['head'], value: 1 } }] }],
      });
      const json = await call('POST', '/v1/eden/rosters/validate', body.roster, {});
      expect({ ...body, roster: undefined }).toEqual({ ...json.body, roster: undefined });
      expect(body.valid).toBe(true);
    });

    it('reports text problems with line and column (400, errors)', async () => {
      const res = await text('/v1/eden/rosters/validate', '\n  Band: warband Jokers, budget lots\nyuri [helmet\n');
      expect(res.statusCode).toBe(400);
      expect(res.headers['content-type']).toContain('application/problem+json');
      const errors = res.json().errors;
      expect(errors).toEqual([
        expect.objectContaining({ code: 'unknown_band_type', path: '/bandType', line: 2, column: 9 }),
        expect.objectContaining({ code: 'bad_budget', path: '/budget', line: 2, column: 25 }),
        expect.objectContaining({ code: 'unclosed_bracket', path: '/fighters/0', line: 3, column: 6 }),
      ]);
    });

    it('keeps 415 for text on every other route', async () => {
      expect((await text('/v1/eden/rolls', 'characteristic 4')).statusCode).toBe(415);
      expect((await text('/v1/eden/rosters/format', TEXT)).statusCode).toBe(415);
    });

    it('formats a JSON list as text that parses back to it', async () => {
      const roster = {
        bandType: 'stigma',
        affiliation: 'Caos',
        edition: 'de',
        fighters: [{ ref: 'yuri', equipment: [{ name: 'Helmet', categories: ['protection'], protection: { limbs: ['head'], value: 1 } }] }],
      };
      const res = await app.inject({ method: 'POST', url: '/v1/eden/rosters/format', payload: { roster }, headers: { 'accept-language': 'de' } });
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toContain('text/plain');
      expect(res.body).toBe('Einheit: Stigma Caos, Ausgabe de\nYuri [Helm]\n');
      expect((await text('/v1/eden/rosters/validate', res.body)).json().roster).toEqual(roster);
      const inline = await call('POST', '/v1/eden/rosters/format', { roster: { bandType: 'faction', fighters: [{ id: 'x', name: 'X', limbs: {} }] } }, {});
      expect(inline.status).toBe(400);
    });

    it('signs receipts that verify with nothing but the JWKS and node:crypto; tampering fails', async () => {
      const sent = { bandType: 'faction', fighters: [{ ref: 'yuri' }], budget: 10 };
      const res = await call('POST', '/v1/eden/rosters/validate', { ...sent, receipt: true }, {});
      expect(res.status).toBe(200);
      const receipt = res.body.receipt as string;
      const jwks = (await call('GET', '/.well-known/jwks.json', undefined, {})).body;
      const checked = checkJws(receipt, jwks);
      expect(checked.ok).toBe(true);
      expect(checked.payload).toMatchObject({ edition: 'es', valid: false, codes: ['over_budget'], totals: res.body.totals, iss: 'arbiter' });
      expect(checked.payload.rosterSha256).toBe(createHash('sha256').update(canonical(sent)).digest('hex'));
      expect(JSON.parse(Buffer.from(receipt.split('.')[0]!, 'base64url').toString())).toMatchObject({ alg: 'EdDSA', kid: expect.any(String) });

      // a forged payload (valid: true) keeps the signature but fails
      const [h, , s] = receipt.split('.');
      const forgedPayload = Buffer.from(JSON.stringify({ ...checked.payload, valid: true, codes: [] })).toString('base64url');
      const forged = `${h}.${forgedPayload}.${s}`;
      expect(checkJws(forged, jwks).ok).toBe(false);
      expect((await call('POST', '/v1/receipts/verify', { receipt: forged }, {})).body).toMatchObject({ valid: false, reason: 'bad_signature' });

      const ok = await call('POST', '/v1/receipts/verify', { receipt, roster: { ...sent, receipt: true } }, {});
      expect(ok.body).toMatchObject({ valid: true, rosterMatches: true, claims: { valid: false } });
      const other = await call('POST', '/v1/receipts/verify', { receipt, roster: { ...sent, budget: 100 } }, {});
      expect(other.body).toMatchObject({ valid: true, rosterMatches: false });
      expect((await call('POST', '/v1/receipts/verify', { receipt: 'not.a.jws' }, {})).body.valid).toBe(false);
    });

    it('keeps one signing key in the database across restarts', async () => {
      const before = (await call('GET', '/.well-known/jwks.json', undefined, {})).body;
      const again = await testApp({}, { database: db });
      try {
        const after = (await again.inject({ method: 'GET', url: '/.well-known/jwks.json' })).json();
        expect(after).toEqual(before);
        expect(JSON.stringify(after)).not.toMatch(/"d"/);
      } finally {
        await again.close();
      }
    });

    it('stores a list under a random id (API key) and shares it publicly', async () => {
      expect((await call('POST', '/v1/eden/rosters', { roster: { bandType: 'faction', fighters: [] } }, {})).status).toBe(401);
      const saved = await call('POST', '/v1/eden/rosters', { roster: { bandType: 'faction', fighters: [{ ref: 'yuri' }] } });
      expect(saved.status).toBe(201);
      expect(saved.body).toMatchObject({ id: expect.any(String), validation: { valid: true }, url: expect.stringContaining(`/v1/eden/rosters/${saved.body.id}`) });
      const shared = await call('GET', `/v1/eden/rosters/${saved.body.id}`, undefined, {});
      expect(shared.status).toBe(200);
      expect(shared.body).toMatchObject({ id: saved.body.id, roster: { fighters: [{ ref: 'yuri' }] }, validation: saved.body.validation, rulesChanged: false });
      expect(shared.body.current).toBeUndefined();
      expect((await call('GET', '/v1/eden/rosters/nope', undefined, {})).status).toBe(404);
    });

    it('refuses a list over MAX_STORED_ROSTER_BYTES with 413 roster_too_large before validating it, on REST and GraphQL; stores nothing', async () => {
      // a legal list (200 references with named items) of about 130 kB of JSON
      const fighters = Array.from({ length: 200 }, () => ({ ref: 'yuri', equipment: Array.from({ length: 5 }, () => ({ name: 'x'.repeat(100), categories: [] })) }));
      const owner = (await apiKeyStore(db).resolve(key))!.id;
      const before = (await db.query<{ n: string }>('SELECT count(*) AS n FROM eden_rosters WHERE owner_id = $1', [owner])).rows[0]!.n;
      const big = await call('POST', '/v1/eden/rosters', { roster: { bandType: 'faction', fighters } });
      expect(big.status).toBe(413);
      expect(big.headers['content-type']).toContain('application/problem+json');
      expect(big.body).toMatchObject({ code: 'roster_too_large', limit: 65_536, size: expect.any(Number) });
      expect(big.body.size).toBeGreaterThan(65_536);
      expect(big.body.detail).toContain('MAX_STORED_ROSTER_BYTES');
      // members no schema declares count towards the size (they are stored as sent)
      const padded = await call('POST', '/v1/eden/rosters', { roster: { bandType: 'faction', fighters: [{ ref: 'yuri', note: 'n'.repeat(70_000) }] } });
      expect(padded.body).toMatchObject({ code: 'roster_too_large' });
      // without a key: 401 first, whatever the body
      expect((await call('POST', '/v1/eden/rosters', { roster: { bandType: 'faction', fighters } }, {})).status).toBe(401);
      const gql = (
        await call('POST', '/graphql', {
          query: 'mutation($input: StoreRosterRequestInput!) { storeEdenRoster(input: $input) { id } }',
          variables: { input: { roster: { bandType: 'faction', fighters } } },
        })
      ).body;
      expect(gql.errors[0].extensions).toMatchObject({ code: 'roster_too_large', status: 413, limit: expect.any(Number), size: expect.any(Number) });
      expect((await db.query<{ n: string }>('SELECT count(*) AS n FROM eden_rosters WHERE owner_id = $1', [owner])).rows[0]!.n).toBe(before);
    });

    it('refuses a list past MAX_STORED_ROSTERS_PER_KEY with 429 quota_exceeded naming the limit; other keys still store', async () => {
      const limited = await testApp({ maxStoredRostersPerKey: 2 }, { database: db });
      try {
        const keys = apiKeyStore(db);
        const [mine, other] = [(await keys.create('quota')).key, (await keys.create('other')).key];
        const store = (k: string) =>
          limited.inject({
            method: 'POST',
            url: '/v1/eden/rosters',
            payload: { roster: { bandType: 'faction', fighters: [{ ref: 'yuri' }] } },
            headers: { authorization: `Bearer ${k}` },
          });
        expect((await store(mine)).statusCode).toBe(201);
        expect((await store(mine)).statusCode).toBe(201);
        const refused = await store(mine);
        expect(refused.statusCode).toBe(429);
        expect(refused.headers['content-type']).toContain('application/problem+json');
        expect(refused.headers['retry-after']).toBeUndefined();
        expect(refused.json()).toMatchObject({ code: 'quota_exceeded', limit: 2, detail: expect.stringContaining('MAX_STORED_ROSTERS_PER_KEY') });
        const gql = await limited.inject({
          method: 'POST',
          url: '/graphql',
          payload: { query: 'mutation { storeEdenRoster(input: {roster: {bandType: faction, fighters: [{ref: "yuri"}]}}) { id } }' },
          headers: { authorization: `Bearer ${mine}` },
        });
        expect(gql.json().errors[0].extensions).toMatchObject({ code: 'quota_exceeded', status: 429, limit: 2 });
        expect((await store(other)).statusCode).toBe(201);
        const owner = (await keys.resolve(mine))!.id;
        expect(Number((await db.query<{ n: string }>('SELECT count(*) AS n FROM eden_rosters WHERE owner_id = $1', [owner])).rows[0]!.n)).toBe(2);
      } finally {
        await limited.close();
      }
    });

    it('answers the current validation when the stored one no longer holds', async () => {
      const saved = await call('POST', '/v1/eden/rosters', { roster: { bandType: 'faction', fighters: [{ ref: 'yuri' }] } });
      // as if the rules had read differently when the list was stored
      await db.query(`UPDATE eden_rosters SET validation = jsonb_set(validation, '{totals,value}', '99') WHERE id = $1`, [saved.body.id]);
      const shared = await call('GET', `/v1/eden/rosters/${saved.body.id}`, undefined, {});
      expect(shared.body).toMatchObject({ rulesChanged: true, validation: { totals: { value: 99 } }, current: { totals: { value: 25 } } });
    });

    it('corrections withdraw the last events from the projection; the log keeps them', async () => {
      const m = (await call('POST', '/v1/matches', { game: 'anima', players: [{ id: 'p1', name: 'Ana' }] })).body;
      const note = (text: string) => ({ type: 'match.note', data: { text, author: null } });
      await call('POST', `/v1/matches/${m.id}/events`, { expectedVersion: 0, events: [note('a'), note('b'), note('c')] });
      expect((await call('GET', `/v1/matches/${m.id}`)).body.state.otherEvents).toBe(3);
      expect((await call('POST', `/v1/matches/${m.id}/corrections`, { expectedVersion: 2, reason: 'x', undo: 1 })).status).toBe(409);
      expect((await call('POST', `/v1/matches/${m.id}/events`, { expectedVersion: 3, events: [{ type: 'match.corrected', data: {} }] })).status).toBe(400);
      const c = await call('POST', `/v1/matches/${m.id}/corrections`, { expectedVersion: 3, reason: 'misclick', undo: 2 });
      expect(c.status).toBe(201);
      expect(c.body).toMatchObject({
        version: 4,
        withdrawn: [2, 3],
        events: [{ version: 4, type: 'match.corrected', data: { reason: 'misclick', undo: 2, withdraws: [2, 3], by: { name: 'league' } } }],
      });
      const view = (await call('GET', `/v1/matches/${m.id}`)).body;
      expect(view).toMatchObject({ version: 4, withdrawn: [2, 3], state: { otherEvents: 1 } });
      expect((await call('GET', `/v1/matches/${m.id}?version=3`)).body.state.otherEvents).toBe(3);
      expect((await call('GET', `/v1/matches/${m.id}/events`)).body.events).toHaveLength(4);
      // a correction is never withdrawn: only the one event still counting can be
      expect((await call('POST', `/v1/matches/${m.id}/corrections`, { expectedVersion: 4, reason: 'y', undo: 2 })).body.code).toBe('nothing_to_undo');
      const again = await call('POST', `/v1/matches/${m.id}/corrections`, { expectedVersion: 4, reason: 'y', undo: 1 });
      expect(again.body.withdrawn).toEqual([1]);
    });

    it('results: not ended without a receipt; ended with a signed receipt', async () => {
      const eden = (
        await call('POST', '/v1/matches', {
          game: 'eden',
          players: [
            { id: 'p1', name: 'Ana' },
            { id: 'p2', name: 'Ben' },
          ],
        })
      ).body;
      const open = await call('GET', `/v1/matches/${eden.id}/result`);
      expect(open.status).toBe(200);
      expect(open.body).toMatchObject({ ended: false, winner: null, version: 0, score: { A: 0, B: 0 } });
      expect(open.body.receipt).toBeUndefined();

      const soe = (await call('POST', '/v1/matches', { game: 'spirit-of-eden', players: [{ id: 'p1', name: 'Ana' }] })).body;
      await call('POST', `/v1/matches/${soe.id}/commands`, { command: { type: 'soe.status', ...statusExamples[0]!.value } });
      const ended = await call('GET', `/v1/matches/${soe.id}/result`);
      // CONTRACT §8.2: a lost solo game has no winners; `winner` is the only winner, else null
      expect(ended.body).toMatchObject({ ended: true, winner: null, winners: [], reason: 'SOE-END-2', version: 1 });
      const jwks = (await call('GET', '/.well-known/jwks.json', undefined, {})).body;
      const checked = checkJws(ended.body.receipt, jwks);
      expect(checked.ok).toBe(true);
      expect(checked.payload).toMatchObject({ matchId: soe.id, version: 1, winner: null, winners: [], score: null });
    });

    it('GraphQL: stored lists, results and corrections', async () => {
      const gql = async (query: string) => (await call('POST', '/graphql', { query })).body;
      const stored = await gql(
        'mutation { storeEdenRoster(input: {roster: {bandType: faction, fighters: [{ref: "yuri"}]}}) { id url validation { valid totals { value strategyPoints } fighters { id psi } } } }',
      );
      const id = stored.data.storeEdenRoster.id;
      // the stored validation is a typed RosterValidation, as POST /v1/eden/rosters/validate answers it
      expect(stored.data.storeEdenRoster.validation).toEqual({ valid: true, totals: { value: 25, strategyPoints: 4 }, fighters: [{ id: 'yuri', psi: 4 }] });
      // the stored list is typed too (a RosterList whose fighters are entries as the list has them: here `{ref}` alone; issue 25.6)
      expect(
        (await gql(`{ edenRoster(id: "${id}") { id rulesChanged roster { bandType fighters { ref name } } validation { valid fighters { name } } } }`)).data.edenRoster,
      ).toMatchObject({
        id,
        rulesChanged: false,
        roster: { bandType: 'faction', fighters: [{ ref: 'yuri', name: null }] },
        validation: { valid: true, fighters: [{ name: 'Yûri' }] },
      });
      expect((await gql('{ receiptKeys { keys { kid alg } } }')).data.receiptKeys.keys.length).toBeGreaterThan(0);
      const text = await gql('{ edenFormatRoster(input: {roster: {bandType: faction, fighters: [{ref: "yuri"}]}}) }');
      expect(text.data?.edenFormatRoster ?? text.errors).toBe('Band: faction\nYûri\n');
      const match = (
        await call('POST', '/v1/matches', {
          game: 'eden',
          players: [
            { id: 'p1', name: 'Ana' },
            { id: 'p2', name: 'Bo' },
          ],
        })
      ).body;
      await call('POST', `/v1/matches/${match.id}/events`, { expectedVersion: 0, events: [{ type: 'table.note' }, { type: 'table.note' }] });
      const corrected = await gql(
        `mutation { correctMatch(id: "${match.id}", input: {expectedVersion: 2, reason: "typo", undo: 1}) { version withdrawn events { version type data } } }`,
      );
      expect(corrected.data.correctMatch).toMatchObject({ version: 3, withdrawn: [2], events: [{ version: 3, type: 'match.corrected', data: { undo: 1, withdraws: [2] } }] });
      // `score` (victory points by side) is a list of `{key, value}` entries in GraphQL (issue 25.6)
      const result = await gql(`{ matchResult(id: "${match.id}") { ended winner version score { key value } } }`);
      const rest = (await call('GET', `/v1/matches/${match.id}/result`)).body;
      expect(result.data.matchResult).toEqual({
        ended: rest.ended,
        winner: rest.winner,
        version: rest.version,
        score: rest.score === undefined ? null : Object.entries(rest.score).map(([key, value]) => ({ key, value })),
      });
    });
  });
}
