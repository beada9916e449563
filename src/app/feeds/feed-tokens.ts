/**
 * Feed tokens (CONTRACT §7.2): short-lived, read-only credentials for one event stream, so that a
 * browser's EventSource (which cannot send an Authorization header) can open
 * `GET /v1/matches/{id}/feed?token=…` or `GET /v1/simulations/{id}/events?token=…`.
 *
 * A token is a compact JWS signed with the receipt signing key (Ed25519, src/app/league/receipts.ts):
 * every API replica on the same database signs and verifies with the same key, with no shared
 * secret to configure and no table of tokens. Its header says `typ: "feed+jwt"` (its use,
 * TOKEN_TYPES, CONTRACT §8.1) and its payload `{scope: "feed", sub: <API key id>, res:
 * "match:<id>" | "simulation:<id>", iat, exp, iss}`: a token whose `typ` names another use (a
 * receipt, `receipt+jwt`) or none is refused (`not_a_feed_token`), and a feed token is never a
 * receipt (POST /v1/receipts/verify: `not_a_receipt`). Feed tokens have carried `typ: "feed+jwt"`
 * since the first one, and live at most 10 minutes. Tokens are not stored: one stays
 * valid until `exp` (at most 10 minutes) unless the API key that issued it is revoked, which the
 * transport checks when a stream opens (and the revocation service ends open streams).
 */
import type { Clock } from '../ports.js';
import type { ReceiptKeyStore } from '../league/ports.js';
import { decodeCompact, signedByService, signToken, tokenUse } from '../league/receipts.js';

/** The longest lifetime of a feed token, in seconds (the contract's bound: 10 minutes). */
export const MAX_FEED_TOKEN_TTL_SECONDS = 600;

export type FeedResourceKind = 'match' | 'simulation';

export interface FeedResource {
  kind: FeedResourceKind;
  id: string;
}

export interface IssuedFeedToken {
  token: string;
  /** ISO 8601. */
  expiresAt: string;
}

/** Why a token is refused (each a 401 at the transport); `not_a_feed_token`: a JWS whose `typ` names another use (a receipt) or none. */
export type FeedTokenRejection = 'malformed' | 'not_a_feed_token' | 'bad_signature' | 'expired' | 'other_resource';

/** A valid token: whose, and until when (ms since the epoch: a stream it opened ends then, CONTRACT §9.4). */
export type FeedTokenCheck = { ok: true; ownerId: string; expiresAt: number } | { ok: false; reason: FeedTokenRejection };

export interface FeedTokenOptions {
  clock: Clock;
  issuer: string;
  /** Lifetime of a token (FEED_TOKEN_TTL_SECONDS), at most MAX_FEED_TOKEN_TTL_SECONDS. */
  ttlSeconds: number;
}

const resourceClaim = (r: FeedResource) => `${r.kind}:${r.id}`;

export class FeedTokenService {
  readonly ttlSeconds: number;

  constructor(
    private readonly keys: ReceiptKeyStore,
    private readonly options: FeedTokenOptions,
  ) {
    this.ttlSeconds = Math.min(Math.max(1, Math.floor(options.ttlSeconds)), MAX_FEED_TOKEN_TTL_SECONDS);
  }

  /** A token for `resource`, on behalf of the API key `ownerId`; `ttlSeconds` may shorten the lifetime. */
  async issue(ownerId: string, resource: FeedResource, ttlSeconds?: number): Promise<IssuedFeedToken> {
    const ttl = Math.min(this.ttlSeconds, ttlSeconds ?? this.ttlSeconds);
    const iat = Math.floor(this.options.clock.now() / 1000);
    const exp = iat + ttl;
    const token = await signToken(this.keys, 'feed', { scope: 'feed', sub: ownerId, res: resourceClaim(resource), iat, exp, iss: this.options.issuer });
    return { token, expiresAt: new Date(exp * 1000).toISOString() };
  }

  /** Whether `token` is a valid, unexpired token of this service for `resource`, and whose. */
  async check(token: string, resource: FeedResource): Promise<FeedTokenCheck> {
    const decoded = decodeCompact(token);
    if (!decoded) return { ok: false, reason: 'malformed' };
    const { header, claims } = decoded;
    // Accepted only for its use: a receipt (or any token whose `typ` is not feed+jwt) opens no stream.
    if (tokenUse(header) !== 'feed') return { ok: false, reason: 'not_a_feed_token' };
    if (header.alg !== 'EdDSA' || typeof header.kid !== 'string') return { ok: false, reason: 'malformed' };
    if (!(await signedByService(this.keys, token))) return { ok: false, reason: 'bad_signature' };
    const { scope, sub, res, exp, iss } = claims;
    if (scope !== 'feed' || typeof sub !== 'string' || typeof res !== 'string' || typeof exp !== 'number' || iss !== this.options.issuer) {
      return { ok: false, reason: 'malformed' };
    }
    if (this.options.clock.now() >= exp * 1000) return { ok: false, reason: 'expired' };
    if (res !== resourceClaim(resource)) return { ok: false, reason: 'other_resource' };
    return { ok: true, ownerId: sub, expiresAt: exp * 1000 };
  }
}
