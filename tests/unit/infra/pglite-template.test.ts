/**
 * The embedded database template (src/infra/database/template.ts): an empty DATA_DIR is filled
 * from it; a directory holding anything, or a template of another PGlite version, is left alone.
 */
import { afterAll, describe, expect, it } from 'vitest';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pgliteVersion, seedFromTemplate, writeTemplate } from '../../../src/infra/database/template.js';

const scratch = mkdtempSync(join(tmpdir(), 'arbiter-template-test-'));
afterAll(() => rmSync(scratch, { recursive: true, force: true }));

/** A stand-in data directory (the copy does not look inside beyond PG_VERSION). */
function fakeData(dir: string): string {
  mkdirSync(join(dir, 'base', '1'), { recursive: true });
  writeFileSync(join(dir, 'PG_VERSION'), '17\n');
  writeFileSync(join(dir, 'base', '1', '1259'), 'table');
  return dir;
}

describe('embedded database template', () => {
  const template = join(scratch, 'template');

  it('fills a missing or empty data directory, privately, and records the PGlite version', async () => {
    await writeTemplate(template, fakeData(join(scratch, 'made')), ['20260101_init']);
    expect(JSON.parse(readFileSync(join(template, 'template.json'), 'utf8'))).toEqual({ pglite: pgliteVersion(), migrations: ['20260101_init'] });
    const missing = join(scratch, 'a', 'pglite');
    mkdirSync(join(scratch, 'a'));
    expect(await seedFromTemplate(missing, template)).toBe(true);
    expect(readFileSync(join(missing, 'base', '1', '1259'), 'utf8')).toBe('table');
    expect(statSync(missing).mode & 0o777).toBe(0o700);
    const empty = join(scratch, 'b');
    mkdirSync(empty);
    expect(await seedFromTemplate(empty, template)).toBe(true);
    expect(existsSync(join(empty, 'PG_VERSION'))).toBe(true);
  });

  it('leaves a directory that holds anything alone', async () => {
    const used = join(scratch, 'c');
    mkdirSync(used);
    writeFileSync(join(used, 'PG_VERSION'), '16\n');
    expect(await seedFromTemplate(used, template)).toBe(false);
    expect(readFileSync(join(used, 'PG_VERSION'), 'utf8')).toBe('16\n');
    expect(existsSync(join(used, 'base'))).toBe(false);
  });

  it('is not used when made by another PGlite version, or absent (initdb runs instead)', async () => {
    writeFileSync(join(template, 'template.json'), JSON.stringify({ pglite: '0.0.1', migrations: [] }));
    expect(await seedFromTemplate(join(scratch, 'd'), template)).toBe(false);
    expect(existsSync(join(scratch, 'd'))).toBe(false);
    expect(await seedFromTemplate(join(scratch, 'e'), join(scratch, 'no-template'))).toBe(false);
  });
});
