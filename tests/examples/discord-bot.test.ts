/**
 * The Discord bot example (examples/discord-bot): its command handlers run against the real app
 * listening on 127.0.0.1, with fake interaction objects instead of a Discord connection: each
 * command, the locale → Accept-Language mapping, deferral when the API is slow, embed limits.
 */
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { FastifyInstance } from 'fastify';
import type { AddressInfo } from 'node:net';
import { testApp } from '../helpers/app.js';
import { arbiterClient, type ArbiterApi } from '../../examples/discord-bot/api.js';
import { dispatch, type HandlerContext } from '../../examples/discord-bot/handlers.js';
import { acceptLanguage, summaryLanguage } from '../../examples/discord-bot/locale.js';
import { LIMITS, embedLength, fitEmbed, type Embed } from '../../examples/discord-bot/embeds.js';
import type { AttachmentLike, InteractionLike, ReplyPayload } from '../../examples/discord-bot/interaction.js';
import { COMMANDS } from '../../examples/discord-bot/commands.js';
import { DEFER_AFTER_MS } from '../../examples/discord-bot/respond.js';

let app: FastifyInstance;
let api: ArbiterApi;
beforeAll(async () => {
  app = await testApp();
  await app.listen({ host: '127.0.0.1', port: 0 });
  api = arbiterClient(`http://127.0.0.1:${(app.server.address() as AddressInfo).port}`);
});
afterAll(async () => app.close());

/** A fake ChatInputCommandInteraction that records what the handler did, in order. */
function fakeInteraction(commandName: string, options: Record<string, string | AttachmentLike>, locale = 'en-US') {
  const calls: { kind: 'reply' | 'defer' | 'edit'; payload?: ReplyPayload }[] = [];
  const interaction: InteractionLike & { calls: typeof calls; answer(): ReplyPayload } = {
    commandName,
    locale,
    deferred: false,
    replied: false,
    options: {
      getString: (name) => (typeof options[name] === 'string' ? (options[name] as string) : null),
      getAttachment: (name) => (typeof options[name] === 'object' ? (options[name] as AttachmentLike) : null),
    },
    async deferReply() {
      if (this.deferred || this.replied) throw new Error('already acknowledged');
      this.deferred = true;
      calls.push({ kind: 'defer' });
    },
    async reply(payload) {
      if (this.deferred || this.replied) throw new Error('already acknowledged');
      this.replied = true;
      calls.push({ kind: 'reply', payload });
    },
    async editReply(payload) {
      if (!this.deferred) throw new Error('editReply before deferReply');
      calls.push({ kind: 'edit', payload });
    },
    calls,
    answer() {
      const last = calls.filter((c) => c.payload).at(-1);
      if (!last) throw new Error('no answer');
      return last.payload!;
    },
  };
  return interaction;
}

const ctx = (): HandlerContext => ({ api });
const embedOf = (i: { answer(): ReplyPayload }) => i.answer().embeds![0]!;
const dataUrl = (text: string) => `data:text/plain;base64,${Buffer.from(text).toString('base64')}`;

function expectWithinLimits(e: Embed): void {
  expect((e.title ?? '').length).toBeLessThanOrEqual(LIMITS.title);
  expect(Array.from(e.description ?? '').length).toBeLessThanOrEqual(LIMITS.description);
  expect((e.fields ?? []).length).toBeLessThanOrEqual(LIMITS.fields);
  for (const f of e.fields ?? []) {
    expect(Array.from(f.name).length).toBeLessThanOrEqual(LIMITS.fieldName);
    expect(Array.from(f.value).length).toBeLessThanOrEqual(LIMITS.fieldValue);
    expect(f.value.length).toBeGreaterThan(0);
  }
  expect(embedLength(e)).toBeLessThanOrEqual(LIMITS.total);
}

describe('slash command definitions', () => {
  it('registers /roll, /melee, /odds and /validate with their options', () => {
    expect(COMMANDS.map((c) => c.name)).toEqual(['roll', 'melee', 'odds', 'validate']);
    const melee = COMMANDS.find((c) => c.name === 'melee')!;
    expect(melee.options!.map((o) => o.name)).toEqual(['attacker', 'target', 'reaction']);
  });
});

