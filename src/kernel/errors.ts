/**
 * Typed rule violations raised by the pure rules cores. One place (src/http/problem.ts and
 * src/graphql) maps them to HTTP problem+json and GraphQL errors.
 */

/** A well-formed request that the rules forbid: HTTP 422 with a machine-readable `code`. */
export class RuleViolation extends Error {
  readonly status = 422;
  constructor(
    readonly code: string,
    message: string,
    /** Extra top-level members for the problem document (e.g. `legalTargets`). */
    readonly extra: Record<string, unknown> = {},
  ) {
    super(message);
    this.name = 'RuleViolation';
  }
}

/** One problem in a request body, addressed by a JSON pointer. */
export interface InputProblem {
  path: string;
  code: string;
  message: string;
}

/**
 * Input that passes the schema but is still malformed (e.g. a die value that is not a face): HTTP 400
 * with `code` (default `invalid_request`) and any `extra` top-level members of the problem.
 */
export class InvalidInput extends Error {
  readonly status = 400;
  constructor(
    readonly errors: InputProblem[],
    message = 'The request is not valid.',
    readonly code = 'invalid_request',
    readonly extra: Record<string, unknown> = {},
  ) {
    super(message);
    this.name = 'InvalidInput';
  }
}

/** A decision already taken (a second sealed part, a second answer): HTTP 409 with its `code`. */
export class AlreadyDecided extends Error {
  readonly status = 409;
  readonly code = 'already_decided';
  constructor(
    message: string,
    readonly extra: Record<string, unknown> = {},
  ) {
    super(message);
    this.name = 'AlreadyDecided';
  }
}

/** An id that names nothing the caller may see: HTTP 404. */
export class NotFound extends Error {
  readonly status = 404;
  constructor(message = 'Not found.') {
    super(message);
    this.name = 'NotFound';
  }
}

/** Escape one JSON-pointer segment (RFC 6901). */
export function pointerSegment(segment: string | number): string {
  return String(segment).replace(/~/g, '~0').replace(/\//g, '~1');
}

/** Build a JSON pointer from segments: pointer('fighters', 2, 'value') → "/fighters/2/value". */
export function pointer(...segments: (string | number)[]): string {
  return segments.map((s) => '/' + pointerSegment(s)).join('');
}

/** The same problems with each path moved under `prefix` ("/command" + "/fighters/0" → "/command/fighters/0"). */
export function prefixProblems(prefix: string, problems: readonly InputProblem[]): InputProblem[] {
  return problems.map((p) => ({ ...p, path: prefix + p.path }));
}

/** Run `fn`; an InvalidInput it throws is re-thrown with every path under `prefix` (same message). */
export function underPath<T>(prefix: string, fn: () => T): T {
  try {
    return fn();
  } catch (error) {
    if (error instanceof InvalidInput) throw new InvalidInput(prefixProblems(prefix, error.errors), error.message, error.code, error.extra);
    throw error;
  }
}
