/**
 * The `JSON` scalar: only where the REST body has no fixed shape — open maps (event `data`, match
 * `options`, `state`), maps keyed by data (cards by id, scores by side), and members that are a string
 * or an object/list (`aim`, `weather`). Each such field's description says which.
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
  description: 'Any JSON value: used only where the REST body has no fixed shape (an open map, a map keyed by data, or a string-or-object member); each such field says why.',
  serialize: (v) => v,
  parseValue: (v) => v,
  parseLiteral: (node, variables) => (node.kind === Kind.VARIABLE ? variables?.[node.name.value] : literal(node)),
});