describe('/roll', () => {
  it('rolls the notation and answers at once with the total, the terms and the summary', async () => {
    const i = fakeInteraction('roll', { notation: '4d6kh3+2' });
    await dispatch(i, ctx());
    expect(i.calls.map((c) => c.kind)).toEqual(['reply']);
    const e = embedOf(i);
    const total = Number(/= (-?\d+)$/.exec(e.title!)![1]);
    expect(total).toBeGreaterThanOrEqual(5);
    expect(total).toBeLessThanOrEqual(20);
    expect(e.fields![0]!.name).toBe('4d6kh3');
    expect(e.fields![0]!.value).toMatch(/^\[\d, \d, \d, \d\] kept \[/);
    expect(e.description!.length).toBeGreaterThan(0);
    expect(e.footer!.text).toMatch(/seed .+ · summary: en/);
  });

  it('bad notation answers an error embed with the problem code', async () => {
    const i = fakeInteraction('roll', { notation: '4d' });
    await dispatch(i, ctx());
    expect(embedOf(i).title).toContain('bad_notation');
  });
});

describe('Discord locale → Accept-Language', () => {
  it('maps the locales Arbiter writes and falls back to English', () => {
    expect(['en-US', 'en-GB', 'es-ES', 'es-419', 'de', 'fr', 'pt-BR', undefined].map(summaryLanguage)).toEqual(['en', 'en', 'es', 'es', 'de', 'en', 'en', 'en']);
    expect(acceptLanguage('es-419')).toBe('es-419, es;q=0.9, en;q=0.5');
    expect(acceptLanguage('de')).toBe('de, en;q=0.5');
    expect(acceptLanguage('fr')).toBe('en');
  });

  it('EDEN-MELEE-3: the same melee summarised in the user’s language (es-ES, de, fr → en)', async () => {
    const answers: Record<string, Embed> = {};
    for (const locale of ['en-US', 'es-ES', 'de', 'fr']) {
      const i = fakeInteraction('melee', { attacker: 'yuri', target: 'yuri', reaction: 'dodge' }, locale);
      await dispatch(i, ctx());
      answers[locale] = embedOf(i);
    }
    expect(answers['es-ES']!.footer!.text).toContain('summary: es');
    expect(answers.de!.footer!.text).toContain('summary: de');
    expect(answers.fr!.footer!.text).toContain('summary: en');
    for (const e of Object.values(answers)) expect(e.description).toMatch(/EDEN-MELEE/);
    expect(new Set([answers['en-US']!.description, answers['es-ES']!.description, answers.de!.description].map((d) => d!.slice(0, 12))).size).toBeGreaterThan(1);
  });
});

describe('/melee and /odds', () => {
  it('/melee resolves two catalog fighters by ref and shows each exchange', async () => {
    const i = fakeInteraction('melee', { attacker: 'yuri', target: 'yuri' });
    await dispatch(i, ctx());
    const e = embedOf(i);
    expect(e.title).toMatch(/^⚔️ Yûri → Yûri: (success|failure)$/);
    expect(e.fields![0]!.name).toBe('1. attacker');
    expect(e.footer!.text).toContain('reaction passive');
    expectWithinLimits(e);
  });

  it('/melee with an unknown fighter answers the 400 problem with the path and the known ids', async () => {
    const i = fakeInteraction('melee', { attacker: 'yurri', target: 'yuri' });
    await dispatch(i, ctx());
    const e = embedOf(i);
    expect(e.title).toContain('invalid_request');
    expect(e.fields).toEqual([{ name: '/attacker/ref', value: expect.stringMatching(/^unknown_fighter: .*Known ids \(ES\): yuri/) }]);
  });

  it('/odds answers the exact rates and the chart as a PNG attachment', async () => {
    const i = fakeInteraction('odds', { attacker: 'yuri', target: 'yuri', reaction: 'response' });
    await dispatch(i, ctx());
    const answer = i.answer();
    const e = answer.embeds![0]!;
    expect(e.fields!.map((f) => f.name)).toEqual(['Success', 'Out of action', 'PC lost (mean)']);
    expect(e.fields![0]!.value).toMatch(/^\d+\.\d %$/);
    expect(e.image!.url).toBe('attachment://odds.png');
    const png = answer.files![0]!;
    expect(png.name).toBe('odds.png');
    expect(png.attachment.subarray(0, 8).toString('hex')).toBe('89504e470d0a1a0a');
  });
});

describe('/validate', () => {
  it('EDEN-ROSTER-1: a JSON list attachment is always deferred, then the legal band is shown', async () => {
    const i = fakeInteraction('validate', { list: { name: 'band.json', url: dataUrl('[{"ref": "yuri"}]') } });
    await dispatch(i, ctx());
    expect(i.calls.map((c) => c.kind)).toEqual(['defer', 'edit']);
    expect(embedOf(i).title).toBe('✅ Legal band: 25/100 points');
  });

  it('EDEN-ROSTER-5: a plain-text list in Spanish answers in Spanish, with the warnings', async () => {
    const list = 'Banda: facción Banda de los Jokers; 300 puntos; edición es\nYûri\n';
    const i = fakeInteraction('validate', { list: { name: 'banda.txt', url: dataUrl(list) } }, 'es-ES');
    await dispatch(i, ctx());
    const e = embedOf(i);
    expect(e.title).toBe('✅ Legal band: 25/300 points');
    expect(e.fields!.map((f) => f.name)).toContain('budget_above_advice /budget');
    expect(e.footer!.text).toContain('summary: es');
  });

  it('a roster with 40 problems still fits Discord’s embed limits (25 fields, 6000 characters)', async () => {
    const fighters = Array.from({ length: 40 }, (_, n) => ({ ref: `nobody-with-a-rather-long-name-${n}` }));
    const i = fakeInteraction('validate', { list: { name: 'big.json', url: dataUrl(JSON.stringify(fighters)) } });
    await dispatch(i, ctx());
    const e = embedOf(i);
    expect(e.title).toMatch(/^❌ Illegal band/);
    expect(e.fields).toHaveLength(LIMITS.fields);
    expect(e.fields!.at(-1)!.value).toMatch(/more not shown$/);
    expectWithinLimits(e);
  });

  it('an unreadable JSON file answers an explanation, not silence', async () => {
    const i = fakeInteraction('validate', { list: { name: 'band.json', url: dataUrl('[{"ref": ') } });
    await dispatch(i, ctx());
    expect(embedOf(i).title).toBe('⚠️ Unreadable list');
  });
});

describe('Discord’s 3-second window: deferral when the API is slow', () => {
  /**
   * The API answers when the test says so (`release`), and the deferral timer runs on a fake
   * clock: what is asserted is the order of events against that clock, not elapsed time.
   */
  function gated() {
    let release!: () => void;
    const gate = new Promise<void>((resolve) => (release = resolve));
    let calls = 0;
    const gatedApi: ArbiterApi = {
      post: async (...args) => {
        calls++;
        await gate;
        return api.post(...args);
      },
      postPng: (...args) => api.postPng(...args),
    };
    return { api: gatedApi, release, called: () => calls > 0 };
  }
  /** Lets pending promises and I/O run (the fake clock does not move). */
  const settle = async () => {
    for (let i = 0; i < 10; i++) await new Promise((resolve) => setImmediate(resolve));
  };

  it('an answer later than deferAfterMs is deferred at that moment, then edited in', async () => {
    const slow = gated();
    const i = fakeInteraction('roll', { notation: 'd20' });
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    let done: Promise<void> | undefined;
    try {
      done = dispatch(i, { api: slow.api, timing: { deferAfterMs: 100 } });
      await settle();
      expect(slow.called(), 'the API was called').toBe(true);
      await vi.advanceTimersByTimeAsync(99);
      expect(i.calls, 'nothing before deferAfterMs').toEqual([]);
      await vi.advanceTimersByTimeAsync(1);
      // deferred at deferAfterMs, while the API has not answered yet
      expect(i.calls.map((c) => c.kind)).toEqual(['defer']);
    } finally {
      vi.useRealTimers();
    }
    slow.release();
    await done;
    expect(i.calls.map((c) => c.kind)).toEqual(['defer', 'edit']);
    expect(embedOf(i).title).toMatch(/^🎲 d20 = \d+$/);
  });

  it('an answer that comes before the default deferral (2 s) is a plain reply', async () => {
    const quick = gated();
    const i = fakeInteraction('roll', { notation: 'd20' });
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    let done: Promise<void> | undefined;
    try {
      done = dispatch(i, { api: quick.api });
      await settle();
      await vi.advanceTimersByTimeAsync(DEFER_AFTER_MS - 1);
      expect(i.calls).toEqual([]);
      // the answer comes 1 ms (of the fake clock) before the deferral would
      quick.release();
      await done;
    } finally {
      vi.useRealTimers();
    }
    expect(i.calls.map((c) => c.kind)).toEqual(['reply']);
  });
});

describe('embed limits', () => {
  it('truncates every member with an ellipsis and keeps the total under 6000', () => {
    const long = (n: number) => 'x'.repeat(n);
    const e = fitEmbed({
      title: long(300),
      description: long(5000),
      fields: Array.from({ length: 30 }, (_, n) => ({ name: `${n} ${long(300)}`, value: long(2000) })),
      footer: { text: long(3000) },
    });
    expectWithinLimits(e);
    expect(e.title!.endsWith('…')).toBe(true);
    expect(e.title).toHaveLength(LIMITS.title);
    expect(e.fields!.every((f) => f.value.endsWith('…') || f.value.endsWith('not shown'))).toBe(true);
  });

  it('leaves an embed within limits unchanged, and counts characters, not UTF-16 units', () => {
    const e = { title: 'ok', description: '🎲'.repeat(4096), fields: [{ name: 'a', value: 'b' }] };
    expect(fitEmbed(e)).toEqual(e);
  });
});
