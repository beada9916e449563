/**
 * The `JSON` scalar: only where the REST body has no fixed shape (CONTRACT §7.1, issue 25.6) — open
 * data (event `data`, match `options`, a game's `state`), members whose shape depends on something
 * the schema does not express (a command's `type`, a simulation's `kind`, a diff change's `path`),
 * and what a receipt covers as sent (an unverified payload, a list with members no schema declares).
 * Maps keyed by data and members of several kinds are typed (rest-shape.ts). Each such field's
 * description says why (`(GraphQL: JSON, …)`).
 */
import type { ValueNode } from 'graphql';
import { gql } from './graphql-js.js';

const { Kind } = gql;

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

export const JSONScalar = new gql.GraphQLScalarType({
  name: 'JSON',
  description:
    'Any JSON value: used only where the REST body has no fixed shape (open data such as event `data`, match `options` and `state`, or a member whose shape depends on another member); each such field says why.',
  serialize: (v) => v,
  parseValue: (v) => v,
  parseLiteral: (node, variables) => (node.kind === Kind.VARIABLE ? variables?.[node.name.value] : literal(node)),
});
