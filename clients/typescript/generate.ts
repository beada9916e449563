/**
 * Generates the client from the service's committed OpenAPI document (`npm run client:generate` at
 * the repository root):
 * - `src/generated/openapi.ts`, the types, with openapi-typescript's Node API;
 * - `dist/`, the installable package (committed, so `npm install <clone>/clients/typescript` works
 *   without building: npm links a folder without installing its dependencies or running its build
 *   tools). `dist/index.js` is one ES module with openapi-fetch bundled in (the package has no
 *   runtime dependency); `dist/*.d.ts` are tsc's declarations, with openapi-fetch's own declarations
 *   copied to `dist/vendor/`.
 * tests/client/generated.test.ts and tests/client/package.test.ts run the same functions and fail
 * when a committed file differs.
 */
import openapiTS, { astToString, COMMENT_HEADER } from 'openapi-typescript';
import { mkdir, mkdtemp, readFile, readdir, rm, writeFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { dirname, join, relative } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

export const OPENAPI_DOCUMENT = new URL('../../openapi/openapi.json', import.meta.url);
export const GENERATED_TYPES = new URL('./src/generated/openapi.ts', import.meta.url);
export const CLIENT_DIR = fileURLToPath(new URL('.', import.meta.url));
export const DIST_DIR = join(CLIENT_DIR, 'dist');

type Schema = Record<string, unknown>;
const ONLY_REQUIRED = new Set(['required', 'description', 'title']);

/**
 * Rewrites what openapi-typescript cannot type into equivalent JSON Schema it can: an object whose
 * `anyOf` (or `oneOf`) branches only add `required` members (a Fighter is `{ref}` or a full profile)
 * becomes a union of the whole object, once per branch, with that branch's members required —
 * otherwise each branch is `unknown` and so is the union.
 */
export function normalizeDocument<T>(node: T): T {
  if (Array.isArray(node)) return node.map(normalizeDocument) as T;
  if (node === null || typeof node !== 'object') return node;
  const schema = Object.fromEntries(Object.entries(node as Schema).map(([k, v]) => [k, normalizeDocument(v)])) as Schema;
  for (const key of ['anyOf', 'oneOf'] as const) {
    const branches = schema[key];
    if (!schema.properties || !Array.isArray(branches)) continue;
    if (!branches.every((b: Schema) => b && typeof b === 'object' && Object.keys(b).every((k) => ONLY_REQUIRED.has(k)))) continue;
    const { [key]: _, title, description, ...base } = schema;
    const required = (base.required as string[] | undefined) ?? [];
    return {
      ...(title ? { title } : {}),
      ...(description ? { description } : {}),
      [key]: branches.map((b: Schema) => ({ ...base, required: [...new Set([...required, ...((b.required as string[]) ?? [])])] })),
    } as T;
  }
  return schema as T;
}

export async function generateClientTypes(): Promise<string> {
  const document = normalizeDocument(JSON.parse(await readFile(OPENAPI_DOCUMENT, 'utf8')));
  // members with a default are optional (the service fills them in), in requests and answers alike
  return COMMENT_HEADER + astToString(await openapiTS(document, { defaultNonNullable: false }));
}

const require = createRequire(import.meta.url);
const packageDir = (name: string) => dirname(require.resolve(`${name}/package.json`));

/** Every file under `dir`, by path relative to it, with its text. */
export async function readTree(dir: string): Promise<Map<string, string>> {
  const out = new Map<string, string>();
  for (const entry of await readdir(dir, { recursive: true, withFileTypes: true })) {
    if (!entry.isFile()) continue;
    const path = join(entry.parentPath, entry.name);
    out.set(relative(dir, path).split('\\').join('/'), await readFile(path, 'utf8'));
  }
  return out;
}

/** Builds the package into `outDir` (emptied first): the bundled module and the declarations. */
export async function buildClient(outDir = DIST_DIR): Promise<void> {
  const [{ build }, ts] = await Promise.all([import('esbuild'), import('typescript').then((m) => m.default ?? m)]);
  await rm(outDir, { recursive: true, force: true });
  await mkdir(join(outDir, 'vendor'), { recursive: true });
  const fetchDir = packageDir('openapi-fetch');
  const fetchVersion = JSON.parse(await readFile(join(fetchDir, 'package.json'), 'utf8')).version as string;
  await build({
    entryPoints: [join(CLIENT_DIR, 'src/index.ts')],
    outfile: join(outDir, 'index.js'),
    bundle: true,
    format: 'esm',
    platform: 'neutral',
    target: 'es2022',
    legalComments: 'inline',
    banner: { js: `// @arbiter/client — includes openapi-fetch ${fetchVersion} (MIT, see vendor/openapi-fetch.LICENSE)` },
    logLevel: 'silent',
  });

  const config = ts.readConfigFile(join(CLIENT_DIR, 'tsconfig.json'), ts.sys.readFile);
  const parsed = ts.parseJsonConfigFileContent(config.config, ts.sys, CLIENT_DIR);
  const program = ts.createProgram(parsed.fileNames, { ...parsed.options, outDir, declaration: true, emitDeclarationOnly: true, noEmit: false });
  const problems = ts.getPreEmitDiagnostics(program);
  if (problems.length) throw new Error(ts.formatDiagnostics(problems, { getCanonicalFileName: (f) => f, getCurrentDirectory: () => CLIENT_DIR, getNewLine: () => '\n' }));
  const written: [string, string][] = [];
  program.emit(undefined, (file, text) => written.push([file, text]));
  for (const [file, text] of written) {
    // the declarations name openapi-fetch: point them at the copy in dist/vendor/
    const depth = relative(outDir, dirname(file)).split(/[\\/]/).filter(Boolean).length;
    const vendor = (depth ? '../'.repeat(depth) : './') + 'vendor/openapi-fetch.js';
    await mkdir(dirname(file), { recursive: true });
    await writeFile(file, text.replace(/(from |import\()(['"])openapi-fetch\2/g, `$1$2${vendor}$2`));
  }

  const helpersDir = packageDir('openapi-typescript-helpers');
  const fetchTypes = await readFile(join(fetchDir, 'dist/index.d.mts'), 'utf8');
  await writeFile(join(outDir, 'vendor/openapi-fetch.d.ts'), fetchTypes.replace(/(['"])openapi-typescript-helpers\1/g, `$1./openapi-typescript-helpers.js$1`));
  await writeFile(join(outDir, 'vendor/openapi-typescript-helpers.d.ts'), await readFile(join(helpersDir, 'dist/index.d.mts'), 'utf8'));
  await writeFile(join(outDir, 'vendor/openapi-fetch.LICENSE'), await readFile(join(fetchDir, 'LICENSE'), 'utf8'));
  await writeFile(join(outDir, 'vendor/openapi-typescript-helpers.LICENSE'), await readFile(join(helpersDir, 'LICENSE'), 'utf8'));
}

/** The package as `buildClient` makes it now, without touching dist/. */
export async function freshBuild(): Promise<Map<string, string>> {
  const dir = await mkdtemp(join(tmpdir(), 'arbiter-client-'));
  try {
    await buildClient(dir);
    return await readTree(dir);
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  await writeFile(GENERATED_TYPES, await generateClientTypes());
  console.log(`wrote ${fileURLToPath(GENERATED_TYPES)}`);
  await buildClient();
  console.log(`built ${DIST_DIR}`);
}
