/**
 * `signedByService` (src/app/league/receipts.ts) remembers tokens whose signature checked: a seat
 * token sent with every command is verified, and the published keys read, once. A token that does
 * not check is checked (and refused) every time, and the memory is bounded.
 */
import { describe, expect, it } from 'vitest';
import type { ReceiptKeyStore } from '../../../src/app/league/ports.js';
import { signToken, signedByService } from '../../../src/app/league/receipts.js';
import { memoryReceiptKeys } from '../../../src/infra/receipt-keys.js';

/** A key store counting its reads of the published keys. */
function counted(): { keys: ReceiptKeyStore; reads: () => number } {
  const inner = memoryReceiptKeys();
  let reads = 0;
  return {
    keys: { signingKey: () => inner.signingKey(), publicKeys: () => (reads++, inner.publicKeys()) },
    reads: () => reads,
  };
}

const seatToken = (keys: ReceiptKeyStore, n = 0) => signToken(keys, 'seat', { scope: 'seat', sub: 'owner', res: 'match:m', seat: 'p1', gen: 0, n });

describe('signedByService remembers the tokens it verified', () => {
  it('a token that checked is not verified again: the keys are read once for it', async () => {
    const { keys, reads } = counted();
    const token = await seatToken(keys);
    expect(await signedByService(keys, token)).toBe(true);
    expect(await signedByService(keys, token)).toBe(true);
    expect(await signedByService(keys, token)).toBe(true);
    expect(reads()).toBe(1);
  });

  it('an altered token is refused every time, never remembered', async () => {
    const { keys, reads } = counted();
    const token = await seatToken(keys);
    const [header, payload, signature] = token.split('.');
    const altered = [header, Buffer.from(JSON.stringify({ scope: 'seat', sub: 'other', res: 'match:m', seat: 'p1', gen: 0 })).toString('base64url'), signature].join('.');
    expect(payload).not.toBe(altered.split('.')[1]);
    expect(await signedByService(keys, altered)).toBe(false);
    expect(await signedByService(keys, altered)).toBe(false);
    expect(reads()).toBe(2);
  });

  it('a token signed by another service is refused by this one even after that service verified it', async () => {
    const ours = counted();
    const theirs = counted();
    const token = await seatToken(theirs.keys);
    expect(await signedByService(theirs.keys, token)).toBe(true);
    expect(await signedByService(ours.keys, token)).toBe(false);
  });

  it('remembers at most 4,096 tokens per key store, forgetting the oldest first', async () => {
    const { keys, reads } = counted();
    const tokens = await Promise.all(Array.from({ length: 4097 }, (_, n) => seatToken(keys, n)));
    for (const token of tokens) await signedByService(keys, token);
    expect(reads()).toBe(4097);
    await signedByService(keys, tokens[4096]!);
    await signedByService(keys, tokens[1]!);
    expect(reads()).toBe(4097);
    await signedByService(keys, tokens[0]!);
    expect(reads()).toBe(4098);
  });
});
