/**
 * The worked examples in docs/*.md are true: every `<!-- request: METHOD PATH -->` block is sent to
 * the real application and the answer must be the `<!-- response: STATUS -->` block that follows
 * (equal, or containing it where the marker says "abridged"). Requests chain within a file: every
 * request carries one API key (`authorization: Bearer $KEY`), and `{id}` in a request's path is the
 * `id` answered by the file's latest `POST /v1/matches`.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readdirSync, readFileSync } from 'node:fs';
import type { FastifyInstance } from 'fastify';
import { apiKey, memoryApp } from '../helpers/app.js';

const DOCS = new URL('../../docs/', import.meta.url);
const PAIR = /<!-- request: (GET|POST) (\S+) -->\s*```json\n([\s\S]*?)```\s*<!-- response: (\d{3})([^>]*)-->\s*```json\n([\s\S]*?)```/g;

const examples = readdirSync(DOCS)
  .filter((f) => f.endsWith('.md'))
  .flatMap((file) =>
    [...readFileSync(new URL(file, DOCS), 'utf8').matchAll(PAIR)].map((m) => ({
      file,
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
let key: string;
/** Per file: the id of the match its latest `POST /v1/matches` created. */
const matchIds = new Map<string, string>();
beforeAll(async () => {
  app = await memoryApp();
  key = await apiKey(app, 'docs');
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
    let url = e.url;
    if (url.includes('{id}')) {
      const id = matchIds.get(e.file);
      expect(id, `${e.file}: no POST /v1/matches before ${e.url}`).toBeDefined();
      url = url.replaceAll('{id}', id!);
    }
    const res = await app.inject({ method: e.method, url, payload: e.request, headers: { authorization: `Bearer ${key}` } });
    expect(res.statusCode, res.body).toBe(e.status);
    if (e.method === 'POST' && e.url === '/v1/matches') matchIds.set(e.file, res.json().id);
    if (e.abridged) expect(res.json()).toMatchObject(e.response);
    else expect(res.json()).toEqual(e.response);
  });
});
