/**
 * Salted seals of stored lists (CONTRACT §9.4, issue 35.3) through the real app on every database
 * target (PGlite; PostgreSQL too when DATABASE_URL is set), the clock injected:
 * - a sealed list's public `rosterSha256` is SHA-256 of `salt + ":" + canonical list`, with a random
 *   salt (≥ 16 bytes) that no answer shows while the list is sealed and that the list shows once it
 *   opens (revealed by its owner, or its time passed): anyone can then check the hash seen before;
 * - the plain hash of the list is not that commitment (a dictionary of the lists the public catalog
 *   allows cannot find it), and two sealings of one list give two commitments;
 * - a list stored open keeps the plain hash (no salt), and a receipt keeps the plain `rosterSha256`
 *   (CONTRACT §7.4), naming the salted one as `sealedRosterSha256`;
 * - `sealedUntil` not after the service's clock → 400 problem+json at `/sealedUntil`, nothing stored.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { createHash } from 'node:crypto';
import { compactVerify, createLocalJWKSet } from 'jose';
import type { Database } from '../../src/app/ports.js';
import { apiKeyStore } from '../../src/infra/keys.js';
import { canonicalJson } from '../../src/kernel/canonical-json.js';
import { databaseTargets } from '../helpers/database.js';
import { testApp } from '../helpers/app.js';

const sha = (text: string) => createHash('sha256').update(text, 'utf8').digest('hex');
/** What anyone can recompute once a sealed list is open (CONTRACT §9.4). */
const commitment = (salt: string, roster: unknown) => sha(salt + ':' + canonicalJson(roster));

const ROSTER = { bandType: 'faction', fighters: [{ ref: 'yuri' }] };

