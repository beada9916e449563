/**
 * A small Server-Sent Events parser over a fetch body (the WHATWG event-stream format): works in
 * Node ≥ 20 and browsers, and unlike EventSource lets the client send headers (the API key) and
 * `Last-Event-ID` itself.
 */

export interface SseMessage {
  /** `event:` (default `message`). */
  event: string;
  /** `data:` lines joined with `\n`. */
  data: string;
  /** `id:` of this event, or the last one seen on the stream. */
  id: string | undefined;
}

export interface SseParser {
  /** Feeds decoded text; returns the events it completed. */
  push(chunk: string): SseMessage[];
  /** The last `retry:` the server sent (milliseconds). */
  readonly retry: number | undefined;
}

export function createSseParser(): SseParser {
  let buffer = '';
  let event = '';
  let data: string[] = [];
  let lastId: string | undefined;
  let retry: number | undefined;
  return {
    get retry() {
      return retry;
    },
    push(chunk) {
      buffer += chunk;
      const out: SseMessage[] = [];
      // a trailing \r waits for the next chunk: it may be the first half of \r\n
      const held = buffer.endsWith('\r') ? '\r' : '';
      const lines = (held ? buffer.slice(0, -1) : buffer).split(/\r\n|\r|\n/);
      // the last piece is an incomplete line
      buffer = (lines.pop() ?? '') + held;
      for (const line of lines) {
        if (line === '') {
          if (data.length) out.push({ event: event || 'message', data: data.join('\n'), id: lastId });
          event = '';
          data = [];
          continue;
        }
        if (line.startsWith(':')) continue;
        const colon = line.indexOf(':');
        const field = colon < 0 ? line : line.slice(0, colon);
        let value = colon < 0 ? '' : line.slice(colon + 1);
        if (value.startsWith(' ')) value = value.slice(1);
        if (field === 'event') event = value;
        else if (field === 'data') data.push(value);
        else if (field === 'id' && !value.includes('\0')) lastId = value;
        else if (field === 'retry' && /^\d+$/.test(value)) retry = Number(value);
      }
      return out;
    },
  };
}

/** The events of a `text/event-stream` body, as they arrive. */
export async function* readSse(body: ReadableStream<Uint8Array>, parser: SseParser = createSseParser()): AsyncGenerator<SseMessage> {
  const reader = body.getReader();
  const decoder = new TextDecoder();
  try {
    for (;;) {
      const { value, done } = await reader.read();
      if (done) {
        yield* parser.push(decoder.decode() + '\n');
        return;
      }
      yield* parser.push(decoder.decode(value, { stream: true }));
    }
  } finally {
    await reader.cancel().catch(() => undefined);
  }
}
