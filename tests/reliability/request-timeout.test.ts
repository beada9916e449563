/**
 * Slow request bodies time out (issue "Reliability and security", item 8): a client that trickles
 * its body gets a 408 problem+json with x-request-id once REQUEST_TIMEOUT_MS has passed, and the
 * connection is closed; a prompt request on the same server is unaffected.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { connect } from 'node:net';
import type { FastifyInstance } from 'fastify';
import { testApp } from '../helpers/app.js';
import { loadConfig } from '../../src/config.js';
import { timeoutOptions } from '../../src/http/plugins/timeouts.js';

const TIMEOUT_MS = 1000;

describe('request timeout', () => {
  let app: FastifyInstance;
  let port: number;
  beforeAll(async () => {
    app = await testApp({ requestTimeoutMs: TIMEOUT_MS });
    await app.listen({ port: 0, host: '127.0.0.1' });
    port = (app.server.address() as { port: number }).port;
  });
  afterAll(() => app.close());

  it('is configurable with REQUEST_TIMEOUT_MS (default 30 s)', () => {
    expect(loadConfig({}).requestTimeoutMs).toBe(30_000);
    expect(loadConfig({ REQUEST_TIMEOUT_MS: '5000' }).requestTimeoutMs).toBe(5000);
  });

  it('the server enforces REQUEST_TIMEOUT_MS on the whole request (headers and body), checked often enough', () => {
    // Node's HTTP server times the request and answers through clientErrorHandler; how late it can
    // answer is one connectionsCheckingInterval, which follows the timeout.
    expect(app.server.requestTimeout).toBe(TIMEOUT_MS);
    expect(app.server.headersTimeout).toBeLessThanOrEqual(TIMEOUT_MS);
    const { http } = timeoutOptions(TIMEOUT_MS);
    expect(http.connectionsCheckingInterval).toBeLessThanOrEqual(TIMEOUT_MS / 4);
    expect(timeoutOptions(30_000).http.connectionsCheckingInterval).toBeLessThanOrEqual(1000);
  });

  it('a body trickled slower than the timeout gets 408 problem+json before it is complete, and the connection closes', async () => {
    const socket = connect(port, '127.0.0.1');
    let answer = '';
    const closed = new Promise<void>((resolve) => socket.on('close', () => resolve()));
    socket.on('data', (d) => (answer += d));
    socket.on('error', () => undefined);
    const body = JSON.stringify({ dice: { seed: 'slow' }, padding: 'x'.repeat(200) });
    socket.write(`POST /v1/eden/weather HTTP/1.1\r\nHost: localhost\r\nContent-Type: application/json\r\nContent-Length: ${body.length}\r\n\r\n`);
    let sent = 0;
    const trickle = setInterval(() => {
      if (sent < body.length && !socket.destroyed) socket.write(body[sent++]!);
    }, 100);
    let sentWhenAnswered: number | undefined;
    socket.once('data', () => (sentWhenAnswered = sent));
    try {
      // a deadline against a hang (10 × the timeout), not a measure of it
      await Promise.race([closed, new Promise((_, reject) => setTimeout(() => reject(new Error(`timed out waiting for the 408 (10 s): ${answer}`)), 10_000))]);
    } finally {
      clearInterval(trickle);
      socket.destroy();
    }
    // the server gave up on a request still arriving (part of the body sent, not all of it)
    expect(sentWhenAnswered).toBeGreaterThan(0);
    expect(sentWhenAnswered).toBeLessThan(body.length);
    const [head, payload] = answer.split('\r\n\r\n');
    expect(head).toMatch(/^HTTP\/1\.1 408 /);
    expect(head).toMatch(/content-type: application\/problem\+json/i);
    expect(head).toMatch(/x-request-id: \S+/i);
    expect(JSON.parse(payload!)).toMatchObject({ status: 408, code: 'request_timeout', detail: expect.any(String) });
  });

  it('a prompt request is served as usual', async () => {
    const res = await fetch(`http://127.0.0.1:${port}/v1/eden/weather`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{"dice":{"seed":"fast"}}' });
    expect(res.status).toBe(200);
  });
});