for (const target of databaseTargets()) {
  describe(`sealed lists are salted (CONTRACT §9.4) on ${target.name}`, () => {
    let db: Database;
    let app: FastifyInstance;
    let key: string;
    let ownerId: string;
    const START = Date.parse('2026-03-06T18:00:00Z');
    let now = START;
    beforeAll(async () => {
      db = await target.open();
      app = await testApp({}, { database: db, clock: { now: () => now } });
      const created = await apiKeyStore(db).create('sealed lists');
      key = created.key;
      ownerId = created.id;
    });
    afterAll(async () => {
      await app?.close();
      await db?.close();
    });

    const call = async (method: 'GET' | 'POST', url: string, body?: unknown, auth: string | null = key, headers: Record<string, string> = {}) => {
      const res = await app.inject({ method, url, payload: body as object, headers: { ...(auth ? { authorization: `Bearer ${auth}` } : {}), ...headers } });
      return { status: res.statusCode, type: String(res.headers['content-type']), body: String(res.headers['content-type']).includes('json') ? res.json() : res.body };
    };
    const gql = async (query: string, variables: Record<string, unknown> = {}, auth: string | null = null) => (await call('POST', '/graphql', { query, variables }, auth)).body;
    const stored = async () => Number((await db.query<{ n: number }>('SELECT count(*)::int AS n FROM eden_rosters WHERE owner_id = $1', [ownerId])).rows[0]!.n);

    it('salts the public hash of a sealed list: the plain hash is not it, the salt stays hidden until the reveal publishes it, and then it verifies', async () => {
      now = START;
      const saved = await call('POST', '/v1/eden/rosters', { roster: ROSTER, sealedUntil: '2026-03-06T20:00:00Z' });
      expect(saved.status).toBe(201);
      const hash = saved.body.rosterSha256 as string;
      expect(hash).toMatch(/^[0-9a-f]{64}$/);
      expect(hash).not.toBe(sha(canonicalJson(ROSTER)));
      expect(saved.body).not.toHaveProperty('salt');
      // while sealed: the same salted hash everywhere, the salt nowhere
      const sealed = await call('GET', `/v1/eden/rosters/${saved.body.id}`, undefined, null);
      expect(sealed.body).toMatchObject({ sealed: true, rosterSha256: hash });
      expect(sealed.body).not.toHaveProperty('salt');
      const seal = await gql(`{ edenRosterSeal(id: "${saved.body.id}") { sealed rosterSha256 salt } }`);
      expect(seal.data.edenRosterSeal).toEqual({ sealed: true, rosterSha256: hash, salt: null });
      // the owner reveals it: the salt comes with the list, and recomputes the hash shown before
      now = START + 30 * 60_000;
      const revealed = await call('POST', `/v1/eden/rosters/${saved.body.id}/reveal`);
      expect(revealed.status).toBe(200);
      expect(revealed.body).toMatchObject({ sealed: false, roster: ROSTER, rosterSha256: hash, salt: expect.any(String) });
      const salt = revealed.body.salt as string;
      expect(salt).toMatch(/^[0-9a-f]{32,}$/); // at least 16 random bytes, hex
      expect(commitment(salt, revealed.body.roster)).toBe(hash);
      const open = await call('GET', `/v1/eden/rosters/${saved.body.id}`, undefined, null);
      expect(open.body).toMatchObject({ sealed: false, rosterSha256: hash, salt });
      expect(commitment(open.body.salt, open.body.roster)).toBe(hash);
      expect((await gql(`{ edenRosterSeal(id: "${saved.body.id}") { sealed rosterSha256 salt } }`)).data.edenRosterSeal).toEqual({ sealed: false, rosterSha256: hash, salt });
      expect((await gql(`{ edenRoster(id: "${saved.body.id}") { rosterSha256 salt } }`)).data.edenRoster).toEqual({ rosterSha256: hash, salt });
    });

    it('gives two sealings of the same list two different commitments, neither the plain hash', async () => {
      now = START;
      const first = await call('POST', '/v1/eden/rosters', { roster: ROSTER, sealedUntil: '2026-03-06T20:00:00Z' });
      const second = await call('POST', '/v1/eden/rosters', { roster: ROSTER, sealedUntil: '2026-03-06T20:00:00Z' });
      expect([first.status, second.status]).toEqual([201, 201]);
      expect(first.body.rosterSha256).not.toBe(second.body.rosterSha256);
      expect([first.body.rosterSha256, second.body.rosterSha256]).not.toContain(sha(canonicalJson(ROSTER)));
      // the probe's attack: every list of 1–2 fighters of the public catalog, hashed plain, finds neither
      const ids = ['yuri', 'vladd', 'ngobo', 'ekko', 'kamala'];
      const guesses = new Set<string>();
      for (const a of ids) {
        guesses.add(sha(canonicalJson({ bandType: 'faction', fighters: [{ ref: a }] })));
        for (const b of ids) guesses.add(sha(canonicalJson({ bandType: 'faction', fighters: [{ ref: a }, { ref: b }] })));
      }
      expect(guesses.has(sha(canonicalJson(ROSTER)))).toBe(true);
      expect(guesses.has(first.body.rosterSha256)).toBe(false);
      expect(guesses.has(second.body.rosterSha256)).toBe(false);
    });

    it('publishes the salt when the clock passes sealedUntil, without a reveal', async () => {
      now = START;
      const text = await call('POST', '/v1/eden/rosters?sealedUntil=2026-03-06T18:10:00Z', 'Band: faction Jokers\nYuri [Helmet]\n', key, { 'content-type': 'text/plain' });
      expect(text.status).toBe(201);
      const id = text.body.id;
      expect((await call('GET', `/v1/eden/rosters/${id}`, undefined, null)).body).not.toHaveProperty('salt');
      now = Date.parse('2026-03-06T18:10:00Z');
      const open = (await call('GET', `/v1/eden/rosters/${id}`, undefined, null)).body;
      expect(open).toMatchObject({ sealed: false, rosterSha256: text.body.rosterSha256, salt: expect.stringMatching(/^[0-9a-f]{32,}$/) });
      // a text list is hashed as its parsed `roster` (CONTRACT §8.4)
      expect(commitment(open.salt, open.roster)).toBe(text.body.rosterSha256);
      expect(sha(canonicalJson(open.roster))).not.toBe(text.body.rosterSha256);
      now = START;
    });

    it('keeps the plain hash, and no salt, for a list stored open', async () => {
      now = START;
      const saved = await call('POST', '/v1/eden/rosters', { roster: ROSTER });
      expect(saved.status).toBe(201);
      expect(saved.body).toMatchObject({ sealed: false, rosterSha256: sha(canonicalJson(ROSTER)) });
      const view = (await call('GET', `/v1/eden/rosters/${saved.body.id}`, undefined, null)).body;
      expect(view).toMatchObject({ sealed: false, rosterSha256: sha(canonicalJson(ROSTER)) });
      expect(view).not.toHaveProperty('salt');
    });

    it("keeps a receipt's rosterSha256 plain (CONTRACT §7.4) and names the sealed list's public hash as sealedRosterSha256", async () => {
      now = START;
      const saved = await call('POST', '/v1/eden/rosters', { roster: { ...ROSTER, receipt: true }, sealedUntil: '2026-03-06T20:00:00Z' });
      expect(saved.status).toBe(201);
      const jwks = (await call('GET', '/.well-known/jwks.json', undefined, null)).body;
      const claims = JSON.parse(new TextDecoder().decode((await compactVerify(saved.body.receipt, createLocalJWKSet(jwks))).payload));
      expect(claims).toMatchObject({ rosterId: saved.body.id, rosterSha256: sha(canonicalJson(ROSTER)), sealedRosterSha256: saved.body.rosterSha256 });
      expect((await call('POST', '/v1/receipts/verify', { receipt: saved.body.receipt, roster: ROSTER }, null)).body).toMatchObject({ valid: true, rosterMatches: true });
    });

    it("answers 400 problem+json at /sealedUntil for a sealedUntil not after the service's clock, and stores nothing", async () => {
      now = Date.parse('2026-12-07T12:00:00Z');
      const before = await stored();
      for (const sealedUntil of ['2026-03-06T20:00:00Z', '2026-12-07T11:59:59.999Z', '2026-12-07T12:00:00Z', '2026-12-07T13:00:00+02:00']) {
        const res = await call('POST', '/v1/eden/rosters', { roster: ROSTER, sealedUntil });
        expect(res.status, sealedUntil).toBe(400);
        expect(res.type).toContain('application/problem+json');
        expect(res.body.errors, sealedUntil).toEqual([expect.objectContaining({ path: '/sealedUntil', code: 'sealed_until_past' })]);
      }
      const text = await call('POST', '/v1/eden/rosters?sealedUntil=2026-03-06T20:00:00Z', 'Band: faction Jokers\nYuri\n', key, { 'content-type': 'text/plain' });
      expect(text.status).toBe(400);
      expect(text.body.errors).toEqual([expect.objectContaining({ path: '/sealedUntil', code: 'sealed_until_past' })]);
      const viaGraphql = await gql(
        'mutation($input: StoreRosterRequestInput!) { storeEdenRoster(input: $input) { id } }',
        { input: { roster: ROSTER, sealedUntil: '2026-03-06T20:00:00Z' } },
        key,
      );
      expect(viaGraphql.data?.storeEdenRoster ?? null).toBeNull();
      expect(viaGraphql.errors[0].extensions).toMatchObject({ status: 400 });
      expect(JSON.stringify(viaGraphql.errors[0].extensions)).toContain('/sealedUntil');
      expect(await stored()).toBe(before);
      // a moment later than the clock is a seal
      const future = await call('POST', '/v1/eden/rosters', { roster: ROSTER, sealedUntil: '2026-12-07T12:00:00.001Z' });
      expect(future.body).toMatchObject({ sealed: true });
      expect(await stored()).toBe(before + 1);
      now = START;
    });
  });
}
