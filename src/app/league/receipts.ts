/**
 * Signed receipts (CONTRACT §7.4): compact JWS, `alg: EdDSA` (Ed25519), `kid` and `typ:
 * "receipt+jwt"` in the header, over a JSON payload with `iat` (seconds) and `iss`. Keys come from the
 * ReceiptKeyStore port; the public ones are published at GET /.well-known/jwks.json, so a receipt can
 * be checked offline.
 *
 * The same key signs every token of the service, so each names its use in the protected header
 * `typ` (TOKEN_TYPES, CONTRACT §8.1) and is accepted only for that use: POST /v1/receipts/verify
 * answers `{valid: false, reason: "not_a_receipt"}` for a feed token, and a receipt opens no feed.
 * Receipts signed before `typ` named the use (`typ: "JWT"` or none) are still receipts when their
 * payload is one (`rosterSha256`, or `matchId` with `version`; LEGACY_RECEIPT); no other token of
 * the service ever had such a payload, and feed tokens always carried `typ: "feed+jwt"`.
 */
import { CompactSign, compactVerify, createLocalJWKSet } from 'jose';
import type { Clock } from '../ports.js';
import type { PublicJwk, ReceiptKeyStore } from './ports.js';
import { rosterSha256 } from '../../games/eden/operations/roster-digest.js';
import { RULES_VERSION } from '../../kernel/rules-version.js';
import { RecentlyUsed } from '../../kernel/recently-used.js';

/**
 * The use of each kind of token the service signs, as its JWS protected header `typ` names it
 * (CONTRACT §8.1). A token is accepted only where its `typ` names that use (`tokenUse`); a new kind of
 * token is one more line here, signed by `signToken`. Seat and spectator tokens: src/app/matches/seat-tokens.ts.
 */
const TOKEN_TYPES = {
  receipt: 'receipt+jwt',
  feed: 'feed+jwt',
  seat: 'seat+jwt',
  spectator: 'spectator+jwt',
} as const;

export type TokenUse = keyof typeof TOKEN_TYPES;

/**
 * The use a protected header's `typ` names, if it is one of TOKEN_TYPES. `typ` is compared as RFC
 * 7515 §4.1.9 says: case-insensitively, with the `application/` prefix optional.
 */
