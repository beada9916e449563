/**
 * GraphQL subscriptions over WebSocket take the API key as `connectionParams.authorization`
 * (CONTRACT §7.2): graphql-ws clients send `connectionParams` as the `connection_init` payload
 * itself, `{"authorization": "Bearer <key>"}` (no `headers` wrapper). A valid key gets the events;
 * a wrong key, no key or a feed token is refused with a 401 error naming the problem.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { apiKey, memoryApp } from '../helpers/app.js';
import { WebSocket } from '../helpers/ws.js';

interface Message {
  type: string;
  id?: string;
  payload?: any;
}

async function until(pred: () => boolean, what: string, ms = 5000): Promise<void> {
  const deadline = Date.now() + ms;
  while (!pred()) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 20));
  }
}

describe('GraphQL subscriptions authenticated by connectionParams.authorization', () => {
  let app: FastifyInstance;
  let port: number;
  let key: string;
  let matchId: string;
  const sockets: { close(): void }[] = [];

  beforeAll(async () => {
    // its own app: it listens
    app = await memoryApp();
    await app.listen({ port: 0, host: '127.0.0.1' });
    port = (app.server.address() as { port: number }).port;
    key = await apiKey(app, 'subscriptions');
    const created = await app.inject({
      method: 'POST',
      url: '/v1/matches',
      headers: { authorization: `Bearer ${key}` },
      payload: {
        game: 'eden',
        players: [
          { id: 'p1', name: 'Ana' },
          { id: 'p2', name: 'Ben' },
        ],
      },
    });
    matchId = created.json().id;
  });
  afterAll(async () => {
    for (const s of sockets) s.close();
    await app?.close();
  });

  /** A graphql-transport-ws connection whose `connection_init` payload is `connectionParams`, subscribed to the match's events. */
  async function subscribe(connectionParams: Record<string, unknown>) {
    const ws = new WebSocket(`ws://127.0.0.1:${port}/graphql`, 'graphql-transport-ws');
    sockets.push(ws);
    const messages: Message[] = [];
    ws.on('message', (data) => messages.push(JSON.parse(String(data))));
    await new Promise<void>((resolve, reject) => {
      ws.on('open', resolve);
      ws.on('error', reject);
    });
    ws.send(JSON.stringify({ type: 'connection_init', payload: connectionParams }));
    await until(() => messages.some((m) => m.type === 'connection_ack'), 'connection_ack');
    // after: 0 — events appended while the subscription is being set up are caught up, not missed
    ws.send(
      JSON.stringify({
        id: 's1',
        type: 'subscribe',
        payload: { query: 'subscription($id: ID!) { matchEvents(id: $id, after: 0) { version type data } }', variables: { id: matchId } },
      }),
    );
    return messages;
  }

  const refusal = async (messages: Message[]) => {
    await until(() => messages.some((m) => m.id === 's1' && (m.type === 'error' || m.type === 'next')), 'the refusal');
    const m = messages.find((x) => x.id === 's1')!;
    expect(m.type).toBe('error');
    expect(messages.some((x) => x.type === 'next' && x.payload?.data?.matchEvents)).toBe(false);
    return m.payload[0] as { message: string; extensions: { status: number; code: string } };
  };

  it('a valid key receives the events appended after it subscribed', async () => {
    const messages = await subscribe({ authorization: `Bearer ${key}` });
    const appended = await app.inject({
      method: 'POST',
      url: `/v1/matches/${matchId}/events`,
      headers: { authorization: `Bearer ${key}` },
      payload: { expectedVersion: 0, events: [{ type: 'match.note', data: { text: 'hello', author: 'Ana' } }] },
    });
    expect(appended.statusCode).toBe(201);
    await until(() => messages.some((m) => m.type === 'next'), 'the pushed event');
    const next = messages.find((m) => m.type === 'next')!;
    expect(next.payload.data.matchEvents).toMatchObject({ version: 1, type: 'match.note', data: { text: 'hello', author: 'Ana' } });
  });

  it('a wrong key is refused: 401 unauthorized, "Unknown or revoked API key."', async () => {
    const error = await refusal(await subscribe({ authorization: 'Bearer ak_not_a_real_key' }));
    expect(error.message).toBe('Unknown or revoked API key.');
    expect(error.extensions).toMatchObject({ status: 401, code: 'unauthorized' });
  });

  it('no authorization is refused with the expected form in the message', async () => {
    const error = await refusal(await subscribe({}));
    expect(error.message).toMatch(/Send Authorization: Bearer <api key>/);
    expect(error.extensions).toMatchObject({ status: 401, code: 'unauthorized' });
  });

  it('a feed token is not an API key here either', async () => {
    const issued = await app.inject({ method: 'POST', url: `/v1/matches/${matchId}/feed-tokens`, headers: { authorization: `Bearer ${key}` } });
    const error = await refusal(await subscribe({ authorization: `Bearer ${issued.json().token}` }));
    expect(error.message).toMatch(/not an API key/);
    expect(error.extensions).toMatchObject({ status: 401 });
  });
});
