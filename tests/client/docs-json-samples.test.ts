/**
 * The JSON and browser samples of the docs that stand outside the markers of docs-examples.test.ts
 * (tests/helpers/docs-samples.ts finds them by kind) are sent to the real app, each at its point:
 * - `{"command": …}` bodies: anima-match.md's three at their steps of the match its text plays
 *   (the gapCards deck of tests/fixtures/anima-match.ts; the commands between the steps are the
 *   ones tests/api/anima-match.test.ts sends), tables.md's takeback request from p2's seat of an
 *   EDEN match where both bands are registered. Each is accepted, and the sentence after it holds:
 *   the event types it names (`anima.went`) are the answer's, in order, and each `member: value` it
 *   quotes (`forCombat: false`, `"benefit": {…}`) is a member of some object of the answer;
 * - a token body: sent to the route the text names, which echoes its members;
 * - a problem+json: the answer to the request the text describes, at its `instance`, as shown
 *   (`…` as tests/helpers/elided-json.ts reads it);
 * - an EDEN fighter: its profile (all but `wounds`, `markers`, `ap`) registered in a match, the event
 *   carries the fighter exactly as shown, its state as the service starts it;
 * - an `EventSource` snippet: run with a seat token of a match whose missions are played (an
 *   EventSource over fetch stands in for the browser's): the listeners it names hear events, and a
 *   revocation of the seat closes it.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { isDeepStrictEqual } from 'node:util';
import type { FastifyInstance } from 'fastify';
import { apiKey, memoryApp } from '../helpers/app.js';
import { samplesOfKind, type Sample } from '../helpers/docs-samples.js';
import { mismatches, parseElided } from '../helpers/elided-json.js';
import { waitFor } from '../helpers/sse-stream.js';
import { ANIMA_PLAYERS, KEEP_REDIRECT, gapCards } from '../fixtures/anima-match.js';
import { fighter, preparation } from '../fixtures/eden-match.js';
import { meleeExamples } from '../../src/games/eden/operations/examples.js';

type Json = Record<string, any>;
let app: FastifyInstance;
let base: string;
let key: string;
beforeAll(async () => {
  app = await memoryApp();
  base = await app.listen({ port: 0, host: '127.0.0.1' });
  key = await apiKey(app, 'docs json');
});
afterAll(async () => app?.close());

const call = async (method: 'GET' | 'POST' | 'DELETE', url: string, payload?: unknown, credential = key) => {
  const res = await app.inject({ method, url, headers: { authorization: `Bearer ${credential}` }, ...(payload === undefined ? {} : { payload: payload as object }) });
  return { status: res.statusCode, body: (res.body ? res.json() : undefined) as Json };
};
const created = async (body: Json) => {
  const res = await call('POST', '/v1/matches', body);
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res.body.id as string;
};
const command = async (id: string, body: Json, credential = key) => {
  const res = await call('POST', `/v1/matches/${id}/commands`, body, credential);
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res.body;
};

/** Every object of `value`, nested ones included. */
const objects = (value: unknown): Json[] =>
  typeof value !== 'object' || value === null ? [] : [...(Array.isArray(value) ? [] : [value as Json]), ...Object.values(value).flatMap(objects)];

/** The sentence after a command holds for its answer: the event types it names, the members it quotes. */
function expectSentence(sample: Sample, answer: Json) {
  const sentence = /^[\s\S]*?\.(?=\s|$)/.exec(sample.after.trim())![0];
  const spans = [...sentence.matchAll(/`([^`]+)`/g)].map((m) => m[1]!.replace(/\s+/g, ' '));
  const where = `${sample.file}:${sample.line}: ${sentence}`;
  expect(
    answer.events.map((e: Json) => e.type),
    where,
  ).toEqual(spans.filter((s) => /^[a-z-]+\.[a-z_]+$/.test(s)));
  for (const span of spans) {
    const quoted = /^"?(\w+)"?: (.+)$/.exec(span);
    if (!quoted) continue;
    const value = JSON.parse(quoted[2]!) as unknown;
    expect(
      objects(answer).some((o) => quoted[1]! in o && isDeepStrictEqual(o[quoted[1]!], value)),
      `${where}: no \`${span}\` in the answer`,
    ).toBe(true);
  }
}

