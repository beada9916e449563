/**
 * GraphQL errors carry the REST problem (CONTRACT §7.1): `extensions` holds the same `code`,
 * `status` and `errors` (and the other problem members); the failing field is null and its `path`
 * names it, other fields keep their data.
 *
 * Every error has an `extensions.code`, also those GraphQL itself raises (`formatErrors`):
 * - a document that does not parse → `graphql_parse_failed`, status 400;
 * - a document that fails validation, or variables that do not match their types →
 *   `graphql_validation_failed`, status 400 (a rule may give its own code: `introspection_disabled`);
 * - a query sent with GET that is not a query → `method_not_allowed`, 405;
 * - anything else without a code (a result the schema cannot represent) → `internal_error`, 500.
 * A document refused before it runs answers HTTP 400 (GraphQL over HTTP), however many errors it has.
 */
import mercurius from 'mercurius';
import type { GraphQLError } from 'graphql';
import { toProblem } from '../transport/problem.js';

const { ErrorWithProps } = mercurius;

/** Rethrow any error as a GraphQL error carrying the same problem fields as REST. */
export function asGraphqlError(error: unknown): never {
  const p = toProblem(error);
  throw new ErrorWithProps(p.detail, { ...p, status: p.status }, p.status);
}

interface Coded {
  code: string;
  status: number;
}

type Formatter = typeof mercurius.defaultErrorFormatter;
type Execution = Parameters<Formatter>[0];
interface WithErrors {
  originalError?: (Error & { errors?: unknown[]; code?: string; statusCode?: number }) | null;
  message: string;
}

function requestError(inner: { message?: string }, wrapper: { code?: string }): Coded {
  if (wrapper.code === 'MER_ERR_METHOD_NOT_ALLOWED') return { code: 'method_not_allowed', status: 405 };
  if (typeof inner.message === 'string' && inner.message.startsWith('Syntax Error')) return { code: 'graphql_parse_failed', status: 400 };
  return { code: 'graphql_validation_failed', status: 400 };
}

/** The code each formatted error gets when it has none, in the order Mercurius's formatter lists them. */
function codesOf(errors: readonly WithErrors[]): { coded: Coded; request: boolean }[] {
  return errors.flatMap((error): { coded: Coded; request: boolean }[] => {
    const original = error.originalError;
    if (original && Array.isArray(original.errors)) return original.errors.map((inner) => ({ coded: requestError(inner as { message?: string }, original), request: true }));
    const status = original?.statusCode;
    if (typeof status === 'number' && status >= 400 && status < 500) return [{ coded: { code: (original?.code ?? 'bad_request').toLowerCase(), status }, request: true }];
    return [{ coded: { code: 'internal_error', status: 500 }, request: false }];
  });
}

/** Mercurius's error formatter, with an `extensions.code` on every error and 400 for a refused document. */
export function formatErrors(execution: Execution, ctx: Parameters<Formatter>[1]): ReturnType<Formatter> {
  const formatted = mercurius.defaultErrorFormatter(execution, ctx);
  const kinds = codesOf((execution.errors ?? []) as unknown as WithErrors[]);
  const errors = (formatted.response.errors ?? []) as unknown as ReturnType<GraphQLError['toJSON']>[];
  const listed = errors.length === kinds.length;
  const response = {
    ...formatted.response,
    errors: errors.map((e, i) => {
      if (typeof e.extensions?.code === 'string') return e;
      const { coded } = listed ? kinds[i]! : { coded: { code: 'internal_error', status: 500 } };
      return { ...e, extensions: { ...e.extensions, code: coded.code, status: coded.status } };
    }),
  };
  const refused = !formatted.response.data && listed && kinds.length > 0 && kinds.every((k) => k.request);
  const statusCode = refused && formatted.statusCode === 200 ? Math.max(...kinds.map((k) => k.coded.status)) : formatted.statusCode === 500 ? 200 : formatted.statusCode;
  return { statusCode, response } as ReturnType<Formatter>;
}
