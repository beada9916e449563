/**
 * Signed receipts (CONTRACT §7.4): compact JWS, `alg: EdDSA` (Ed25519), `kid` in the header, over a
 * JSON payload with `iat` (seconds) and `iss`. Keys come from the ReceiptKeyStore port; the public
 * ones are published at GET /.well-known/jwks.json, so a receipt can be checked offline.
 */
import { createHash } from 'node:crypto';
import { CompactSign, compactVerify, createLocalJWKSet } from 'jose';
import { canonicalJson } from '../canonical-json.js';
import type { Clock } from '../ports.js';
import type { PublicJwk, ReceiptKeyStore } from './ports.js';

export interface ReceiptOptions {
  clock: Clock;
  /** `iss` of every receipt (RECEIPT_ISSUER, default "arbiter"). */
  issuer: string;
}

export interface VerifiedReceipt {
  valid: boolean;
  claims: Record<string, unknown> | null;
  /** Why `valid` is false (`bad_signature`, `malformed`, `unknown_key`). */
  reason?: string;
  kid?: string;
}

/** Hex SHA-256 of the canonical JSON (keys sorted recursively, no spaces) of `body` without `receipt`. */
export function rosterSha256(body: unknown): string {
  const copy = body !== null && typeof body === 'object' && !Array.isArray(body) ? { ...(body as Record<string, unknown>) } : body;
  if (copy !== null && typeof copy === 'object' && !Array.isArray(copy)) delete (copy as Record<string, unknown>).receipt;
  return createHash('sha256').update(canonicalJson(copy), 'utf8').digest('hex');
}

export class ReceiptService {
  constructor(
    private readonly keys: ReceiptKeyStore,
    private readonly options: ReceiptOptions,
  ) {}

  get issuer(): string {
    return this.options.issuer;
  }

  /** A compact JWS over `claims` plus `iat` and `iss`. */
  async sign(claims: Record<string, unknown>): Promise<string> {
    const { kid, privateKey } = await this.keys.signingKey();
    const payload = { ...claims, iat: Math.floor(this.options.clock.now() / 1000), iss: this.options.issuer };
    return new CompactSign(new TextEncoder().encode(JSON.stringify(payload))).setProtectedHeader({ alg: 'EdDSA', kid, typ: 'JWT' }).sign(privateKey);
  }

  async jwks(): Promise<{ keys: PublicJwk[] }> {
    return { keys: await this.keys.publicKeys() };
  }

  /** Check a receipt against the published keys; a bad one is `valid: false`, never an error. */
  async verify(receipt: string): Promise<VerifiedReceipt> {
    const parts = receipt.split('.');
    if (parts.length !== 3) return { valid: false, claims: null, reason: 'malformed' };
    let header: { kid?: unknown; alg?: unknown };
    let claims: Record<string, unknown> | null = null;
    try {
      header = JSON.parse(Buffer.from(parts[0]!, 'base64url').toString('utf8'));
      const body = JSON.parse(Buffer.from(parts[1]!, 'base64url').toString('utf8'));
      if (body !== null && typeof body === 'object' && !Array.isArray(body)) claims = body;
    } catch {
      return { valid: false, claims: null, reason: 'malformed' };
    }
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