const end = (player: string) => ({ command: { type: 'anima.end_phase', player } });
/** anima-match.md's steps: the commands before each sample of the page, in order (its sentences say where the match stands). */
const ANIMA_BEFORE = [
  [...KEEP_REDIRECT.map((c) => ({ command: c })), end('p1'), end('p2')],
  [{ command: { type: 'anima.go', player: 'p2', location: 'Las Ruinas' } }, end('p1'), end('p2')],
  [],
];

/** An EDEN match of players p1 and p2 with both bands registered (version 2), and p2's seat token. */
async function edenTable() {
  const id = await created({
    game: 'eden',
    players: [
      { id: 'p1', name: 'Ana' },
      { id: 'p2', name: 'Ben' },
    ],
  });
  const seat = (await call('POST', `/v1/matches/${id}/seats/p2/tokens`, { ttlSeconds: 600 })).body.token as string;
  const [bandA, bandB] = preparation([fighter('a1')], [fighter('b1')]);
  await command(id, { command: bandA });
  await command(id, { command: bandB }, seat);
  return { id, seat };
}

/** The browser's EventSource as far as the docs use it, over fetch (no headers: the token is in the address). */
class FetchEventSource {
  readonly heard: string[] = [];
  closed = false;
  private readonly listeners = new Map<string, ((e: { data: string; lastEventId: string }) => void)[]>();
  private readonly abort = new AbortController();
  constructor(url: string) {
    void this.read(url).catch(() => undefined);
  }
  addEventListener(type: string, listener: (e: { data: string; lastEventId: string }) => void) {
    this.listeners.set(type, [...(this.listeners.get(type) ?? []), listener]);
  }
  close() {
    this.closed = true;
    this.abort.abort();
  }
  private async read(url: string) {
    const res = await fetch(url, { signal: this.abort.signal });
    const decoder = new TextDecoder();
    let buffer = '';
    for await (const chunk of res.body!) {
      buffer += decoder.decode(chunk as Uint8Array, { stream: true });
      for (let end: number; (end = buffer.indexOf('\n\n')) >= 0; buffer = buffer.slice(end + 2)) {
        const fields = Object.fromEntries(
          buffer
            .slice(0, end)
            .split('\n')
            .map((l) => [l.slice(0, l.indexOf(':')), l.slice(l.indexOf(':') + 2)]),
        );
        if (fields.data === undefined) continue;
        this.heard.push(fields.event ?? 'message');
        for (const listener of this.listeners.get(fields.event ?? 'message') ?? []) listener({ data: fields.data, lastEventId: fields.id ?? '' });
      }
    }
  }
}

