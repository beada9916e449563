/**
 * The GraphQL schema, built from the same TypeBox schemas as REST (src/graphql/types): every
 * operation of the registry is a `Query` field (it changes no stored state) whose `input` is the
 * REST body's input type and whose result is the REST response's object type; matches,
 * simulations and keys add their fields (src/graphql/extensions). Root fields are nullable, so a
 * failing field is null with its error while the others keep their data.
 *
 * schema.graphql is `printSchema` of it, committed; tests/api/discovery.test.ts fails when the
 * committed file differs.
 */
import type { GraphQLFieldConfig, GraphQLSchema } from 'graphql';
import { operations } from '../app/registry.js';
import type { Operation } from '../kernel/operation.js';
import { validate } from '../kernel/validate.js';
import { attachCatalogRef } from '../games/eden/operations/catalog-ref.js';
import { contextFor } from '../transport/context.js';
import { matchesGraphql } from './extensions/matches.js';
import { typedCommandsGraphql } from './extensions/typed-commands.js';
import { simulationsGraphql } from './extensions/simulations.js';
import { leagueGraphql } from './extensions/league.js';
import type { GraphqlExtension, RootFields } from './extension.js';
import type { GraphqlContext } from './caller.js';
import { asGraphqlError } from './errors.js';
import { gql } from './types/graphql-js.js';
import { TypeConverter } from './types/convert.js';
import { pascal } from './types/names.js';
import { inputAsRest } from './types/rest-shape.js';

const extensions: GraphqlExtension[] = [matchesGraphql, typedCommandsGraphql, simulationsGraphql, leagueGraphql];

/** Root fields are nullable whatever the schema says: a failing field must not null its siblings. */
function nullable<T extends { type: unknown }>(field: T): T {
  return { ...field, type: gql.isNonNullType(field.type) ? field.type.ofType : field.type };
}

function operationField(op: Operation<any>, t: TypeConverter): GraphQLFieldConfig<unknown, GraphqlContext> {
  const name = pascal(op.graphql.name);
  return {
    type: t.output(op.response, `${name}Result`).type,
    description: `${op.summary} Same as ${op.method} ${op.path}.`,
    args: op.body ? { input: { type: t.inputField(op.body, name), description: `The body of ${op.method} ${op.path}.` } } : {},
    resolve: async (_root, args: { input?: unknown }, ctx) => {
      try {
        const body = op.body ? structuredClone(args.input) : undefined;
        // a league's stored catalog named by `catalogRef`, looked up before the body is validated (CONTRACT §8.4)
        if (op.body) await attachCatalogRef(body, ctx.app.services.catalogs);
        const input = op.body ? validate(op.body, body) : undefined;
        return await op.handle(input, contextFor(ctx.request));
      } catch (error) {
        asGraphqlError(error);
      }
    },
  };
}

/**
 * Arguments as their REST bodies: a map sent as `[{key, value}]` entries, one alternative of a
 * several-kinds member (`{value: "head"}`, `{all: true}`) — src/graphql/types/rest-shape.ts.
 */
function restArguments<F extends GraphQLFieldConfig<any, any, any>>(field: F): F {
  const args = field.args ?? {};
  if (Object.keys(args).length === 0) return field;
  const rest = (given: Record<string, unknown>) => Object.fromEntries(Object.entries(given ?? {}).map(([k, v]) => [k, args[k] ? inputAsRest(v, args[k].type) : v]));
  const { resolve, subscribe } = field;
  return {
    ...field,
    ...(resolve ? { resolve: (source: unknown, given: Record<string, unknown>, ctx: unknown, info: any) => resolve(source, rest(given), ctx, info) } : {}),
    ...(subscribe ? { subscribe: (source: unknown, given: Record<string, unknown>, ctx: unknown, info: any) => subscribe(source, rest(given), ctx, info) } : {}),
  };
}

function merge(target: RootFields, source: RootFields | undefined): RootFields {
  for (const [name, field] of Object.entries(source ?? {})) {
    if (name in target) throw new Error(`GraphQL: the root field ${name} is defined twice.`);
    target[name] = restArguments(nullable(field));
  }
  return target;
}

/** The whole schema; its types are built with the graphql-js instance Mercurius uses. */
export function buildSchema(): GraphQLSchema {
  const t = new TypeConverter();
  const query: RootFields = {
    health: { type: gql.GraphQLString, description: 'Liveness.', resolve: () => 'ok' },
    apiVersion: { type: gql.GraphQLString, description: 'Schema version of this API.', resolve: () => '1' },
  };
  for (const op of operations) merge(query, { [op.graphql.name]: operationField(op, t) });
  const mutation: RootFields = {};
  const subscription: RootFields = {
    heartbeat: { type: gql.GraphQLString, description: 'Heartbeat (placeholder root field).', subscribe: async function* () {} },
  };
  for (const e of extensions) {
    const fields = e.fields(t);
    merge(query, fields.query);
    merge(mutation, fields.mutation);
    merge(subscription, fields.subscription);
  }
  return new gql.GraphQLSchema({
    query: new gql.GraphQLObjectType({ name: 'Query', description: 'Everything that changes no stored state.', fields: query }),
    mutation: new gql.GraphQLObjectType({ name: 'Mutation', description: 'Matches, simulations and stored lists.', fields: mutation }),
    subscription: new gql.GraphQLObjectType({ name: 'Subscription', fields: subscription }),
  });
}

let served: GraphQLSchema | undefined;
/**
 * The schema every app of this process serves, built once (it holds no per-app state: resolvers
 * reach their app through the request context). Warm-up documents are built from it too.
 */
export function servedSchema(): GraphQLSchema {
  return (served ??= buildSchema());
}

/** schema.graphql: the printed schema. */
export function printSchema(schema: GraphQLSchema = buildSchema()): string {
  return `# Generated by \`npm run openapi\` from the TypeBox schemas (src/graphql/schema.ts) — do not edit by hand.\n\n${gql.printSchema(schema)}\n`;
}
