/**
 * Wrong admin tokens are counted across replicas when Redis is configured (issue 36: the admin
 * guess limit was per process, so N replicas allowed N × ADMIN_AUTH_FAILURES_PER_MINUTE guesses):
 * two apps on one Redis, the guesses made on A lock the same address out on B, per client address
 * (TRUST_PROXY). Needs REDIS_URL.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import type { Redis } from 'ioredis';
import { memoryApp } from '../helpers/app.js';
import { openRedis } from '../../src/infra/redis.js';

const REDIS_URL = process.env.REDIS_URL;

describe.skipIf(!REDIS_URL)('admin guesses through Redis', () => {
  let a: FastifyInstance;
  let b: FastifyInstance;
  let redis: Redis;
  beforeAll(async () => {
    redis = openRedis(REDIS_URL!);
    // commands are not queued while connecting (enableOfflineQueue: false): wait until it is ready
    if (redis.status !== 'ready') await new Promise((resolve) => redis.once('ready', resolve));
    const config = { adminToken: 'right', adminAuthFailuresPerMinute: 2, trustProxy: 1 };
    a = await memoryApp(config, { redis });
    b = await memoryApp(config, { redis });
  });
  afterAll(async () => {
    await a?.close();
    await b?.close();
    redis?.disconnect();
  });

  it('two wrong tokens on replica A: the same address is 429 on replica B; another address is not', async () => {
    // addresses of this run (the Redis server is shared): their counts are cleared first and last
    const ip = `198.51.100.${1 + Math.floor(Math.random() * 250)}`;
    const guesser = `203.0.${Math.floor(Math.random() * 250)}.${Math.floor(Math.random() * 250)}`;
    await redis.del(`arbiter-admin-failures:${guesser}`, `arbiter-admin-failures:${ip}`);
    const admin = (app: FastifyInstance, from: string) =>
      app.inject({ method: 'POST', url: '/v1/admin/keys', headers: { 'x-forwarded-for': from, authorization: 'Bearer wrong' }, payload: { name: 'x' } });
    expect((await admin(a, guesser)).statusCode).toBe(403);
    expect((await admin(a, guesser)).statusCode).toBe(403);
    const locked = await admin(b, guesser);
    expect(locked.statusCode).toBe(429);
    expect(Number(locked.headers['retry-after'])).toBeGreaterThan(0);
    expect((await admin(b, ip)).statusCode).toBe(403);
    await redis.del(`arbiter-admin-failures:${guesser}`, `arbiter-admin-failures:${ip}`);
  });
});
