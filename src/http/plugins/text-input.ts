/**
 * No text the service cannot store reaches it (issue: a NUL in an id answered 500 and logged a
 * stack; PostgreSQL refuses U+0000 in text): a path parameter, a query parameter or any string or
 * member name of a body (JSON, text/plain, GraphQL's query and variables) holding a NUL character
 * or a lone UTF-16 surrogate is a 400 `invalid_request` naming every such place at once (`path`:
 * the body's JSON pointer, `/<name>` with `in` (`params`, `querystring`) for a parameter; code `unstorable_text`, as the
 * event stores' own check, infra/event-store/storable.ts). One pass over what the request carries, before any schema or handler.
 */
import type { FastifyInstance, FastifyReply, FastifyRequest, HookHandlerDoneFunction } from 'fastify';
import type { InputProblem } from '../../kernel/errors.js';
import { unstorableProblems } from '../../kernel/storable-text.js';
import { answerableByGraphql, HttpProblem } from '../../transport/problem.js';

/** How many places one answer names (the rest are counted in `errorsOmitted`). */
const LISTED = 20;

/** Every string and member name of `value` that is not storable text, by JSON pointer under `path` (the event stores' own check). */
export const badText = (value: unknown, path = ''): InputProblem[] => unstorableProblems(value, path);

/**
 * Whether a JSON text may hold a NUL or a lone surrogate once parsed: in valid JSON both can only
 * be written as `\u` escapes (raw control characters are refused by the parser; bytes that are not
 * UTF-8 were decoded to U+FFFD), so one scan of the raw text spares the walk of almost every body.
 */
const ESCAPED_BAD = /\\u(?:0000|[dD][89a-fA-F])/;
// the common text has no `\u` escape at all: one search for it (memchr-fast) before the pattern
export const mayHoldBadText = (json: string): boolean => json.includes('\\u') && ESCAPED_BAD.test(json);

/** The 400 problem naming every place of `found`. */
export function badTextProblem(found: InputProblem[]): HttpProblem {
  const omitted = found.length - LISTED;
  return answerableByGraphql(
    new HttpProblem(400, 'invalid_request', `The request holds text the service cannot keep (${found[0]!.path || '/'}: ${found[0]!.message}).`, {
      errors: found.slice(0, LISTED),
      ...(omitted > 0 ? { errorsOmitted: omitted } : {}),
    }),
  );
}

/** A JSON body (checked by its parser): the common `application/json` told at once, any other type by its name. */
const isJson = (type: string | undefined): boolean => type === 'application/json' || /json/i.test(type ?? '');

const isEmpty = (value: unknown): boolean => {
  for (const _ in value as object) return false;
  return true;
};

/** Every unstorable place of a request's parameters, query and (other than JSON) body, in that order; placed as schema problems are (`in` names a parameter's part). */
function textProblems(request: FastifyRequest): (InputProblem & { in?: string })[] {
  const found: (InputProblem & { in?: string })[] = [];
  if (!isEmpty(request.params)) for (const p of badText(request.params)) found.push({ ...p, in: 'params' });
  if (!isEmpty(request.query)) for (const p of badText(request.query)) found.push({ ...p, in: 'querystring' });
  if (request.body !== undefined && !isJson(request.headers['content-type'])) found.push(...badText(request.body));
  return found;
}

/**
 * Path and query parameters, and bodies other than JSON (a text list; a JSON body is checked by
 * its parser: json-body.ts). A callback hook: the common request (no parameter, no query, a JSON
 * body) costs two emptiness checks and no promise.
 */
export function registerTextInputCheck(app: FastifyInstance): void {
  app.addHook('preValidation', (request: FastifyRequest, _reply: FastifyReply, done: HookHandlerDoneFunction) => {
    const found = textProblems(request);
    if (found.length) return done(badTextProblem(found));
    done();
  });
}
