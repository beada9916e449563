/**
 * Token uses (CONTRACT §8.1 last bullet, §7.4): the receipt key signs receipts and feed tokens, so
 * each names its use in the JWS protected header `typ` (`receipt+jwt`, `feed+jwt`) and is accepted
 * only for that use: a feed token sent to POST /v1/receipts/verify is `not_a_receipt`, a receipt
 * used as a feed token is a 401. Receipts signed before `typ` named the use (`typ: "JWT"` or none)
 * still verify, recognised by their receipt payload; a feed token never does, whatever its `typ`.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { generateKeyPairSync, type KeyObject } from 'node:crypto';
import { CompactSign, decodeProtectedHeader } from 'jose';
import { apiKey, memoryApp } from '../helpers/app.js';
import { statusExamples } from '../../src/games/spirit-of-eden/operations/examples.js';

const ROSTER = { bandType: 'faction', fighters: [{ ref: 'yuri' }], budget: 10 };

describe('token uses: typ in the JWS header, each token accepted only for its use', () => {
  let app: FastifyInstance;
  let key: string;
  let privateKey: KeyObject;
  let kid: string;

  beforeAll(async () => {
    // A configured signing key, so the test can sign tokens as an older version of the service did.
    const pair = generateKeyPairSync('ed25519');
    privateKey = pair.privateKey;
    app = await memoryApp({ receiptSigningKey: privateKey.export({ type: 'pkcs8', format: 'pem' }).toString() });
    key = await apiKey(app, 'token-use');
    const jwks = (await app.inject({ method: 'GET', url: '/.well-known/jwks.json' })).json() as { keys: { kid: string }[] };
    kid = jwks.keys[0]!.kid;
  });

  const post = async (url: string, payload: unknown, headers: Record<string, string> = {}) => {
    const res = await app.inject({ method: 'POST', url, payload: payload as object, headers });
    return { status: res.statusCode, body: res.json() };
  };
  const auth = () => ({ authorization: `Bearer ${key}` });
  const verify = async (receipt: string, roster?: unknown) => {
    const res = await post('/v1/receipts/verify', { receipt, ...(roster === undefined ? {} : { roster }) });
    expect(res.status).toBe(200);
    return res.body;
  };
  /** A token signed with the service's key, with the protected header and payload given. */
  const signed = (header: Record<string, unknown>, payload: Record<string, unknown>) =>
    new CompactSign(new TextEncoder().encode(JSON.stringify(payload))).setProtectedHeader({ alg: 'EdDSA', kid, ...header }).sign(privateKey);

  const rosterReceipt = async () => {
    const res = await post('/v1/eden/rosters/validate', { ...ROSTER, receipt: true });
    expect(res.status).toBe(200);
    return res.body.receipt as string;
  };
  const match = async () => {
    const res = await post('/v1/matches', { game: 'spirit-of-eden', players: [{ id: 'p1', name: 'Ana' }] }, auth());
    expect(res.status).toBe(201);
    return res.body.id as string;
  };
  const feedToken = async (id: string) => {
    const res = await post(`/v1/matches/${id}/feed-tokens`, undefined, auth());
    expect(res.status).toBe(201);
    return res.body.token as string;
  };
  const feed = (id: string, token: string) => app.inject({ method: 'GET', url: `/v1/matches/${id}/feed?from=1&follow=false&token=${encodeURIComponent(token)}` });

  it('each token names its use in the protected header: receipts receipt+jwt, feed tokens feed+jwt', async () => {
    expect(decodeProtectedHeader(await rosterReceipt())).toMatchObject({ alg: 'EdDSA', kid, typ: 'receipt+jwt' });
    const id = await match();
    expect(decodeProtectedHeader(await feedToken(id))).toMatchObject({ alg: 'EdDSA', kid, typ: 'feed+jwt' });
    // a result receipt (the match has ended) too
    await post(`/v1/matches/${id}/commands`, { command: { type: 'soe.status', ...statusExamples[0]!.value } }, auth());
    const result = await app.inject({ method: 'GET', url: `/v1/matches/${id}/result`, headers: auth() });
    expect(result.json()).toMatchObject({ ended: true });
    expect(decodeProtectedHeader(result.json().receipt)).toMatchObject({ alg: 'EdDSA', kid, typ: 'receipt+jwt' });
    expect(await verify(result.json().receipt)).toMatchObject({ valid: true, claims: { matchId: id } });
  });

  it('a feed token is not a receipt: POST /v1/receipts/verify → 200 {valid: false, reason: "not_a_receipt"}, its payload not echoed', async () => {
    const token = await feedToken(await match());
    expect(await verify(token)).toEqual({ valid: false, claims: null, reason: 'not_a_receipt' });
    expect(await verify(token, ROSTER)).toMatchObject({ valid: false, reason: 'not_a_receipt', rosterMatches: false });
    // GraphQL answers the same
    const res = await app.inject({
      method: 'POST',
      url: '/graphql',
      payload: { query: 'query($i: VerifyReceiptRequestInput!) { verifyReceipt(input: $i) { valid reason claims } }', variables: { i: { receipt: token } } },
    });
    expect(res.json().data.verifyReceipt).toEqual({ valid: false, reason: 'not_a_receipt', claims: null });
  });

  it('a receipt is not a feed token: as ?token= it is 401 invalid_feed_token (not_a_feed_token)', async () => {
    const id = await match();
    const res = await feed(id, await rosterReceipt());
    expect(res.statusCode).toBe(401);
    expect(res.headers['content-type']).toContain('application/problem+json');
    expect(res.json()).toMatchObject({ status: 401, code: 'invalid_feed_token', reason: 'not_a_feed_token' });
    // while the feed token of that match opens it
    expect((await feed(id, await feedToken(id))).statusCode).toBe(200);
  });

  it('a receipt still verifies, with roster', async () => {
    expect(await verify(await rosterReceipt(), { ...ROSTER, receipt: true })).toMatchObject({ valid: true, rosterMatches: true, claims: { valid: false } });
  });

  it('receipts signed before typ named the use (typ "JWT", or none) still verify: their payload makes them receipts', async () => {
    const iat = 1_700_000_000;
    const roster = {
      rosterSha256: (await verify(await rosterReceipt())).claims.rosterSha256,
      edition: 'es',
      valid: false,
      codes: ['over_budget'],
      totals: {},
      iat,
      iss: 'arbiter',
    };
    const result = { matchId: '00000000-0000-4000-8000-000000000001', game: 'spirit-of-eden', version: 1, winner: 'goomz', score: null, iat, iss: 'arbiter' };
    for (const header of [{ typ: 'JWT' }, {}]) {
      const old = await signed(header, roster);
      expect(decodeProtectedHeader(old).typ).toBe((header as { typ?: string }).typ);
      expect(await verify(old, ROSTER)).toMatchObject({ valid: true, rosterMatches: true, claims: roster, kid });
      expect(await verify(await signed(header, result))).toMatchObject({ valid: true, claims: result, kid });
    }
  });

  it('a feed token never verifies as a receipt, whatever its typ; only receipt+jwt (any case) or an old receipt does', async () => {
    const id = await match();
    const claims = JSON.parse(Buffer.from((await feedToken(id)).split('.')[1]!, 'base64url').toString());
    expect(claims).toMatchObject({ scope: 'feed' });
    for (const header of [{ typ: 'feed+jwt' }, { typ: 'JWT' }, {}]) {
      expect(await verify(await signed(header, claims))).toEqual({ valid: false, claims: null, reason: 'not_a_receipt' });
    }
    // a receipt-shaped payload under another use's typ is not a receipt either
    const roster = { rosterSha256: 'ab', edition: 'es', valid: true, codes: [], totals: {}, iat: 1, iss: 'arbiter' };
    for (const typ of ['feed+jwt', 'seat+jwt', 'spectator+jwt', 'jose']) {
      expect(await verify(await signed({ typ }, roster))).toMatchObject({ valid: false, reason: 'not_a_receipt' });
    }
    // nor a payload that is no receipt under typ "JWT" or none
    for (const header of [{ typ: 'JWT' }, {}]) expect(await verify(await signed(header, { sub: 'x', iat: 1 }))).toMatchObject({ valid: false, reason: 'not_a_receipt' });
    // typ is compared case-insensitively, with the "application/" prefix optional (RFC 7515 §4.1.9)
    for (const typ of ['RECEIPT+JWT', 'application/receipt+jwt']) expect(await verify(await signed({ typ }, roster))).toMatchObject({ valid: true, kid });
    // and an old-style feed token (had there been one without typ) opens no stream
    for (const header of [{ typ: 'JWT' }, {}]) {
      expect((await feed(id, await signed(header, claims))).json()).toMatchObject({ status: 401, code: 'invalid_feed_token', reason: 'not_a_feed_token' });
    }
  });

  it('a receipt altered or signed by another key is still refused as before (bad_signature, unknown_key)', async () => {
    const receipt = await rosterReceipt();
    const [h, p, s] = receipt.split('.') as [string, string, string];
    const forged = `${h}.${Buffer.from(JSON.stringify({ ...JSON.parse(Buffer.from(p, 'base64url').toString()), valid: true })).toString('base64url')}.${s}`;
    expect(await verify(forged)).toMatchObject({ valid: false, reason: 'bad_signature' });
    const stranger = generateKeyPairSync('ed25519').privateKey;
    const other = await new CompactSign(new TextEncoder().encode(JSON.stringify({ rosterSha256: 'ab', iat: 1 })))
      .setProtectedHeader({ alg: 'EdDSA', kid: 'someone-else', typ: 'receipt+jwt' })
      .sign(stranger);
    expect(await verify(other)).toMatchObject({ valid: false, reason: 'unknown_key' });
    expect(await verify('not.a.jws')).toMatchObject({ valid: false, reason: 'malformed' });
  });
});
