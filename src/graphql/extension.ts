/** A hand-written part of the GraphQL schema (matches, simulations) with its resolvers. */
import type { IResolvers } from 'mercurius';

export interface GraphqlExtension {
  /** SDL using `extend type Query/Mutation/Subscription`. */
  sdl: string;
  resolvers: IResolvers;
}
