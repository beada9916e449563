/**
 * A selection of every field of a GraphQL type (recursively; `... on T` for each union member,
 * with `__typename`), and the answer with `__typename` removed: what a client that asks for
 * everything gets back, to compare with the REST body.
 */
import type { GraphQLOutputType, GraphQLSchema } from 'graphql';
import { gql } from '../../src/graphql/types/graphql-js.js';

export function selectAll(type: GraphQLOutputType): string {
  const named = gql.getNamedType(type);
  if (gql.isUnionType(named)) return `{ __typename ${named.getTypes().map((m) => `... on ${m.name} ${selectAll(m)}`).join(' ')} }`;
  if (!gql.isObjectType(named)) return '';
  return `{ ${Object.values(named.getFields())
    .map((f) => `${f.name} ${selectAll(f.type)}`.trim())
    .join(' ')} }`;
}

/** The root field `field` of `root` (Query, Mutation) with all its fields selected. */
export function fullSelection(schema: GraphQLSchema, root: 'query' | 'mutation', field: string): string {
  const type = root === 'query' ? schema.getQueryType() : schema.getMutationType();
  const f = type?.getFields()[field];
  if (!f) throw new Error(`no ${root} field ${field}`);
  return `${field} ${selectAll(f.type)}`.trim();
}

/** `value` without the `__typename` members the selection asked for. */
export function withoutTypename(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(withoutTypename);
  if (value && typeof value === 'object') return Object.fromEntries(Object.entries(value).filter(([k]) => k !== '__typename').map(([k, v]) => [k, withoutTypename(v)]));
  return value;
}
