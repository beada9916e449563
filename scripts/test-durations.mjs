// `npm run test:durations`: after `npm test`, writes tests/durations.json — each test file's last
// duration in seconds, from Vitest's own results cache (node_modules/.vite/vitest) — which
// vitest.config.ts's sequencer reads to start the longest files first. Vitest orders by that cache
// itself, but a fresh clone has none and would start files by size; committed, the durations give
// a fresh clone the order a warm checkout has.
import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = fileURLToPath(new URL('..', import.meta.url));
const CACHE = join(ROOT, 'node_modules/.vite/vitest');
const durations = {};
for (const dir of readdirSync(CACHE)) {
  const { results } = JSON.parse(readFileSync(join(CACHE, dir, 'results.json'), 'utf8'));
  for (const [key, { duration }] of results) {
    const file = key.slice(key.indexOf(':') + 1);
    durations[file] = Math.max(durations[file] ?? 0, Math.round(duration / 100) / 10);
  }
}
const sorted = Object.fromEntries(Object.entries(durations).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)));
writeFileSync(join(ROOT, 'tests/durations.json'), JSON.stringify(sorted, null, 2) + '\n');
console.log(`tests/durations.json: ${Object.keys(sorted).length} files`);
