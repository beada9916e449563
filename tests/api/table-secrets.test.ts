/**
 * CONTRACT §8.1, end to end: for every game a scripted match (tests/fixtures/tables/<game>.ts) is
 * played through the API, each command sent with the token of the seat that makes it (or the owner's
 * key), and then everything a seat or a spectator can read is gathered — the match at every
 * version (the initial state included), the event log, the moves, the SSE feed, the GraphQL
 * `match` / `matchEvents` queries and subscription, its own command answers, refusals of commands
 * that are not its own and of routes it may not use, and the match after a correction — and
 * searched for the texts the script says are secret to it. Each secret is first found in what the
 * owner reads, so a script whose secrets never reached the match fails too.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { apiKey, memoryApp } from '../helpers/app.js';
import { WebSocket } from '../helpers/ws.js';
import type { TableScript } from '../fixtures/tables/script.js';
import { script as eden } from '../fixtures/tables/eden.js';
import { script as anima } from '../fixtures/tables/anima.js';
import { script as exsilium } from '../fixtures/tables/exsilium.js';
import { script as spirit } from '../fixtures/tables/spirit-of-eden.js';

const SCRIPTS: TableScript[] = [eden, anima, exsilium, spirit];

let app: FastifyInstance;
let base: string;

beforeAll(async () => {
  app = await memoryApp();
  await app.listen({ port: 0, host: '127.0.0.1' });
  base = `http://127.0.0.1:${(app.server.address() as { port: number }).port}`;
});
afterAll(async () => app?.close());

const bearer = (token: string) => ({ authorization: `Bearer ${token}` });

async function call(method: string, url: string, token: string, payload?: unknown) {
  const res = await app.inject({ method: method as 'GET', url, headers: bearer(token), ...(payload === undefined ? {} : { payload: payload as object }) });
  return { status: res.statusCode, text: res.body, json: () => res.json() };
}

/** Every event of the SSE feed from version 1, as the token reads them (the stream closes once they are sent). */
async function feedText(matchId: string, token: string): Promise<string> {
  const res = await fetch(`${base}/v1/matches/${matchId}/feed?from=1&follow=false&token=${encodeURIComponent(token)}`);
  expect(res.status).toBe(200);
  return res.text();
}

/** The GraphQL subscription from version 0 until `version` events arrived, as the token reads them. */
async function subscriptionText(matchId: string, token: string, version: number): Promise<string> {
  const ws = new WebSocket(`${base.replace('http', 'ws')}/graphql`, 'graphql-transport-ws');
  const messages: string[] = [];
  try {
    ws.on('message', (data) => messages.push(String(data)));
    await new Promise<void>((resolve, reject) => {
      ws.on('open', resolve);
      ws.on('error', reject);
    });
    ws.send(JSON.stringify({ type: 'connection_init', payload: { authorization: `Bearer ${token}` } }));
    ws.send(
      JSON.stringify({
        id: 's',
        type: 'subscribe',
        payload: { query: 'subscription($id: ID!) { matchEvents(id: $id, after: 0) { version type data } }', variables: { id: matchId } },
      }),
    );
    const nexts = () => messages.filter((m) => m.includes('"next"')).length;
    for (let waited = 0; nexts() < version && !messages.some((m) => m.includes('"error"')); waited += 20) {
      if (waited > 10_000) throw new Error(`the subscription sent ${nexts()} of ${version} events`);
      await new Promise((r) => setTimeout(r, 20));
    }
    expect(messages.some((m) => m.includes('"error"'))).toBe(false);
    return messages.join('\n');
  } finally {
    ws.close();
  }
}

async function graphqlText(matchId: string, token: string): Promise<string> {
  const query = 'query($id: ID!) { match(id: $id) { version viewer { kind playerId } options state } matchEvents(id: $id, from: 1, limit: 1000) { events { version type data } } }';
  const res = await app.inject({ method: 'POST', url: '/graphql', headers: bearer(token), payload: { query, variables: { id: matchId } } });
  expect(res.statusCode).toBe(200);
  expect(res.json().errors).toBeUndefined();
  return res.body;
}

