/**
 * A graphql-transport-ws subscription to a match's events (`matchEvents(id) { version }`) opened with
 * `credential` (an API key, a seat or spectator token): connected, acknowledged, then subscribed as
 * `s1`. Answers its messages as they arrive; the socket joins `sockets` for the caller to close.
 * With `runningOn` (the app serving it), waits until the subscription holds its stream slot or is answered.
 */
import { waitFor, type Message } from './sse-stream.js';
import { WebSocket, type WsClient } from './ws.js';

export async function subscribeToMatch(port: number, credential: string, matchId: string, sockets: WsClient[], runningOn?: { streams: { size: number } }): Promise<Message[]> {
  const ws = new WebSocket(`ws://127.0.0.1:${port}/graphql`, 'graphql-transport-ws');
  sockets.push(ws);
  const messages: Message[] = [];
  ws.on('message', (data) => messages.push(JSON.parse(String(data))));
  ws.on('error', () => undefined);
  await new Promise<void>((resolve) => ws.on('open', resolve));
  ws.send(JSON.stringify({ type: 'connection_init', payload: { authorization: `Bearer ${credential}` } }));
  await waitFor('connection_ack', () => messages.some((m) => m.type === 'connection_ack'));
  const before = runningOn?.streams.size ?? 0;
  ws.send(JSON.stringify({ id: 's1', type: 'subscribe', payload: { query: 'subscription($id: ID!) { matchEvents(id: $id) { version } }', variables: { id: matchId } } }));
  if (runningOn) await waitFor('the subscription to run', () => runningOn.streams.size > before || messages.some((m) => m.id === 's1'));
  return messages;
}
