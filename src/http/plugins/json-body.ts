/**
 * The one JSON body parser (Fastify's own, with prototype-poisoning protection), plus three rules
 * enforced once for every JSON body, before any schema validation:
 * - nesting is limited to MAX_BODY_DEPTH levels (objects and arrays): a deeper body is a 400
 *   `too_deep` problem whose `path` is the JSON pointer where the limit was crossed. The check
 *   stops at that depth, so no body, however deep, reaches recursive code past it (validation,
 *   rules, storage);
 * - an array longer than the `maxItems` its route's body schema gives it is a 400 `too_many_items`
 *   problem naming each such array, before any of its items is validated (the validator reports
 *   every problem at once, so it would check every item of the array first: 20,000 fighters cost
 *   30 s of errors nobody reads). See `overLongArrays` (src/app/over-long-arrays.ts: `validate` applies
 *   it too, for GraphQL and match commands);
 * - the unknown members of the body (src/kernel/unknown-members.ts), kept for its handler's
 *   `warnings`. With the two checks above, one pass over the body (src/kernel/body-pass.ts);
 * - a string or member name holding a NUL or a lone surrogate is a 400 naming every such place
 *   (text-input.ts), found by one scan of the raw text for their escapes;
 * - a DELETE (or GET/HEAD/OPTIONS) with `Content-Type: application/json` and an empty body has no
 *   body, as without the header; an empty body on POST/PUT/PATCH stays malformed JSON.
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { answerableByGraphql, HttpProblem } from '../../transport/problem.js';
import { pointerSegment, type InputProblem } from '../../kernel/errors.js';
import { bodyPass } from '../../kernel/body-pass.js';
import { rememberUnknownMembers } from '../../kernel/unknown-members.js';
import { badText, badTextProblem, mayHoldBadText } from './text-input.js';
import { LONG_ARRAY, MAX_LISTED_ARRAYS, overLongArrays, overLongArraysWalked, scanBody, smallestMaxItems, TOO_DEEP, type OverLong } from '../../kernel/body-limits.js';

export { MAX_LISTED_ARRAYS, overLongArrays, type OverLong };

/** Deepest nesting of objects and arrays a request body may have (documented in README and OpenAPI). */
export const MAX_BODY_DEPTH = 64;

const BODYLESS = new Set(['DELETE', 'GET', 'HEAD', 'OPTIONS']);

/** The JSON pointer of the first container nested deeper than `limit`, or undefined. */
export function tooDeepAt(value: unknown, limit = MAX_BODY_DEPTH): string | undefined {
  if (scanBody(value, limit, Infinity) !== TOO_DEEP) return undefined;
  return deepestPath(value, limit);
}

/** The JSON pointer of the first container nested deeper than `limit` in a body `scanBody` found one in. */
function deepestPath(value: unknown, limit: number): string {
  const stack: { value: unknown; depth: number; path: string }[] = [{ value, depth: 0, path: '' }];
  while (stack.length) {
    const { value: v, depth, path } = stack.pop()!;
    if (v === null || typeof v !== 'object') continue;
    if (depth + 1 > limit) return path;
    if (Array.isArray(v)) {
      for (let i = v.length - 1; i >= 0; i--) stack.push({ value: v[i], depth: depth + 1, path: `${path}/${i}` });
    } else {
      for (const key of Object.keys(v).reverse()) stack.push({ value: (v as Record<string, unknown>)[key], depth: depth + 1, path: `${path}/${pointerSegment(key)}` });
    }
  }
  return ''; // not reached: `scanBody` found a container this deep
}

function tooDeep(path: string, limit = MAX_BODY_DEPTH): HttpProblem {
  const message = `nested deeper than ${limit} levels`;
  return answerableByGraphql(
    new HttpProblem(400, 'too_deep', `The request body is nested deeper than ${limit} levels (at ${path || '/'}).`, {
      errors: [{ path, code: 'too_deep', message }],
    }),
  );
}

