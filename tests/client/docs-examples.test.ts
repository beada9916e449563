/**
 * The worked examples in docs/*.md are true: every `<!-- request: METHOD PATH -->` block is sent to
 * the real application and the answer must be the `<!-- response: STATUS -->` block that follows
 * (equal, or containing it where the marker says "abridged"). Requests chain within a file, in order:
 * - every request carries one API key (`authorization: Bearer $KEY`), or, with `with {name}` after
 *   its path (`<!-- request: GET /v1/matches/{id} with {anaToken} -->`), the value kept as `{name}`
 *   (a seat or spectator token) in its place;
 * - a request marker may stand without a body block (nothing is sent) and a response marker without
 *   an answer block (the answer must be empty: `<!-- response: 204 -->`); DELETE is sent too;
 * - a ```json request block is sent as JSON, a ```text one as `text/plain`;
 * - `{id}` in a request's path is the `id` answered by the file's latest `POST /v1/matches`;
 * - a response marker may keep members of its answer for later blocks: `keeps id as {ana}, receipt
 *   as {anaReceipt}`; `{ana}` is then replaced in later paths, bodies and expected answers. `{base}`
 *   is the address the app listens on.
 * - `<!-- script: NAME.mjs -->` before a ```js block saves the block as written (as a reader would)
 *   and imports it; `<!-- call: FUNCTION [ARGS…] -->` calls one of its exports with the JSON array of
 *   arguments, and the ```json block after it is its answer (abridged like a response).
 * The app's clock starts at 2026-03-06T18:00:00Z (a league night) and runs on from there.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { pathToFileURL } from 'node:url';
import type { FastifyInstance } from 'fastify';
import { apiKey, memoryApp } from '../helpers/app.js';

const DOCS = new URL('../../docs/', import.meta.url);
/** Saved scripts go where a bare import (`jose`) resolves to the project's dependencies. */
const SCRIPTS = new URL('../../node_modules/.cache/arbiter-docs-scripts/', import.meta.url);
const BLOCK =
  /<!-- request: (GET|POST|PUT|DELETE) (\S+)(?: with \{(\w+)\})? -->(?:\s*```(json|text)\n([\s\S]*?)```)?\s*<!-- response: (\d{3})([^>]*)-->(?:\s*```json\n([\s\S]*?)```)?|<!-- script: (\S+) -->\s*```js\n([\s\S]*?)```|<!-- call: (\w+) (\[[^>]*\]) -->\s*```json\n([\s\S]*?)```/g;
const START = Date.parse('2026-03-06T18:00:00Z');

type Step =
  | { kind: 'request'; method: 'GET' | 'POST' | 'PUT' | 'DELETE'; url: string; bearer?: string; text: boolean; request?: string; status: number; marker: string; response?: string }
  | { kind: 'script'; name: string; source: string }
  | { kind: 'call'; fn: string; args: string; response: string };

const files = readdirSync(DOCS)
  .filter((f) => f.endsWith('.md'))
  .map((file) => ({
    file,
    steps: [...readFileSync(new URL(file, DOCS), 'utf8').matchAll(BLOCK)].map((m): Step => {
      if (m[1])
        return { kind: 'request', method: m[1] as 'GET', url: m[2]!, bearer: m[3], text: m[4] === 'text', request: m[5], status: Number(m[6]), marker: m[7]!, response: m[8] };
      if (m[9]) return { kind: 'script', name: m[9], source: m[10]! };
      return { kind: 'call', fn: m[11]!, args: m[12]!, response: m[13]! };
    }),
  }))
  .filter((f) => f.steps.length);

let app: FastifyInstance;
let key: string;
let base: string;
/** Per file: `{name}` → value, from `keeps … as {name}` markers (and `{id}`: the latest match). */
const kept = new Map<string, Map<string, string>>();
/** Per file: the exports of its saved scripts. */
const scripts = new Map<string, Record<string, (...args: unknown[]) => unknown>>();
beforeAll(async () => {
  const started = Date.now();
  app = await memoryApp({}, { clock: { now: () => START + (Date.now() - started) } });
  key = await apiKey(app, 'docs');
  base = await app.listen({ port: 0, host: '127.0.0.1' });
});
afterAll(async () => app?.close());

