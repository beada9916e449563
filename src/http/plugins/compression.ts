/**
 * Response compression (gzip, deflate, br) when the client accepts it, for answers of 1 KiB or
 * more (rule answers, the OpenAPI document, catalogs, match states). Event streams are never
 * compressed: their events must reach the client as they are written (they go out through the raw
 * response anyway, src/http/sse.ts). Request bodies are not decompressed: only JSON as sent is
 * accepted.
 *
 * Two paths:
 * - an answer already in memory (bytes or text) of at most SMALL_ANSWER_BYTES — every rule answer —
 *   is compressed at once, in its own turn (`zlib.*Sync`: 25–60 µs for a 2.6 KB melee answer);
 * - anything else (streamed files, larger documents) goes through @fastify/compress, which pipes
 *   it through a zlib stream on libuv's thread pool.
 * Through the stream, each small answer cost about 90 µs of the main thread in stream set-up and
 * hand-offs, and with 50 requests in flight they queued for the pool's four threads: melee with
 * `Accept-Encoding: gzip, deflate, br` (what browsers and fetch send) ran at 0.65 of its
 * uncompressed throughput, with a p99 of 104 ms instead of 12.
 * Both paths honour the client's q-values and answer `Content-Encoding` and `Vary:
 * accept-encoding`. Among encodings of equal q the in-memory path takes the client's order (gzip
 * for `gzip, deflate, br`: on a small answer gzip costs about half of brotli for 3 % more bytes),
 * the streaming path prefers br. The in-memory path declines whatever it does not handle itself (no
 * acceptable encoding, `x-no-compression`, a partial answer, an answer already encoded) and leaves
 * it to the plugin, which declines it too.
 * Both paths are one `onSend` hook per route (`registerCompression`), and a request without
 * Accept-Encoding does no compression work: one header lookup (the instance-wide hook, the plugin's
 * `onRequest` hook and its checks of every answer ran on every request).
 */
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import compress from '@fastify/compress';
import Negotiator from 'negotiator';
import { brotliCompressSync, constants, deflateSync, gzipSync } from 'node:zlib';
import { appendVary } from '../language.js';
import { memoByHeader } from '../../transport/header-memo.js';

/** Media types worth compressing: text (but not event streams), JSON, XML and SVG, JavaScript. */
const COMPRESSIBLE = /^(?:text\/(?!event-stream)|application\/(?:[\w.-]+\+)?(?:json|xml)\b|application\/javascript\b|image\/svg\+xml\b)/;

/** Smallest answer worth compressing. */
const THRESHOLD_BYTES = 1024;

/** Largest in-memory answer compressed in its own turn (br at quality 4: about 60 µs for 64 KiB of JSON). */
export const SMALL_ANSWER_BYTES = 64 * 1024;

type Encoding = 'gzip' | 'br' | 'deflate';

const ENCODERS: Record<Encoding, (bytes: Buffer) => Buffer> = {
  gzip: (bytes) => gzipSync(bytes),
  // quality 4, as @fastify/compress's streams use it (11, zlib's default, is for static files)
  br: (bytes) => brotliCompressSync(bytes, { params: { [constants.BROTLI_PARAM_QUALITY]: 4, [constants.BROTLI_PARAM_SIZE_HINT]: bytes.length } }),
  deflate: (bytes) => deflateSync(bytes),
};
const OFFERED = ['gzip', 'br', 'deflate', 'identity'];

/** The encoding `header` asks for among gzip, br and deflate; null for none (identity, or nothing acceptable). Memoised by value. */
export const encodingFor = memoByHeader((header: string): Encoding | null => {
  const best = new Negotiator({ headers: { 'accept-encoding': header } }).encoding(OFFERED);
  return best === 'gzip' || best === 'br' || best === 'deflate' ? best : null;
}, 64);

type OnSend = (this: unknown, request: FastifyRequest, reply: FastifyReply, payload: unknown, done: (error: Error | null, payload?: unknown) => void) => void;

/**
 * The in-memory path: compresses a small answer at once and answers true, or answers false
 * (declined: the plugin's own hook decides, and declines it too).
 */
function compressSmallAnswer(request: FastifyRequest, reply: FastifyReply, payload: unknown, accepted: string, done: (error: null, payload: unknown) => void): boolean {
  const bytes = typeof payload === 'string' ? (payload.length <= SMALL_ANSWER_BYTES ? Buffer.from(payload) : undefined) : Buffer.isBuffer(payload) ? payload : undefined;
  if (bytes === undefined || bytes.length < THRESHOLD_BYTES || bytes.length > SMALL_ANSWER_BYTES) return false;
  if (request.headers['x-no-compression'] !== undefined || reply.statusCode === 206 || reply.hasHeader('content-range') || reply.hasHeader('content-encoding')) return false;
  if (!COMPRESSIBLE.test(String(reply.getHeader('content-type') ?? 'application/json'))) return false;
  const encoding = encodingFor(accepted);
  if (encoding === null) return false;
  reply.header('content-encoding', encoding);
  appendVary(reply, 'accept-encoding');
  reply.removeHeader('content-length');
  done(null, ENCODERS[encoding](bytes));
  return true;
}

/**
 * A route's one compression hook, in place of the plugin's: a request without Accept-Encoding
 * (nothing to negotiate; the plugin declines it too) costs one header lookup; else the in-memory
 * path, else the plugin's streaming hook.
 */
function compressing(streaming: OnSend): OnSend {
  return function (request, reply, payload, done) {
    const accepted = request.headers['accept-encoding'];
    if (accepted === undefined) return done(null, payload);
    if (!compressSmallAnswer(request, reply, payload, accepted, done)) streaming.call(this, request, reply, payload, done);
  };
}

type Hooks = unknown[];
const hookList = (hooks: unknown): Hooks => (Array.isArray(hooks) ? hooks : hooks === undefined ? [] : [hooks]);

/**
 * Registers the plugin, then rewrites what it adds to each route: its `onSend` hook wrapped by
 * `compressing`, and no `onRequest` hook (it only decorates the reply with `reply.compress()`,
 * which the service never calls). Told apart by comparing each route's hooks before and after
 * the plugin's own `onRoute` hook; a route the plugin adds nothing to (`compress: false`), or
 * other than one hook of each (another version of the plugin), keeps its hooks as they are.
 */
export async function registerCompression(app: FastifyInstance): Promise<void> {
  const before = new WeakMap<object, { onRequest: Set<unknown>; onSend: Set<unknown> }>();
  app.addHook('onRoute', (route) => void before.set(route, { onRequest: new Set(hookList(route.onRequest)), onSend: new Set(hookList(route.onSend)) }));
  await app.register(compress, { global: true, globalDecompression: false, threshold: THRESHOLD_BYTES, customTypes: COMPRESSIBLE });
  app.addHook('onRoute', (route) => {
    const had = before.get(route);
    if (!had) return;
    const onRequest = hookList(route.onRequest);
    const onSend = hookList(route.onSend);
    const addedOnRequest = onRequest.filter((hook) => !had.onRequest.has(hook));
    const addedOnSend = onSend.filter((hook) => !had.onSend.has(hook));
    if (addedOnRequest.length !== 1 || addedOnSend.length !== 1) return;
    route.onRequest = onRequest.filter((hook) => had.onRequest.has(hook)) as never;
    route.onSend = onSend.map((hook) => (hook === addedOnSend[0] ? compressing(hook as OnSend) : hook)) as never;
  });
}