/** The 400 `too_many_items` problem: the first MAX_LISTED_ARRAYS arrays, `errorsOmitted` the rest. */
export function tooManyItems(over: OverLong[]): HttpProblem {
  const first = over[0]!;
  const omitted = over.length - MAX_LISTED_ARRAYS;
  return answerableByGraphql(
    new HttpProblem(
      400,
      'too_many_items',
      `${over.length === 1 ? 'An array' : `${over.length} arrays`} of the request body ${over.length === 1 ? 'is' : 'are'} longer than the schema allows (${first.path || '/'}: at most ${first.limit} items, ${first.count} sent); no item of ${over.length === 1 ? 'it' : 'them'} was validated.`,
      { errors: over.slice(0, MAX_LISTED_ARRAYS), ...(omitted > 0 ? { errorsOmitted: omitted } : {}) },
    ),
  );
}

/**
 * The 400 problem of a parsed body against the depth limit (`too_deep`) and against the `maxItems`
 * of its route's body `schema` (`too_many_items`), or undefined. One pass for both checks; the walk
 * that names the over-long arrays runs only when some array is longer than the schema's smallest
 * `maxItems`.
 */
export function bodyLimitsProblem(value: unknown, schema: unknown): HttpProblem | undefined {
  return limitsProblem(scanBody(value, MAX_BODY_DEPTH, smallestMaxItems(schema)), value, schema);
}

function limitsProblem(found: number, value: unknown, schema: unknown): HttpProblem | undefined {
  if (found === TOO_DEEP) return tooDeep(deepestPath(value, MAX_BODY_DEPTH));
  if (found !== LONG_ARRAY) return undefined;
  const over = overLongArraysWalked(schema, value);
  return over.length ? tooManyItems(over) : undefined;
}

/**
 * The body schema of a request's route, read from the route's context (found once by its symbol):
 * `request.routeOptions` builds an object on every read.
 */
let contextKey: symbol | null | undefined;
function bodySchemaOf(request: FastifyRequest): unknown {
  if (contextKey === undefined) {
    contextKey = Object.getOwnPropertySymbols(request).find((s) => s.description === 'fastify.context') ?? null;
    const context = contextKey ? (request as unknown as Record<symbol, { schema?: unknown } | undefined>)[contextKey] : undefined;
    if (context?.schema !== request.routeOptions.schema) contextKey = null;
  }
  if (contextKey === null) return request.routeOptions.schema?.body;
  return (request as unknown as Record<symbol, { schema?: { body?: unknown } }>)[contextKey]?.schema?.body;
}

/**
 * The checks of a parsed body, in one pass over it when the route has a body schema
 * (src/kernel/body-pass.ts): depth and array lengths, and its unknown members, kept for the
 * handler's warnings. Else the depth and array scan alone.
 */
function checkedBody(value: unknown, schema: unknown): HttpProblem | undefined {
  if (schema === null || typeof schema !== 'object') return bodyLimitsProblem(value, schema);
  const warnings: InputProblem[] = [];
  const problem = limitsProblem(bodyPass(schema, value, MAX_BODY_DEPTH, smallestMaxItems(schema), warnings), value, schema);
  if (problem === undefined) rememberUnknownMembers(schema, value, warnings);
  return problem;
}

export function registerJsonBodyParser(app: FastifyInstance): void {
  const parse = app.getDefaultJsonParser('error', 'error');
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (request: FastifyRequest, body, done) => {
    const text = body as string;
    if (text === '' && BODYLESS.has(request.method)) return done(null, undefined);
    parse(request, text, (error: Error | null, value?: unknown) => {
      if (error) return done(error, undefined);
      const problem = checkedBody(value, bodySchemaOf(request));
      if (problem) return done(problem, undefined);
      // NUL and lone surrogates (text-input.ts): walked only when the raw text holds such an escape
      const bad = mayHoldBadText(text) ? badText(value) : [];
      if (bad.length) return done(badTextProblem(bad), undefined);
      done(null, value);
    });
  });
}