export function tokenUse(header: { typ?: unknown } | null | undefined): TokenUse | undefined {
  const typ = header?.typ;
  if (typeof typ !== 'string') return undefined;
  const name = typ.toLowerCase().replace(/^application\//, '');
  return (Object.keys(TOKEN_TYPES) as TokenUse[]).find((use) => TOKEN_TYPES[use] === name);
}

/**
 * Whether a compact JWS was signed by this service: its signature checks against one of the
 * published keys (retired ones too). A key store that does not answer throws.
 */
export async function signedByService(keys: ReceiptKeyStore, token: string): Promise<boolean> {
  const known = verifiedTokens.get(keys);
  if (known?.has(token)) return true;
  const published = await keys.publicKeys();
  try {
    await compactVerify(token, createLocalJWKSet({ keys: published as never }), { algorithms: ['EdDSA'] });
  } catch {
    return false;
  }
  remember(keys, token);
  return true;
}

/**
 * Tokens whose signature already checked, per key store: a published key is never withdrawn (retired
 * keys stay published), so a signature that checked once checks for good. A seat token sent with every
 * command is then neither verified again nor are the keys read again for it; its claims (expiry, seat
 * generation) are still checked on each use. At most VERIFIED_TOKENS per store, the oldest forgotten first.
 */
const verifiedTokens = new WeakMap<ReceiptKeyStore, Set<string>>();
const VERIFIED_TOKENS = 4096;

function remember(keys: ReceiptKeyStore, token: string): void {
  let known = verifiedTokens.get(keys);
  if (!known) verifiedTokens.set(keys, (known = new Set()));
  if (known.size >= VERIFIED_TOKENS) known.delete(known.values().next().value!);
  known.add(token);
}

/** A compact JWS over `payload` with the key in use (`alg: EdDSA`, its `kid`), its `typ` naming `use`. */
export async function signToken(keys: ReceiptKeyStore, use: TokenUse, payload: Record<string, unknown>): Promise<string> {
  const { kid, privateKey } = await keys.signingKey();
  return new CompactSign(new TextEncoder().encode(JSON.stringify(payload))).setProtectedHeader({ alg: 'EdDSA', kid, typ: TOKEN_TYPES[use] }).sign(privateKey);
}

/** Tokens decoded lately (a seat's token is decoded by several steps of each of its requests), at most this long. */
const decodedTokens = new RecentlyUsed<string, DecodedToken>(1024);
const DECODED_TOKEN_CHARS = 4096;

type DecodedToken = { header: Readonly<Record<string, unknown>>; claims: Readonly<Record<string, unknown>> };

/** The header and payload of a compact JWS (not verified, frozen), or undefined when it is not one. */
export function decodeCompact(token: string): DecodedToken | undefined {
  const known = decodedTokens.get(token);
  if (known) return known;
  const parts = token.split('.');
  if (parts.length !== 3) return undefined;
  const [header, claims] = [parts[0], parts[1]].map((part) => {
    try {
      const value: unknown = JSON.parse(Buffer.from(part!, 'base64url').toString('utf8'));
      return value !== null && typeof value === 'object' && !Array.isArray(value) ? (Object.freeze(value) as Record<string, unknown>) : undefined;
    } catch {
      return undefined;
    }
  });
  if (!header || !claims) return undefined;
  const decoded = { header, claims };
  if (token.length <= DECODED_TOKEN_CHARS) decodedTokens.set(token, decoded);
  return decoded;
}

/**
 * A receipt signed before receipts named their use (`typ: "JWT"`, or no `typ`): known by its payload —
 * a roster receipt's `rosterSha256`, or a result receipt's `matchId` and `version` — with `iat` and no
 * `scope` (every feed token has `scope: "feed"`, and `typ: "feed+jwt"` since the first one).
 */
function isLegacyReceipt(header: Record<string, unknown>, claims: Record<string, unknown>): boolean {
  const typ = header.typ;
  if (typ !== undefined && (typeof typ !== 'string' || typ.toLowerCase() !== 'jwt')) return false;
  if ('scope' in claims || typeof claims.iat !== 'number') return false;
  return typeof claims.rosterSha256 === 'string' || (typeof claims.matchId === 'string' && typeof claims.version === 'number');
}

export interface ReceiptOptions {
  clock: Clock;
  /** `iss` of every receipt (RECEIPT_ISSUER, default "arbiter"). */
  issuer: string;
}

export interface VerifiedReceipt {
  valid: boolean;
  claims: Record<string, unknown> | null;
  /** Why `valid` is false (`malformed`, `not_a_receipt`, `unknown_key`, `bad_signature`). */
  reason?: string;
  kid?: string;
}

export class ReceiptService {
  constructor(
    private readonly keys: ReceiptKeyStore,
    private readonly options: ReceiptOptions,
  ) {}

  get issuer(): string {
    return this.options.issuer;
  }

  /**
   * A receipt: a compact JWS (`typ: "receipt+jwt"`) over `claims` plus `rulesVersion` (the rules
   * release the verdict was given under, CONTRACT §8.4), `iat` and `iss`.
   */
  async sign(claims: Record<string, unknown>): Promise<string> {
    return signToken(this.keys, 'receipt', { ...claims, rulesVersion: RULES_VERSION, iat: Math.floor(this.options.clock.now() / 1000), iss: this.options.issuer });
  }

  async jwks(): Promise<{ keys: PublicJwk[] }> {
    return { keys: await this.keys.publicKeys() };
  }

  /**
   * Check a receipt against the published keys; a bad one is `valid: false`, never an error. A token
   * of another use (a feed token: `typ` names it) is `not_a_receipt` whoever signed it, and its
   * payload is not echoed.
   */
  async verify(receipt: string): Promise<VerifiedReceipt> {
    const parts = receipt.split('.');
    if (parts.length !== 3) return { valid: false, claims: null, reason: 'malformed' };
    let header: Record<string, unknown>;
    let claims: Record<string, unknown> | null = null;
    try {
      header = JSON.parse(Buffer.from(parts[0]!, 'base64url').toString('utf8'));
      const body = JSON.parse(Buffer.from(parts[1]!, 'base64url').toString('utf8'));
      if (body !== null && typeof body === 'object' && !Array.isArray(body)) claims = body;
    } catch {
      return { valid: false, claims: null, reason: 'malformed' };
    }
    if (header === null || typeof header !== 'object' || Array.isArray(header)) return { valid: false, claims: null, reason: 'malformed' };
    if (tokenUse(header) !== 'receipt' && !(claims && isLegacyReceipt(header, claims))) return { valid: false, claims: null, reason: 'not_a_receipt' };
    const kid = typeof header.kid === 'string' ? header.kid : undefined;
    const { keys } = await this.jwks();
    if (header.alg !== 'EdDSA' || !kid || !keys.some((k) => k.kid === kid)) return { valid: false, claims, reason: 'unknown_key', ...(kid ? { kid } : {}) };
    try {
      await compactVerify(receipt, createLocalJWKSet({ keys: keys as never }), { algorithms: ['EdDSA'] });
      return { valid: claims !== null, claims, kid, ...(claims === null ? { reason: 'malformed' } : {}) };
    } catch {
      return { valid: false, claims, reason: 'bad_signature', kid };
    }
  }
}

/** POST /v1/receipts/verify: the receipt checked, and with `roster` whether it is the list signed. */
export async function verifyReceipt(receipts: ReceiptService, body: { receipt: string; roster?: unknown }) {
  const { reason, kid, ...verified } = await receipts.verify(body.receipt);
  const claimed = verified.claims?.rosterSha256;
  const rosterMatches = body.roster === undefined ? undefined : typeof claimed === 'string' && claimed === rosterSha256(body.roster);
  return { ...verified, ...(rosterMatches === undefined ? {} : { rosterMatches }), ...(reason ? { reason } : {}), ...(kid ? { kid } : {}) };
}
