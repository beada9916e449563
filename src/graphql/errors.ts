/**
 * GraphQL errors carry the REST problem (CONTRACT §7.1): `extensions` holds the same `code`,
 * `status` and `errors` (and the other problem members); the failing field is null and its `path`
 * names it, other fields keep their data.
 */
import mercurius from 'mercurius';
import { toProblem } from '../transport/problem.js';

const { ErrorWithProps } = mercurius;

/** Rethrow any error as a GraphQL error carrying the same problem fields as REST. */
export function asGraphqlError(error: unknown): never {
  const p = toProblem(error);
  throw new ErrorWithProps(p.detail, { ...p, status: p.status }, p.status);
}
