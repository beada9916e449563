/** GraphQL adapter (Mercurius at /graphql, GraphiQL at /graphiql outside production). */
import type { FastifyInstance } from 'fastify';
import type { GraphqlContext } from './caller.js';
import fp from 'fastify-plugin';
import mercurius, { type IResolvers } from 'mercurius';

const { ErrorWithProps } = mercurius;
import { GraphQLScalarType, Kind, type ValueNode } from 'graphql';
import { operations } from '../app/registry.js';
import { validate } from '../app/validate.js';
import { toProblem } from '../transport/problem.js';
import { contextFor } from '../transport/context.js';
import { buildSdl, extensions } from './schema.js';
import { costOptions, limitCost } from './limits.js';
import { chargePerRootField } from './rate-charge.js';

function literal(node: ValueNode): unknown {
  switch (node.kind) {
    case Kind.STRING:
    case Kind.BOOLEAN:
      return node.value;
    case Kind.INT:
    case Kind.FLOAT:
      return Number(node.value);
    case Kind.NULL:
      return null;
    case Kind.LIST:
      return node.values.map(literal);
    case Kind.OBJECT:
      return Object.fromEntries(node.fields.map((f) => [f.name.value, literal(f.value)]));
    default:
      return undefined;
  }
}

const JSONScalar = new GraphQLScalarType({
  name: 'JSON',
  serialize: (v) => v,
  parseValue: (v) => v,
  parseLiteral: (node, variables) => (node.kind === Kind.VARIABLE ? variables?.[node.name.value] : literal(node)),
});

/** Rethrow any error as a GraphQL error carrying the same problem fields as REST. */
export function asGraphqlError(error: unknown): never {
  const p = toProblem(error);
  throw new ErrorWithProps(p.detail, { ...p, status: p.status }, p.status);
}

export type { GraphqlContext } from './caller.js';

function operationResolvers(): IResolvers {
  const Query: Record<string, unknown> = { health: () => 'ok' };
  const Mutation: Record<string, unknown> = { apiVersion: () => '1' };
  for (const op of operations) {
    const target = op.graphql.kind === 'query' ? Query : Mutation;
    target[op.graphql.name] = async (_root: unknown, args: { input?: unknown }, ctx: GraphqlContext) => {
      try {
        const input = op.body ? validate(op.body, structuredClone(args.input)) : undefined;
        return await op.handle(input, contextFor(ctx.request));
      } catch (error) {
        asGraphqlError(error);
      }
    };
  }
  return { JSON: JSONScalar, Query, Mutation, Subscription: { heartbeat: { subscribe: async function* () {} } } } as IResolvers;
}

function merge(target: IResolvers, source: IResolvers): IResolvers {
  for (const [type, fields] of Object.entries(source)) {
    (target as Record<string, unknown>)[type] = { ...((target as Record<string, object>)[type] ?? {}), ...(fields as object) };
  }
  return target;
}

export const graphqlPlugin = fp(async (app: FastifyInstance, _opts: { graphiql: boolean }) => {
  const resolvers = extensions.reduce((acc, e) => merge(acc, e.resolvers), operationResolvers());
  const limits = app.config.graphql;
  chargePerRootField(app);
  await app.register(mercurius, {
    schema: buildSdl(),
    resolvers,
    graphiql: false, // GraphiQL is served from local assets by src/http/routes/graphiql.ts
    ...costOptions(limits),
    subscription: { context: (_socket, request) => ({ request, app }) },
    context: (request) => ({ request, app }),
    errorFormatter: (execution, ctx) => {
      const formatted = mercurius.defaultErrorFormatter(execution, ctx);
      return { statusCode: formatted.statusCode === 500 ? 200 : formatted.statusCode, response: formatted.response };
    },
  });
  limitCost(app, limits);
});