describe('the JSON and browser samples of the docs hold against the app', () => {
  it('anima-match.md: each command, sent at its step of the match, answers as its sentence says', async () => {
    const samples = samplesOfKind('command').filter((s) => s.file === 'docs/anima-match.md');
    expect(samples).toHaveLength(ANIMA_BEFORE.length);
    const id = await created({ game: 'anima', players: ANIMA_PLAYERS, options: gapCards() });
    for (const [i, sample] of samples.entries()) {
      for (const before of ANIMA_BEFORE[i]!) await command(id, before);
      expectSentence(sample, await command(id, JSON.parse(sample.text)));
    }
  });

  it('tables.md: the takeback request, sent from p2’s seat, leaves p1 pending as its sentence says', async () => {
    const [sample, ...more] = samplesOfKind('command').filter((s) => s.file === 'docs/tables.md');
    expect(more).toEqual([]);
    const { id, seat } = await edenTable();
    expectSentence(sample!, await command(id, JSON.parse(sample!.text), seat));
  });

  it('no other docs file holds a command sample this test does not send', () => {
    expect([...new Set(samplesOfKind('command').map((s) => s.file))].sort()).toEqual(['docs/anima-match.md', 'docs/tables.md']);
  });

  it('token bodies: sent to the route their text names, each member echoed', async () => {
    const samples = samplesOfKind('token-body');
    expect(samples.length).toBeGreaterThan(0);
    const { id } = await edenTable();
    for (const sample of samples) {
      const route = /`POST (\/v1\/\S+)`/.exec(sample.after)?.[1];
      expect(route, `${sample.file}:${sample.line}: the text names no route`).toBeDefined();
      const body = JSON.parse(sample.text) as Json;
      const res = await call('POST', route!.replace('{id}', id), body);
      expect(res.status, JSON.stringify(res.body)).toBe(201);
      const { ttlSeconds: _, ...echoed } = body;
      expect(res.body).toMatchObject(echoed);
    }
  });

  /** The requests the problem samples answer, by their `instance`, as their text describes them. */
  const PROBLEM_REQUESTS: Record<string, () => Json> = {
    // api.md: "A melee request whose attacker has no `limbs` and whose target's `value` is `"twenty"`"
    '/v1/eden/attacks/melee': () => {
      const { attacker, target, ...rest } = structuredClone(meleeExamples[0]!.value) as Json;
      delete attacker.limbs;
      return { ...rest, attacker, target: { ...target, value: 'twenty' } };
    },
  };

  it('problem samples: the answer to the request their text describes', async () => {
    const samples = samplesOfKind('problem');
    expect(samples.length).toBeGreaterThan(0);
    for (const sample of samples) {
      const instance = (JSON.parse(sample.text.replaceAll('…', '')) as Json).instance as string;
      expect(PROBLEM_REQUESTS[instance], `${sample.file}:${sample.line}: no request known for ${instance}`).toBeDefined();
      const res = await call('POST', instance, PROBLEM_REQUESTS[instance]!());
      expect(mismatches(res.body, parseElided(sample.text)), `${sample.file}:${sample.line}`).toEqual([]);
    }
  });

  it('fighter samples: their profile registered in a match, the event carries the fighter as shown (its fresh state added)', async () => {
    const samples = samplesOfKind('fighter');
    expect(samples.length).toBeGreaterThan(0);
    for (const sample of samples) {
      const id = await created({
        game: 'eden',
        players: [
          { id: 'ana', name: 'Ana' },
          { id: 'ben', name: 'Ben' },
        ],
      });
      const { wounds: _w, markers: _m, ap: _a, ...profile } = JSON.parse(sample.text) as Json;
      const answer = await command(id, { command: { type: 'eden.register_band', player: 'A', bandType: 'faction', fighters: [profile] } });
      expect(mismatches(answer.events[0].data.fighters[0], parseElided(sample.text)), `${sample.file}:${sample.line}`).toEqual([]);
    }
  });

  it('EventSource snippets: with a seat token, the listeners named hear the feed; revoking the seat closes it', async () => {
    const samples = samplesOfKind('event-source');
    expect(samples.length).toBeGreaterThan(0);
    for (const sample of samples) {
      const { id, seat } = await edenTable();
      for (const c of preparation([fighter('a1')], [fighter('b1')]).slice(2, 7)) await command(id, { command: c });
      const shown: Json[] = [];
      const opened: FetchEventSource[] = [];
      /** `new EventSource(url)` in the snippet: a constructor returning its object is what `new` gives. */
      const Source = function (url: string) {
        opened.push(new FetchEventSource(url));
        return opened.at(-1);
      };
      new Function('EventSource', 'base', 'matchId', 'seatToken', 'show', sample.text)(Source, base, id, seat, (event: Json) => shown.push(event));
      expect(opened).toHaveLength(1);
      await waitFor('the events the snippet listens to', () => shown.length === 2);
      expect(shown.map((e) => e.type)).toEqual(['eden.mission_played', 'eden.mission_played']);
      expect((await call('DELETE', `/v1/matches/${id}/seats/p2/tokens`)).status).toBe(204);
      await waitFor('the snippet to close its feed', () => opened[0]!.closed);
      expect(opened[0]!.heard).toContain('revoked');
    }
  });
});
