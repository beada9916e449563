/**
 * CONTRACT §9.3 for clients the service does not ship: a client generated from openapi/openapi.json
 * by another generator (`@hey-api/openapi-ts`, its `@hey-api/typescript` plugin) gets the same
 * command union — a command narrows by `type`, a misspelt type or a wrong member fails to compile.
 * The generator runs in-process into a temporary folder and the compiler checks a fixture against
 * what it wrote. Skipped (saying why) where the package is not installed: it is a devDependency
 * (`"@hey-api/openapi-ts": "0.95.0"`, the last release for Node 20).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { expectedErrorLines, typeCheck, withoutDirectives } from '../fixtures/client-types/type-check.js';

const GENERATOR = '@hey-api/openapi-ts';
const DOCUMENT = fileURLToPath(new URL('../../openapi/openapi.json', import.meta.url));

/** What the test uses of the generator's Node API. */
interface Generator {
  createClient(config: { input: string; output: { path: string }; plugins: string[]; logs: { level: 'silent'; file: false } }): Promise<unknown>;
}

/** Written beside the generated `types.gen.ts`; every line after a directive must be an error without it. */
const FIXTURE = `import type { EdenBidCommand, MatchCommandRequest } from './types.gen';

type Command = MatchCommandRequest['command'];
export const bid: MatchCommandRequest = { expectedVersion: 2, command: { type: 'eden.bid', bids: { A: 2 }, choice: 'A' } };
export const pass: Command = { type: 'match.pass', player: 'p2' };
export const sealed: EdenBidCommand = { type: 'eden.bid', bids: { B: 1 } };
export function bidOf(command: Command): number | undefined {
  return command.type === 'eden.bid' ? command.bids.A : undefined;
}
// @ts-expect-error a misspelt command type (\`eden.register_band\`)
export const typo: MatchCommandRequest = { command: { type: 'eden.register_bnd', player: 'A', bandType: 'faction', fighters: [] } };
// @ts-expect-error a bid is a number of Strategy Points, not a word
export const word: MatchCommandRequest = { command: { type: 'eden.bid', bids: { A: 'two' } } };
// @ts-expect-error eden.bid needs its bids
export const empty: Command = { type: 'eden.bid' };
// @ts-expect-error no such reaction
export const flee: Command = { type: 'eden.react', player: 'B', reaction: 'flee' };
`;

/** The generator is an ES module only (no `require` condition): ask the module loader. */
const available = await import(GENERATOR).then(
  () => true,
  () => false,
);
const title = available
  ? `a ${GENERATOR} client generated from openapi/openapi.json`
  : `a ${GENERATOR} client generated from openapi/openapi.json (skipped: ${GENERATOR} is not installed: run npm ci)`;

describe.skipIf(!available)(title, () => {
  let out: string;
  let file: string;

  beforeAll(async () => {
    out = await mkdtemp(join(tmpdir(), 'arbiter-hey-api-'));
    const generator = (await import(/* @vite-ignore */ GENERATOR)) as Generator;
    await generator.createClient({ input: DOCUMENT, output: { path: out }, plugins: ['@hey-api/typescript'], logs: { level: 'silent', file: false } });
    file = join(out, 'commands.ts');
    await writeFile(file, FIXTURE);
  }, 120_000);
  afterAll(async () => {
    if (out) await rm(out, { recursive: true, force: true });
  });

  it('types the command body as the union discriminated by type: valid commands compile and narrow', () => {
    expect(typeCheck([file], {}, 'bundler')).toEqual([]);
  }, 60_000);

  it('refuses a misspelt type, a wrong member type, a missing member and an unknown value, each at its line', () => {
    const diagnostics = typeCheck([file], { [file]: withoutDirectives(FIXTURE) }, 'bundler');
    const lines = [...new Set(diagnostics.filter((d) => d.file === file).map((d) => d.line))].sort((a, b) => a - b);
    expect(lines, diagnostics.map((d) => `${d.line}: ${d.message.split('\n')[0]}`).join('\n')).toEqual(expectedErrorLines(FIXTURE));
  }, 60_000);
});
