/**
 * A selection of every field of a GraphQL type (recursively; `... on T` for each union member,
 * with `__typename`), and the answer with `__typename` removed: what a client that asks for
 * everything gets back, to compare with the REST body.
 */
import type { GraphQLOutputType, GraphQLSchema } from 'graphql';
import type { FastifyInstance } from 'fastify';
import { gql } from '../../src/graphql/types/graphql-js.js';
import { buildSchema } from '../../src/graphql/schema.js';
import { outputAsRest, restAsInput } from '../../src/graphql/types/rest-shape.js';

export function selectAll(type: GraphQLOutputType): string {
  const named = gql.getNamedType(type);
  if (gql.isUnionType(named))
    return `{ __typename ${named
      .getTypes()
      .map((m) => `... on ${m.name} ${selectAll(m)}`)
      .join(' ')} }`;
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

/**
 * The answer as REST writes it: enum names back to their strings (`spirit_of_eden` →
 * `spirit-of-eden`), union members read by their `__typename`, which is dropped.
 */
export function asRest(value: unknown, type: GraphQLOutputType): unknown {
  // maps as `[{key, value}]` entries and several-kinds members back to their REST shapes too (src/graphql/types/rest-shape.ts)
  return outputAsRest(value, type);
}

/** `value` without its null members: GraphQL answers null where REST leaves an optional member out. */
export function withoutNulls(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(withoutNulls);
  if (value && typeof value === 'object') return Object.fromEntries(Object.entries(value).flatMap(([k, v]) => (v === null ? [] : [[k, withoutNulls(v)]])));
  return value;
}

let served: GraphQLSchema | undefined;

/**
 * The Query field `field` with every result field selected and `input` (a REST body, as GraphQL input:
 * maps as entries, several-kinds members as their alternative) as its variable, read back as
 * REST writes it (`asRest`, without null members): `data` compares with `withoutNulls(<REST body>)`.
 */
export async function queryAll(app: FastifyInstance, field: string, input?: unknown, headers: Record<string, string> = {}) {
  served ??= buildSchema();
  const root = served.getQueryType()!.getFields()[field]!;
  const arg = root.args[0];
  const selection = fullSelection(served, 'query', field);
  const query = arg ? `query($input: ${String(arg.type)}) { ${selection.replace(field, `${field}(input: $input)`)} }` : `{ ${selection} }`;
  const res = await app.inject({ method: 'POST', url: '/graphql', payload: { query, variables: arg ? { input: restAsInput(input, arg.type) } : {} }, headers });
  const body = res.json() as { data?: Record<string, unknown> | null; errors?: { message: string; path?: string[]; extensions?: Record<string, any> }[] };
  const value = body.data?.[field];
  return { status: res.statusCode, data: value === null || value === undefined ? value : withoutNulls(asRest(value, root.type)), errors: body.errors };
}
