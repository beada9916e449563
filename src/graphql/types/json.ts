/** The `JSON` scalar: only where the REST body is an open map (event `data`, match `options`, `state`). */
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
  description: 'Any JSON value: used only where the REST body is an open map (its members are not fixed by a schema).',
  serialize: (v) => v,
  parseValue: (v) => v,
  parseLiteral: (node, variables) => (node.kind === Kind.VARIABLE ? variables?.[node.name.value] : literal(node)),
});
