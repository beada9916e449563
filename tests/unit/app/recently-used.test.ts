/** The bounded most-recently-used map behind the fold cache and the kept answers (src/kernel/recently-used.ts). */
import { describe, expect, it } from 'vitest';
import { RecentlyUsed } from '../../../src/kernel/recently-used.js';

describe('RecentlyUsed', () => {
  it('drops the least recently used beyond its capacity; reading or writing an entry makes it the newest', () => {
    const kept = new RecentlyUsed<string, number>(2);
    kept.set('a', 1);
    kept.set('b', 2);
    expect(kept.get('a')).toBe(1); // a is now newer than b
    kept.set('c', 3);
    expect([kept.get('a'), kept.get('b'), kept.get('c'), kept.size]).toEqual([1, undefined, 3, 2]);
    kept.set('a', 10); // rewritten: newest again
    kept.set('d', 4);
    expect([kept.get('a'), kept.get('c'), kept.get('d')]).toEqual([10, undefined, 4]);
    kept.clear();
    expect(kept.size).toBe(0);
  });

  it('keeps nothing with capacity 0', () => {
    const none = new RecentlyUsed<string, number>(0);
    none.set('a', 1);
    expect([none.get('a'), none.size]).toEqual([undefined, 0]);
  });
});
