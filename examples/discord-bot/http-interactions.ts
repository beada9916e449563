/**
 * The bot as an HTTP-interactions endpoint (no gateway connection): Discord POSTs each interaction
 * to a URL the application names, signed with Ed25519 over `timestamp + raw body`
 * (headers `X-Signature-Ed25519`, `X-Signature-Timestamp`; the application's public key checks it).
 *
 * - A bad or missing signature → 401 (Discord itself sends such requests to test the endpoint).
 * - Replays are refused: a signed request whose `X-Signature-Timestamp` is more than 5 minutes
 *   away from the endpoint's clock (`now`, injectable) → 401; an interaction id already seen
 *   (`replays`, a bounded in-memory set keeping each id 10 minutes, twice the window) → 409.
 *   With several bot processes the set must be shared (Redis `SET id 1 NX PX 600000`, see README).
 * - PING (type 1) → `{"type": 1}` (PONG).
 * - A slash command (type 2) runs the same handlers as the gateway bot (handlers.ts) over an
 *   interaction adapter: a reply within the handler's 2 s becomes the HTTP answer (type 4,
 *   CHANNEL_MESSAGE_WITH_SOURCE); a deferral becomes type 5 (DEFERRED_CHANNEL_MESSAGE_WITH_SOURCE,
 *   answered at once, well inside Discord's 3 s) and the reply is then edited in with
 *   `PATCH /webhooks/{application id}/{token}/messages/@original` (through the injectable `fetch`).
 *   Ephemeral answers (blind rolls) carry flag 64. Every reply goes through fitReply (2,000-character
 *   content, embed limits).
 * - Autocomplete (type 4) of the `attacker` / `target` options → type 8 with up to 25 catalog
 *   fighters matching what was typed (GET /v1/eden/catalog, read once).
 * Written with node:crypto and node:http only.
 */
import { createPublicKey, verify, type KeyObject } from 'node:crypto';
import type { ArbiterApi } from './api.js';
import { fitReply, type Embed } from './embeds.js';
import { dispatch, type HandlerContext } from './handlers.js';
import type { AttachmentLike, InteractionLike, ReplyPayload } from './interaction.js';

export const InteractionType = { PING: 1, APPLICATION_COMMAND: 2, AUTOCOMPLETE: 4 } as const;
export const ResponseType = { PONG: 1, CHANNEL_MESSAGE: 4, DEFERRED_CHANNEL_MESSAGE: 5, AUTOCOMPLETE_RESULT: 8 } as const;
/** Message flag: only the user who asked sees it. */
export const EPHEMERAL = 64;
export const DISCORD_API = 'https://discord.com/api/v10';

/** An Ed25519 public key from the 64 hex digits the developer portal shows. */
export function publicKeyFromHex(hex: string): KeyObject {
  // SubjectPublicKeyInfo for Ed25519: a fixed 12-byte prefix, then the 32-byte key
  return createPublicKey({ key: Buffer.concat([Buffer.from('302a300506032b6570032100', 'hex'), Buffer.from(hex, 'hex')]), format: 'der', type: 'spki' });
}

/** Whether `signature` (hex) signs `timestamp + body` under `key`; anything malformed is false. */
export function verifySignature(key: KeyObject, signature: string | undefined, timestamp: string | undefined, body: Buffer | string): boolean {
  if (!signature || !timestamp || !/^[0-9a-f]{128}$/i.test(signature)) return false;
  try {
    return verify(null, Buffer.concat([Buffer.from(timestamp, 'utf8'), Buffer.isBuffer(body) ? body : Buffer.from(body, 'utf8')]), key, Buffer.from(signature, 'hex'));
  } catch {
    return false;
  }
}

interface CommandOption {
  name: string;
  type: number;
  value?: string | number | boolean;
  focused?: boolean;
}

/** The members of an interaction this endpoint reads. */
export interface Interaction {
  id: string;
  type: number;
  token: string;
  application_id: string;
  locale?: string;
  data?: {
    name: string;
    options?: CommandOption[];
    resolved?: { attachments?: Record<string, { url: string; filename: string; content_type?: string; size?: number }> };
  };
}

export interface HttpAnswer {
  status: number;
  body: unknown;
}

/** How far (seconds) a request's signed timestamp may be from the endpoint's clock, either way. */
export const TIMESTAMP_WINDOW_S = 300;

/**
 * Interaction ids already answered. `claim` records `id` for `ttlMs` and says whether it was new;
 * it must be atomic across every process that serves the endpoint (Redis: `SET key 1 NX PX ttl`).
 */
export interface ReplayGuard {
  claim(id: string, ttlMs: number, now: number): boolean | Promise<boolean>;
}

/** The guard's set is full of live ids: the endpoint refuses (503) rather than forget one. */
export class ReplayGuardFull extends Error {}

