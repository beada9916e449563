/**
 * The seeded generator behind `"dice": {"seed": "..."}` (CONTRACT §1).
 *
 * Algorithm (frozen for API v1 — golden-value tests in tests/unit/dice pin it):
 * 1. The seed string is encoded as UTF-8 and hashed with cyrb128 into four 32-bit words.
 * 2. Those words seed sfc32 (Chris Doty-Humphrey's Small Fast Counter), which yields 32-bit words.
 * 3. A die with `sides` faces takes words until one falls below the largest multiple of `sides`
 *    that fits in 2^32 (rejection sampling, so every face is exactly equally likely) and
 *    answers `word % sides + 1`.
 * 4. Shuffles are Fisher–Yates from the last index down, each index drawn as a die with i+1 faces.
 * Changing any step changes results for existing seeds, which the contract forbids within v1.
 */

/** The seed's four 32-bit words (step 1 above); exported for generators that must draw the same stream (src/games/eden/rules/simulate/stream.ts), and the hash of schemas' content ids (../validate.ts). */
export function cyrb128(text: string): [number, number, number, number] {
  const bytes = new TextEncoder().encode(text);
  let h1 = 1779033703;
  let h2 = 3144134277;
  let h3 = 1013904242;
  let h4 = 2773480762;
  for (const k of bytes) {
    h1 = h2 ^ Math.imul(h1 ^ k, 597399067);
    h2 = h3 ^ Math.imul(h2 ^ k, 2869860233);
    h3 = h4 ^ Math.imul(h3 ^ k, 951274213);
    h4 = h1 ^ Math.imul(h4 ^ k, 2716044179);
  }
  h1 = Math.imul(h3 ^ (h1 >>> 18), 597399067);
  h2 = Math.imul(h4 ^ (h2 >>> 22), 2869860233);
  h3 = Math.imul(h1 ^ (h3 >>> 17), 951274213);
  h4 = Math.imul(h2 ^ (h4 >>> 19), 2716044179);
  h1 ^= h2 ^ h3 ^ h4;
  h2 ^= h1;
  h3 ^= h1;
  h4 ^= h1;
  return [h1 >>> 0, h2 >>> 0, h3 >>> 0, h4 >>> 0];
}

/** A deterministic stream of 32-bit words and dice derived from a seed string. */
export class SeededRandom {
  private a: number;
  private b: number;
  private c: number;
  private d: number;

  constructor(readonly seed: string) {
    [this.a, this.b, this.c, this.d] = cyrb128(seed);
  }

  /** Next 32-bit unsigned word (sfc32). */
  nextUint32(): number {
    this.a >>>= 0;
    this.b >>>= 0;
    this.c >>>= 0;
    this.d >>>= 0;
    let t = (this.a + this.b) | 0;
    this.a = this.b ^ (this.b >>> 9);
    this.b = (this.c + (this.c << 3)) | 0;
    this.c = (this.c << 21) | (this.c >>> 11);
    this.d = (this.d + 1) | 0;
    t = (t + this.d) | 0;
    this.c = (this.c + t) | 0;
    return t >>> 0;
  }

  /** One die with `sides` faces, 1..sides, unbiased. */
  die(sides: number): number {
    const limit = Math.floor(0x1_0000_0000 / sides) * sides;
    for (;;) {
      const word = this.nextUint32();
      if (word < limit) return (word % sides) + 1;
    }
  }

  /** A shuffled copy of `items` (Fisher–Yates). */
  shuffle<T>(items: readonly T[]): T[] {
    const out = items.slice();
    for (let i = out.length - 1; i > 0; i--) {
      const j = this.die(i + 1) - 1;
      [out[i], out[j]] = [out[j]!, out[i]!];
    }
    return out;
  }
}
