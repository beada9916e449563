/**
 * Every 4xx/5xx answer of the API is an RFC 9457 problem (`application/problem+json`); the client
 * throws it as an ArbiterProblem carrying the status, the machine-readable `code` (rule violations,
 * 422), every validation error with its JSON-pointer `path` (400), and the request id to quote
 * when reporting a problem.
 */
import { retryAfterMs } from './fetch.js';
import type { Problem, ProblemError } from './types.js';

/** Seconds the server asks to wait (`Retry-After`: seconds or an HTTP date), rounded up; undefined without one. */
export function retryAfterSeconds(header: string | null | undefined, now = Date.now()): number | undefined {
  const ms = retryAfterMs(header ?? null, now);
  return ms === undefined ? undefined : Math.ceil(ms / 1000);
}

export class ArbiterProblem extends Error {
  override readonly name = 'ArbiterProblem';
  /** HTTP status (400, 401, 404, 409, 422, 429, 503…). */
  readonly status: number;
  /** Machine-readable code (`dice_exhausted`, `illegal_target`, `version_conflict`…), when the answer has one. */
  readonly code: string | undefined;
  /** Problem type URI. */
  readonly type: string | undefined;
  readonly title: string | undefined;
  readonly detail: string | undefined;
  /** Every validation problem, each with its JSON-pointer `path`. Empty when there are none. */
  readonly errors: ProblemError[];
  /** The `x-request-id` of the answer (or the problem's `requestId`). */
  readonly requestId: string | undefined;
  /**
   * Seconds to wait before trying again, from the answer's `Retry-After` (429 rate limits and
   * stream caps, 503 outages); undefined when the answer has none (a stored-roster quota: waiting
   * does not help). The client has already retried as configured when it throws this.
   */
  readonly retryAfter: number | undefined;
  /** The whole problem body, with its extra members (`currentVersion`, `legalTargets`, `consumed`…). */
  readonly problem: Partial<Problem> & Record<string, unknown>;

  constructor(status: number, body: unknown, requestId?: string, retryAfter?: number) {
    const problem = (body !== null && typeof body === 'object' ? body : { detail: typeof body === 'string' && body ? body : undefined }) as Partial<Problem> &
      Record<string, unknown>;
    const str = (v: unknown) => (typeof v === 'string' ? v : undefined);
    super(str(problem.detail) ?? str(problem.title) ?? `HTTP ${status}`);
    this.status = status;
    this.problem = problem;
    this.code = str(problem.code);
    this.type = str(problem.type);
    this.title = str(problem.title);
    this.detail = str(problem.detail);
    this.errors = Array.isArray(problem.errors) ? (problem.errors as ProblemError[]) : [];
    this.requestId = requestId ?? str(problem.requestId);
    this.retryAfter = retryAfter;
  }

  /** The problem of an answer whose body was already read (`body`). */
  static of(response: Response, body: unknown): ArbiterProblem {
    return new ArbiterProblem(response.status, body, response.headers.get('x-request-id') ?? undefined, retryAfterSeconds(response.headers.get('retry-after')));
  }

  /** Builds the problem from an answer that is not 2xx (its body is read). */
  static async fromResponse(response: Response): Promise<ArbiterProblem> {
    const text = await response.text().catch(() => '');
    let body: unknown = text;
    try {
      body = text ? JSON.parse(text) : {};
    } catch {
      // not JSON (a proxy's page): kept as the detail
    }
    return ArbiterProblem.of(response, body);
  }
}
