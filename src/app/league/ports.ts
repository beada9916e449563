/**
 * Ports of the league tools (CONTRACT §7.4): stored army lists and the keys that sign receipts.
 * src/infra/roster-store.ts and src/infra/receipt-keys.ts implement them over the `Database`
 * (PostgreSQL / PGlite); tests/contract/roster-store.test.ts runs one suite against both.
 */
import type { KeyObject } from 'node:crypto';
import { RuleViolation } from '../../games/errors.js';

export interface StoredRoster {
  /** Random: the share link is the only way to find a list. */
  id: string;
  /** The API key that stored it. */
  ownerId: string;
  /** The validate body as sent. */
  roster: unknown;
  /** The validation answered when it was stored. */
  validation: unknown;
  createdAt: string;
}

/** What a store enforces while it stores a list. */
export interface RosterSaveLimits {
  /** Refuse (RosterQuotaExceeded, nothing stored) when the owner already has this many lists. */
  maxPerOwner?: number;
}

/**
 * The owner already has `limit` stored lists (MAX_STORED_ROSTERS_PER_KEY): REST answers 429
 * `quota_exceeded` naming the limit; elsewhere it is the rule violation `quota_exceeded`.
 */
export class RosterQuotaExceeded extends RuleViolation {
  constructor(readonly limit: number) {
    super('quota_exceeded', `This API key already stores ${limit} army lists, the most one key may keep (MAX_STORED_ROSTERS_PER_KEY); nothing was stored.`, { limit });
    this.name = 'RosterQuotaExceeded';
  }
}

export interface RosterStore {
  /**
   * Store a new list; `createdAt` is set by the store. With `limits.maxPerOwner` the owner's lists are
   * counted and the new one inserted atomically (one save per owner at a time, across processes), so
   * concurrent saves never exceed it; at the limit it throws RosterQuotaExceeded and stores nothing.
   */
  save(roster: Omit<StoredRoster, 'createdAt'>, limits?: RosterSaveLimits): Promise<StoredRoster>;
  /** How many lists `ownerId` has stored. */
  countByOwner(ownerId: string): Promise<number>;
  /** Anyone's list by id (share links are public), or undefined. */
  find(id: string): Promise<StoredRoster | undefined>;
}

/** A public key as published in the JWKS (RFC 7517), Ed25519 (`kty: OKP`, `crv: Ed25519`). */
export interface PublicJwk {
  kty: string;
  crv: string;
  x: string;
  kid: string;
  alg: 'EdDSA';
  use: 'sig';
}

export interface ReceiptKeyStore {
  /** The key in use: the configured one, else the one generated once and kept. */
  signingKey(): Promise<{ kid: string; privateKey: KeyObject }>;
  /** Every key ever used for signing, retired ones too (old receipts stay verifiable). */
  publicKeys(): Promise<PublicJwk[]>;
}
