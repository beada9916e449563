/** GraphQL for matches (filled by its issue). */
import type { GraphqlExtension } from '../extension.js';

export const matchesGraphql: GraphqlExtension = { sdl: '', resolvers: {} };
