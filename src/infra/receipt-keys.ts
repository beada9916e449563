/**
 * Keys that sign receipts (port: src/app/league/ports.ts), in the `receipt_keys` table (migration
 * 20261201000000_league) on PostgreSQL or PGlite. RECEIPT_SIGNING_KEY (PKCS#8 PEM, Ed25519) wins and
 * is never stored: only its public half is recorded, and any other key in use is retired. Without
 * it, a key is generated once and kept (private half included) so every process and restart signs
 * with the same key. Retired keys stay published. Private keys are never logged or returned.
 * The table is read and written through the Prisma client (./prisma/client.ts).
 */
import { createHash, createPrivateKey, createPublicKey, generateKeyPairSync, type KeyObject } from 'node:crypto';
import type { Database } from '../app/ports.js';
import type { PublicJwk, ReceiptKeyStore } from '../app/league/ports.js';
import { prismaFor, type Prisma } from './prisma/client.js';

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

const jwkOf = (v: unknown) => v as PublicJwk;

export function sqlReceiptKeys(db: Database, pem?: string): ReceiptKeyStore {
  const configured = configuredKey(pem);
  const prisma = () => prismaFor(db);
  let inUse: Promise<KeyPair> | undefined;

  async function install(): Promise<KeyPair> {
    if (configured) {
      const jwk = configured.jwk as unknown as Prisma.InputJsonObject;
      await prisma().$transaction(async (tx) => {
        await tx.receiptKey.updateMany({ where: { retiredAt: null, kid: { not: configured.kid } }, data: { retiredAt: new Date() } });
        // INSERT … ON CONFLICT (kid) DO UPDATE SET retired_at = NULL
        await tx.receiptKey.upsert({
          where: { kid: configured.kid },
          create: { kid: configured.kid, publicJwk: jwk, privateKey: null },
          update: { retiredAt: null },
          select: { kid: true },
        });
      });
      return configured;
    }
    // A key that was configured and no longer is cannot sign: retire it.
    await prisma().receiptKey.updateMany({ where: { retiredAt: null, privateKey: null }, data: { retiredAt: new Date() } });
    for (let attempt = 0; attempt < 3; attempt++) {
      const row = await prisma().receiptKey.findFirst({ where: { retiredAt: null }, select: { kid: true, publicJwk: true, privateKey: true } });
      if (row?.privateKey) return { kid: row.kid, privateKey: createPrivateKey(row.privateKey), jwk: jwkOf(row.publicJwk) };
      const fresh = keyPair(generateKeyPairSync('ed25519').privateKey);
      // Another process may insert first: the unique index on the key in use keeps one (ON CONFLICT
      // DO NOTHING, whichever index it is), and we read it back.
      await prisma().receiptKey.createMany({
        data: [{ kid: fresh.kid, publicJwk: fresh.jwk as unknown as Prisma.InputJsonObject, privateKey: pkcs8(fresh.privateKey) }],
        skipDuplicates: true,
      });
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
      const rows = await prisma().receiptKey.findMany({ orderBy: [{ createdAt: 'asc' }, { kid: 'asc' }], select: { publicJwk: true } });
      return rows.map((r) => jwkOf(r.publicJwk));
    },
  };
}