/**
 * One process's replay guard: ids in insertion order with their expiry (the TTL is the same for
 * all, so the oldest expire first and are dropped from the front), at most `capacity` live ids.
 */
export class MemoryReplayGuard implements ReplayGuard {
  private readonly seen = new Map<string, number>();
  constructor(readonly capacity = 100_000) {}

  claim(id: string, ttlMs: number, now: number): boolean {
    for (const [old, expiresAt] of this.seen) {
      if (expiresAt > now) break;
      this.seen.delete(old);
    }
    const expiresAt = this.seen.get(id);
    if (expiresAt !== undefined && expiresAt > now) return false;
    if (this.seen.size >= this.capacity) throw new ReplayGuardFull(`more than ${this.capacity} interactions in ${ttlMs / 1000} s`);
    this.seen.set(id, now + ttlMs);
    return true;
  }

  get size(): number {
    return this.seen.size;
  }
}

/** Whether a signed timestamp (Unix seconds, as Discord sends it) is within the window around `now` (ms). */
export function freshTimestamp(timestamp: string | undefined, now: number, windowS = TIMESTAMP_WINDOW_S): boolean {
  if (!timestamp || !/^\d{1,12}$/.test(timestamp)) return false;
  return Math.abs(now - Number(timestamp) * 1000) <= windowS * 1000;
}

export interface EndpointOptions {
  /** The application's public key (hex, from the developer portal). */
  publicKey: string;
  api: ArbiterApi;
  /** Calls Discord's API (edits of deferred replies); tests pass a recorder. */
  fetch?: typeof fetch;
  /** Deferral timing and attachment downloads, as for the gateway bot. */
  handlers?: Omit<HandlerContext, 'api'>;
  /** The clock (ms since the epoch) the signed timestamps are checked against; tests inject one. */
  now?: () => number;
  /** Seconds a timestamp may be away from `now`, either way (default 300). */
  timestampWindowS?: number;
  /** Interaction ids already seen (default: one process's `MemoryReplayGuard`). */
  replays?: ReplayGuard;
}

/** Discord's message JSON for a reply payload (files go as multipart, see `editOriginal`). */
export function messageJson(payload: ReplyPayload): Record<string, unknown> {
  const fitted = fitReply(payload);
  return {
    ...(fitted.content !== undefined ? { content: fitted.content } : {}),
    ...(fitted.embeds ? { embeds: fitted.embeds } : {}),
    ...(fitted.files?.length ? { attachments: fitted.files.map((f, i) => ({ id: i, filename: f.name })) } : {}),
    ...(fitted.ephemeral ? { flags: EPHEMERAL } : {}),
  };
}

function interactionLike(i: Interaction, onAnswer: (answer: HttpAnswer) => void, edit: (payload: ReplyPayload) => Promise<void>): InteractionLike {
  const options = i.data?.options ?? [];
  const option = (name: string) => options.find((o) => o.name === name)?.value;
  const attachments = i.data?.resolved?.attachments ?? {};
  const like: InteractionLike = {
    id: i.id,
    commandName: i.data?.name ?? '',
    locale: i.locale ?? 'en-US',
    deferred: false,
    replied: false,
    options: {
      getString: (name) => {
        const v = option(name);
        return typeof v === 'string' ? v : null;
      },
      getBoolean: (name) => {
        const v = option(name);
        return typeof v === 'boolean' ? v : null;
      },
      getAttachment: (name): AttachmentLike | null => {
        const a = attachments[String(option(name))];
        return a ? { url: a.url, name: a.filename, contentType: a.content_type ?? null, size: a.size } : null;
      },
    },
    async deferReply(o?: { ephemeral?: boolean }) {
      like.deferred = true;
      onAnswer({ status: 200, body: { type: ResponseType.DEFERRED_CHANNEL_MESSAGE, ...(o?.ephemeral ? { data: { flags: EPHEMERAL } } : {}) } });
    },
    async reply(payload) {
      like.replied = true;
      // files cannot travel in the HTTP answer as JSON: reply deferred, then edit them in
      if (payload.files?.length) {
        like.deferred = true;
        onAnswer({ status: 200, body: { type: ResponseType.DEFERRED_CHANNEL_MESSAGE, ...(payload.ephemeral ? { data: { flags: EPHEMERAL } } : {}) } });
        await edit(payload);
        return;
      }
      onAnswer({ status: 200, body: { type: ResponseType.CHANNEL_MESSAGE, data: messageJson(payload) } });
    },
    editReply: (payload) => edit(payload),
  };
  return like;
}

/** Fighters of the catalog matching what was typed (id or printed name), at most 25 choices. */
export function fighterChoices(catalog: { fighters?: { id: string; names?: Record<string, string | undefined> }[] }, typed: string) {
  const q = typed.trim().toLowerCase();
  const choices = (catalog.fighters ?? []).map((f) => {
    const name = f.names?.es ?? f.names?.de ?? f.id;
    return { name: name === f.id ? f.id : `${name} (${f.id})`, value: f.id, key: `${f.id} ${Object.values(f.names ?? {}).join(' ')}`.toLowerCase() };
  });
  return choices
    .filter((c) => q === '' || c.key.includes(q))
    .slice(0, 25)
    .map(({ name, value }) => ({ name: name.slice(0, 100), value: value.slice(0, 100) }));
}

