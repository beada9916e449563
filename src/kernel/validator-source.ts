/**
 * Body validators written out as a module's source, so that a built service loads them instead of
 * compiling them at start-up (scripts/prebuilt-validators.mjs writes dist/kernel/validators.prebuilt.js;
 * src/http/precompile.ts loads it). The validators are Ajv's own code for the same schemas, compiled
 * with the same options and formats, titled shapes shared the same way (validate.ts); the resolver
 * keyword is the running service's own (imported from `validateModule`). The module exports
 * `validators`: each validator by the `contentId` of its schema, which the service looks them up by.
 */
import standaloneModule from 'ajv/dist/standalone/index.js';
import { _ } from 'ajv/dist/compile/codegen/index.js';
import { contentId, contentKey, FORMATS, newAjv, resolveKeyword, Validators } from './validate.js';

type StandaloneCode = (ajv: Validators['ajv'], exports: Record<string, string>) => string;
// a CommonJS module: its function is `default` or the module itself, depending on the loader
const standaloneCode = ((standaloneModule as unknown as { default?: StandaloneCode }).default ?? standaloneModule) as StandaloneCode;

/** The names Ajv gave the values its code refers to (private to Ajv: the one place we read it). */
interface ScopeValues {
  _values: Record<string, Map<unknown, { value?: { ref: unknown; code?: unknown } }> | undefined>;
}

/**
 * The source of an ES module exporting the validators of `schemas` (request bodies). `validateModule`:
 * the specifier the module imports the resolver keyword from (validate.js beside it).
 */
export function bodyValidatorSource(schemas: readonly object[], validateModule = './validate.js'): string {
  const validators = new Validators(newAjv('body', { source: true, esm: true, formats: _`FORMATS` }));
  const exported: Record<string, string> = {};
  const ids: string[] = [];
  for (const schema of schemas) {
    const id = contentId(contentKey(schema));
    if (ids.includes(id)) continue;
    // a root with an `$id` so that the module exports it by name; its references are the shapes' ids
    validators.ajv.addSchema({ ...(validators.sharingShapes(schema) as object), $id: `body:${ids.length}` });
    validators.ajv.getSchema(`body:${ids.length}`); // compiled now: its values are named below
    exported[`v${ids.length}`] = `body:${ids.length}`;
    ids.push(id);
  }
  // the resolver keyword is a function of the service: the module refers to it by its imported name
  for (const name of (validators.ajv.scope as unknown as ScopeValues)._values.keyword?.values() ?? []) {
    if (name.value?.ref === resolveKeyword) name.value.code = _`resolveKeyword`;
  }
  const code = standaloneCode(validators.ajv, exported);
  return [
    `import { createRequire } from 'node:module';`,
    `import { resolveKeyword } from ${JSON.stringify(validateModule)};`,
    // the formats' own checks (a pattern, or `true`: any string), as validate.ts gives them to Ajv
    `const FORMATS = { ${Object.entries(FORMATS)
      .map(([name, format]) => `${JSON.stringify(name)}: ${format instanceof RegExp ? format.toString() : JSON.stringify(format)}`)
      .join(', ')} };`,
    // Ajv's code requires its runtime helpers (ajv/dist/runtime/…)
    `const require = createRequire(import.meta.url);`,
    code,
    `export const validators = new Map([${ids.map((id, i) => `[${JSON.stringify(id)}, v${i}]`).join(', ')}]);`,
    '',
  ].join('\n');
}
