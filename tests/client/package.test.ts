/**
 * The TypeScript client as an integrator gets it: its committed `dist/` is what generate.ts builds
 * now; `npm install <path>/clients/typescript` in an empty project (the folder copied out of the
 * repository first, so nothing resolves from the repository's own node_modules) gives a package
 * that imports and calls; every TypeScript block of its README compiles under `strict` against the
 * installed package; wrong requests (a number as a Fighter, a melee without attacker) do not.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { execFile } from 'node:child_process';
import { cp, mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import ts from 'typescript';
import { CLIENT_DIR, DIST_DIR, freshBuild, readTree } from '../../clients/typescript/generate.js';

const run = promisify(execFile);
const ROOT_TYPES = join(CLIENT_DIR, '../../node_modules/@types');
let work: string;
let project: string;

beforeAll(async () => {
  work = await mkdtemp(join(tmpdir(), 'arbiter-client-install-'));
  // what a clone holds of the package (its committed files), outside this repository
  const clone = join(work, 'arbiter/clients/typescript');
  await mkdir(clone, { recursive: true });
  for (const f of ['package.json', 'README.md', 'dist', 'src']) await cp(join(CLIENT_DIR, f), join(clone, f), { recursive: true });
  project = join(work, 'app');
  await mkdir(project);
  await writeFile(join(project, 'package.json'), JSON.stringify({ name: 'app', version: '1.0.0', private: true }));
  await run('npm', ['install', '--no-audit', '--no-fund', clone], { cwd: project, timeout: 120_000 });
}, 180_000);
afterAll(async () => {
  if (work) await rm(work, { recursive: true, force: true });
});

/** Type-checks `files` (name → source) in the project under strict, as a NodeNext ES module project; the diagnostics as text. */
function compile(files: Record<string, string>): string[] {
  const names = Object.keys(files).map((f) => join(project, f));
  const options: ts.CompilerOptions = {
    strict: true,
    noEmit: true,
    target: ts.ScriptTarget.ES2022,
    module: ts.ModuleKind.NodeNext,
    moduleResolution: ts.ModuleResolutionKind.NodeNext,
    lib: ['lib.es2022.d.ts', 'lib.dom.d.ts', 'lib.dom.iterable.d.ts'],
    types: ['node'],
    typeRoots: [ROOT_TYPES],
    skipLibCheck: false,
  };
  const host = ts.createCompilerHost(options);
  const read = host.readFile.bind(host);
  host.readFile = (f) => files[f.slice(project.length + 1)] ?? read(f);
  const exists = host.fileExists.bind(host);
  host.fileExists = (f) => (f.startsWith(project + '/') && f.slice(project.length + 1) in files) || exists(f);
  const program = ts.createProgram(names, options, host);
  return ts.getPreEmitDiagnostics(program).map((d) => {
    const where = d.file ? `${d.file.fileName.slice(project.length + 1)}:${d.file.getLineAndCharacterOfPosition(d.start ?? 0).line + 1}` : '';
    return `${where} ${ts.flattenDiagnosticMessageText(d.messageText, '\n')}`;
  });
}

