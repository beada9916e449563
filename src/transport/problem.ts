/**
 * The one problem mapping (CONTRACT §0), shared by REST (src/http/problem.ts sends it as
 * application/problem+json, RFC 9457) and GraphQL (error extensions carry the same fields).
 * Rule violations → 422 with `code`; schema problems → 400 listing every problem with a JSON-pointer
 * `path`; malformed JSON → 400; unknown ids → 404; conflicts → 409.
 */
import type { FastifyError } from 'fastify';
import { AlreadyDecided, InvalidInput, NotFound, RuleViolation } from '../kernel/errors.js';
import { toProblems, MAX_LISTED_PROBLEMS } from '../kernel/validate.js';
import { NotYourSeat, VersionConflict } from '../app/matches/errors.js';
import { plural } from '../kernel/i18n.js';
import { QueueUnavailable } from '../app/ports.js';
import { RosterQuotaExceeded } from '../app/league/ports.js';
import { RosterTooLarge } from '../app/league/rosters.js';

export interface Problem {
  type: string;
  title: string;
  status: number;
  detail: string;
  code?: string;
  errors?: { path: string; code: string; message: string }[];
  [extra: string]: unknown;
}

const TITLES: Record<number, string> = {
  400: 'Bad Request',
  401: 'Unauthorized',
  403: 'Forbidden',
  404: 'Not Found',
  405: 'Method Not Allowed',
  408: 'Request Timeout',
  409: 'Conflict',
  413: 'Payload Too Large',
  414: 'URI Too Long',
  415: 'Unsupported Media Type',
  422: 'Unprocessable Content',
  429: 'Too Many Requests',
  431: 'Request Header Fields Too Large',
  500: 'Internal Server Error',
  503: 'Service Unavailable',
};

/** Base of the `type` URIs: a URN per problem code (stable, not a network address). */
const PROBLEM_BASE = 'urn:arbiter:problem:';

export function problem(status: number, code: string, detail: string, extra: Record<string, unknown> = {}): Problem {
  return { type: PROBLEM_BASE + code, title: TITLES[status] ?? 'Error', status, detail, code, ...extra };
}

/** An HTTP error raised by transport code (auth, conflicts) with a problem code. */
export class HttpProblem extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
    readonly extra: Record<string, unknown> = {},
  ) {
    super(message);
  }
}

/**
 * For problems raised before GraphQL runs (body parsing, rate limiting): on /graphql, Mercurius's
 * error handler answers them, keeping `statusCode` and putting the problem fields in `extensions`
 * as every GraphQL error does (CONTRACT §7.1). REST maps them as any HttpProblem.
 */
export function answerableByGraphql(error: HttpProblem): HttpProblem {
  return Object.assign(error, { statusCode: error.status, extensions: toProblem(error) });
}

/** A 503 problem with `Retry-After: 5` (a dependency is missing or does not answer). */
export function unavailable(detail: string): HttpProblem {
  return Object.assign(new HttpProblem(503, 'unavailable', detail), { retryAfter: 5 });
}

/** Seconds a client should wait before retrying: 5 for an unavailable queue. */
const QUEUE_RETRY_AFTER_S = 5;

/**
 * The job runner's QueueUnavailable (src/app/ports.ts): Redis does not answer, the operation was not
 * done. Recognised by name so the mapping holds for every runner and realm.
 */
function isQueueUnavailable(error: unknown): boolean {
  return error instanceof QueueUnavailable || (error instanceof Error && error.name === 'QueueUnavailable');
}

// A connection to a dependency (PostgreSQL, Redis) refused, reset, dropped, timed out or closed by a
// server shutting down: socket errnos, SQLSTATE class 08 (connection exception), 53300 too_many_connections,
// 57P01-57P03 (admin shutdown, crash shutdown, cannot connect now); Prisma's codes and driver-adapter
// kinds for the same. By shape, since the errors come from several libraries (and src/infra may not
// be imported here); src/infra/database/transient.ts classifies them the same way for its retries.
const CONNECTION_ERRNO = new Set(['ECONNREFUSED', 'ECONNRESET', 'ETIMEDOUT', 'EHOSTUNREACH', 'ENETUNREACH', 'EAI_AGAIN', 'EPIPE']);
const CONNECTION_SQLSTATE = new Set(['53300', '57P01', '57P02', '57P03']);
const PRISMA_CONNECTION = new Set(['P1001', 'P1002', 'P1008', 'P1017', 'P2024']);
const ADAPTER_CONNECTION = new Set(['DatabaseNotReachable', 'ConnectionClosed', 'SocketTimeout', 'TooManyConnections']);
// pg's errors without a code: a connection lost, a new one not answered within its connect timeout
// ("timeout expired"), no pooled connection free in time, a read timeout, a client used after its
// connection broke ("… is not queryable"); the Prisma client passes them on with the same message.
// A database that answers slowly or not at all is an outage like one that refuses (CONTRACT §9.4).
const CONNECTION_MESSAGE = /Connection terminated|Connection ended|timeout expired|timeout exceeded when trying to connect|Query read timeout|is not queryable/i;

