/**
 * The Discord bot as an HTTP-interactions endpoint (examples/discord-bot/http-interactions.ts):
 * interactions signed here with a test Ed25519 key, the real app listening on 127.0.0.1, and a
 * recorder in place of Discord's API. No Discord connection. Checks: signature verification (401),
 * PING, replies and deferred replies edited in, ephemeral provably fair blind rolls (CONTRACT §8.3),
 * fighter autocomplete from the catalog, and Discord's message and embed limits with the longest
 * summaries the service documents.
 */
import { createHash, generateKeyPairSync, sign } from 'node:crypto';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { memoryApp } from '../helpers/app.js';
import { arbiterClient, type ArbiterApi } from '../../examples/discord-bot/api.js';
import { EPHEMERAL, InteractionType, ResponseType, interactionsEndpoint, type HttpAnswer } from '../../examples/discord-bot/http-interactions.js';
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

function signed(body: unknown, key = privateKey, timestamp = '1767225600') {
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
    expect((await endpoint({ ...good.headers, 'x-signature-timestamp': '1767225601' }, good.raw)).status).toBe(401);
    expect((await endpoint({}, good.raw)).status).toBe(401);
    expect((await endpoint({ ...good.headers, 'x-signature-ed25519': 'zz' }, good.raw)).status).toBe(401);
  });

  it('PING answers PONG (type 1)', async () => {
    const endpoint = interactionsEndpoint({ publicKey: PUBLIC_HEX, api });
    const { headers, raw } = signed(interaction(InteractionType.PING));
    expect(await endpoint(headers, Buffer.from(raw))).toEqual({ status: 200, body: { type: ResponseType.PONG } });
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
