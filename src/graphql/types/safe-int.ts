/**
 * The `SafeInt` scalar: an integer of JavaScript's safe range, −(2^53 − 1) to 2^53 − 1, sent as a
 * JSON number. GraphQL's `Int` is 32-bit, and a dice total passes 2^31
 * (`1000000000+1000000000+1000000000` is 3000000000, as REST answers it): a schema Integer whose
 * declared range passes 32 bits but stays within the safe range is this scalar (src/graphql/types/shape.ts).
 * Results and inputs outside the range, or not integers, are errors (never rounded).
 */
import type { ValueNode } from 'graphql';
import { gql } from './graphql-js.js';

const { GraphQLError, Kind } = gql;

function safe(value: unknown, what: string): number {
  const n = typeof value === 'bigint' ? Number(value) : value;
  if (typeof n !== 'number' || !Number.isSafeInteger(n)) {
    throw new GraphQLError(`SafeInt cannot represent ${what} ${String(value)}: an integer between -9007199254740991 and 9007199254740991 is expected.`);
  }
  return n;
}

export const SafeIntScalar = new gql.GraphQLScalarType({
  name: 'SafeInt',
  description:
    'An integer between −(2^53 − 1) and 2^53 − 1 (−9007199254740991..9007199254740991), sent as a JSON number: exact in JavaScript (Number.isSafeInteger) and in any 64-bit integer type. Used where a value can pass the 32 bits of `Int` (dice totals, distribution values).',
  serialize: (value) => safe(value, 'the value'),
  parseValue: (value) => safe(value, 'the value'),
  parseLiteral: (node: ValueNode) => {
    if (node.kind !== Kind.INT) throw new GraphQLError(`SafeInt cannot represent a non-integer literal.`, { nodes: node });
    return safe(Number(node.value), 'the literal');
  },
});