/** The endpoint: a function of the request's headers and raw body. */
export function interactionsEndpoint(options: EndpointOptions): (headers: Record<string, string | string[] | undefined>, rawBody: Buffer | string) => Promise<HttpAnswer> {
  const key = publicKeyFromHex(options.publicKey);
  const fetchImpl = options.fetch ?? fetch;
  const now = options.now ?? Date.now;
  const windowS = options.timestampWindowS ?? TIMESTAMP_WINDOW_S;
  const replays = options.replays ?? new MemoryReplayGuard();
  let catalog: Promise<unknown> | undefined;
  const header = (h: Record<string, string | string[] | undefined>, name: string) => {
    const v = h[name] ?? h[name.toLowerCase()];
    return Array.isArray(v) ? v[0] : v;
  };

  const editOriginal = async (i: Interaction, payload: ReplyPayload) => {
    const url = `${DISCORD_API}/webhooks/${i.application_id}/${i.token}/messages/@original`;
    const json = messageJson(payload);
    if (!payload.files?.length) {
      await fetchImpl(url, { method: 'PATCH', headers: { 'content-type': 'application/json' }, body: JSON.stringify(json) });
      return;
    }
    const form = new FormData();
    form.append('payload_json', JSON.stringify(json));
    payload.files.forEach((f, n) => form.append(`files[${n}]`, new Blob([new Uint8Array(f.attachment)]), f.name));
    await fetchImpl(url, { method: 'PATCH', body: form });
  };

  return async (headers, rawBody) => {
    const timestamp = header(headers, 'x-signature-timestamp');
    if (!verifySignature(key, header(headers, 'x-signature-ed25519'), timestamp, rawBody)) {
      return { status: 401, body: { error: 'invalid request signature' } };
    }
    // a signature stays valid forever: only a recent one is Discord calling now
    const at = now();
    if (!freshTimestamp(timestamp, at, windowS)) return { status: 401, body: { error: `request timestamp more than ${windowS} s away` } };
    let i: Interaction;
    try {
      i = JSON.parse(Buffer.isBuffer(rawBody) ? rawBody.toString('utf8') : rawBody) as Interaction;
    } catch {
      return { status: 400, body: { error: 'not JSON' } };
    }
    if (typeof i?.id !== 'string' || i.id === '' || i.id.length > 64) return { status: 400, body: { error: 'no interaction id' } };
    // the same signed request again within the window: kept until its timestamp is refused anyway
    try {
      if (!(await replays.claim(i.id, 2 * windowS * 1000, at))) return { status: 409, body: { error: 'interaction already received' } };
    } catch {
      return { status: 503, body: { error: 'replay check unavailable' } };
    }
    if (i.type === InteractionType.PING) return { status: 200, body: { type: ResponseType.PONG } };
    if (i.type === InteractionType.AUTOCOMPLETE) {
      const focused = i.data?.options?.find((o) => o.focused);
      if (!focused || !['attacker', 'target'].includes(focused.name) || !options.api.get)
        return { status: 200, body: { type: ResponseType.AUTOCOMPLETE_RESULT, data: { choices: [] } } };
      catalog ??= options.api.get('/v1/eden/catalog').then((r) => r.body);
      try {
        return { status: 200, body: { type: ResponseType.AUTOCOMPLETE_RESULT, data: { choices: fighterChoices((await catalog) as never, String(focused.value ?? '')) } } };
      } catch {
        catalog = undefined; // read it again next time
        return { status: 200, body: { type: ResponseType.AUTOCOMPLETE_RESULT, data: { choices: [] } } };
      }
    }
    if (i.type !== InteractionType.APPLICATION_COMMAND) return { status: 400, body: { error: `unsupported interaction type ${i.type}` } };
    // the handler answers (reply or deferral) first; what it does after that goes to Discord's API
    return new Promise<HttpAnswer>((resolve) => {
      let answered = false;
      const onAnswer = (a: HttpAnswer) => {
        if (!answered) resolve(a);
        answered = true;
      };
      const like = interactionLike(i, onAnswer, (payload) => editOriginal(i, payload));
      dispatch(like, { ...options.handlers, api: options.api }).catch((error: unknown) => {
        const embed: Embed = { title: '⚠️ The bot failed', description: String((error as Error)?.message ?? error).slice(0, 500), color: 0xd9534f };
        if (!answered) onAnswer({ status: 200, body: { type: ResponseType.CHANNEL_MESSAGE, data: messageJson({ embeds: [embed], ephemeral: true }) } });
      });
    });
  };
}
