/** The committed Prisma client (src/infra/prisma/generated) must match prisma/schema.prisma. */
import { readFile } from 'node:fs/promises';
import { describe, expect, it } from 'vitest';

describe('committed Prisma client', () => {
  it('was generated from the current prisma/schema.prisma (regenerate: see src/infra/prisma/README.md)', async () => {
    const schema = await readFile(new URL('../../../prisma/schema.prisma', import.meta.url), 'utf8');
    const generated = await readFile(new URL('../../../src/infra/prisma/generated/internal/class.ts', import.meta.url), 'utf8');
    const match = /"inlineSchema": ("(?:[^"\\]|\\.)*")/.exec(generated);
    expect(match, 'inlineSchema not found in the generated client').toBeTruthy();
    // `prisma generate` stores the schema as `prisma format` would lay it out: compare modulo
    // alignment whitespace.
    const normalise = (text: string) =>
      text
        .replace(/[ \t]+/g, ' ')
        .replace(/ +$/gm, '')
        .trim();
    expect(normalise(JSON.parse(match![1]!))).toBe(normalise(schema));
  });
});
