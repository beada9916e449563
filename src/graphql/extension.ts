/** A hand-written part of the GraphQL schema (matches, simulations, league): root fields with their resolvers. */
import type { GraphQLFieldConfigMap } from 'graphql';
import type { TypeConverter } from './types/convert.js';
import type { GraphqlContext } from './caller.js';

export type RootFields = GraphQLFieldConfigMap<unknown, GraphqlContext>;

export interface GraphqlExtension {
  /** Root fields whose argument and result types are converted from the REST schemas by `t`. */
  fields(t: TypeConverter): { query?: RootFields; mutation?: RootFields; subscription?: RootFields };
}
