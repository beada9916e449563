/** What the hand-written GraphQL resolvers share: validated input, the idempotency key, and problem errors. */
import type { TSchema } from '@sinclair/typebox';
import { validate } from '../kernel/validate.js';
import { asGraphqlError } from './errors.js';

/** `value` validated against `schema` (the same TypeBox schema as the REST body). */
export const input = <T>(schema: TSchema, value: unknown): T => validate<T>(schema, structuredClone(value ?? null));

/** The `idempotencyKey` argument as the services take it (ignored unless 1–255 characters). */
export const idempotencyKey = (k: unknown) => (typeof k === 'string' && k.length > 0 && k.length <= 255 ? { key: k } : undefined);

/** Run a resolver; any error (after `mapError`) becomes a GraphQL error with the REST problem's fields. */
export async function guarded<T>(fn: () => Promise<T>, mapError: (error: unknown) => unknown = (error) => error): Promise<T> {
  try {
    return await fn();
  } catch (error) {
    asGraphqlError(mapError(error));
  }
}
