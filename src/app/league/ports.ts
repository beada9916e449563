/**
 * Ports of the league tools (CONTRACT §7.4): stored army lists and the keys that sign receipts.
 * src/infra/roster-store.ts and src/infra/receipt-keys.ts implement them over the `Database`
 * (PostgreSQL / PGlite); tests/contract/roster-store.test.ts runs one suite against both.
 */
import type { KeyObject } from 'node:crypto';

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

export interface RosterStore {
  /** Store a new list; `createdAt` is set by the store. */
  save(roster: Omit<StoredRoster, 'createdAt'>): Promise<StoredRoster>;
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
