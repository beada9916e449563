/**
 * The TypeScript client samples of the docs are true (issue 37): each ```ts block importing
 * `@arbiter/client` outside the markers of docs-examples.test.ts (tests/helpers/docs-samples.ts)
 * - compiles as written, strictly, with `@arbiter/client` mapped to the client's source
 *   (clients/typescript/src/index.ts) and the client's own compiler options (ES2022, DOM), so a
 *   renamed method, option or type fails here;
 * - runs as written against the app listening on 127.0.0.1 (the sample's address `127.0.0.1:3000`
 *   replaced by the app's; the admin token the one getting-started.md starts the service with),
 *   importing the client's committed build (clients/typescript/dist, as an integrator gets it),
 *   with what it logs kept: the getting-started walk-through follows its match to
 *   `eden.first_player_determined` and meets the 409 it provokes.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { fileURLToPath, pathToFileURL } from 'node:url';
import ts from 'typescript';
import type { FastifyInstance } from 'fastify';
import { memoryApp } from '../helpers/app.js';
import { samplesOfKind } from '../helpers/docs-samples.js';

const CLIENT = new URL('../../clients/typescript/', import.meta.url);
/** Saved samples go beside docs-examples.test.ts's saved scripts. */
const SAVED = new URL('../../node_modules/.cache/arbiter-docs-scripts/', import.meta.url);
const ADMIN_TOKEN = /ADMIN_TOKEN=(\S+) npm start/.exec(readFileSync(new URL('../../docs/getting-started.md', import.meta.url), 'utf8'))![1]!;
const samples = samplesOfKind('client');

let app: FastifyInstance;
let base: string;
beforeAll(async () => {
  app = await memoryApp({ adminToken: ADMIN_TOKEN });
  base = await app.listen({ port: 0, host: '127.0.0.1' });
});
afterAll(async () => app?.close());

/** The compiler's errors for `source` as a module of its own, `@arbiter/client` being the client's source. */
function typeErrors(source: string): string[] {
  const config = ts.readConfigFile(fileURLToPath(new URL('tsconfig.json', CLIENT)), ts.sys.readFile).config as { compilerOptions: object };
  const { options } = ts.convertCompilerOptionsFromJson(config.compilerOptions, fileURLToPath(CLIENT));
  const sample = fileURLToPath(new URL('docs-sample.ts', CLIENT));
  const compilerOptions = {
    ...options,
    noEmit: true,
    declaration: false,
    outDir: undefined,
    rootDir: undefined,
    paths: { '@arbiter/client': [fileURLToPath(new URL('src/index.ts', CLIENT))] },
  };
  const host = ts.createCompilerHost(compilerOptions);
  const read = host.getSourceFile.bind(host);
  host.getSourceFile = (name, language, ...rest) => (name === sample ? ts.createSourceFile(name, source, language) : read(name, language, ...rest));
  host.fileExists = (
    (exists) => (name: string) =>
      name === sample || exists(name)
  )(host.fileExists.bind(host));
  const program = ts.createProgram([sample], compilerOptions, host);
  return ts
    .getPreEmitDiagnostics(program)
    .map(
      (d) =>
        `${d.file?.fileName === sample ? `sample:${d.file.getLineAndCharacterOfPosition(d.start!).line + 1}` : (d.file?.fileName ?? '')} ${ts.flattenDiagnosticMessageText(d.messageText, '\n')}`,
    );
}

/** The sample as a module exporting `run(console)`: its imports on top (the client's build), its statements inside. */
function runnable(source: string): string {
  const js = ts.transpileModule(source.replace(/http:\/\/(?:127\.0\.0\.1|localhost):3000/g, base), {
    compilerOptions: { module: ts.ModuleKind.ES2022, target: ts.ScriptTarget.ES2022 },
  }).outputText;
  const lines = js.split('\n');
  const imports = lines
    .filter((l) => l.startsWith('import '))
    .map((l) => l.replace("'@arbiter/client'", `'${pathToFileURL(fileURLToPath(new URL('dist/index.js', CLIENT))).href}'`));
  return `${imports.join('\n')}\nexport async function run(console) {\n${lines.filter((l) => !l.startsWith('import ')).join('\n')}\n}\n`;
}

describe('the TypeScript client samples of the docs compile and run', () => {
  it('getting-started.md holds one', () => {
    expect(samples.map((s) => s.file)).toContain('docs/getting-started.md');
  });

  for (const sample of samples) {
    describe(`${sample.file}:${sample.line}`, () => {
      it('compiles against the client’s source, strictly', { timeout: 60_000 }, () => {
        expect(typeErrors(sample.text)).toEqual([]);
      });

      it('runs against the app as written', { timeout: 30_000 }, async () => {
        mkdirSync(SAVED, { recursive: true });
        const target = new URL(`${sample.file.replace(/\W/g, '-')}-${sample.line}.mjs`, SAVED);
        writeFileSync(target, runnable(sample.text));
        const { run } = (await import(/* @vite-ignore */ target.href)) as { run: (console: { log: (...args: unknown[]) => void }) => Promise<void> };
        const logged: string[] = [];
        await run({ log: (...args) => logged.push(args.join(' ')) });
        if (sample.file === 'docs/getting-started.md')
          expect(logged.filter((l) => /^\d+ /.test(l)).concat(logged.filter((l) => !/^\d+ /.test(l)))).toEqual([
            '1 eden.band_registered',
            '2 eden.band_registered',
            '3 eden.first_player_determined',
            'stale, now at 2',
          ]);
      });
    });
  }
});