describe('the client package', () => {
  it('has a committed dist/ equal to what generate.ts builds now (else: npm run client:generate)', async () => {
    const [committed, fresh] = await Promise.all([readTree(DIST_DIR), freshBuild()]);
    expect([...committed.keys()].sort()).toEqual([...fresh.keys()].sort());
    const stale = [...fresh].filter(([f, text]) => committed.get(f) !== text).map(([f]) => f);
    expect(stale, 'clients/typescript/dist is stale: run `npm run client:generate` and commit it').toEqual([]);
  }, 60_000);

  it('installs from a path into an empty project with no dependency to fetch, and its ES module imports and calls', async () => {
    const manifest = JSON.parse(await readFile(join(project, 'node_modules/@arbiter/client/package.json'), 'utf8'));
    expect(manifest.private).toBeUndefined();
    expect(manifest.dependencies ?? {}).toEqual({});
    const script = `
      import { createArbiterClient, ArbiterProblem } from '@arbiter/client';
      const seen = [];
      const fetch = async (request) => {
        seen.push([request.method, request.url, request.headers.get('authorization')]);
        return new Response(JSON.stringify({ title: 'Too Many Requests', status: 429 }), { status: 429, headers: { 'content-type': 'application/problem+json', 'retry-after': '7' } });
      };
      const client = createArbiterClient({ baseUrl: 'http://arbiter.test', token: 'seat-token', fetch, retries: 0 });
      try { await client.getMatch('m1'); } catch (e) { console.log(JSON.stringify({ problem: e instanceof ArbiterProblem, status: e.status, retryAfter: e.retryAfter, seen })); }
    `;
    const { stdout } = await run(process.execPath, ['--input-type=module', '-e', script], { cwd: project });
    expect(JSON.parse(stdout)).toEqual({ problem: true, status: 429, retryAfter: 7, seen: [['GET', 'http://arbiter.test/v1/matches/m1', 'Bearer seat-token']] });
  });

  it('compiles every TypeScript block of its README under strict against the installed package', async () => {
    const readme = await readFile(join(CLIENT_DIR, 'README.md'), 'utf8');
    const blocks = [...readme.matchAll(/```ts\n([\s\S]*?)```/g)].map((m) => m[1]!);
    expect(blocks.length).toBeGreaterThanOrEqual(4);
    const files = Object.fromEntries(blocks.map((b, i) => [`readme-${i + 1}.mts`, b]));
    expect(compile(files)).toEqual([]);
  }, 60_000);

  it('refuses wrong requests at compile time: a number as a Fighter, a melee without attacker, an unknown reaction', () => {
    const source = `
      import { createArbiterClient, type Fighter, type MeleeRequest, type SeatToken } from '@arbiter/client';
      const client = createArbiterClient({ baseUrl: 'http://127.0.0.1:3000' });
      const yuri: Fighter = { ref: 'yuri' };
      const full: Fighter = { id: 'f1', name: 'F', limbs: { head: { white: 1, red: 1, faces: [1], normal: 4, wounded: 3 }, arms: { white: 1, red: 1, faces: [2, 3], normal: 4, wounded: 3 }, torso: { white: 1, red: 1, faces: [4, 5], normal: 4, wounded: 3 }, legs: { white: 1, red: 1, faces: [6], normal: 4, wounded: 3 } } };
      // defaults (via, edition, reaction) may be left out
      const ok: MeleeRequest = { attacker: yuri, target: full };
      void client.melee({ attacker: yuri, target: full, reaction: 'dodge', dice: { values: [6] } });
      // @ts-expect-error a number is not a Fighter
      const n: Fighter = 42;
      // @ts-expect-error a Fighter is a {ref} or a whole profile: a name alone is neither
      const partial: Fighter = { name: 'Nobody' };
      // @ts-expect-error a melee needs an attacker
      void client.melee({ target: full });
      // @ts-expect-error no such reaction
      const wrong: MeleeRequest = { attacker: yuri, target: full, reaction: 'flee' };
      // @ts-expect-error no such edition
      void client.melee({ attacker: yuri, target: full, edition: 'fr' });
      const token: SeatToken = { token: 't', expiresAt: '2030-01-01T00:00:00Z', playerId: 'ana' };
      // @ts-expect-error a seat token's player id is a string
      void client.createSeatToken('m', 7);
      export { ok, n, partial, wrong, token };
    `;
    expect(compile({ 'wrong.mts': source })).toEqual([]);
    // and the checker did look: without the directives each line is an error
    const bare = compile({ 'wrong.mts': source.replace(/\/\/ @ts-expect-error.*\n/g, '\n') });
    expect(bare.length).toBeGreaterThanOrEqual(6);
  }, 60_000);
});
