/**
 * A member REST answers as it was stored or sent (every member kept, also those no schema declares:
 * a receipt's hash covers them) is declared open for REST, yet its GraphQL type can be the schema it
 * was validated against when it was stored or sent. `typedForGraphql(open, typed)` records that
 * schema under a symbol (no JSON, OpenAPI document, validator or serializer sees it); the GraphQL
 * type converter (src/graphql/types/convert.ts) builds the member's type from it. A GraphQL object
 * answers its declared fields only, so a typed view hides nothing the REST schema promises.
 */
import type { TSchema } from '@sinclair/typebox';

export const GRAPHQL_VIEW = Symbol.for('arbiter.graphqlView');

/** `schema` (as REST declares, validates and serializes it) whose GraphQL type is built from `typed`. */
export function typedForGraphql<T extends TSchema>(schema: T, typed: TSchema): T {
  return Object.assign(schema, { [GRAPHQL_VIEW]: typed });
}

export const GRAPHQL_DERIVED = Symbol.for('arbiter.graphqlDerived');

/**
 * A member GraphQL answers and REST does not: its value derived from the object that holds it
 * (`derive(source)`), typed by `schema`. Only a GraphQL typed view (`typedForGraphql`) holds one.
 */
export function derivedForGraphql<T extends TSchema>(schema: T, derive: (source: any) => unknown): T {
  return Object.assign(schema, { [GRAPHQL_DERIVED]: derive });
}
