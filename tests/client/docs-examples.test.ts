/**
 * The worked examples in docs/*.md are true: every `<!-- request: METHOD PATH -->` block is sent to
 * the real application and the answer must be the `<!-- response: STATUS -->` block that follows
 * (equal, or containing it where the marker says "abridged").
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readdirSync, readFileSync } from 'node:fs';
import type { FastifyInstance } from 'fastify';
import { testApp } from '../helpers/app.js';

const DOCS = new URL('../../docs/', import.meta.url);
const PAIR = /<!-- request: (GET|POST) (\S+) -->\s*```json\n([\s\S]*?)```\s*<!-- response: (\d{3})([^>]*)-->\s*```json\n([\s\S]*?)```/g;

const examples = readdirSync(DOCS)
  .filter((f) => f.endsWith('.md'))
  .flatMap((file) =>
    [...readFileSync(new URL(file, DOCS), 'utf8').matchAll(PAIR)].map((m) => ({
      name: `${file}: ${m[1]} ${m[2]}`,
      method: m[1] as 'GET' | 'POST',
      url: m[2]!,
      request: JSON.parse(m[3]!),
      status: Number(m[4]),
      abridged: m[5]!.includes('abridged'),
      response: JSON.parse(m[6]!),
    })),
  );

let app: FastifyInstance;
beforeAll(async () => {
  app = await testApp();
});
afterAll(async () => app?.close());

describe('documented examples answer as shown', () => {
  it('the docs hold one worked example per game at least', () => {
    const urls = examples.map((e) => e.url);
    for (const prefix of ['/v1/eden/', '/v1/anima/', '/v1/exsilium/', '/v1/spirit-of-eden/'])
      expect(
        urls.some((u) => u.startsWith(prefix)),
        prefix,
      ).toBe(true);
  });

  it.each(examples.map((e) => [e.name, e] as const))('%s', async (_name, e) => {
    const res = await app.inject({ method: e.method, url: e.url, payload: e.request });
    expect(res.statusCode).toBe(e.status);
    if (e.abridged) expect(res.json()).toMatchObject(e.response);
    else expect(res.json()).toEqual(e.response);
  });
});
