/** The whole project type-checks under `strict` (CI runs only `npm test`, so the check lives here). */
import { describe, expect, it } from 'vitest';
import { spawnSync } from 'node:child_process';

describe('TypeScript', () => {
  it('npm run typecheck reports no error', () => {
    const result = spawnSync(process.execPath, ['node_modules/typescript/bin/tsc', '--noEmit', '-p', 'tsconfig.json'], { encoding: 'utf8' });
    expect(result.stdout + result.stderr).toBe('');
    expect(result.status).toBe(0);
  }, 180_000);
});
