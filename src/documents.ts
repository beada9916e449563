/** The generated, committed documents: OpenAPI (from the route schemas) and the GraphQL SDL. */
import { loadConfig } from './config.js';
import { createApp } from './composition.js';
import { printSchema } from './graphql/schema.js';

export async function generatedDocuments(): Promise<{ openapi: string; sdl: string }> {
  const app = await createApp({ ...loadConfig({}), logLevel: 'silent' });
  await app.ready();
  const openapi = JSON.stringify(app.swagger(), null, 2) + '\n';
  const sdl = printSchema();
  await app.close();
  return { openapi, sdl };
}
