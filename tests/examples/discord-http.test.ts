/**
 * The Discord bot as an HTTP-interactions endpoint (examples/discord-bot/http-interactions.ts):
 * interactions signed here with a test Ed25519 key, the real app listening on 127.0.0.1, and a
 * recorder in place of Discord's API. No Discord connection. Checks: signature verification (401),
 * replays (stale or future timestamps 401, a repeated interaction id 409, with an injected clock),
 * slow bodies on the node:http listener (408, connection closed), PING, replies and deferred replies edited in, ephemeral provably fair blind rolls (CONTRACT §8.3),
 * fighter autocomplete from the catalog, and Discord's message and embed limits with the longest
 * summaries the service documents.
 */
import { createHash, generateKeyPairSync, sign } from 'node:crypto';
import { connect, type AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { memoryApp } from '../helpers/app.js';
import { arbiterClient, type ArbiterApi } from '../../examples/discord-bot/api.js';
import {
  EPHEMERAL,
  InteractionType,
  MemoryReplayGuard,
  ResponseType,
  TIMESTAMP_WINDOW_S,
  interactionsEndpoint,
  type HttpAnswer,
} from '../../examples/discord-bot/http-interactions.js';
import { interactionsServer } from '../../examples/discord-bot/http-listener.js';
import { LIMITS, MESSAGE_LIMITS, embedLength, type Embed } from '../../examples/discord-bot/embeds.js';
import { SUMMARY_MAX } from '../../src/kernel/summary-limit.js';

const { publicKey, privateKey } = generateKeyPairSync('ed25519');
const PUBLIC_HEX = publicKey.export({ format: 'der', type: 'spki' }).subarray(-32).toString('hex');
const other = generateKeyPairSync('ed25519').privateKey;

let app: FastifyInstance;
let api: ArbiterApi;
beforeAll(async () => {
  app = await memoryApp();
  await app.listen({ host: '127.0.0.1', port: 0 });
  api = arbiterClient(`http://127.0.0.1:${(app.server.address() as AddressInfo).port}`);
});
afterAll(async () => app.close());

/** What the endpoint sent to Discord's API (edits of deferred replies). */
function discordRecorder() {
  const calls: { url: string; method: string; body: any }[] = [];
  let notify: (() => void) | undefined;
  const fetchImpl = (async (url: string, init: RequestInit) => {
    calls.push({ url, method: String(init.method), body: typeof init.body === 'string' ? JSON.parse(init.body) : init.body });
    notify?.();
    return new Response(null, { status: 200 });
  }) as unknown as typeof fetch;
  /** Resolves once `n` calls were made. */
  const made = (n: number) =>
    new Promise<void>((resolve) => {
      const check = () => (calls.length >= n ? resolve() : undefined);
      notify = check;
      check();
    });
  return { calls, fetch: fetchImpl, made };
}

let nextId = 1;
function interaction(type: number, data?: Record<string, unknown>, locale = 'en-US') {
  return { id: String(1_000_000 + nextId++), type, token: 'tok-' + nextId, application_id: 'app-1', locale, ...(data ? { data } : {}) };
}

/** Now, as Discord's `X-Signature-Timestamp` (Unix seconds). */
const nowSeconds = () => String(Math.floor(Date.now() / 1000));

function signed(body: unknown, key = privateKey, timestamp = nowSeconds()) {
  const raw = JSON.stringify(body);
  const signature = sign(null, Buffer.from(timestamp + raw), key).toString('hex');
  return { headers: { 'x-signature-ed25519': signature, 'x-signature-timestamp': timestamp }, raw };
}

const command = (name: string, options: { name: string; type: number; value: unknown; focused?: boolean }[] = []) => ({ name, options });
const STRING = 3;
const BOOLEAN = 5;

/** Every limit Discord sets on a message (content 2,000; embeds 6,000 in all; title 256, field 1,024, …). */
function expectWithinLimits(message: { content?: string; embeds?: Embed[] }) {
  const chars = (s?: string) => (s ? Array.from(s).length : 0);
  expect(chars(message.content)).toBeLessThanOrEqual(MESSAGE_LIMITS.content);
  const embeds = message.embeds ?? [];
  expect(embeds.length).toBeLessThanOrEqual(MESSAGE_LIMITS.embeds);
  expect(embeds.reduce((n, e) => n + embedLength(e), 0)).toBeLessThanOrEqual(MESSAGE_LIMITS.embedsTotal);
  for (const e of embeds) {
    expect(chars(e.title)).toBeLessThanOrEqual(LIMITS.title);
    expect(chars(e.description)).toBeLessThanOrEqual(LIMITS.description);
    expect((e.fields ?? []).length).toBeLessThanOrEqual(LIMITS.fields);
    for (const f of e.fields ?? []) {
      expect(chars(f.name)).toBeLessThanOrEqual(LIMITS.fieldName);
      expect(chars(f.value)).toBeLessThanOrEqual(LIMITS.fieldValue);
    }
    expect(chars(e.footer?.text)).toBeLessThanOrEqual(LIMITS.footer);
  }
}

describe('HTTP interactions: signatures and PING', () => {
  it('a request not signed by the application key is 401: wrong key, altered body, other timestamp, missing headers', async () => {
    const endpoint = interactionsEndpoint({ publicKey: PUBLIC_HEX, api });
    const ping = interaction(InteractionType.PING);
    const wrongKey = signed(ping, other);
    expect((await endpoint(wrongKey.headers, wrongKey.raw)).status).toBe(401);
    const good = signed(ping);
    expect((await endpoint(good.headers, good.raw.replace('"type":1', '"type":1 '))).status).toBe(401);
    expect((await endpoint({ ...good.headers, 'x-signature-timestamp': String(Number(good.headers['x-signature-timestamp']) + 1) }, good.raw)).status).toBe(401);
    expect((await endpoint({}, good.raw)).status).toBe(401);
    expect((await endpoint({ ...good.headers, 'x-signature-ed25519': 'zz' }, good.raw)).status).toBe(401);
  });

  it('PING answers PONG (type 1)', async () => {
    const endpoint = interactionsEndpoint({ publicKey: PUBLIC_HEX, api });
    const { headers, raw } = signed(interaction(InteractionType.PING));
    expect(await endpoint(headers, Buffer.from(raw))).toEqual({ status: 200, body: { type: ResponseType.PONG } });
  });
});

describe('HTTP interactions: replays', () => {
  const NOW = Date.parse('2026-12-07T12:00:00.000Z');
  const at = (ms: number) => String(Math.floor(ms / 1000));

  it('a signed request whose timestamp is more than 5 minutes old or ahead is 401 (a year-old PING included)', async () => {
    const endpoint = interactionsEndpoint({ publicKey: PUBLIC_HEX, api, now: () => NOW });
    const status = async (ms: number) => {
      const { headers, raw } = signed(interaction(InteractionType.PING), privateKey, at(ms));
      return (await endpoint(headers, raw)).status;
    };
    expect(await status(NOW - 365 * 86_400_000)).toBe(401);
    expect(await status(NOW - (TIMESTAMP_WINDOW_S + 1) * 1000)).toBe(401);
    expect(await status(NOW + (TIMESTAMP_WINDOW_S + 1) * 1000)).toBe(401);
    expect(await status(NOW - TIMESTAMP_WINDOW_S * 1000)).toBe(200);
    expect(await status(NOW + TIMESTAMP_WINDOW_S * 1000)).toBe(200);
    expect(await status(NOW)).toBe(200);
    // a timestamp that is no number of seconds, though signed
    const odd = signed(interaction(InteractionType.PING), privateKey, '1.7e9');
    expect((await endpoint(odd.headers, odd.raw)).status).toBe(401);
  });

  it('the same signed /roll sent twice runs once: the second is 409, and again after the clock moved within the window', async () => {
    let now = NOW;
    let rolls = 0;
    const counting: ArbiterApi = { ...api, post: async (...args) => (rolls++, api.post(...args)) };
    const endpoint = interactionsEndpoint({ publicKey: PUBLIC_HEX, api: counting, now: () => now });
    const { headers, raw } = signed(interaction(InteractionType.APPLICATION_COMMAND, command('roll', [{ name: 'notation', type: STRING, value: '2d6' }])), privateKey, at(NOW));
    expect((await endpoint(headers, raw)).body).toMatchObject({ type: ResponseType.CHANNEL_MESSAGE });
    expect(await endpoint(headers, raw)).toMatchObject({ status: 409 });
    now = NOW + TIMESTAMP_WINDOW_S * 1000; // the last instant the timestamp passes
    expect((await endpoint(headers, Buffer.from(raw))).status).toBe(409);
    now += 1;
    expect((await endpoint(headers, raw)).status).toBe(401);
    expect(rolls).toBe(1);
  });

  it('the memory guard keeps ids twice the window, drops them after, and refuses (503) rather than forget a live one', async () => {
    const guard = new MemoryReplayGuard(2);
    const ttl = 2 * TIMESTAMP_WINDOW_S * 1000;
    expect(guard.claim('a', ttl, NOW)).toBe(true);
    expect(guard.claim('a', ttl, NOW + ttl - 1)).toBe(false);
    expect(guard.claim('b', ttl, NOW + 1)).toBe(true);
    expect(() => guard.claim('c', ttl, NOW + 2)).toThrow();
    expect(guard.claim('c', ttl, NOW + ttl)).toBe(true); // `a` expired and was dropped
    expect(guard.size).toBe(2);
    const endpoint = interactionsEndpoint({ publicKey: PUBLIC_HEX, api, now: () => NOW, replays: new MemoryReplayGuard(1) });
    const first = signed(interaction(InteractionType.PING), privateKey, at(NOW));
    const second = signed(interaction(InteractionType.PING), privateKey, at(NOW));
    expect((await endpoint(first.headers, first.raw)).status).toBe(200);
    expect((await endpoint(second.headers, second.raw)).status).toBe(503);
  });

  it('a shared guard (as Redis SET NX EX would be) refuses a replay sent to another process', async () => {
    const shared = new Map<string, number>();
    const replays = { claim: async (id: string, ttlMs: number, now: number) => ((shared.get(id) ?? 0) > now ? false : (shared.set(id, now + ttlMs), true)) };
    const one = interactionsEndpoint({ publicKey: PUBLIC_HEX, api, now: () => NOW, replays });
    const two = interactionsEndpoint({ publicKey: PUBLIC_HEX, api, now: () => NOW, replays });
    const { headers, raw } = signed(interaction(InteractionType.PING), privateKey, at(NOW));
    expect((await one(headers, raw)).status).toBe(200);
    expect((await two(headers, raw)).status).toBe(409);
  });
});

describe('the Arbiter client of the bot', () => {
  it('sends ARBITER_API_KEY as a bearer token (its blind rolls are then outside the anonymous budget)', async () => {
    const seen: (string | null)[] = [];
    const recorder = (async (_url: string, init: RequestInit) => {
      seen.push(new Headers(init.headers).get('authorization'));
      return new Response('{}', { status: 200, headers: { 'content-type': 'application/json' } });
    }) as unknown as typeof fetch;
    await arbiterClient('http://arbiter.test', recorder, 'key-1').post('/v1/dice/rolls', { notation: '1d20', blind: true });
    await arbiterClient('http://arbiter.test', recorder).get!('/v1/eden/catalog');
    expect(seen).toEqual(['Bearer key-1', null]);
  });
});

describe('HTTP interactions: the node:http listener', () => {
  /** Sends `head`, then `body` one byte every `everyMs`; resolves with what came back and when the server closed. */
  function trickle(port: number, head: string, body: string, everyMs: number) {
    return new Promise<{ answer: string; closedAfterMs: number }>((resolve, reject) => {
      const started = Date.now();
      const socket = connect(port, '127.0.0.1');
      let answer = '';
      let sent = 0;
      let timer: NodeJS.Timeout | undefined;
      socket.setEncoding('utf8');
      socket.on('data', (d: string) => (answer += d));
      socket.on('error', () => {}); // a write after the server closed
      socket.on('close', () => {
        clearInterval(timer);
        resolve({ answer, closedAfterMs: Date.now() - started });
      });
      socket.on('connect', () => {
        socket.write(head);
        timer = setInterval(() => {
          if (sent < body.length && !socket.destroyed) socket.write(body[sent++]!);
        }, everyMs);
      });
      setTimeout(() => reject(new Error('the connection was still open after 10 s')), 10_000).unref();
    });
  }

  it('a body sent 1 byte every 200 ms is answered 408 at the body deadline and the connection closed', async () => {
    const endpoint = interactionsEndpoint({ publicKey: PUBLIC_HEX, api });
    const server = interactionsServer(endpoint, { bodyTimeoutMs: 600 });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    try {
      const port = (server.address() as AddressInfo).port;
      const { headers, raw } = signed(interaction(InteractionType.PING));
      const head = `POST / HTTP/1.1\r\nhost: x\r\ncontent-type: application/json\r\ncontent-length: ${Buffer.byteLength(raw)}\r\nx-signature-ed25519: ${headers['x-signature-ed25519']}\r\nx-signature-timestamp: ${headers['x-signature-timestamp']}\r\n\r\n`;
      const slow = await trickle(port, head, raw, 200);
      expect(slow.answer).toMatch(/^HTTP\/1\.1 408 /);
      expect(slow.closedAfterMs).toBeLessThan(3000);
      // sent at once, the same request is answered
      const quick = await fetch(`http://127.0.0.1:${port}/`, { method: 'POST', headers: { ...headers, 'content-type': 'application/json' }, body: raw });
      expect(await quick.json()).toEqual({ type: ResponseType.PONG });
    } finally {
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
    }
  });

  it('a body over the limit is 413 and the connection closed; GET is 405', async () => {
    const server = interactionsServer(interactionsEndpoint({ publicKey: PUBLIC_HEX, api }), { maxBodyBytes: 100 });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    try {
      const port = (server.address() as AddressInfo).port;
      const big = await trickle(port, 'POST / HTTP/1.1\r\nhost: x\r\ncontent-length: 1000\r\n\r\n' + 'x'.repeat(200), '', 50);
      expect(big.answer).toMatch(/^HTTP\/1\.1 413 /);
      expect((await fetch(`http://127.0.0.1:${port}/`)).status).toBe(405);
    } finally {
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
    }
  });
});

describe('HTTP interactions: commands', () => {
  it('/roll answers in the HTTP response (type 4) with an embed within the limits', async () => {
    const discord = discordRecorder();
    const endpoint = interactionsEndpoint({ publicKey: PUBLIC_HEX, api, fetch: discord.fetch });
    const { headers, raw } = signed(interaction(InteractionType.APPLICATION_COMMAND, command('roll', [{ name: 'notation', type: STRING, value: '4d6[fire]+2' }]), 'de'));
    const answer = (await endpoint(headers, raw)) as HttpAnswer & { body: any };
    expect(answer.body.type).toBe(ResponseType.CHANNEL_MESSAGE);
    expect(answer.body.data.embeds[0].title).toMatch(/^🎲 4d6\[fire\]\+2 = \d+$/);
    expect(answer.body.data.embeds[0].fields[0].name).toBe('fire: 4d6');
    expect(answer.body.data).not.toHaveProperty('flags');
    expectWithinLimits(answer.body.data);
    expect(discord.calls).toEqual([]);
  });

  it('slow work is deferred (type 5) and the reply is edited in through PATCH …/messages/@original', async () => {
    let release!: () => void;
    const gate = new Promise<void>((resolve) => (release = resolve));
    const slow: ArbiterApi = { ...api, post: async (...args) => (await gate, api.post(...args)), postPng: api.postPng, get: api.get };
    const discord = discordRecorder();
    const endpoint = interactionsEndpoint({ publicKey: PUBLIC_HEX, api: slow, fetch: discord.fetch, handlers: { timing: { deferAfterMs: 5 } } });
    const i = interaction(InteractionType.APPLICATION_COMMAND, command('roll', [{ name: 'notation', type: STRING, value: '2d6' }]));
    const { headers, raw } = signed(i);
    expect(await endpoint(headers, raw)).toEqual({ status: 200, body: { type: ResponseType.DEFERRED_CHANNEL_MESSAGE } });
    expect(discord.calls).toEqual([]);
    release();
    await discord.made(1);
    expect(discord.calls[0]).toMatchObject({ method: 'PATCH', url: `https://discord.com/api/v10/webhooks/app-1/${i.token}/messages/@original` });
    expect(discord.calls[0]!.body.embeds[0].title).toMatch(/^🎲 2d6 = \d+$/);
    expectWithinLimits(discord.calls[0]!.body);
  });

  it('/roll blind:true is ephemeral (flag 64) and provably fair: the commitment is SHA-256 of the revealed server seed', async () => {
    const discord = discordRecorder();
    const endpoint = interactionsEndpoint({ publicKey: PUBLIC_HEX, api, fetch: discord.fetch });
    const i = interaction(
      InteractionType.APPLICATION_COMMAND,
      command('roll', [
        { name: 'notation', type: STRING, value: '1d20+5' },
        { name: 'blind', type: BOOLEAN, value: true },
      ]),
    );
    const { headers, raw } = signed(i);
    const answer = (await endpoint(headers, raw)) as HttpAnswer & { body: any };
    expect(answer.body.data.flags).toBe(EPHEMERAL);
    let message = answer.body.data;
    if (answer.body.type === ResponseType.DEFERRED_CHANNEL_MESSAGE) {
      await discord.made(1);
      message = discord.calls[0]!.body;
      expect(message.flags).toBe(EPHEMERAL);
    }
    const fair = message.embeds[0].fields.find((f: { name: string }) => f.name.includes('Provably fair')).value as string;
    const [commitment, serverSeed, clientSeed] = [...fair.matchAll(/`([^`]*)`/g)].map((m) => m[1]!);
    expect(createHash('sha256').update(serverSeed!).digest('hex')).toBe(commitment);
    expect(clientSeed).toBe(`discord:${i.id}`);
    // anyone recomputes the roll from the seeds alone
    const again = await api.post('/v1/dice/rolls', { notation: '1d20+5', dice: { seed: `${serverSeed}:${clientSeed}` } });
    expect(message.embeds[0].title).toBe(`🎲 (blind) 1d20+5 = ${again.body.total}`);
  });

  it('/validate always defers, then edits the band report in', async () => {
    const discord = discordRecorder();
    const endpoint = interactionsEndpoint({ publicKey: PUBLIC_HEX, api, fetch: discord.fetch, handlers: { download: async () => 'faction jokers\nyuri\nyuri\n' } });
    const i = interaction(InteractionType.APPLICATION_COMMAND, {
      ...command('validate', [{ name: 'list', type: 11, value: 'att1' }]),
      resolved: { attachments: { att1: { url: 'https://cdn.example/list.txt', filename: 'list.txt' } } },
    });
    const { headers, raw } = signed(i);
    expect((await endpoint(headers, raw)).body).toEqual({ type: ResponseType.DEFERRED_CHANNEL_MESSAGE });
    await discord.made(1);
    expect(discord.calls[0]!.body.embeds[0].title).toMatch(/band/);
    expectWithinLimits(discord.calls[0]!.body);
  });

  it('fighter options autocomplete from the catalog (type 8, at most 25 choices)', async () => {
    const endpoint = interactionsEndpoint({ publicKey: PUBLIC_HEX, api });
    const ask = async (typed: string) => {
      const { headers, raw } = signed(interaction(InteractionType.AUTOCOMPLETE, command('melee', [{ name: 'attacker', type: STRING, value: typed, focused: true }])));
      return (await endpoint(headers, raw)).body as { type: number; data: { choices: { name: string; value: string }[] } };
    };
    const yu = await ask('yu');
    expect(yu.type).toBe(ResponseType.AUTOCOMPLETE_RESULT);
    expect(yu.data.choices.map((c) => c.value)).toContain('yuri');
    const all = await ask('');
    const catalog = (await api.get!('/v1/eden/catalog')).body as { fighters: { id: string }[] };
    expect(all.data.choices.map((c) => c.value)).toEqual(catalog.fighters.map((f) => f.id).slice(0, 25));
    expect((await ask('no such fighter')).data.choices).toEqual([]);
  });
});

describe('replies stay inside Discord limits with the longest summaries', () => {
  /** A fake Arbiter answering the longest documented summary and more terms than an embed holds. */
  const longest: ArbiterApi = {
    post: (async (path: string) => {
      const summary = 'Ä'.repeat(SUMMARY_MAX - 1) + '.';
      if (path === '/v1/dice/rolls')
        return {
          body: {
            notation: 'd6[' + 'x'.repeat(100) + ']+'.repeat(1) + 'd6'.repeat(1),
            total: 3,
            terms: Array.from({ length: 60 }, (_, k) => ({
              notation: `1000d1000000`,
              label: 'L'.repeat(100) + k,
              values: Array(1000).fill(999_999),
              kept: Array(1000).fill(999_999),
              total: 999_999_000,
            })),
            dice: { seed: 's'.repeat(500), rolls: [] },
            summary,
            summaryShort: summary.slice(0, 1023) + '…',
          },
          language: 'en',
        };
      return {
        body: {
          valid: false,
          errors: Array.from({ length: 100 }, (_, k) => ({ code: 'over_budget', path: `/fighters/${k}`, message: 'm'.repeat(3000) })),
          totals: { value: 9999, budget: 100, strategyPoints: 0 },
          summary,
        },
        language: 'en',
      };
    }) as ArbiterApi['post'],
    postPng: async () => Buffer.alloc(0),
  };

  it('/roll and /validate with a 4,000-character summary, 60 terms and 100 problems', async () => {
    const discord = discordRecorder();
    const endpoint = interactionsEndpoint({ publicKey: PUBLIC_HEX, api: longest, fetch: discord.fetch, handlers: { download: async () => 'x' } });
    const roll = signed(interaction(InteractionType.APPLICATION_COMMAND, command('roll', [{ name: 'notation', type: STRING, value: 'd6' }])));
    const answer = (await endpoint(roll.headers, roll.raw)) as HttpAnswer & { body: any };
    expectWithinLimits(answer.body.data);
    expect(answer.body.data.embeds[0].fields.length).toBeGreaterThan(0);
    const list = signed(
      interaction(InteractionType.APPLICATION_COMMAND, {
        ...command('validate', [{ name: 'list', type: 11, value: 'a' }]),
        resolved: { attachments: { a: { url: 'u', filename: 'l.txt' } } },
      }),
    );
    await endpoint(list.headers, list.raw);
    await discord.made(1);
    expectWithinLimits(discord.calls[0]!.body);
  });

  it('the real service: the longest roll summary a 500-character notation can produce', async () => {
    const notation = Array.from({ length: 10 }, () => '1000d9>=5f<=2').join('+');
    const res = await api.post('/v1/dice/rolls', { notation, repeat: 1 });
    expect(res.body.summary.length).toBeLessThanOrEqual(SUMMARY_MAX);
    expect(res.body.summaryShort.length).toBeLessThanOrEqual(1024);
    const endpoint = interactionsEndpoint({ publicKey: PUBLIC_HEX, api });
    const { headers, raw } = signed(interaction(InteractionType.APPLICATION_COMMAND, command('roll', [{ name: 'notation', type: STRING, value: notation }])));
    const answer = (await endpoint(headers, raw)) as HttpAnswer & { body: any };
    expectWithinLimits(answer.body.data ?? {});
  });
});
