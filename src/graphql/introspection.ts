/**
 * Introspection (`__schema`, `__type`) is off in production unless GRAPHQL_INTROSPECTION=true
 * (README, configuration); on elsewhere unless GRAPHQL_INTROSPECTION=false. A document that asks
 * for it is refused before it runs: HTTP 400, an error with `extensions: {code:
 * "introspection_disabled", status: 400}`. `__typename` stays allowed. schema.graphql and
 * GET /openapi.json document the schema either way.
 */
import type { ValidationRule } from 'graphql';
import type { GraphqlLimits } from '../config.js';
import { gql } from './types/graphql-js.js';

export function introspectionAllowed(limits: GraphqlLimits, production: boolean): boolean {
  return limits.introspection ?? !production;
}

export const noIntrospectionRule: ValidationRule = (context) => ({
  Field(node) {
    if (node.name.value !== '__schema' && node.name.value !== '__type') return;
    context.reportError(
      new gql.GraphQLError(`Introspection is off on this server (${node.name.value}); the schema is published as schema.graphql. GRAPHQL_INTROSPECTION=true turns it on.`, {
        nodes: node,
        extensions: { code: 'introspection_disabled', status: 400 },
      }),
    );
  },
});
