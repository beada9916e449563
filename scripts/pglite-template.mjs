// Part of `npm run build` (scripts/build.mjs), after the compilation: makes the embedded database's
// template (src/infra/database/template.ts) in dist/pglite-template: a PGlite data directory
// initdb'd and migrated with prisma/migrations, so a first start on an empty DATA_DIR copies it
// instead of running initdb. Uses the compiled dist/. Without a template the service still starts.
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { fromDist } from './build.mjs';

export async function makeTemplate() {
  const { startPglite } = await fromDist('infra/database/pglite.js');
  const { migrate } = await fromDist('infra/migrator.js');
  const { writeTemplate, DEFAULT_TEMPLATE_DIR } = await fromDist('infra/database/template.js');
  const scratch = await mkdtemp(join(tmpdir(), 'arbiter-template-'));
  try {
    const data = join(scratch, 'pglite');
    const database = await startPglite({ dataDir: data });
    let migrations;
    try {
      migrations = (await migrate(database)).applied;
    } finally {
      await database.close();
    }
    await writeTemplate(DEFAULT_TEMPLATE_DIR, data, migrations);
    return { dir: DEFAULT_TEMPLATE_DIR, migrations };
  } finally {
    await rm(scratch, { recursive: true, force: true });
  }
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const began = Date.now();
  const { dir, migrations } = await makeTemplate();
  process.stderr.write(`embedded database template: ${dir} (${migrations.length} migrations, ${Date.now() - began} ms)\n`);
}
