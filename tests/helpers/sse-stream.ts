/**
 * Reading live streams in tests: an SSE stream read to its end in the background, the data of its
 * last event of a kind, and a wait on a condition (a deadline against a hang, not a measure of speed).
 */
import { expect } from 'vitest';

/** A GraphQL-over-WebSocket message. */
export interface Message {
  type: string;
  id?: string;
  payload?: any;
}

/** Resolves when `pred` holds; rejects after `ms`. */
export async function waitFor(what: string, pred: () => boolean, ms = 15_000): Promise<void> {
  const deadline = Date.now() + ms;
  while (!pred()) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 20));
  }
}

/** An SSE stream read to its end in the background, once its opening `retry:` arrived; `credential` undefined: none (a `?token=` in `url`). */
export async function openStream(url: string, credential: string | undefined) {
  const abort = new AbortController();
  const res = await fetch(url, { headers: credential === undefined ? {} : { authorization: `Bearer ${credential}` }, signal: abort.signal });
  expect(res.status).toBe(200);
  const stream = { text: '', ended: false, close: () => abort.abort() };
  const reader = res.body!.getReader();
  const decoder = new TextDecoder();
  void (async () => {
    try {
      for (;;) {
        const { done, value } = await reader.read();
        if (done) break;
        stream.text += decoder.decode(value, { stream: true });
      }
    } catch {
      // aborted
    }
    stream.ended = true;
  })();
  await waitFor('the stream to open', () => stream.text.includes('retry:'));
  return stream;
}

/** The data of the last `event: <name>` of an SSE text. */
export function lastEvent(text: string, name: string): Record<string, unknown> | undefined {
  const blocks = text.split('\n\n').filter((b) => b.split('\n').includes(`event: ${name}`));
  const data = blocks
    .at(-1)
    ?.split('\n')
    .find((l) => l.startsWith('data: '));
  return data ? (JSON.parse(data.slice('data: '.length)) as Record<string, unknown>) : undefined;
}
