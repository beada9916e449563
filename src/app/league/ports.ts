/**
 * Ports of the league tools (CONTRACT §7.4): stored army lists and the keys that sign receipts.
 * src/infra/roster-store.ts and src/infra/receipt-keys.ts implement them over the `Database`
 * (PostgreSQL / PGlite); tests/contract/roster-store.test.ts runs one suite against both.
 */
import type { KeyObject } from 'node:crypto';
import { RuleViolation } from '../../kernel/errors.js';

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
  /** CONTRACT §8.4: until this time (ISO 8601) the public link shows the hash and the verdict, not the list. */
  sealedUntil?: string | null;
  /** When the owner revealed a sealed list before its time (POST /v1/eden/rosters/{id}/reveal). */
  revealedAt?: string | null;
  /**
   * CONTRACT §9.4: the random salt of a sealed list's public hash (`rosterSha256` = SHA-256 of
   * `salt + ":" + canonical list`), secret until the list opens, then published with it. Null for
   * a list stored open, and for one sealed before salts were kept (its hash is the unsalted one).
   */
  salt?: string | null;
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
  constructor(
    readonly limit: number,
    message = `This API key already stores ${limit} army lists, the most one key may keep (MAX_STORED_ROSTERS_PER_KEY); nothing was stored.`,
  ) {
    super('quota_exceeded', message, { limit });
    this.name = 'RosterQuotaExceeded';
  }
}

/** The owner already stores `limit` catalog versions (MAX_STORED_CATALOG_VERSIONS_PER_KEY): the same 429 `quota_exceeded` as for lists. */
export class CatalogQuotaExceeded extends RosterQuotaExceeded {
  constructor(limit: number) {
    super(limit, `This API key already stores ${limit} catalog versions, the most one key may keep (MAX_STORED_CATALOG_VERSIONS_PER_KEY); nothing was stored.`);
    this.name = 'CatalogQuotaExceeded';
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
  /**
   * The owner reveals a sealed list: `revealedAt` is set to `at` (ISO 8601) unless the list was
   * revealed already (the first reveal stays). Undefined when `ownerId` stores no list `id`.
   */
  reveal(id: string, ownerId: string, at: string): Promise<StoredRoster | undefined>;
}

/** One version of a league's stored catalog (CONTRACT §8.4). */
export interface StoredCatalog {
  /** Random, chosen at the first version; every version shares it. */
  id: string;
  /** The API key that stored it: only it may add versions. */
  ownerId: string;
  /** 1, 2, …: each update adds the next. */
  version: number;
  /** The catalog body as sent (`name`, `fighters`, `equipment`…). */
  body: unknown;
  /** Hex SHA-256 of the canonical JSON of `body`: what receipts name. */
  sha256: string;
  createdAt: string;
}

export interface CatalogSaveLimits {
  /** Refuse (CatalogQuotaExceeded, nothing stored) when the owner already stores this many versions, of all its catalogs. */
  maxPerOwner?: number;
}

export interface CatalogStore {
  /** Version 1 of a new catalog (`createdAt` set by the store); the quota is counted with the insert, as for lists. */
  create(catalog: Omit<StoredCatalog, 'createdAt' | 'version'>, limits?: CatalogSaveLimits): Promise<StoredCatalog>;
  /**
   * The next version of `catalog.id`, numbered after the latest one atomically (concurrent updates
   * get distinct, consecutive versions). Undefined, and nothing stored, when `catalog.ownerId` does
   * not own that catalog.
   */
  update(catalog: Omit<StoredCatalog, 'createdAt' | 'version'>, limits?: CatalogSaveLimits): Promise<StoredCatalog | undefined>;
  /** A version of anyone's catalog (public), the latest when `version` is absent; undefined when there is none. */
  find(id: string, version?: number): Promise<StoredCatalog | undefined>;
  /** The latest version number of a catalog (0 when unknown). */
  latestVersion(id: string): Promise<number>;
  /** How many versions `ownerId` stores, of all its catalogs. */
  countByOwner(ownerId: string): Promise<number>;
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
