/**
 * graphql-js as Mercurius loads it (CommonJS). The ES module build is another instance whose
 * schema objects fail Mercurius's realm checks, so every type of the schema is built with this one.
 */
import { createRequire } from 'node:module';

export const gql = createRequire(import.meta.url)('graphql') as typeof import('graphql');
