/**
 * The fetch every call goes through: it adds the API key, gives each logical POST to a match route
 * one `Idempotency-Key` (kept across its retries, so a retried command is applied once), and
 * retries answers 429 and 503 after the server's `Retry-After` (seconds or an HTTP date), else
 * after an exponential backoff. A wait longer than `maxRetryDelayMs` is not made: the answer is
 * returned (and thrown as an ArbiterProblem by the caller).
 */

export interface RetryOptions {
  /** Retries after the first attempt (default 3; 0 turns retrying off). */
  retries?: number;
  /** The longest wait accepted before a retry (default 30 000 ms). */
  maxRetryDelayMs?: number;
  /** Backoff when the answer has no Retry-After: base · 2^attempt (default 500 ms). */
  backoffMs?: number;
}

export interface FetchOptions extends RetryOptions {
  apiKey?: string;
  fetch?: typeof fetch;
}

const RETRIED = new Set([429, 503]);
/** POSTs under these paths take `Idempotency-Key`. */
const KEYED = /^\/v1\/matches(?:\/|$)/;

/** Milliseconds the server asks for: `Retry-After: <seconds>` or `<HTTP date>`. */
export function retryAfterMs(header: string | null, now = Date.now()): number | undefined {
  if (!header) return undefined;
  if (/^\s*\d+\s*$/.test(header)) return Number(header) * 1000;
  const at = Date.parse(header);
  return Number.isNaN(at) ? undefined : Math.max(0, at - now);
}

/** A random key (crypto.getRandomValues: available in Node ≥ 20 and in every browser context). */
export function newIdempotencyKey(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  return Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');
}

function sleep(ms: number, signal: AbortSignal | null): Promise<void> {
  return new Promise((resolve, reject) => {
    if (signal?.aborted) return reject(signal.reason);
    const timer = setTimeout(() => {
      signal?.removeEventListener('abort', onAbort);
      resolve();
    }, ms);
    const onAbort = () => {
      clearTimeout(timer);
      reject(signal?.reason);
    };
    signal?.addEventListener('abort', onAbort, { once: true });
  });
}

export function createFetch(options: FetchOptions = {}): (request: Request) => Promise<Response> {
  const base = options.fetch ?? globalThis.fetch.bind(globalThis);
  const retries = options.retries ?? 3;
  const maxDelay = options.maxRetryDelayMs ?? 30_000;
  const backoff = options.backoffMs ?? 500;
  return async (request) => {
    if (options.apiKey && !request.headers.has('authorization')) request.headers.set('authorization', `Bearer ${options.apiKey}`);
    if (request.method === 'POST' && KEYED.test(new URL(request.url).pathname) && !request.headers.has('idempotency-key')) {
      request.headers.set('idempotency-key', newIdempotencyKey());
    }
    for (let attempt = 0; ; attempt++) {
      const response = await base(attempt < retries ? request.clone() : request);
      if (!RETRIED.has(response.status) || attempt >= retries) return response;
      const delay = retryAfterMs(response.headers.get('retry-after')) ?? backoff * 2 ** attempt;
      if (delay > maxDelay) return response;
      await response.body?.cancel().catch(() => undefined);
      await sleep(delay, request.signal);
    }
  };
}
