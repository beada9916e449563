/**
 * Docker cannot run on the development machines, so docker/ is tested by what can run: the files
 * call the same npm scripts the README documents, and those scripts exist.
 */
import { describe, expect, it } from 'vitest';
import { readFile } from 'node:fs/promises';

const pkg = JSON.parse(await readFile('package.json', 'utf8')) as { scripts: Record<string, string> };
const dockerfile = await readFile('docker/Dockerfile', 'utf8');
const compose = await readFile('docker/compose.yaml', 'utf8');

/** Top-level services of the compose file (two-space indented keys under `services:`). */
function services(text: string): string[] {
  const block = text.split(/^services:\s*$/m)[1]?.split(/^\S/m)[0] ?? '';
  return [...block.matchAll(/^ {2}([\w-]+):\s*$/gm)].map((m) => m[1]!);
}

describe('docker/', () => {
  it('the image installs from the lockfile and starts with `npm start`', () => {
    expect(dockerfile).toMatch(/RUN npm ci\b/);
    expect(dockerfile).toMatch(/CMD \["npm", "start"\]/);
    expect(pkg.scripts.start).toBeTruthy();
  });

  it('compose runs api, worker, postgres and redis', () => {
    expect(services(compose).sort()).toEqual(['api', 'postgres', 'redis', 'worker']);
  });

  it('every npm command in compose is a script of package.json', () => {
    const commands = [...compose.matchAll(/command: \["npm", (?:"run", )?"([\w:-]+)"\]/g)].map((m) => m[1]!);
    expect(commands.sort()).toEqual(['start', 'worker']);
    for (const script of commands) expect(pkg.scripts[script], script).toBeTruthy();
  });

  it('api and worker get DATABASE_URL and REDIS_URL, so they use the real servers', () => {
    expect(compose).toMatch(/DATABASE_URL: postgres:\/\/\S+@postgres:5432\//);
    expect(compose).toMatch(/REDIS_URL: redis:\/\/redis:6379/);
  });
});
