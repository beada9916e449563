/**
 * The smallest typed GraphQL document that runs one operation's field: its input variable typed as
 * the schema declares it, and `__typename` as the selection where the result is an object. Used to
 * warm every field up before the service says it is ready (src/http/warm-up.ts) and by the start-up bench.
 */
import type { GraphQLSchema } from 'graphql';
import { gql } from './types/graphql-js.js';

export function operationDocument(schema: GraphQLSchema, fieldName: string): string {
  const field = schema.getQueryType()?.getFields()[fieldName] ?? schema.getMutationType()?.getFields()[fieldName];
  if (!field) throw new Error(`GraphQL: no root field ${fieldName}`);
  const kind = schema.getQueryType()?.getFields()[fieldName] ? 'query' : 'mutation';
  const selection = gql.isCompositeType(gql.getNamedType(field.type)) ? ' { __typename }' : '';
  const input = field.args.find((a) => a.name === 'input');
  return input ? `${kind}($input: ${input.type.toString()}) { ${fieldName}(input: $input)${selection} }` : `${kind} { ${fieldName}${selection} }`;
}
