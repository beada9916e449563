/**
 * No text the service cannot store reaches it (issue: a NUL in an id answered 500 and logged a
 * stack; PostgreSQL refuses U+0000 in text): a path parameter, a query parameter or any string or
 * member name of a body (JSON, text/plain, GraphQL's query and variables) holding a NUL character
 * or a lone UTF-16 surrogate is a 400 `invalid_request` naming every such place at once (`path`:
 * the body's JSON pointer, `/<name>` for a path or query parameter; code `nul_character` or
 * `lone_surrogate`). One pass over what the request carries, before any schema or handler.
 */
import type { FastifyInstance } from 'fastify';
import { pointerSegment, type InputProblem } from '../../kernel/errors.js';
import { answerableByGraphql, HttpProblem } from '../../transport/problem.js';

/** How many places one answer names (the rest are counted in `errorsOmitted`). */
const LISTED = 20;

const NUL = /\u0000/;
const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

/** The problem of one string, if it is not text the service keeps. */
function textProblem(text: string, path: string): InputProblem | undefined {
  if (NUL.test(text)) return { path, code: 'nul_character', message: 'contains a NUL character (U+0000), which no text here may hold' };
  if (LONE_SURROGATE.test(text)) return { path, code: 'lone_surrogate', message: 'contains a lone UTF-16 surrogate (not Unicode text)' };
  return undefined;
}

/** Every string and member name of `value` that is not text, by JSON pointer under `path` (iterative: depth is bounded by the body parser). */
export function badText(value: unknown, path = ''): InputProblem[] {
  const out: InputProblem[] = [];
  const stack: { value: unknown; path: string }[] = [{ value, path }];
  while (stack.length) {
    const { value: v, path: at } = stack.pop()!;
    if (typeof v === 'string') {
      const p = textProblem(v, at);
      if (p) out.push(p);
    } else if (Array.isArray(v)) {
      for (let i = v.length - 1; i >= 0; i--) stack.push({ value: v[i], path: `${at}/${i}` });
    } else if (v !== null && typeof v === 'object') {
      for (const key of Object.keys(v).reverse()) {
        const p = textProblem(key, `${at}/${pointerSegment(key)}`);
        if (p) out.push(p);
        stack.push({ value: (v as Record<string, unknown>)[key], path: `${at}/${pointerSegment(key)}` });
      }
    }
  }
  return out;
}

export function registerTextInputCheck(app: FastifyInstance): void {
  app.addHook('preValidation', async (request) => {
    const found = [...badText(request.params ?? {}), ...badText(request.query ?? {}), ...badText(request.body)];
    if (found.length === 0) return;
    const omitted = found.length - LISTED;
    throw answerableByGraphql(
      new HttpProblem(400, 'invalid_request', `The request holds text the service cannot keep (${found[0]!.path || '/'}: ${found[0]!.message}).`, {
        errors: found.slice(0, LISTED),
        ...(omitted > 0 ? { errorsOmitted: omitted } : {}),
      }),
    );
  });
}
