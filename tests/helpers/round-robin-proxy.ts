/**
 * A load balancer for the fleet tests and bench/fleet-proxy.bench.ts (docs/deploy.md): node:http
 * only. It polls each upstream's `GET /ready` every `pollMs` (as a balancer's health check does) and
 * sends each request to the next upstream, round robin, among those whose last poll answered 200.
 * Answers are piped as they arrive, so SSE feeds stream through it. Every response it forwards
 * carries `x-upstream: <the upstream's base URL>`. What it answers itself is a dropped request:
 * 502 when the upstream connection failed before an answer (refused, reset), 503 when no upstream
 * is ready; each is counted in `drops` with its reason.
 */
import { Agent, createServer, request as httpRequest, type IncomingHttpHeaders, type IncomingMessage, type ServerResponse } from 'node:http';

export interface Upstream {
  base: string;
  /** The last poll of `/ready` answered 200. */
  ready: boolean;
  /** Requests sent to it. */
  served: number;
}

export interface Drop {
  status: 502 | 503;
  method: string;
  url: string;
  reason: string;
}

export interface RoundRobinProxy {
  base: string;
  upstreams: readonly Upstream[];
  drops: Drop[];
  /** Puts an upstream in the rotation (once its `/ready` answers 200). */
  add(base: string): void;
  /** Takes an upstream out for good (its poll stops). */
  remove(base: string): void;
  /** Resolves once every upstream's last poll answered 200 (rejects after `ms`). */
  allReady(ms?: number): Promise<void>;
  close(): Promise<void>;
}

/** Headers of one connection (RFC 9110 §7.6.1), never forwarded. */
const HOP_BY_HOP = ['connection', 'keep-alive', 'proxy-connection', 'transfer-encoding', 'te', 'trailer', 'upgrade'];

function endToEnd(headers: IncomingHttpHeaders): IncomingHttpHeaders {
  const out = { ...headers };
  for (const name of HOP_BY_HOP) delete out[name];
  return out;
}

interface Entry extends Upstream {
  url: URL;
  agent: Agent;
  timer: NodeJS.Timeout;
  polling: boolean;
}

export async function startRoundRobinProxy(bases: string[], options: { pollMs?: number; pollTimeoutMs?: number } = {}): Promise<RoundRobinProxy> {
  const pollMs = options.pollMs ?? 100;
  const pollTimeoutMs = options.pollTimeoutMs ?? 2500;
  const entries: Entry[] = [];
  const drops: Drop[] = [];
  let turn = 0;

  const poll = (entry: Entry) => {
    if (entry.polling) return;
    entry.polling = true;
    const probe = httpRequest(new URL('/ready', entry.url), { agent: entry.agent, timeout: pollTimeoutMs }, (res) => {
      res.resume();
      res.on('end', () => {
        entry.ready = res.statusCode === 200;
        entry.polling = false;
      });
      res.on('error', () => {
        entry.ready = false;
        entry.polling = false;
      });
    });
    probe.on('timeout', () => probe.destroy(new Error('poll timed out')));
    probe.on('error', () => {
      entry.ready = false;
      entry.polling = false;
    });
    probe.end();
  };

  const add = (base: string) => {
    const entry: Entry = { base, url: new URL(base), ready: false, served: 0, agent: new Agent({ keepAlive: true }), polling: false, timer: undefined as never };
    entry.timer = setInterval(() => poll(entry), pollMs);
    entries.push(entry);
    poll(entry);
  };

  const drop = (req: IncomingMessage, res: ServerResponse, status: 502 | 503, reason: string) => {
    drops.push({ status, method: req.method ?? '', url: req.url ?? '', reason });
    if (res.headersSent) {
      res.destroy();
      return;
    }
    res.writeHead(status, { 'content-type': 'text/plain', 'x-proxy-drop': reason });
    res.end(reason);
  };

  const server = createServer((req, res) => {
    const ready = entries.filter((e) => e.ready);
    if (!ready.length) return drop(req, res, 503, 'no upstream ready');
    const upstream = ready[turn++ % ready.length]!;
    upstream.served++;
    const headers = endToEnd(req.headers);
    headers['x-forwarded-for'] = [req.headers['x-forwarded-for'], req.socket.remoteAddress].filter(Boolean).join(', ');
    // set once the exchange is over for the client (dropped, or the client left): nothing more is counted
    let clientGone = false;
    const fail = (reason: string) => {
      if (clientGone) return;
      clientGone = true;
      drop(req, res, 502, `${upstream.base}: ${reason}`);
    };
    const forwarded = httpRequest(new URL(req.url ?? '/', upstream.url), { method: req.method, headers, agent: upstream.agent }, (answer) => {
      res.writeHead(answer.statusCode ?? 502, { ...endToEnd(answer.headers), 'x-upstream': upstream.base });
      // SSE: the headers go out now, each chunk as it arrives (pipe does not buffer)
      res.flushHeaders();
      answer.pipe(res);
      // the upstream connection broke in the middle of its answer
      answer.on('error', (error: NodeJS.ErrnoException) => fail(`${error.code ?? error.message} mid-answer`));
    });
    forwarded.on('error', (error: NodeJS.ErrnoException) => fail(error.code ?? error.message));
    // the client went away (a feed closed): so does the upstream request, and that is no drop
    res.on('close', () => {
      if (res.writableFinished) return;
      clientGone = true;
      forwarded.destroy();
    });
    req.pipe(forwarded);
  });
  server.keepAliveTimeout = 30_000;
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  for (const base of bases) add(base);

  return {
    base: `http://127.0.0.1:${(server.address() as { port: number }).port}`,
    upstreams: entries,
    drops,
    add,
    remove: (base) => {
      const at = entries.findIndex((e) => e.base === base);
      if (at < 0) return;
      const [entry] = entries.splice(at, 1);
      clearInterval(entry!.timer);
      entry!.agent.destroy();
    },
    allReady: async (ms = 120_000) => {
      for (const deadline = Date.now() + ms; !entries.every((e) => e.ready); await new Promise((r) => setTimeout(r, pollMs))) {
        if (Date.now() > deadline) throw new Error(`upstreams not ready: ${entries.filter((e) => !e.ready).map((e) => e.base)}`);
      }
    },
    close: async () => {
      for (const entry of entries.splice(0)) {
        clearInterval(entry.timer);
        entry.agent.destroy();
      }
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
