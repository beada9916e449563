/**
 * The in-memory rate-limit windows (src/transport/rate-limit.ts MemoryRateStore, RateLimiter): a
 * fixed window per key from its first request, counted again after it; at most `capacity` keys,
 * expired ones dropped first; a store error lets the request through with the full budget.
 */
import { describe, expect, it } from 'vitest';
import { MemoryRateStore, RateLimiter, type RateStore } from '../../../src/transport/rate-limit.js';

describe('MemoryRateStore', () => {
  it('counts a key within its window and starts again after it', () => {
    let now = 1_000;
    const store = new MemoryRateStore(10, () => now);
    expect(store.incr('a', 60_000)).toEqual({ current: 1, ttl: 60_000 });
    now += 20_000;
    expect(store.incr('a', 60_000)).toEqual({ current: 2, ttl: 40_000 });
    expect(store.incr('b', 60_000)).toEqual({ current: 1, ttl: 60_000 });
    now += 40_000; // a's window is over, b's has 20 s left
    expect(store.incr('a', 60_000)).toEqual({ current: 1, ttl: 60_000 });
    expect(store.incr('b', 60_000)).toEqual({ current: 2, ttl: 20_000 });
  });

  it('keeps at most `capacity` keys: expired ones go first, else the oldest window', () => {
    let now = 0;
    const store = new MemoryRateStore(3, () => now);
    for (const k of ['a', 'b', 'c']) store.incr(k, 1_000);
    now = 500;
    store.incr('d', 1_000); // all alive: the oldest (a) is dropped
    expect(store.size).toBe(3);
    expect(store.incr('b', 1_000).current).toBe(2);
    expect(store.incr('a', 1_000).current).toBe(1);
    now = 1_600; // b, c (from 0) are over; d and a (from 500) too
    store.incr('e', 1_000);
    expect(store.size).toBe(1);
  });
});

describe('RateLimiter', () => {
  it('reports limit, remaining, reset and exceeded as the RateLimit headers need them', () => {
    let now = 0;
    const limiter = new RateLimiter(2, 60_000, new MemoryRateStore(100, () => now));
    expect(limiter.chargeKey('ip:x')).toEqual({ max: 2, remaining: 1, ttl: 60_000, ttlInSeconds: 60, isExceeded: false });
    now = 1_500;
    expect(limiter.chargeKey('ip:x')).toMatchObject({ remaining: 0, ttlInSeconds: 59, isExceeded: false });
    expect(limiter.chargeKey('ip:x')).toMatchObject({ remaining: 0, isExceeded: true });
  });

  it('lets a request through when the store fails (synchronously or not)', async () => {
    const throwing: RateStore = {
      incr: () => {
        throw new Error('down');
      },
    };
    const rejecting: RateStore = { incr: () => Promise.reject(new Error('down')) };
    const open = { max: 5, remaining: 5, ttl: 0, ttlInSeconds: 0, isExceeded: false };
    expect(new RateLimiter(5, 60_000, throwing).chargeKey('k')).toEqual(open);
    expect(await new RateLimiter(5, 60_000, rejecting).chargeKey('k')).toEqual(open);
  });
});
