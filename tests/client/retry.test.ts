/**
 * The client's transport without the service: a tiny local server answers 429/503 with
 * Retry-After, then 200, and records what it received (retries, waits, Idempotency-Key); the SSE
 * parser on split chunks; and the client sources use nothing Node-only.
 */
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createServer, type IncomingMessage, type Server } from 'node:http';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { ArbiterProblem, createArbiterClient, createSseParser, retryAfterMs } from '../../clients/typescript/src/index.js';

interface Seen {
  method: string;
  url: string;
  headers: IncomingMessage['headers'];
  body: string;
}

let server: Server;
let baseUrl: string;
const seen: Seen[] = [];
/** Answers queued per path; when empty, 200 `{"ok": true}`. */
const script = new Map<string, { status: number; headers?: Record<string, string>; body?: unknown }[]>();

beforeAll(async () => {
  server = createServer((req, res) => {
    let body = '';
    req.on('data', (c) => (body += c));
    req.on('end', () => {
      seen.push({ method: req.method!, url: req.url!, headers: req.headers, body });
      const next = script.get(req.url!)?.shift() ?? { status: 200, body: { ok: true } };
      const problem = next.status >= 400;
      res.writeHead(next.status, { 'content-type': problem ? 'application/problem+json' : 'application/json', 'x-request-id': `req-${seen.length}`, ...next.headers });
      res.end(JSON.stringify(next.body ?? { type: 'about:blank', title: 'Too Many Requests', status: next.status, code: 'rate_limited', detail: 'slow down' }));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  baseUrl = `http://127.0.0.1:${(server.address() as { port: number }).port}`;
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

const reset = () => {
  seen.length = 0;
  script.clear();
};

describe('retries', () => {
  it('waits the Retry-After of a 429, then succeeds; the API key is sent on every attempt', async () => {
    reset();
    script.set('/v1/eden/weather', [{ status: 429, headers: { 'retry-after': '1' } }]);
    // the client's attempts, counted as it makes them
    let attempts = 0;
    const counted: typeof fetch = (...args) => {
      attempts++;
      return fetch(...args);
    };
    /** Lets real I/O run until `ok()` holds (a deadline against a hang: the wall clock is not faked). */
    const settle = async (ok: () => boolean, what: string) => {
      for (const deadline = Date.now() + 10_000; !ok(); await new Promise((resolve) => setImmediate(resolve))) {
        if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
      }
    };
    const client = createArbiterClient({ baseUrl, apiKey: 'k1', fetch: counted });
    // the wait before a retry runs on a fake clock: the retry must wait for 1,000 ms of it
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    const timers = vi.spyOn(globalThis, 'setTimeout');
    let call: Promise<unknown> | undefined;
    try {
      call = client.rules('/v1/eden/weather', {});
      // the 429 arrived and the client set its 1,000 ms timer (fetch's own timer ticks every 499 ms)
      await settle(() => seen.length === 1 && timers.mock.calls.some(([, ms]) => ms === 1000), 'the 429 and the wait before the retry');
      await vi.advanceTimersByTimeAsync(999);
      expect(attempts, 'retried before the Retry-After had passed').toBe(1);
      await vi.advanceTimersByTimeAsync(1);
      await settle(() => attempts === 2, 'the retry once the Retry-After had passed');
    } finally {
      timers.mockRestore();
      vi.useRealTimers();
    }
    expect(await call).toEqual({ ok: true });
    expect(seen).toHaveLength(2);
    expect(seen.map((s) => s.headers.authorization)).toEqual(['Bearer k1', 'Bearer k1']);
    expect(seen[1]!.body).toBe(seen[0]!.body);
    expect(seen[0]!.headers['idempotency-key']).toBeUndefined();
  });

  it('a retried POST to a match route carries one Idempotency-Key per logical call', async () => {
    reset();
    const path = '/v1/matches/m1/commands';
    script.set(path, [
      { status: 503, headers: { 'retry-after': '0' } },
      { status: 429, headers: { 'retry-after': '0' } },
      { status: 201, body: { version: 1 } },
      { status: 201, body: { version: 2 } },
    ]);
    const client = createArbiterClient({ baseUrl, apiKey: 'k1' });
    expect(await client.runCommand('m1', { command: { type: 'eden.pass', player: 'A' } as never })).toEqual({ version: 1 });
    expect(await client.runCommand('m1', { command: { type: 'eden.pass', player: 'B' } as never })).toEqual({ version: 2 });
    const keys = seen.map((s) => s.headers['idempotency-key']);
    expect(keys).toHaveLength(4);
    expect(keys[0]).toMatch(/^[0-9a-f]{32}$/);
    expect(keys[1]).toBe(keys[0]);
    expect(keys[2]).toBe(keys[0]);
    expect(keys[3]).not.toBe(keys[0]);
    // a key of your own is kept
    reset();
    await client.runCommand('m1', { command: { type: 'eden.pass', player: 'A' } as never }, { idempotencyKey: 'mine-1' });
    expect(seen[0]!.headers['idempotency-key']).toBe('mine-1');
  });

  it('gives up after `retries`, and does not wait longer than maxRetryDelayMs: the answer is thrown as a typed problem', async () => {
    reset();
    script.set('/v1/eden/weather', [
      { status: 429, headers: { 'retry-after': '0' } },
      { status: 429, headers: { 'retry-after': '0' } },
    ]);
    const once = createArbiterClient({ baseUrl, retries: 1 });
    const error = await once.rules('/v1/eden/weather', {}).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ArbiterProblem);
    expect(error).toMatchObject({ status: 429, code: 'rate_limited', detail: 'slow down', requestId: 'req-2' });
    expect(seen).toHaveLength(2);

    reset();
    script.set('/v1/eden/weather', [{ status: 503, headers: { 'retry-after': '120' } }]);
    // no wait at all: the 503 is the answer (a 120 s wait would outlast the test's timeout, and a
    // shorter one would end in the 200 that comes next)
    const impatient = await createArbiterClient({ baseUrl, maxRetryDelayMs: 5000 })
      .rules('/v1/eden/weather', {})
      .catch((e: unknown) => e);
    expect((impatient as ArbiterProblem).status).toBe(503);
    expect(seen).toHaveLength(1);
  });

  it('Retry-After as seconds or as an HTTP date', () => {
    const now = Date.parse('2026-01-01T00:00:00Z');
    expect(retryAfterMs('3', now)).toBe(3000);
    expect(retryAfterMs('Thu, 01 Jan 2026 00:00:05 GMT', now)).toBe(5000);
    expect(retryAfterMs('soon', now)).toBeUndefined();
    expect(retryAfterMs(null, now)).toBeUndefined();
  });
});

describe('match feed reconnection', () => {
  it('after a dropped connection, reconnects after `retry:` with Last-Event-ID and loses nothing', async () => {
    const requests: { lastEventId: string | undefined; authorization: string | undefined }[] = [];
    const feed = createServer((req, res) => {
      requests.push({ lastEventId: req.headers['last-event-id'] as string | undefined, authorization: req.headers.authorization });
      res.writeHead(200, { 'content-type': 'text/event-stream' });
      const event = (v: number) => `id: ${v}\nevent: match.note\ndata: {"version":${v},"type":"match.note","data":{}}\n\n`;
      if (requests.length === 1)
        res.end(`: feed\nretry: 50\n\n${event(1)}${event(2)}`); // then the connection drops
      else res.write(`: feed\nretry: 50\n\n${event(Number(req.headers['last-event-id']) + 1)}`);
    });
    await new Promise<void>((resolve) => feed.listen(0, '127.0.0.1', resolve));
    try {
      const client = createArbiterClient({ baseUrl: `http://127.0.0.1:${(feed.address() as { port: number }).port}`, apiKey: 'k1' });
      const versions: number[] = [];
      for await (const e of client.followMatch('m1', { from: 1 })) {
        versions.push(e.version);
        if (versions.length === 3) break;
      }
      expect(versions).toEqual([1, 2, 3]);
      expect(requests).toEqual([
        { lastEventId: undefined, authorization: 'Bearer k1' },
        { lastEventId: '2', authorization: 'Bearer k1' },
      ]);
    } finally {
      feed.closeAllConnections();
      await new Promise<void>((resolve) => feed.close(() => resolve()));
    }
  });
});

describe('SSE parser', () => {
  it('parses events split anywhere, with CRLF, comments, multi-line data, id and retry', () => {
    const stream = ': feed of match m\r\nretry: 2000\r\n\r\nid: 1\r\nevent: match.created\r\ndata: {"a":\r\ndata: 1}\r\n\r\n: ping\n\nid: 2\nevent: x\ndata: 2\n\ndata: no id\n\n';
    for (const size of [1, 2, 3, 7, stream.length]) {
      const parser = createSseParser();
      const out = [];
      for (let i = 0; i < stream.length; i += size) out.push(...parser.push(stream.slice(i, i + size)));
      expect(out, `chunks of ${size}`).toEqual([
        { event: 'match.created', data: '{"a":\n1}', id: '1' },
        { event: 'x', data: '2', id: '2' },
        { event: 'message', data: 'no id', id: '2' },
      ]);
      expect(parser.retry).toBe(2000);
    }
  });
});

describe('runs in browsers', () => {
  it('the client sources import nothing Node-only and use no Node globals', () => {
    const dir = fileURLToPath(new URL('../../clients/typescript/src/', import.meta.url));
    const files = readdirSync(dir, { recursive: true, encoding: 'utf8' }).filter((f) => f.endsWith('.ts') && !f.startsWith('generated'));
    expect(files.length).toBeGreaterThanOrEqual(6);
    for (const file of files) {
      const text = readFileSync(join(dir, file), 'utf8');
      const imports = [...text.matchAll(/from '([^']+)'/g)].map((m) => m[1]!);
      for (const spec of imports) expect(spec === 'openapi-fetch' || spec.startsWith('./'), `${file} imports ${spec}`).toBe(true);
      expect(text, file).not.toMatch(/\b(process|Buffer|require|__dirname)\b[.(]/);
    }
  });
});
