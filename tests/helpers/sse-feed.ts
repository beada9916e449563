/**
 * A client of a match's SSE feed (GET /v1/matches/{id}/feed) for the feed tests and
 * bench/feeds.bench.ts: it records the `id:` (version) of every event as it arrives.
 */
export interface FeedClient {
  /** Versions received, in arrival order. */
  versions: number[];
  /** Settles once the stream is open (its opening comment and `retry:` arrived). */
  opened: Promise<void>;
  /** Resolves when `version` has arrived (at once if it has); rejects after `ms`. */
  until(version: number, ms?: number): Promise<void>;
  close(): void;
}

export function openFeed(url: string, apiKey: string): FeedClient {
  const abort = new AbortController();
  const versions: number[] = [];
  const waiters = new Set<() => void>();
  let markOpened!: () => void;
  const opened = new Promise<void>((resolve) => (markOpened = resolve));
  void (async () => {
    const res = await fetch(url, { headers: { authorization: `Bearer ${apiKey}` }, signal: abort.signal });
    const reader = res.body!.getReader();
    const decoder = new TextDecoder();
    let buffer = '';
    for (;;) {
      const { value, done } = await reader.read();
      if (done) return;
      buffer += decoder.decode(value, { stream: true });
      if (buffer.includes('retry:')) markOpened();
      let end: number;
      while ((end = buffer.indexOf('\n\n')) >= 0) {
        const id = /^id: (\d+)$/m.exec(buffer.slice(0, end));
        buffer = buffer.slice(end + 2);
        if (id) versions.push(Number(id[1]));
      }
      waiters.forEach((wake) => wake());
    }
  })().catch(() => undefined);
  return {
    versions,
    opened,
    until: (version, ms = 60_000) =>
      new Promise<void>((resolve, reject) => {
        const check = () => {
          if (!versions.includes(version)) return;
          clearTimeout(timer);
          waiters.delete(check);
          resolve();
        };
        const timer = setTimeout(() => {
          waiters.delete(check);
          reject(new Error(`the feed did not receive version ${version} within ${ms} ms (got ${versions.join(',')})`));
        }, ms);
        waiters.add(check);
        check();
      }),
    close: () => abort.abort(),
  };
}
