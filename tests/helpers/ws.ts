/** A WebSocket client for the GraphQL subscription tests (graphql-transport-ws over `ws`). */
import { createRequire } from 'node:module';

/** `ws` (a mercurius dependency; no @types/ws installed): the little of its client API used here. */
export interface WsClient {
  on(event: 'open' | 'close', fn: () => void): void;
  on(event: 'message', fn: (data: Buffer) => void): void;
  on(event: 'error', fn: (e: Error) => void): void;
  send(data: string): void;
  close(): void;
}

export const WebSocket = createRequire(import.meta.url)('ws') as new (url: string, protocol: string) => WsClient;
