/**
 * Generates src/generated/openapi.ts from the service's committed OpenAPI document with
 * openapi-typescript's Node API (`npm run client:generate` at the repository root). The test
 * tests/client/generated.test.ts runs the same function and fails when the committed file differs.
 */
import openapiTS, { astToString, COMMENT_HEADER } from 'openapi-typescript';
import { readFile, writeFile } from 'node:fs/promises';
import { fileURLToPath, pathToFileURL } from 'node:url';

export const OPENAPI_DOCUMENT = new URL('../../openapi/openapi.json', import.meta.url);
export const GENERATED_TYPES = new URL('./src/generated/openapi.ts', import.meta.url);

export async function generateClientTypes(): Promise<string> {
  const document = JSON.parse(await readFile(OPENAPI_DOCUMENT, 'utf8'));
  return COMMENT_HEADER + astToString(await openapiTS(document));
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  await writeFile(GENERATED_TYPES, await generateClientTypes());
  console.log(`wrote ${fileURLToPath(GENERATED_TYPES)}`);
}