/** True for an error that means "the dependency did not answer" (the request itself was fine). */
function isConnectionFailure(error: unknown, depth = 0): boolean {
  if (!error || typeof error !== 'object' || depth > 4) return false;
  const e = error as { code?: unknown; message?: unknown; cause?: unknown; kind?: unknown; meta?: { driverAdapterError?: { cause?: unknown } } };
  const code = typeof e.code === 'string' ? e.code : '';
  if (CONNECTION_ERRNO.has(code) || CONNECTION_SQLSTATE.has(code) || PRISMA_CONNECTION.has(code) || /^08[0-9A-Z]{3}$/.test(code)) return true;
  if (typeof e.kind === 'string' && ADAPTER_CONNECTION.has(e.kind)) return true;
  if (typeof e.message === 'string' && CONNECTION_MESSAGE.test(e.message)) return true;
  return isConnectionFailure(e.cause, depth + 1) || isConnectionFailure(e.meta?.driverAdapterError?.cause, depth + 1);
}

/**
 * A dependency is away (the database or the job queue): the request is answered 503 + Retry-After,
 * and the outage is logged once, when the dependency's state changes (src/infra/outage.ts),
 * so code that fails a request for it logs no error line of its own.
 */
export function isOutage(error: unknown): boolean {
  if (isQueueUnavailable(error)) return true;
  if (error instanceof Error && error.name === 'DatabaseUnavailable') return true;
  return isConnectionFailure(error);
}

/** Seconds a client should wait after a database connection failure. */
const DATABASE_RETRY_AFTER_S = 5;

/** The Retry-After (seconds) a problem for `error` carries, if any. */
export function retryAfterOf(error: unknown): number | undefined {
  if (isQueueUnavailable(error)) return QUEUE_RETRY_AFTER_S;
  const given = (error as { retryAfter?: unknown } | undefined)?.retryAfter;
  if (typeof given === 'number' && given > 0) return given;
  return isConnectionFailure(error) ? DATABASE_RETRY_AFTER_S : undefined;
}

/** Map any thrown value to a problem document. Unknown errors become a 500 without internals. */
export function toProblem(error: unknown): Problem {
  // stored-list budgets, the same on every transport (README "Roster budgets"); no Retry-After on the quota: waiting frees nothing
  if (error instanceof RosterTooLarge) return problem(413, error.code, error.message, { limit: error.limit, size: error.size });
  if (error instanceof RosterQuotaExceeded) return problem(429, 'quota_exceeded', error.message, { limit: error.limit });
  if (error instanceof RuleViolation) return problem(422, error.code, error.message, error.extra);
  if (error instanceof AlreadyDecided) return problem(409, error.code, error.message, error.extra);
  if (error instanceof InvalidInput) return problem(400, error.code, error.message, { ...error.extra, errors: error.errors });
  if (error instanceof NotFound) return problem(404, 'not_found', error.message);
  if (error instanceof NotYourSeat) return problem(403, error.code, error.message);
  if (error instanceof VersionConflict) {
    return problem(409, 'version_conflict', error.message, { currentVersion: error.currentVersion, expectedVersion: error.expectedVersion });
  }
  if (error instanceof HttpProblem) return problem(error.status, error.code, error.message, error.extra);
  if (isQueueUnavailable(error)) return problem(503, 'queue_unavailable', 'The job queue is unavailable; nothing was queued or changed. Retry later.');
  const e = error as FastifyError & { validation?: unknown[]; validationContext?: string };
  if (e && Array.isArray(e.validation)) {
    const where = e.validationContext ?? 'body';
    const all = toProblems(e.validation as never).map((p) => (where === 'body' ? p : { ...p, in: where }));
    // the first MAX_LISTED_PROBLEMS, and how many more (README "Budgets")
    const errors = all.slice(0, MAX_LISTED_PROBLEMS);
    return problem(400, 'invalid_request', `The request ${where} does not match the schema (${all.length} ${plural('en', all.length, { one: 'problem', other: 'problems' })}).`, {
      errors,
      ...(all.length > errors.length ? { errorsOmitted: all.length - errors.length } : {}),
    });
  }
  if (e?.code === 'FST_ERR_CTP_INVALID_JSON_BODY' || e?.code === 'FST_ERR_CTP_INVALID_JSON' || e?.code === 'FST_ERR_CTP_EMPTY_JSON_BODY' || e instanceof SyntaxError) {
    return problem(400, 'malformed_json', 'The request body is not valid JSON.');
  }
  if (e?.code === 'FST_ERR_BAD_URL') return problem(400, 'bad_url', 'The URL is not valid (bad percent-encoding).');
  if (e?.code === 'FST_ERR_MAX_PARAM_LENGTH') return problem(414, 'uri_too_long', 'A path parameter is too long (at most 100 characters).');
  if (e?.code === 'FST_ERR_CTP_INVALID_MEDIA_TYPE') return problem(415, 'unsupported_media_type', 'Send JSON with Content-Type: application/json.');
  if (e?.code === 'FST_ERR_CTP_BODY_TOO_LARGE') return problem(413, 'body_too_large', 'The request body is too large.');
  if (typeof e?.statusCode === 'number' && e.statusCode >= 400 && e.statusCode < 500) {
    const status = e.statusCode;
    const code = status === 429 ? 'rate_limited' : (e.code ?? 'bad_request').toLowerCase();
    return problem(status, code, e.message || TITLES[status] || 'Bad request.');
  }
  if (typeof e?.statusCode === 'number' && e.statusCode === 503) return problem(503, 'unavailable', e.message);
  // a connection reset or refused while serving is the dependency's outage, not the request's fault
  if (isConnectionFailure(error)) return problem(503, 'unavailable', 'The database is not answering; retry later.');
  return problem(500, 'internal_error', 'An unexpected error occurred; it has been logged with the request id.');
}