/** `text` with every `{name}` kept for `file` (and `{base}`) replaced; JSON-escaped inside JSON strings is not needed for the values kept (ids, receipts). */
function fill(file: string, text: string): string {
  const values = kept.get(file) ?? new Map<string, string>();
  return text.replace(/\{(\w+)\}/g, (whole, name: string) => (name === 'base' ? base : (values.get(name) ?? whole)));
}

function keep(file: string, name: string, value: unknown) {
  if (!kept.has(file)) kept.set(file, new Map());
  kept.get(file)!.set(name, String(value));
}

function check(actual: unknown, expected: unknown, abridged: boolean) {
  if (abridged) expect(actual).toMatchObject(expected as object);
  else expect(actual).toEqual(expected);
}

describe('documented examples answer as shown', () => {
  it('the docs hold one worked example per game at least', () => {
    const urls = files.flatMap((f) => f.steps.flatMap((s) => (s.kind === 'request' ? [s.url] : [])));
    for (const prefix of ['/v1/eden/', '/v1/anima/', '/v1/exsilium/', '/v1/spirit-of-eden/'])
      expect(
        urls.some((u) => u.startsWith(prefix)),
        prefix,
      ).toBe(true);
  });

  it('every request, script and call marker is read (one the pattern misses would be skipped silently)', () => {
    for (const file of readdirSync(DOCS).filter((f) => f.endsWith('.md'))) {
      const text = readFileSync(new URL(file, DOCS), 'utf8');
      expect([...text.matchAll(BLOCK)].length, file).toBe(text.match(/<!-- (request|script|call):/g)?.length ?? 0);
    }
  });

  for (const { file, steps } of files) {
    describe(file, () => {
      steps.forEach((step, i) => {
        const name = step.kind === 'request' ? `${step.method} ${step.url}` : step.kind === 'script' ? `script ${step.name}` : `call ${step.fn}`;
        it(`${i + 1}. ${name}`, async () => {
          if (step.kind === 'script') {
            mkdirSync(SCRIPTS, { recursive: true });
            const target = new URL(`${file.replace(/\W/g, '-')}-${step.name}`, SCRIPTS);
            writeFileSync(target, step.source);
            scripts.set(file, { ...scripts.get(file), ...(await import(/* @vite-ignore */ pathToFileURL(target.pathname).href)) });
            return;
          }
          if (step.kind === 'call') {
            const fn = scripts.get(file)?.[step.fn];
            expect(fn, `${file}: no script exports ${step.fn}`).toBeTypeOf('function');
            const answer = await fn!(...(JSON.parse(fill(file, step.args)) as unknown[]));
            check(answer, JSON.parse(fill(file, step.response)), true);
            return;
          }
          let url = step.url;
          if (url.includes('{id}') && !kept.get(file)?.has('id')) expect.fail(`${file}: no POST /v1/matches before ${step.url}`);
          url = fill(file, url);
          const payload = step.request === undefined ? undefined : step.text ? fill(file, step.request) : JSON.parse(fill(file, step.request));
          if (step.bearer && !kept.get(file)?.has(step.bearer)) expect.fail(`${file}: nothing kept as {${step.bearer}} before ${step.url}`);
          const credential = step.bearer ? fill(file, `{${step.bearer}}`) : key;
          const headers: Record<string, string> = { authorization: `Bearer ${credential}`, ...(step.text ? { 'content-type': 'text/plain' } : {}) };
          const res = await app.inject({ method: step.method, url, headers, ...(payload === undefined ? {} : { payload }) });
          expect(res.statusCode, res.body).toBe(step.status);
          if (step.response === undefined) return void expect(res.body).toBe('');
          const body = res.json();
          if (step.method === 'POST' && step.url === '/v1/matches') keep(file, 'id', body.id);
          for (const [, member, as] of step.marker.matchAll(/(\w+) as \{(\w+)\}/g)) keep(file, as!, body[member!]);
          check(body, JSON.parse(fill(file, step.response)), step.marker.includes('abridged'));
        });
      });
    });
  }
});
