/** Writes openapi/openapi.json and schema.graphql from the code (`npm run openapi`). */
import { writeFile, mkdir } from 'node:fs/promises';
import { generatedDocuments } from '../src/documents.js';

const { openapi, sdl } = await generatedDocuments();
await mkdir('openapi', { recursive: true });
await writeFile('openapi/openapi.json', openapi);
await writeFile('schema.graphql', sdl);
console.log('wrote openapi/openapi.json and schema.graphql');
