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
/** Milliseconds the server asks for: `Retry-After: <seconds>` or `<HTTP date>`. */
export declare function retryAfterMs(header: string | null, now?: number): number | undefined;
/** A random key (crypto.getRandomValues: available in Node ≥ 20 and in every browser context). */
export declare function newIdempotencyKey(): string;
export declare function createFetch(options?: FetchOptions): (request: Request) => Promise<Response>;