for (const script of SCRIPTS) {
  describe(`${script.game}: what a seat or spectator reads holds none of its secrets (CONTRACT §8.1)`, () => {
    let key: string;
    let matchId: string;
    const tokens: Record<string, string> = {};
    /** What each reader has read (command answers as they are sent, the rest gathered later). */
    const read: Record<string, string[]> = {};
    let version = 0;

    beforeAll(async () => {
      key = await apiKey(app, `tables ${script.game}`);
      const created = await call('POST', '/v1/matches', key, { game: script.game, players: script.players, options: script.options });
      expect(created.status, created.text).toBe(201);
      matchId = created.json().id;
      for (const p of script.players) {
        const issued = await call('POST', `/v1/matches/${matchId}/seats/${p.id}/tokens`, key, { ttlSeconds: 3600 });
        expect(issued.status, issued.text).toBe(201);
        tokens[p.id] = issued.json().token;
      }
      tokens.spectator = (await call('POST', `/v1/matches/${matchId}/spectator-tokens`, key, {})).json().token;
      for (const reader of Object.keys(tokens)) read[reader] = [];
    });

    it('every step is accepted from the seat that makes it', async () => {
      for (const [i, step] of script.steps.entries()) {
        const token = step.by === 'owner' ? key : tokens[step.by]!;
        const answer = await call('POST', `/v1/matches/${matchId}/commands`, token, { expectedVersion: version, command: step.command });
        expect(answer.status, `step ${i} (${String(step.command.type)} by ${step.by}): ${answer.text}`).toBe(201);
        version = answer.json().version;
        if (step.by !== 'owner') read[step.by]!.push(answer.text);
      }
    });

    it('a command that is not the seat’s own is 403 not_your_seat and appends nothing; a spectator sends none', async () => {
      const commands = [...script.notYours, ...script.steps.slice(0, 1).map((s) => ({ by: 'spectator', command: s.command }))];
      for (const { by, command } of commands) {
        const answer = await call('POST', `/v1/matches/${matchId}/commands`, tokens[by]!, { command });
        expect(answer.status, `${String(command.type)} by ${by}: ${answer.text}`).toBe(403);
        expect(answer.json().code).toBe('not_your_seat');
        read[by]!.push(answer.text);
      }
      const owner = await call('GET', `/v1/matches/${matchId}`, key);
      expect(owner.json().version).toBe(version);
    });

    it('each secret is in what the owner reads, and in nothing its readers can read', async () => {
      const ownerText = [(await call('GET', `/v1/matches/${matchId}`, key)).text, (await call('GET', `/v1/matches/${matchId}/events?limit=1000`, key)).text].join('\n');
      const readers = Object.keys(script.secrets);
      expect(readers.length).toBeGreaterThan(0);
      for (const reader of readers) {
        const token = tokens[reader]!;
        const texts = read[reader]!;
        const viewed = await call('GET', `/v1/matches/${matchId}`, token);
        expect(viewed.status).toBe(200);
        expect(viewed.json().viewer).toEqual(reader === 'spectator' ? { kind: 'spectator' } : { kind: 'seat', playerId: reader });
        texts.push(viewed.text);
        for (let v = 0; v <= version; v++) texts.push((await call('GET', `/v1/matches/${matchId}?version=${v}`, token)).text);
        const events = await call('GET', `/v1/matches/${matchId}/events?limit=1000`, token);
        expect(events.json().events.map((e: { version: number }) => e.version)).toEqual(Array.from({ length: version }, (_, i) => i + 1));
        texts.push(events.text);
        texts.push((await call('GET', `/v1/matches/${matchId}/moves`, token)).text);
        texts.push(await feedText(matchId, token));
        texts.push(await graphqlText(matchId, token));
        texts.push(await subscriptionText(matchId, token, version));
        // routes a seat token does not open answer without the match
        for (const [method, url] of [
          ['GET', `/v1/matches/${matchId}/result`],
          ['POST', `/v1/matches/${matchId}/corrections`],
          ['POST', `/v1/matches/${matchId}/feed-tokens`],
          ['GET', `/v1/matches/${matchId}?as=spectator`],
        ] as const) {
          const refused = await call(method, url, token, method === 'POST' ? {} : undefined);
          expect(refused.status, `${method} ${url}`).toBeGreaterThanOrEqual(400);
          texts.push(refused.text);
        }
        const all = texts.join('\n');
        for (const secret of script.secrets[reader]!) {
          expect(ownerText.includes(secret), `the owner reads "${secret}"`).toBe(true);
          expect(all.includes(secret), `${reader} reads "${secret}"`).toBe(false);
        }
      }
    });

    it('after a correction (undo) the readers still read none of their secrets', async () => {
      const corrected = await call('POST', `/v1/matches/${matchId}/corrections`, key, { expectedVersion: version, reason: 'table talk', undo: 1 });
      expect(corrected.status, corrected.text).toBe(201);
      for (const reader of Object.keys(script.secrets)) {
        const token = tokens[reader]!;
        const all = [(await call('GET', `/v1/matches/${matchId}`, token)).text, (await call('GET', `/v1/matches/${matchId}/events?limit=1000`, token)).text].join('\n');
        for (const secret of script.secrets[reader]!) expect(all.includes(secret), `${reader} reads "${secret}" after the correction`).toBe(false);
      }
    });
  });
}
