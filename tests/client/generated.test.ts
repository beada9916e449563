/**
 * The client's generated types (clients/typescript/src/generated/openapi.ts) match the committed
 * OpenAPI document: regenerated in memory with openapi-typescript's Node API, exactly as
 * `npm run client:generate` writes them. Stale → run `npm run client:generate` and commit.
 */
import { describe, expect, it } from 'vitest';
import { readFile } from 'node:fs/promises';
import { GENERATED_TYPES, generateClientTypes } from '../../clients/typescript/generate.js';

describe('TypeScript client types', () => {
  it('are up to date with openapi/openapi.json (else: npm run client:generate)', async () => {
    const committed = await readFile(GENERATED_TYPES, 'utf8');
    const fresh = await generateClientTypes();
    expect(committed === fresh, 'clients/typescript/src/generated/openapi.ts is stale: run `npm run client:generate` and commit it').toBe(true);
  });
});
