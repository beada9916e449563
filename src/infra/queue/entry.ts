/**
 * Files that run off the main thread (tinypool worker threads, BullMQ sandboxed processes) are
 * loaded by path rather than imported. Compiled (dist/, this module is `.js`) they are the compiled
 * `thread.js` / `sandbox.js` beside it; from sources (Vitest, tsx) they are the `.mjs` shims that
 * register tsx and then load `thread.ts` / `sandbox.ts`.
 */
const compiled = import.meta.url.endsWith('.js');

export function entryFile(name: 'thread' | 'sandbox'): URL {
  return new URL(`./${name}.${compiled ? 'js' : 'mjs'}`, import.meta.url);
}
