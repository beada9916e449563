/**
 * `npm run bench`: runs every bench/*.bench.ts, each reporting figures as ratios against a
 * baseline measured in the same run, and writes them to bench/RESULTS.md (linked from README).
 */
import { readdir, readFile, writeFile } from 'node:fs/promises';
import { cpus, loadavg } from 'node:os';

export interface BenchFigure {
  name: string;
  /** What was measured, e.g. "melee requests/s". */
  value: number;
  unit: string;
  /** The same-run baseline it is compared with. */
  baseline?: { name: string; value: number; unit: string };
  ratio?: number;
  goal?: string;
  met?: boolean;
}

const only = process.argv.slice(2);
/** Above this one-minute load average at a bench's start, its figures are marked unreliable (another process shared the cores). */
const QUIET_LOAD = 1;
const loadAtStart = loadavg()[0]!;
const unreliable = new Set<string>();
const files = (await readdir(new URL('.', import.meta.url))).filter((f) => f.endsWith('.bench.ts')).sort();
const figures: BenchFigure[] = [];
/** Before each bench, up to this long for the load of the previous one (or of other processes) to settle below QUIET_LOAD. */
const SETTLE_MS = 120_000;
async function settle(): Promise<void> {
  for (let waited = 0; loadavg()[0]! > QUIET_LOAD && waited < SETTLE_MS; waited += 5000) await new Promise((r) => setTimeout(r, 5000));
}

for (const file of files) {
  if (only.length && !only.some((o) => file.includes(o))) continue;
  await settle();
  const load = loadavg()[0]!;
  console.log(`# ${file} (load average ${load.toFixed(2)})`);
  const mod = (await import(new URL(file, import.meta.url).href)) as { run(): Promise<BenchFigure[]> };
  for (const figure of await mod.run()) {
    figures.push(figure);
    if (load > QUIET_LOAD) unreliable.add(figure.name);
    console.log(JSON.stringify(figure));
  }
}
const fmt = (n: number) => (n >= 100 ? Math.round(n).toLocaleString('en') : n.toPrecision(3));
const lines = [
  '# Benchmark results',
  '',
  `Written by \`npm run bench\` on ${new Date().toISOString()} (${cpus().length} cores, Node ${process.version}); one-minute load average at the start: ${loadAtStart.toFixed(2)}.`,
  'Each figure is compared with a baseline measured in the same run; ratios, not absolute times, are the targets.',
  `Figures whose bench started above a load average of ${QUIET_LOAD} are marked **unreliable** (other processes shared the cores); measure again on a quiet machine.`,
  '',
  '| benchmark | value | baseline | ratio | goal | met |',
  '|---|---|---|---|---|---|',
  ...figures.map(
    (f) =>
      `| ${f.name}${unreliable.has(f.name) ? ' **(unreliable: load > 1)**' : ''} | ${fmt(f.value)} ${f.unit} | ${f.baseline ? `${f.baseline.name}: ${fmt(f.baseline.value)} ${f.baseline.unit}` : '—'} | ${f.ratio !== undefined ? f.ratio.toFixed(2) : '—'} | ${f.goal ?? '—'} | ${f.met === undefined ? '—' : f.met ? 'yes' : 'no'} |`,
  ),
  '',
];
// the hand-written section after the table (## Kept costs…: what each cost is and why it stays) is kept
const previous = await readFile(new URL('RESULTS.md', import.meta.url), 'utf8').catch(() => '');
const kept = previous.indexOf('\n## Kept costs');
if (kept >= 0) lines.push(previous.slice(kept + 1));
if (!only.length) await writeFile(new URL('RESULTS.md', import.meta.url), lines.join('\n'));
console.log(lines.join('\n'));
