/**
 * League additions (CONTRACT §8.4) through the real app on every database target: stored, versioned
 * catalogs named by `catalogRef` (validate, stored lists, attacks, GraphQL), receipts naming the
 * catalog version and `rulesVersion`, sealed lists (time from the injected clock), diffs, and text
 * lists as first-class lists (receipts, line numbers, stored text, errors in path order).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { compactVerify, createLocalJWKSet } from 'jose';
import type { Database } from '../../src/app/ports.js';
import { apiKeyStore } from '../../src/infra/keys.js';
import { RULES_VERSION } from '../../src/kernel/rules-version.js';
import { canonicalJson } from '../../src/kernel/canonical-json.js';
import { databaseTargets } from '../helpers/database.js';
import { testApp } from '../helpers/app.js';
import type { GraphQLObjectType } from 'graphql';
import { buildSchema } from '../../src/graphql/schema.js';
import { asRest, selectAll, withoutNulls } from '../helpers/graphql-selection.js';

const limbs = {
  head: { white: 2, red: 1, faces: [1], normal: 3, wounded: 2 },
  arms: { white: 2, red: 1, faces: [2, 3], normal: 6, wounded: 5 },
  torso: { white: 2, red: 1, faces: [4, 5], normal: 4, wounded: 3 },
  legs: { white: 2, red: 1, faces: [6], normal: 4, wounded: 3 },
};
const vladd = (value: number) => ({ id: 'vladd', name: 'Vladd', faction: 'jokers', stigma: 'chaos', value, limbs });
const LEAGUE = { name: 'Winter league', fighters: [vladd(30), { ...vladd(20), id: 'ngobo', name: 'Ngobo' }], equipment: [{ name: 'Chain', categories: [] }] };
const sha = (v: unknown) => createHash('sha256').update(canonicalJson(v)).digest('hex');

for (const target of databaseTargets()) {
  describe(`league additions (CONTRACT §8.4) on ${target.name}`, () => {
    let db: Database;
    let app: FastifyInstance;
    let key: string;
    let other: string;
    let now = Date.parse('2026-03-06T18:00:00Z');
    beforeAll(async () => {
      db = await target.open();
      app = await testApp({ maxStoredCatalogVersionsPerKey: 0 }, { database: db, clock: { now: () => now } });
      key = (await apiKeyStore(db).create('organiser')).key;
      other = (await apiKeyStore(db).create('someone')).key;
    });
    afterAll(async () => {
      await app?.close();
      await db?.close();
    });

    const call = async (method: 'GET' | 'POST' | 'PUT', url: string, body?: unknown, auth: string | null = key, headers: Record<string, string> = {}) => {
      const res = await app.inject({ method, url, payload: body as object, headers: { ...(auth ? { authorization: `Bearer ${auth}` } : {}), ...headers } });
      return { status: res.statusCode, body: String(res.headers['content-type']).includes('json') ? res.json() : res.body };
    };
    const text = (url: string, payload: string, auth: string | null = null) => call('POST', url, payload, auth, { 'content-type': 'text/plain' });
    const claimsOf = async (jws: string) => {
      const jwks = (await call('GET', '/.well-known/jwks.json', undefined, null)).body;
      const { payload, protectedHeader } = await compactVerify(jws, createLocalJWKSet(jwks));
      expect(protectedHeader).toMatchObject({ alg: 'EdDSA', typ: 'receipt+jwt' });
      return JSON.parse(new TextDecoder().decode(payload));
    };

    it('stores versioned catalogs: 201 version 1, PUT by its owner only (another key → 404), every version public', async () => {
      const created = await call('POST', '/v1/eden/catalogs', LEAGUE);
      expect(created.status).toBe(201);
      expect(created.body).toEqual({ id: expect.any(String), version: 1, sha256: sha(LEAGUE), createdAt: expect.any(String) });
      const id = created.body.id;
      const v2 = { ...LEAGUE, fighters: [vladd(35)] };
      expect(await call('PUT', `/v1/eden/catalogs/${id}`, v2, other)).toMatchObject({ status: 404, body: { code: 'not_found' } });
      expect(await call('PUT', `/v1/eden/catalogs/${id}`, v2, null)).toMatchObject({ status: 401 });
      expect(await call('PUT', `/v1/eden/catalogs/${id}`, v2)).toMatchObject({ status: 200, body: { id, version: 2, sha256: sha(v2) } });
      expect(await call('GET', `/v1/eden/catalogs/${id}`, undefined, null)).toMatchObject({ status: 200, body: { id, version: 2, latestVersion: 2, catalog: v2 } });
      expect(await call('GET', `/v1/eden/catalogs/${id}?version=1`, undefined, null)).toMatchObject({
        status: 200,
        body: { version: 1, latestVersion: 2, sha256: sha(LEAGUE), catalog: LEAGUE },
      });
      expect((await call('GET', `/v1/eden/catalogs/${id}?version=3`, undefined, null)).status).toBe(404);
      expect((await call('GET', `/v1/eden/catalogs/${id}?version=0`, undefined, null)).status).toBe(400);
      expect((await call('GET', '/v1/eden/catalogs/nope', undefined, null)).status).toBe(404);
    });

    it('lists every problem of a catalog body at once with JSON-pointer paths, and stores nothing', async () => {
      const bad = {
        name: '',
        fighters: [vladd(30), { ...vladd(10), limbs: { ...limbs, legs: { ...limbs.legs, faces: [5] } } }, { id: 'x', name: 'X', limbs }],
      };
      // the schema's problems and the catalog's own, in one 400, in path order
      const both = await call('POST', '/v1/eden/catalogs', bad);
      expect(both.status).toBe(400);
      expect(both.body.errors.map((e: { path: string; code: string }) => `${e.code} ${e.path}`)).toEqual([
        'duplicate_id /fighters/1/id',
        'incomplete_index /fighters/1/limbs',
        'duplicate_face /fighters/1/limbs/legs/faces',
        'duplicate_name /fighters/1/name',
        'required /fighters/2/value',
        'minLength /name',
      ]);
      const gql = await call('POST', '/graphql', {
        query: 'mutation($input: LeagueCatalogRequestInput!) { createEdenLeagueCatalog(input: $input) { id } }',
        variables: { input: { ...bad, fighters: bad.fighters.slice(0, 2) } },
      });
      expect(gql.body.errors[0].extensions.errors.map((e: { path: string }) => e.path)).toEqual([
        '/fighters/1/id',
        '/fighters/1/limbs',
        '/fighters/1/limbs/legs/faces',
        '/fighters/1/name',
        '/name',
      ]);
      const semantic = await call('POST', '/v1/eden/catalogs', { name: 'L', fighters: [vladd(30), { ...vladd(10), limbs: { ...limbs, legs: { ...limbs.legs, faces: [5] } } }] });
      expect(semantic.status).toBe(400);
      expect(semantic.body.errors.map((e: { path: string; code: string }) => `${e.code} ${e.path}`)).toEqual([
        'duplicate_id /fighters/1/id',
        'incomplete_index /fighters/1/limbs',
        'duplicate_face /fighters/1/limbs/legs/faces',
        'duplicate_name /fighters/1/name',
      ]);
    });

    it('refuses a catalog over MAX_STORED_CATALOG_BYTES (413) and past the version quota (429), storing nothing', async () => {
      const small = await testApp({ maxStoredCatalogBytes: 500, maxStoredCatalogVersionsPerKey: 2 }, { database: db });
      try {
        const k = (await apiKeyStore(db).create('small')).key;
        const post = (body: unknown) => small.inject({ method: 'POST', url: '/v1/eden/catalogs', payload: body as object, headers: { authorization: `Bearer ${k}` } });
        const big = await post({ ...LEAGUE, name: 'x'.repeat(600) });
        expect(big.statusCode).toBe(413);
        expect(big.json()).toMatchObject({ code: 'catalog_too_large', limit: 500 });
        const one = { name: 'L', fighters: [vladd(1)] };
        expect((await post(one)).statusCode).toBe(201);
        expect((await post(one)).statusCode).toBe(201);
        expect((await post(one)).json()).toMatchObject({ status: 429, code: 'quota_exceeded', limit: 2 });
      } finally {
        await small.close();
      }
    });

    it('resolves {ref} fighters in the catalog named by catalogRef; the receipt names the version, its sha256 and rulesVersion', async () => {
      const { id } = (await call('POST', '/v1/eden/catalogs', LEAGUE)).body;
      const body = { bandType: 'faction', catalogRef: { id }, fighters: [{ ref: 'vladd' }, { ref: 'Ngobo' }, { ref: 'yuri' }] };
      const res = await call('POST', '/v1/eden/rosters/validate', { ...body, receipt: true }, null);
      expect(res.status).toBe(200);
      expect(res.body).toMatchObject({ valid: true, totals: { value: 75 }, catalog: { id, version: 1, sha256: sha(LEAGUE) } });
      const claims = await claimsOf(res.body.receipt);
      expect(claims).toMatchObject({ rosterSha256: sha(body), catalog: { id, version: 1, sha256: sha(LEAGUE) }, rulesVersion: RULES_VERSION, valid: true });
      await call('PUT', `/v1/eden/catalogs/${id}`, { ...LEAGUE, fighters: [vladd(90), LEAGUE.fighters[1]] });
      // latest when no version is named; a pinned version stays what it was
      expect((await call('POST', '/v1/eden/rosters/validate', body, null)).body).toMatchObject({ valid: false, totals: { value: 135 }, catalog: { version: 2 } });
      expect((await call('POST', '/v1/eden/rosters/validate', { ...body, catalogRef: { id, version: 1 } }, null)).body).toMatchObject({ valid: true, catalog: { version: 1 } });
    });

    it('reports an unknown catalog at /catalogRef/id or /version beside every other problem (400, never 500)', async () => {
      const { id } = (await call('POST', '/v1/eden/catalogs', LEAGUE)).body;
      const unknown = await call('POST', '/v1/eden/rosters/validate', { bandType: 'warband', catalogRef: { id: 'nope' }, fighters: [] }, null);
      expect(unknown.status).toBe(400);
      expect(unknown.body.errors.map((e: { path: string; code: string }) => `${e.code} ${e.path}`)).toEqual(
        expect.arrayContaining(['unknown_catalog /catalogRef/id', expect.stringMatching(/ \/bandType$/)]),
      );
      const version = await call('POST', '/v1/eden/rosters/validate', { bandType: 'faction', catalogRef: { id, version: 9 }, fighters: [] }, null);
      expect(version.body.errors).toEqual([expect.objectContaining({ code: 'unknown_catalog', path: '/catalogRef/version' })]);
      expect((await call('POST', '/v1/eden/rosters/validate', { bandType: 'faction', catalogRef: { id: 7 }, fighters: [] }, null)).status).toBe(400);
      // ids the service never makes are never looked up: the same answers, never a 500 (NUL, lone surrogates, 101 characters)
      for (const bad of ['a\u0000b', 'x\ud800', 'y'.repeat(101)]) {
        const ref = await call('POST', '/v1/eden/rosters/validate', { bandType: 'faction', catalogRef: { id: bad }, fighters: [] }, null);
        expect(ref.status, bad).toBe(400);
        const diff = await call('POST', '/v1/eden/rosters/diff', { from: { id: bad }, to: { id: bad } }, null);
        expect(diff.status, bad).toBe(400);
        const inPath = bad.replace(/[^\w]/g, (c) => (c === '\u0000' ? '%00' : c === '\ud800' ? '%ED%A0%80' : c));
        expect((await call('GET', `/v1/eden/catalogs/${inPath}`, undefined, null)).status, bad).toBeLessThan(500);
        expect((await call('PUT', `/v1/eden/catalogs/${inPath}`, LEAGUE)).status, bad).toBeLessThan(500);
        expect((await call('POST', `/v1/eden/rosters/${inPath}/reveal`)).status, bad).toBeLessThan(500);
      }
    });

    it('takes catalogRef wherever {ref} fighters are accepted: an attack, on REST and GraphQL', async () => {
      const { id } = (await call('POST', '/v1/eden/catalogs', LEAGUE)).body;
      const melee = { catalogRef: { id }, attacker: { ref: 'vladd', id: 'a' }, target: { ref: 'yuri', id: 't' }, dice: { values: [6, 6, 6, 6, 6, 6, 3] } };
      const rest = await call('POST', '/v1/eden/attacks/melee', melee, null);
      expect(rest.status).toBe(200);
      expect(rest.body.attacker).toMatchObject({ id: 'a', name: 'Vladd', value: 30 });
      const gql = await call('POST', '/graphql', {
        query: 'query($input: MeleeAttackInput!) { edenMelee(input: $input) { success attacker { name value } } }',
        variables: { input: melee },
      });
      expect(gql.body.errors).toBeUndefined();
      expect(gql.body.data.edenMelee.attacker).toEqual({ name: 'Vladd', value: 30 });
      const missing = await call('POST', '/v1/eden/attacks/melee', { ...melee, catalogRef: { id: 'nope' } }, null);
      expect(missing.status).toBe(400);
      expect(missing.body.errors).toEqual(expect.arrayContaining([expect.objectContaining({ code: 'unknown_catalog', path: '/catalogRef/id' })]));
      // a match command has no catalog lookup: a clear 400, not a silent built-in profile
      expect((await call('POST', '/v1/simulations', { kind: 'eden.melee', iterations: 10, request: melee })).status).toBeGreaterThanOrEqual(400);
    });

    it('seals a list until sealedUntil: the public link shows hash and verdict only; GraphQL and diff show nothing; the owner reveals', async () => {
      const roster = { bandType: 'faction', fighters: [{ ref: 'yuri' }, { ref: 'yuri' }] };
      const stored = await call('POST', '/v1/eden/rosters', { roster, sealedUntil: '2026-03-06T19:00:00+00:00' });
      expect(stored.status).toBe(201);
      expect(stored.body).toMatchObject({
        sealed: true,
        sealedUntil: '2026-03-06T19:00:00.000Z',
        rosterSha256: expect.stringMatching(/^[0-9a-f]{64}$/),
        validation: { valid: false },
      });
      // salted (CONTRACT §9.4): not the plain hash of the list, which a dictionary of catalog lists would find
      const hash = stored.body.rosterSha256;
      expect(hash).not.toBe(sha(roster));
      const id = stored.body.id;
      const view = await call('GET', `/v1/eden/rosters/${id}`, undefined, null);
      expect(view.body).toEqual({
        id,
        sealed: true,
        rosterSha256: hash,
        validation: { valid: false, codes: ['duplicate_name'] },
        sealedUntil: '2026-03-06T19:00:00.000Z',
        createdAt: stored.body.createdAt,
        url: `/v1/eden/rosters/${id}`,
      });
      expect(JSON.stringify(view.body)).not.toMatch(/yuri|Yûri|fighters/i);
      const gql = await call(
        'POST',
        '/graphql',
        { query: `{ edenRoster(id: "${id}") { roster { fighters { ref name } } } edenRosterSeal(id: "${id}") { sealed rosterSha256 validation { valid codes } } }` },
        null,
      );
      expect(gql.body.data.edenRoster).toBeNull();
      expect(gql.body.errors[0].extensions).toMatchObject({ code: 'roster_sealed' });
      expect(JSON.stringify(gql.body.errors)).not.toMatch(/yuri|Yûri/i);
      expect(gql.body.data.edenRosterSeal).toEqual({ sealed: true, rosterSha256: hash, validation: { valid: false, codes: ['duplicate_name'] } });
      const diff = await call('POST', '/v1/eden/rosters/diff', { from: { id }, to: roster }, null);
      expect(diff).toMatchObject({ status: 422, body: { code: 'roster_sealed' } });
      expect(JSON.stringify(diff.body)).not.toMatch(/yuri|Yûri/i);
      // another key cannot reveal it; its owner can
      expect((await call('POST', `/v1/eden/rosters/${id}/reveal`, undefined, other)).status).toBe(404);
      now = Date.parse('2026-03-06T18:30:00Z');
      const revealed = await call('POST', `/v1/eden/rosters/${id}/reveal`);
      expect(revealed.body).toMatchObject({ id, sealed: false, roster, rosterSha256: hash, revealedAt: '2026-03-06T18:30:00.000Z', validation: { valid: false } });
      // the salt is published with the list: anyone recomputes the hash shown while it was sealed
      const salt = revealed.body.salt;
      expect(
        createHash('sha256')
          .update(`${salt}:${canonicalJson(roster)}`)
          .digest('hex'),
      ).toBe(hash);
      expect((await call('GET', `/v1/eden/rosters/${id}`, undefined, null)).body).toMatchObject({ sealed: false, roster, rosterSha256: hash, salt });
      now = Date.parse('2026-03-06T18:00:00Z');
    });

    it('opens a sealed list by itself once the clock passes sealedUntil', async () => {
      const roster = { bandType: 'faction', fighters: [{ ref: 'yuri' }] };
      const { id } = (await call('POST', '/v1/eden/rosters', { roster, sealedUntil: '2026-03-06T18:10:00Z' })).body;
      expect((await call('GET', `/v1/eden/rosters/${id}`, undefined, null)).body.sealed).toBe(true);
      now = Date.parse('2026-03-06T18:10:00Z');
      expect((await call('GET', `/v1/eden/rosters/${id}`, undefined, null)).body).toMatchObject({ sealed: false, roster, rulesChanged: false });
      now = Date.parse('2026-03-06T18:00:00Z');
      const bad = await call('POST', '/v1/eden/rosters', { roster, sealedUntil: 'next friday' });
      expect(bad.status).toBe(400);
      expect(bad.body.errors).toEqual([expect.objectContaining({ path: '/sealedUntil' })]);
    });

    it('diffs two lists, bodies or stored ids: added, removed, changed member by member, totals', async () => {
      const { id: catalog } = (await call('POST', '/v1/eden/catalogs', LEAGUE)).body;
      const from = { bandType: 'faction', catalogRef: { id: catalog }, fighters: [{ ref: 'yuri' }, { ref: 'vladd' }] };
      const stored = (await call('POST', '/v1/eden/rosters', { roster: from })).body.id;
      const helmet = { name: 'Helmet', categories: ['protection'], protection: { limbs: ['head'], value: 1 } };
      const to = { bandType: 'faction', budget: 120, catalogRef: { id: catalog }, fighters: [{ ref: 'ngobo' }, { ref: 'yuri', equipment: [helmet] }] };
      const res = await call('POST', '/v1/eden/rosters/diff', { from: { id: stored }, to }, null);
      expect(res.status).toBe(200);
      expect(res.body).toMatchObject({
        added: [{ name: 'Ngobo', index: 0, entry: { ref: 'ngobo' } }],
        removed: [{ name: 'Vladd', index: 1, entry: { ref: 'vladd' } }],
        changed: [{ name: 'Yûri', fromIndex: 0, toIndex: 1 }],
        band: [{ path: '/budget', from: null, to: 120 }],
        totals: { from: { value: 55, budget: 100, strategyPoints: 7 }, to: { value: 45, budget: 120, strategyPoints: 7 } },
        valid: { from: true, to: true },
      });
      // member by member, by JSON pointer into the profile the entry stands for
      const changes = res.body.changed[0].changes as { path: string; from: unknown; to: unknown }[];
      expect(changes).toEqual(
        expect.arrayContaining([
          { path: '/equipment/0/name', from: 'Molotov', to: 'Helmet' },
          { path: '/equipment/0/protection', from: null, to: helmet.protection },
          { path: '/equipment/1', from: expect.objectContaining({ name: 'Throwing knives' }), to: null },
        ]),
      );
      expect(changes.every((c) => c.path.startsWith('/equipment/'))).toBe(true);
      // the same profile written inline instead of by reference is no change
      const yuri = (await call('POST', '/v1/eden/attacks/melee', { attacker: { ref: 'yuri', id: 'yuri' }, target: { ref: 'yuri', id: 't' }, dice: { values: [1, 1, 1, 1] } }, null))
        .body.attacker;
      const { outOfAction: _o, ref: _r, ...rest } = yuri;
      const inline = { ...rest, ap: 3 };
      const same = await call(
        'POST',
        '/v1/eden/rosters/diff',
        { from: { bandType: 'faction', fighters: [{ ref: 'yuri' }] }, to: { bandType: 'faction', fighters: [inline] } },
        null,
      );
      expect(same.body).toMatchObject({ added: [], removed: [], changed: [], band: [] });
      const both = await call('POST', '/v1/eden/rosters/diff', { from: { id: 'nope' }, to: { bandType: 'x', fighters: [] } }, null);
      expect(both.status).toBe(400);
      expect([...new Set(both.body.errors.map((e: { path: string }) => e.path))]).toEqual(['/from/id', '/to/bandType']);
    });

    it('makes text lists first-class: receipts, line and column on every problem, errors in path order, stored as text', async () => {
      const list = 'Banda: facción Jokers; 60 puntos\n# comment\n- Yûri [Casco]\n\nYuri\nVladd\nBig Bob\nYuri\nYuri\nYuri\nYuri\nYuri\nYuri\n';
      const res = await text('/v1/eden/rosters/validate?receipt=true', list);
      expect(res.status).toBe(200);
      const problems = res.body.errors.map((e: { code: string; path: string; line: number; column: number }) => `${e.path} ${e.code} ${e.line}:${e.column}`);
      expect(problems).toEqual([
        '/fighters over_budget 1:1',
        '/fighters/1/ref duplicate_name 5:1',
        '/fighters/2/ref incomplete_profile 6:1',
        '/fighters/3/ref unknown_fighter 7:1',
        ...[4, 5, 6, 7, 8, 9].map((i) => `/fighters/${i}/ref duplicate_name ${i + 4}:1`),
      ]);
      const claims = await claimsOf(res.body.receipt);
      expect(claims.rosterSha256).toBe(sha(res.body.roster));
      // problems of the text itself: in path order too, each with its place
      const bad = await text('/v1/eden/rosters/validate', 'Band: faction, edition xx, budget lots\nYuri ]\n');
      expect(bad.body.errors.map((e: { path: string; line: number; column: number }) => `${e.path} ${e.line}:${e.column}`)).toEqual([
        '/budget 1:28',
        '/edition 1:16',
        '/fighters/0 2:6',
      ]);
      expect(claims).toMatchObject({ valid: false, rulesVersion: RULES_VERSION });
      expect((await call('POST', '/v1/receipts/verify', { receipt: res.body.receipt, roster: res.body.roster }, null)).body).toMatchObject({ valid: true, rosterMatches: true });

      const stored = await text('/v1/eden/rosters?sealedUntil=2026-03-06T19:00:00Z&receipt=true', 'Band: faction Jokers\nYuri [Helmet]\n', key);
      expect(stored.status).toBe(201);
      expect(stored.body).toMatchObject({ sealed: true, validation: { valid: true } });
      const storedClaims = await claimsOf(stored.body.receipt);
      // the receipt keeps the plain hash (CONTRACT §7.4) and names the sealed list's salted one (§9.4)
      expect(storedClaims).toMatchObject({ rosterId: stored.body.id, sealedRosterSha256: stored.body.rosterSha256 });
      expect(storedClaims.rosterSha256).not.toBe(stored.body.rosterSha256);
      expect((await call('GET', `/v1/eden/rosters/${stored.body.id}`, undefined, null)).body.rosterSha256).toBe(stored.body.rosterSha256);
      expect((await text('/v1/eden/rosters', 'Band: warband\n', key)).status).toBe(400);
      expect((await text('/v1/eden/rosters', 'Band: faction\nYuri\n', null)).status).toBe(401);
    });

    it('answers the text/plain examples of the OpenAPI document: the list parses and validates', async () => {
      const doc = JSON.parse(readFileSync(new URL('../../openapi/openapi.json', import.meta.url), 'utf8'));
      const texts = Object.entries(doc.paths as Record<string, Record<string, { requestBody?: { content?: Record<string, { examples?: Record<string, { value: string }> }> } }>>)
        .flatMap(([path, methods]) => Object.values(methods).map((op) => [path, op.requestBody?.content?.['text/plain']?.examples] as const))
        .filter(([, examples]) => examples);
      expect(texts.map(([path]) => path).sort()).toEqual(['/v1/eden/rosters', '/v1/eden/rosters/validate']);
      for (const [path, examples] of texts) {
        for (const { value } of Object.values(examples!)) {
          const res = await text(path, value, key);
          expect(res.status, path).toBe(path === '/v1/eden/rosters' ? 201 : 200);
          expect((path === '/v1/eden/rosters' ? res.body.validation : res.body).valid, path).toBe(true);
        }
      }
    });

    it('GraphQL: catalogs, a sealed list stored with its time, its seal, a reveal and a diff', async () => {
      const gql = async (query: string, variables: Record<string, unknown> = {}, auth: string | null = key) => (await call('POST', '/graphql', { query, variables }, auth)).body;
      const created = await gql('mutation($input: LeagueCatalogRequestInput!) { createEdenLeagueCatalog(input: $input) { id version sha256 } }', { input: LEAGUE });
      expect(created.errors).toBeUndefined();
      const { id } = created.data.createEdenLeagueCatalog;
      const updated = await gql(`mutation($input: LeagueCatalogRequestInput!) { updateEdenLeagueCatalog(id: "${id}", input: $input) { version } }`, { input: LEAGUE }, other);
      expect(updated.errors[0].extensions).toMatchObject({ code: 'not_found' });
      // the stored catalog and list are typed (issue 25.6): every field selected, read back as REST writes them
      const schema = buildSchema();
      const content = schema.getType('LeagueCatalogContent') as GraphQLObjectType;
      const read = (await gql(`{ edenLeagueCatalog(id: "${id}", version: 1) { version latestVersion sha256 catalog ${selectAll(content)} } }`, {}, null)).data.edenLeagueCatalog;
      expect({ ...read, catalog: withoutNulls(asRest(read.catalog, content)) }).toEqual({
        version: 1,
        latestVersion: 1,
        sha256: sha(LEAGUE),
        catalog: LEAGUE,
      });
      const roster = { bandType: 'faction', catalogRef: { id }, fighters: [{ ref: 'vladd' }] };
      const stored = await gql('mutation($input: StoreRosterRequestInput!) { storeEdenRoster(input: $input) { id sealed sealedUntil validation { valid catalog { version } } } }', {
        input: { roster, sealedUntil: '2026-03-06T19:00:00Z' },
      });
      expect(stored.errors).toBeUndefined();
      expect(stored.data.storeEdenRoster).toMatchObject({ sealed: true, sealedUntil: '2026-03-06T19:00:00.000Z', validation: { valid: true, catalog: { version: 1 } } });
      const rid = stored.data.storeEdenRoster.id;
      expect((await gql(`{ edenRosterSeal(id: "${rid}") { sealed validation { valid codes } } }`, {}, null)).data.edenRosterSeal).toEqual({
        sealed: true,
        validation: { valid: true, codes: [] },
      });
      const list = schema.getType('RosterList') as GraphQLObjectType;
      const revealed = (await gql(`mutation { revealEdenRoster(id: "${rid}") { sealed roster ${selectAll(list)} } }`)).data.revealEdenRoster;
      expect({ ...revealed, roster: withoutNulls(asRest(revealed.roster, list)) }).toEqual({ sealed: false, roster });
      const diff = await gql(
        'query($input: RosterDiffRequestInput!) { edenRosterDiff(input: $input) { removed { name } added { name } totals { from { value } to { value } } } }',
        {
          input: { from: { id: rid }, to: { ...roster, fighters: [{ ref: 'ngobo' }] } },
        },
      );
      expect(diff.errors).toBeUndefined();
      expect(diff.data.edenRosterDiff).toEqual({ removed: [{ name: 'Vladd' }], added: [{ name: 'Ngobo' }], totals: { from: { value: 30 }, to: { value: 20 } } });
    });

    it('reads a league catalog named on the band line of a text list', async () => {
      const { id } = (await call('POST', '/v1/eden/catalogs', LEAGUE)).body;
      const res = await text('/v1/eden/rosters/validate', `Band: faction Jokers, catalog ${id} version 1\nVladd\nNgobo\n`);
      expect(res.body).toMatchObject({ valid: true, totals: { value: 50 }, catalog: { id, version: 1 }, roster: { catalogRef: { id, version: 1 } } });
      // an item the league lists, named in brackets, takes the league's profile of it
      const chained = await text('/v1/eden/rosters/validate', `Band: faction Jokers, catalog ${id}\nVladd [chain, Rope]\n`);
      expect(chained.body.roster.fighters[0].equipment).toEqual([
        { name: 'Chain', categories: [] },
        { name: 'Rope', categories: [] },
      ]);
      const { id: armoury } = (
        await call('POST', '/v1/eden/catalogs', { ...LEAGUE, equipment: [{ name: 'Chain', categories: ['protection'], protection: { limbs: 'all', value: 1 } }] })
      ).body;
      const armoured = await text('/v1/eden/rosters/validate?receipt=true', `Band: faction Jokers, catalog ${armoury}\nVladd [chain, Rope]\n`);
      expect(armoured.body.roster.fighters[0].equipment).toEqual([
        { name: 'Chain', categories: ['protection'], protection: { limbs: 'all', value: 1 } },
        { name: 'Rope', categories: [] },
      ]);
      expect((await claimsOf(armoured.body.receipt)).rosterSha256).toBe(sha(armoured.body.roster));
      const formatted = await call('POST', '/v1/eden/rosters/format', { roster: res.body.roster }, null);
      expect(formatted.body).toBe(`Band: faction Jokers, catalog ${id} version 1\nVladd\nNgobo Brazo-Rápido\n`);
    });
  });
}
