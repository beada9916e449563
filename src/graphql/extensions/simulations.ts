/** GraphQL for simulations (filled by its issue). */
import type { GraphqlExtension } from '../extension.js';

export const simulationsGraphql: GraphqlExtension = { sdl: '', resolvers: {} };
