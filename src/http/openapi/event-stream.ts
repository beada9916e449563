/** The OpenAPI answer of the Server-Sent Events routes (src/http/sse.ts writes the streams). */
import { Type } from '@sinclair/typebox';

/** How the event streams are written. */
const EVENT_STREAM_FORMAT =
  'A `text/event-stream` (Server-Sent Events): it opens with a `: <comment>` line and `retry: 2000` (milliseconds before a client reconnects), then one block per event — `id:` (where given), `event:` (the event name) and `data:` (one line of JSON) — blocks separated by a blank line; a `: ping` comment every 15 s keeps idle connections open. A revoked API key ends the stream with `event: revoked`.';

/** A 200 answer that is an event stream; `events` says which events it carries. */
export function eventStreamResponse(events: string) {
  return { description: `${events}\n\n${EVENT_STREAM_FORMAT}`, content: { 'text/event-stream': { schema: Type.String({ description: 'Server-Sent Events.' }) } } };
}
