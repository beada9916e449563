/**
 * Docker cannot run on the development machines, so docker/ is tested by what can run: the image is
 * multi-stage (build → slim runtime with production dependencies and dist/ only), runs as a
 * non-root user with `node` itself as PID 1, probes a route that exists, and compose starts the
 * compiled entry points. tests/reliability/compiled-start.test.ts runs the runtime stage's CMD.
 */
import { describe, expect, it } from 'vitest';
import { existsSync } from 'node:fs';
import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { testApp } from '../../helpers/app.js';
import { execForm, stages } from '../../helpers/dockerfile.js';

interface Pkg {
  engines: { node: string };
  scripts: Record<string, string>;
  dependencies: Record<string, string>;
  devDependencies: Record<string, string>;
}
const pkg = JSON.parse(await readFile('package.json', 'utf8')) as Pkg;
const dockerfile = await readFile('docker/Dockerfile', 'utf8');
const compose = await readFile('docker/compose.yaml', 'utf8');

/** Top-level services of the compose file (two-space indented keys under `services:`). */
function services(text: string): string[] {
  const block = text.split(/^services:\s*$/m)[1]?.split(/^\S/m)[0] ?? '';
  return [...block.matchAll(/^ {2}([\w-]+):\s*$/gm)].map((m) => m[1]!);
}

/** One service's block of the compose file. */
function service(text: string, name: string): string {
  return text.split(new RegExp(`^ {2}${name}:\\s*$`, 'm'))[1]?.split(/^ {2}\S/m)[0] ?? '';
}

const [build, runtime] = stages(dockerfile);

describe('docker/Dockerfile', () => {
  it('has a build stage (all dependencies, npm run build) and a runtime stage, last, on a supported Node LTS', () => {
    expect(stages(dockerfile)).toHaveLength(2);
    for (const stage of [build!, runtime!]) expect(stage.from).toMatch(/^node:(22|24)(\.\d+)*-bookworm-slim$/);
    expect(pkg.engines.node).toBe('>=20.19'); // this machine's Node 20.19+, and the image's
    expect(build!.name).toBe('build');
    expect(build!.lines).toContainEqual(expect.stringMatching(/^RUN npm ci\b(?!.*--omit)/));
    expect(build!.lines).toContainEqual(expect.stringMatching(/^RUN npm run build\b/));
    expect(pkg.scripts.build).toBeTruthy();
  });

  it('the runtime stage installs production dependencies only and copies the compiled output, not the sources', () => {
    expect(runtime!.lines).toContainEqual(expect.stringMatching(/^RUN npm ci --omit=dev\b/));
    expect(runtime!.lines).toContainEqual(expect.stringMatching(/^COPY --from=build \/app\/dist \.\/dist$/));
    const copies = runtime!.lines.filter((l) => l.startsWith('COPY ') && !l.startsWith('COPY --from='));
    for (const copy of copies) expect(copy).toMatch(/^COPY (package\.json package-lock\.json \.\/|prisma\/migrations \.\/prisma\/migrations)$/);
  });

  it('runs as a non-root user, with node itself as PID 1 on a compiled entry point', () => {
    const user = runtime!.lines.filter((l) => l.startsWith('USER ')).at(-1);
    expect(user).toBeDefined();
    expect(user!.slice(5).trim()).not.toMatch(/^(root|0)(:|$)/);
    const cmd = execForm(runtime!.lines, 'CMD')!;
    expect(cmd[0]).toBe('node');
    expect(cmd[1]).toMatch(/^dist\/[\w-]+\.js$/);
    expect(existsSync(cmd[1]!.replace(/^dist\//, 'src/').replace(/\.js$/, '.ts'))).toBe(true);
    expect(runtime!.lines.some((l) => l.startsWith('ENTRYPOINT '))).toBe(false);
  });

  it('the health check probes /ready, a route of the app', async () => {
    const check = execForm(
      runtime!.lines.map((l) => l.replace(/^HEALTHCHECK\s+(--\S+\s+)*CMD /, 'HEALTHCHECK_CMD ')),
      'HEALTHCHECK_CMD',
    )!;
    expect(check[0]).toBe('node');
    const path = /\/[\w/-]+(?=')/.exec(check.join(' '))?.[0];
    expect(path).toBe('/ready');
    const app = await testApp();
    try {
      expect(app.hasRoute({ method: 'GET', url: path! })).toBe(true);
    } finally {
      await app.close();
    }
  });
});

describe('package.json', () => {
  it('keeps the TypeScript toolchain, the prisma CLI and type packages out of production dependencies', async () => {
    for (const dev of ['tsx', 'typescript', 'eslint', 'prettier', 'vitest']) {
      expect(pkg.dependencies[dev], dev).toBeUndefined();
      expect(pkg.devDependencies[dev], dev).toBeDefined();
    }
    // the prisma CLI (about 200 MB) is installed only by `npm run prisma:generate`, which needs it; the client it generated is committed
    expect(pkg.dependencies.prisma ?? pkg.devDependencies.prisma).toBeUndefined();
    expect(pkg.scripts['prisma:generate']).toMatch(/npm install --no-save [^&]*prisma@\d+\.\d+\.\d+ && PRISMA_SCHEMA_ENGINE_BINARY=\S+ prisma generate/);
    expect(Object.keys(pkg.dependencies).filter((d) => d.startsWith('@types/'))).toEqual([]);
    expect(pkg.dependencies['@prisma/client']).toBeDefined();
    // and no compiled source imports a package that production does not install
    const files = (await readdir('src', { recursive: true })).filter((f) => f.endsWith('.ts')).map((f) => join('src', f));
    const missing: string[] = [];
    for (const file of files) {
      const text = await readFile(file, 'utf8');
      for (const m of text.matchAll(/^\s*(?:import|export)\s+(?!type\b)[^'"]*?from\s+['"]([^'"]+)['"]|import\(\s*['"]([^'"]+)['"]\s*\)/gm)) {
        const spec = (m[1] ?? m[2])!;
        if (spec.startsWith('.') || spec.startsWith('node:')) continue;
        const name = spec.startsWith('@') ? spec.split('/').slice(0, 2).join('/') : spec.split('/')[0]!;
        if (!pkg.dependencies[name]) missing.push(`${file}: ${spec}`);
      }
    }
    expect(missing).toEqual([]);
  });
});

describe('docker/compose.yaml', () => {
  it('runs api, worker, postgres and redis', () => {
    expect(services(compose).sort()).toEqual(['api', 'postgres', 'redis', 'worker']);
  });

  it('api and worker run compiled entry points with node, whose sources exist', () => {
    const commands = [...compose.matchAll(/command: \[(["'])node\1, (["'])(dist\/[\w-]+\.js)\2\]/g)].map((m) => m[3]!);
    expect(commands.sort()).toEqual(['dist/server.js', 'dist/worker.js']);
    for (const entry of commands) expect(existsSync(entry.replace(/^dist\//, 'src/').replace(/\.js$/, '.ts')), entry).toBe(true);
    expect(compose).not.toMatch(/command: \[["']npm/);
  });

  it('the worker, which has no HTTP port, does not inherit the API health check', () => {
    expect(service(compose, 'worker')).toMatch(/healthcheck: \{ disable: true \}/);
  });

  it('api and worker get DATABASE_URL and REDIS_URL, so they use the real servers', () => {
    expect(compose).toMatch(/DATABASE_URL: postgres:\/\/\S+@postgres:5432\//);
    expect(compose).toMatch(/REDIS_URL: redis:\/\/redis:6379/);
  });
});
