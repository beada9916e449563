/**
 * The HTTP-interactions endpoint (http-interactions.ts) on a `node:http` server, with deadlines a
 * client cannot stretch: the whole body must arrive within `bodyTimeoutMs` of the request (default
 * 5 s; Discord sends a few kilobytes at once) — else 408 and the connection is closed — and the
 * headers within `headersTimeoutMs`. A body over `maxBodyBytes` is 413 at once (connection closed).
 * Only POST is served (405).
 */
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { HttpAnswer } from './http-interactions.js';

export interface ListenerOptions {
  /** Longest time (ms) from the request's headers to the end of its body (default 5,000). */
  bodyTimeoutMs?: number;
  /** Longest time (ms) for the request's headers (default 5,000). */
  headersTimeoutMs?: number;
  /** Largest body (default 1 MiB). */
  maxBodyBytes?: number;
}

type Endpoint = (headers: IncomingMessage['headers'], rawBody: Buffer) => Promise<HttpAnswer>;

/** Answer `status` and close the connection (the rest of the body is not read). */
function refuse(req: IncomingMessage, res: ServerResponse, status: number, error: string): void {
  if (res.headersSent) {
    req.socket.destroy();
    return;
  }
  res.shouldKeepAlive = false;
  res.writeHead(status, { 'content-type': 'application/json', connection: 'close' });
  res.end(JSON.stringify({ error }), () => req.socket.destroy());
}

export function interactionsServer(endpoint: Endpoint, options: ListenerOptions = {}): Server {
  const bodyTimeoutMs = options.bodyTimeoutMs ?? 5000;
  const headersTimeoutMs = options.headersTimeoutMs ?? 5000;
  const maxBodyBytes = options.maxBodyBytes ?? 1 << 20;
  const server = createServer(
    // Node's own request deadline as a backstop (it is checked every `connectionsCheckingInterval`)
    { requestTimeout: headersTimeoutMs + bodyTimeoutMs, headersTimeout: headersTimeoutMs, connectionsCheckingInterval: Math.min(1000, bodyTimeoutMs) },
    (req, res) => {
      if (req.method !== 'POST') {
        res.writeHead(405, { allow: 'POST' }).end();
        return;
      }
      const chunks: Buffer[] = [];
      let size = 0;
      let done = false;
      const finish = () => {
        done = true;
        clearTimeout(deadline);
      };
      // a body sent a byte at a time must not hold the connection open
      const deadline = setTimeout(() => {
        if (done) return;
        finish();
        refuse(req, res, 408, `the body did not arrive within ${bodyTimeoutMs} ms`);
      }, bodyTimeoutMs);
      req.on('data', (c: Buffer) => {
        if (done) return;
        size += c.length;
        if (size > maxBodyBytes) {
          finish();
          refuse(req, res, 413, `the body is over ${maxBodyBytes} bytes`);
          return;
        }
        chunks.push(c);
      });
      req.on('error', finish);
      req.on('close', finish);
      req.on('end', () => {
        if (done) return;
        finish();
        endpoint(req.headers, Buffer.concat(chunks)).then(
          (a) => res.writeHead(a.status, { 'content-type': 'application/json' }).end(JSON.stringify(a.body)),
          () => res.writeHead(500).end(),
        );
      });
    },
  );
  return server;
}
