/**
 * Response compression (gzip, deflate, br) when the client accepts it, for answers of 1 KiB or
 * more (the OpenAPI document, catalogs, match states). Event streams are never compressed: their
 * events must reach the client as they are written (they go out through the raw response anyway,
 * src/http/sse.ts). Request bodies are not decompressed: only JSON as sent is accepted.
 */
import type { FastifyInstance } from 'fastify';
import compress from '@fastify/compress';

/** Media types worth compressing: text (but not event streams), JSON, XML and SVG, JavaScript. */
export const COMPRESSIBLE = /^(?:text\/(?!event-stream)|application\/(?:[\w.-]+\+)?(?:json|xml)\b|application\/javascript\b|image\/svg\+xml\b)/;

export async function registerCompression(app: FastifyInstance): Promise<void> {
  await app.register(compress, { global: true, globalDecompression: false, threshold: 1024, customTypes: COMPRESSIBLE });
}
