/**
 * Request timeouts (REQUEST_TIMEOUT_MS): a client has that long to send a whole request (headers
 * and body); a slower one gets a 408 problem+json (with `x-request-id`) and the connection is
 * closed. Headers alone get at most 20 s of it. Node checks pending requests every
 * `connectionsCheckingInterval`, so that interval follows the timeout. Responses are not limited
 * (long simulations' event streams stay open), and idle keep-alive connections close after 72 s.
 * Other errors of the HTTP parser (malformed requests) are 400 problems, 431 for oversized headers.
 */
import type { FastifyServerOptions } from 'fastify';
import type { ServerOptions } from 'node:http';
import type { Socket } from 'node:net';
import { randomUUID } from 'node:crypto';
import { problem } from '../../transport/problem.js';

const HEADERS_TIMEOUT_MS = 20_000;

export function timeoutOptions(
  requestTimeoutMs: number,
): Pick<FastifyServerOptions, 'requestTimeout' | 'connectionTimeout' | 'keepAliveTimeout' | 'clientErrorHandler'> & { http: ServerOptions } {
  const limited = requestTimeoutMs > 0;
  return {
    requestTimeout: requestTimeoutMs,
    keepAliveTimeout: 72_000,
    // no socket inactivity timeout: event streams and subscriptions may be quiet for a while
    connectionTimeout: 0,
    http: {
      headersTimeout: limited ? Math.min(HEADERS_TIMEOUT_MS, requestTimeoutMs) : HEADERS_TIMEOUT_MS,
      connectionsCheckingInterval: limited ? Math.max(100, Math.min(1000, Math.floor(requestTimeoutMs / 4))) : 1000,
    },
    clientErrorHandler: answerClientError,
  };
}

function answerClientError(error: NodeJS.ErrnoException, socket: Socket): void {
  if (error.code === 'ECONNRESET' || socket.destroyed) return;
  const p =
    error.code === 'ERR_HTTP_REQUEST_TIMEOUT'
      ? problem(408, 'request_timeout', 'The request was not received in time; the connection is closed.')
      : error.code === 'HPE_HEADER_OVERFLOW'
        ? problem(431, 'headers_too_large', 'The request headers are too large.')
        : problem(400, 'bad_request', 'The request is not valid HTTP.');
  const requestId = randomUUID();
  const body = JSON.stringify({ ...p, requestId });
  // Answer only while the response in progress on this connection has not started (as Node does).
  const current = (socket as Socket & { _httpMessage?: { headersSent?: boolean } })._httpMessage;
  if (socket.writable && !current?.headersSent) {
    socket.write(
      `HTTP/1.1 ${p.status} ${p.title}\r\nContent-Type: application/problem+json; charset=utf-8\r\nContent-Length: ${Buffer.byteLength(body)}\r\n` +
        `x-request-id: ${requestId}\r\nConnection: close\r\n\r\n${body}`,
    );
  }
  socket.destroy(error);
}
