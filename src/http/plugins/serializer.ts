/**
 * Answers are serialized by Fastify's compiled serializer (fast-json-stringify, which ships with
 * Fastify) from each route's declared response schema: the answer's members are written in the
 * schema's order, by code generated once per schema, instead of walked by `JSON.stringify`.
 * Byte identity with `JSON.stringify` is not promised (member order may differ), the parsed JSON
 * is: every response schema declares every member its answers carry, which
 * tests/api/response-serializers.test.ts checks on every documented answer.
 *
 * Guarded so that a serializer can never turn an answer into a 500: a schema fast-json-stringify
 * cannot compile is answered with `JSON.stringify` (and listed in `uncompiledSchemas`, which the
 * test expects empty), and a value it refuses (a required member missing) is serialized by
 * `JSON.stringify` instead. Compiled serializers are memoised by schema object, so a schema shared
 * by many routes (the Problem) is compiled once.
 */
import { createRequire } from 'node:module';
import { isDeepStrictEqual } from 'node:util';
import type FastJsonStringify from 'fast-json-stringify';
import { serializerSchema } from './serializer-schema.js';

export type Serialize = (data: unknown) => string;

// fast-json-stringify as Fastify itself resolves it (a dependency of fastify, not of this package)
const fromFastify = createRequire(createRequire(import.meta.url).resolve('fastify'));
const build = fromFastify('fast-json-stringify') as typeof FastJsonStringify;

const stringify: Serialize = (data) => JSON.stringify(data);

/**
 * Under the test runner every answer is also serialized by JSON.stringify and compared as parsed
 * JSON: a member its schema does not declare (dropped) or declares otherwise (coerced) fails the
 * request that sent it, so every API test checks the schemas of the answers it sees.
 */
const CHECKED = process.env.VITEST !== undefined;

function checked(bare: Serialize, schema: unknown): Serialize {
  return (data) => {
    const out = bare(data);
    const expected = JSON.stringify(data);
    if (!isDeepStrictEqual(JSON.parse(out), JSON.parse(expected))) {
      const title = (schema as { title?: string }).title ?? JSON.stringify(schema).slice(0, 120);
      throw new Error(`The response schema ${title} does not declare the answer: compiled ${out.slice(0, 400)} vs ${expected.slice(0, 400)}`);
    }
    return out;
  };
}
const compiled = new WeakMap<object, { guarded: Serialize; bare?: Serialize }>();

/** Schemas fast-json-stringify could not compile, with its reason (answered by JSON.stringify). */
export const uncompiledSchemas: { schema: unknown; error: string }[] = [];

function entry(schema: unknown): { guarded: Serialize; bare?: Serialize } | undefined {
  if (schema === null || typeof schema !== 'object') return undefined;
  let found = compiled.get(schema);
  if (found) return found;
  try {
    // alternatives that need no validator are given as what they write (./serializer-schema.ts)
    const compiledFn = build(serializerSchema(schema) as never) as Serialize;
    const bare = CHECKED ? checked(compiledFn, schema) : compiledFn;
    found = {
      bare,
      guarded: (data) => {
        try {
          return bare(data);
        } catch {
          return JSON.stringify(data);
        }
      },
    };
  } catch (error) {
    uncompiledSchemas.push({ schema, error: (error as Error).message });
    found = { guarded: stringify };
  }
  compiled.set(schema, found);
  return found;
}

/** The serializer of answers declared by `schema` (guarded: never throws for a JSON value). */
function responseSerializer(schema: unknown): Serialize {
  return entry(schema)?.guarded ?? stringify;
}

/** The compiled serializer itself, unguarded (tests: a value it refuses throws), or undefined. */
export function compiledSerializer(schema: unknown): Serialize | undefined {
  return entry(schema)?.bare;
}

/**
 * The UTF-8 bytes of a serialized answer, written once. A compiled serializer builds its answer by
 * concatenation (a rope of hundreds of pieces; two-byte as soon as one character is beyond Latin-1,
 * as the summaries' "≥" and "→" are): sent as a string, Fastify flattens it and counts its UTF-8
 * length (Content-Length), then Node prefixes the header block to it (a second, two-byte copy of
 * both) and encodes the whole to UTF-8 in the socket write — three passes over the answer and a
 * quarter of a melee request's instructions. As bytes it is flattened and encoded once, with no
 * length pass (written into a shared slab sized for the worst case, 3 bytes per UTF-16 unit), its
 * length is the buffer's, and the header block is written beside it as it is.
 */
const SLAB_BYTES = 64 * 1024;
let slab = Buffer.allocUnsafe(SLAB_BYTES);
let used = 0;

function utf8Bytes(text: string): Buffer {
  const most = text.length * 3;
  if (most > SLAB_BYTES / 4) return Buffer.from(text, 'utf8');
  if (used + most > SLAB_BYTES) {
    // the answers written into the full slab keep it alive until they are sent
    slab = Buffer.allocUnsafe(SLAB_BYTES);
    used = 0;
  }
  const start = used;
  const written = slab.write(text, start, 'utf8');
  // the next answer starts on an 8-byte boundary
  used = (start + written + 7) & ~7;
  return slab.subarray(start, start + written);
}

/** A route's declared response schema, as Fastify hands it to the serializer compiler. */
export interface ResponseSchema {
  schema: unknown;
  method: string;
  url: string;
  httpStatus: string;
  contentType?: string;
}

/** For `app.setSerializerCompiler`: the answer's UTF-8 bytes (`utf8Bytes`). */
export const serializerCompiler = ({ schema }: { schema: unknown }): ((data: unknown) => Buffer) => {
  const serialize = responseSerializer(schema);
  return (data) => utf8Bytes(serialize(data));
};
