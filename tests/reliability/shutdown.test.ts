/**
 * SIGTERM with streams open (CONTRACT §8.5): the real process (`tsx src/server.ts`, embedded
 * database in a temporary DATA_DIR) with an SSE match feed, a GraphQL subscription and a request in
 * flight. The feed's last event is `event: shutdown` with a `retry:` line, then it ends; the
 * subscription gets `complete`; the request is answered; the process exits 0. No clock is read: a shutdown that hangs fails by the test's
 * timeout, and the grace the process allows itself is at most 5 s by configuration.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, afterEach, describe, expect, it } from 'vitest';
import { killAll, requestDuringShutdown, startServer, until } from '../helpers/process.js';
import { WebSocket } from '../helpers/ws.js';
import { loadConfig } from '../../src/config.js';

const ADMIN = 'shutdown-test-admin';

interface Message {
  type: string;
  id?: string;
  payload?: any;
}

/** The SSE events of a stream's text: `{event, data, retry}` per block (comments skipped). */
function events(text: string): { event?: string; data?: string; retry?: string }[] {
  return text
    .split('\n\n')
    .filter((block) => block.trim() && !block.split('\n').every((line) => line.startsWith(':') || line.startsWith('retry:')))
    .map((block) => Object.fromEntries(block.split('\n').map((line) => [line.slice(0, line.indexOf(':')), line.slice(line.indexOf(':') + 1).trim()])));
}

describe('SIGTERM with streams open', () => {
  let dataDir: string | undefined;
  afterEach(async () => {
    await killAll();
  });
  afterAll(async () => {
    if (dataDir) await rm(dataDir, { recursive: true, force: true });
  });

  it('the grace a shutdown may take is at most 5 s, by default and by validation', () => {
    expect(loadConfig({}).shutdownGraceMs).toBeLessThanOrEqual(5000);
    expect(loadConfig({ SHUTDOWN_GRACE_MS: '2500' }).shutdownGraceMs).toBe(2500);
    expect(() => loadConfig({ SHUTDOWN_GRACE_MS: '25000' })).toThrow(/SHUTDOWN_GRACE_MS/);
    expect(() => loadConfig({ SHUTDOWN_GRACE_MS: '0' })).toThrow(/SHUTDOWN_GRACE_MS/);
  });

  it('CONTRACT §9.4: on SIGTERM /ready answers 503 at once while requests are still served for SHUTDOWN_DRAIN_MS, then the process exits 0', { timeout: 180_000 }, async () => {
    expect(loadConfig({}).shutdownDrainMs).toBe(2000);
    expect(() => loadConfig({ SHUTDOWN_DRAIN_MS: '60001' })).toThrow(/SHUTDOWN_DRAIN_MS/);
    const drainDir = await mkdtemp(join(tmpdir(), 'arbiter-drain-'));
    try {
      // a long drain, so that the requests below land inside it however loaded the machine is
      const server = await startServer({ DATA_DIR: drainDir, SHUTDOWN_DRAIN_MS: '8000' });
      await until('ready', async () => (await fetch(`${server.base}/ready`)).status === 200, 60_000);
      server.child.kill('SIGTERM');
      await until('/ready says draining', async () => (await fetch(`${server.base}/ready`)).status === 503);
      const ready = (await (await fetch(`${server.base}/ready`)).json()) as { checks: Record<string, string> };
      expect(ready.checks.shutdown).toBe('draining');
      // still served meanwhile: health, and a real request
      expect((await fetch(`${server.base}/health`)).status).toBe(200);
      expect((await fetch(`${server.base}/v1/games`)).status).toBe(200);
      expect(await server.exited, server.output()).toBe(0);
    } finally {
      await rm(drainDir, { recursive: true, force: true });
    }
  });

  it('sends the feed a last `event: shutdown` with `retry:`, completes the subscription and exits 0', { timeout: 180_000 }, async () => {
    dataDir = await mkdtemp(join(tmpdir(), 'arbiter-shutdown-'));
    const server = await startServer({ DATA_DIR: dataDir, ADMIN_TOKEN: ADMIN });
    const created = await fetch(`${server.base}/v1/admin/keys`, {
      method: 'POST',
      headers: { authorization: `Bearer ${ADMIN}`, 'content-type': 'application/json' },
      body: JSON.stringify({ name: 'streams' }),
    });
    expect(created.status, server.output()).toBe(201);
    const auth = { authorization: `Bearer ${((await created.json()) as { key: string }).key}` };
    const match = await fetch(`${server.base}/v1/matches`, {
      method: 'POST',
      headers: { ...auth, 'content-type': 'application/json' },
      body: JSON.stringify({
        game: 'eden',
        players: [
          { id: 'p1', name: 'Ana' },
          { id: 'p2', name: 'Ben' },
        ],
      }),
    });
    const id = ((await match.json()) as { id: string }).id;

    // the SSE feed, read to its end
    const feed = await fetch(`${server.base}/v1/matches/${id}/feed`, { headers: auth });
    expect(feed.status).toBe(200);
    let feedText = '';
    const feedEnded = (async () => {
      const reader = feed.body!.getReader();
      for (;;) {
        const { value, done } = await reader.read();
        if (done) return;
        feedText += new TextDecoder().decode(value);
      }
    })();

    // the GraphQL subscription, seen running (it receives an appended event)
    const ws = new WebSocket(`ws://127.0.0.1:${server.port}/graphql`, 'graphql-transport-ws');
    const messages: Message[] = [];
    let socketClosed = false;
    ws.on('message', (data) => messages.push(JSON.parse(String(data))));
    ws.on('close', () => (socketClosed = true));
    ws.on('error', () => undefined);
    await new Promise<void>((resolve) => ws.on('open', resolve));
    ws.send(JSON.stringify({ type: 'connection_init', payload: auth }));
    await until('connection_ack', async () => messages.some((m) => m.type === 'connection_ack'));
    ws.send(JSON.stringify({ id: 's1', type: 'subscribe', payload: { query: 'subscription($id: ID!) { matchEvents(id: $id, after: 0) { version } }', variables: { id } } }));
    const appended = await fetch(`${server.base}/v1/matches/${id}/events`, {
      method: 'POST',
      headers: { ...auth, 'content-type': 'application/json' },
      body: JSON.stringify({ expectedVersion: 0, events: [{ type: 'match.note', data: { text: 'before the end', author: 'Ana' } }] }),
    });
    expect(appended.status).toBe(201);
    await until('the event on the subscription', async () => messages.some((m) => m.id === 's1' && m.type === 'next'));
    await until('the event on the feed', async () => feedText.includes('id: 1\n'));

    // and a request in flight (headers sent, body not yet) when the signal arrives
    const inFlight = requestDuringShutdown(`http://127.0.0.1:${server.port}`, ADMIN, () => server.child.kill('SIGTERM'), 300);

    expect((await inFlight).status, server.output()).toBe(201);
    expect(await server.exited, server.output()).toBe(0);
    await feedEnded;

    const last = events(feedText).at(-1);
    expect(last, feedText).toMatchObject({ event: 'shutdown', retry: expect.stringMatching(/^\d+$/) });
    expect(JSON.parse(last!.data!)).toMatchObject({ status: 503, code: 'shutting_down' });
    // the subscription completed (not an error) before its socket closed
    expect(messages.filter((m) => m.id === 's1').map((m) => m.type)).toEqual(['next', 'complete']);
    await until('the socket to close', async () => socketClosed);
    expect(server.output()).not.toContain('shutdown took too long');
  });
});
