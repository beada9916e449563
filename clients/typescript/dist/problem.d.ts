import type { Problem, ProblemError } from './types.js';
/** Seconds the server asks to wait (`Retry-After`: seconds or an HTTP date), rounded up; undefined without one. */
export declare function retryAfterSeconds(header: string | null | undefined, now?: number): number | undefined;
export declare class ArbiterProblem extends Error {
    readonly name = "ArbiterProblem";
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
    constructor(status: number, body: unknown, requestId?: string, retryAfter?: number);
    /** The problem of an answer whose body was already read (`body`). */
    static of(response: Response, body: unknown): ArbiterProblem;
    /** Builds the problem from an answer that is not 2xx (its body is read). */
    static fromResponse(response: Response): Promise<ArbiterProblem>;
}
