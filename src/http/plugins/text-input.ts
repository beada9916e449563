/**
 * No text the service cannot store reaches it (issue: a NUL in an id answered 500 and logged a
 * stack; PostgreSQL refuses U+0000 in text): a path parameter, a query parameter or any string or
 * member name of a body (JSON, text/plain, GraphQL's query and variables) holding a NUL character
 * or a lone UTF-16 surrogate is a 400 `invalid_request` naming every such place at once (`path`:
 * the body's JSON pointer, `/<name>` with `in` (`params`, `querystring`) for a parameter; code `unstorable_text`, as the
 * event stores' own check, infra/event-store/storable.ts). One pass over what the request carries, before any schema or handler.
 */
import type { FastifyInstance } from 'fastify';
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
export const mayHoldBadText = (json: string): boolean => ESCAPED_BAD.test(json);

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

/** Path and query parameters, and bodies other than JSON (a text list; a JSON body is checked by its parser: json-body.ts). */
export function registerTextInputCheck(app: FastifyInstance): void {
  app.addHook('preValidation', async (request) => {
    const json = /json/i.test(request.headers['content-type'] ?? '');
    // placed as schema problems are: `in` names a parameter's part of the request
    const found = [
      ...badText(request.params ?? {}).map((p) => ({ ...p, in: 'params' })),
      ...badText(request.query ?? {}).map((p) => ({ ...p, in: 'querystring' })),
      ...(json ? [] : badText(request.body)),
    ];
    if (found.length) throw badTextProblem(found);
  });
}
