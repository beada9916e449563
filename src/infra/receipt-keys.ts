/**
 * Keys that sign receipts (port: src/app/league/ports.ts), in the `receipt_keys` table (migration
 * 20261201000000_league) on PostgreSQL or PGlite. RECEIPT_SIGNING_KEY (PKCS#8 PEM, Ed25519) wins and
 * is never stored: only its public half is recorded, and any other key in use is retired. Without
 * it, a key is generated once and kept (private half included) so every process and restart signs
 * with the same key. Retired keys stay published. Private keys are never logged or returned.
 */
import { createHash, createPrivateKey, createPublicKey, generateKeyPairSync, type KeyObject } from 'node:crypto';
import type { Database } from '../app/ports.js';
import type { PublicJwk, ReceiptKeyStore } from '../app/league/ports.js';

interface KeyPair {
  kid: string;
  privateKey: KeyObject;
  jwk: PublicJwk;
}

/** The public JWK of `privateKey` with its RFC 7638 thumbprint as `kid`. */
function keyPair(privateKey: KeyObject): KeyPair {
  if (privateKey.asymmetricKeyType !== 'ed25519') throw new Error('RECEIPT_SIGNING_KEY must be an Ed25519 private key (PKCS#8 PEM).');
  const { x } = createPublicKey(privateKey).export({ format: 'jwk' }) as { x: string };
  const kid = createHash('sha256')
    .update(JSON.stringify({ crv: 'Ed25519', kty: 'OKP', x }))
    .digest('base64url');
  return { kid, privateKey, jwk: { kty: 'OKP', crv: 'Ed25519', x, kid, alg: 'EdDSA', use: 'sig' } };
}

/** The configured key (PEM; `\n` escapes accepted, as some environments cannot hold newlines). */
export function configuredKey(pem: string | undefined): KeyPair | undefined {
  if (!pem) return undefined;
  return keyPair(createPrivateKey({ key: pem.replace(/\\n/g, '\n'), format: 'pem' }));
}

const pkcs8 = (k: KeyObject) => k.export({ format: 'pem', type: 'pkcs8' }).toString();

/** Without a database: the configured key, else one generated for the life of the process. */
export function memoryReceiptKeys(pem?: string): ReceiptKeyStore {
  let pair: KeyPair | undefined;
  const current = () => (pair ??= configuredKey(pem) ?? keyPair(generateKeyPairSync('ed25519').privateKey));
  return {
    signingKey: async () => current(),
    publicKeys: async () => [current().jwk],
  };
}

interface Row {
  kid: string;
  public_jwk: unknown;
  private_key: string | null;
}

const json = (v: unknown) => (typeof v === 'string' ? JSON.parse(v) : v) as PublicJwk;

export function sqlReceiptKeys(db: Database, pem?: string): ReceiptKeyStore {
  const configured = configuredKey(pem);
  let inUse: Promise<KeyPair> | undefined;

  async function install(): Promise<KeyPair> {
    if (configured) {
      await db.transaction(async (tx) => {
        await tx.query('UPDATE receipt_keys SET retired_at = now() WHERE retired_at IS NULL AND kid <> $1', [configured.kid]);
        await tx.query(
          `INSERT INTO receipt_keys (kid, public_jwk, private_key) VALUES ($1, $2, NULL)
           ON CONFLICT (kid) DO UPDATE SET retired_at = NULL`,
          [configured.kid, JSON.stringify(configured.jwk)],
        );
      });
      return configured;
    }
    // A key that was configured and no longer is cannot sign: retire it.
    await db.query('UPDATE receipt_keys SET retired_at = now() WHERE retired_at IS NULL AND private_key IS NULL');
    for (let attempt = 0; attempt < 3; attempt++) {
      const { rows } = await db.query<Row>('SELECT kid, public_jwk, private_key FROM receipt_keys WHERE retired_at IS NULL');
      const row = rows[0];
      if (row?.private_key) return { kid: row.kid, privateKey: createPrivateKey(row.private_key), jwk: json(row.public_jwk) };
      const fresh = keyPair(generateKeyPairSync('ed25519').privateKey);
      // Another process may insert first: the unique index on the key in use keeps one, and we read it back.
      await db.query('INSERT INTO receipt_keys (kid, public_jwk, private_key) VALUES ($1, $2, $3) ON CONFLICT DO NOTHING', [
        fresh.kid,
        JSON.stringify(fresh.jwk),
        pkcs8(fresh.privateKey),
      ]);
    }
    throw new Error('No receipt signing key could be installed.');
  }

  return {
    signingKey() {
      inUse ??= install().catch((error) => {
        inUse = undefined;
        throw error;
      });
      return inUse;
    },
    async publicKeys() {
      await this.signingKey();
      const { rows } = await db.query<Row>('SELECT kid, public_jwk FROM receipt_keys ORDER BY created_at, kid');
      return rows.map((r) => json(r.public_jwk));
    },
  };
}
