/**
 * The shell samples of the docs answer as shown (issue 37): every `sh` block with curl in docs/*.md
 * and README.md outside the markers of docs-examples.test.ts (tests/helpers/docs-samples.ts finds
 * them, and fails on a sample of a kind no test checks) is run against the app listening on
 * 127.0.0.1, command by command, in the order of its file:
 * - a curl is sent as written (its method, path, `-H` headers and `-d` body; the host is the app's);
 *   the `# STATUS {json}` comment after it is its answer (`# {json}`: a 2xx one), read as
 *   tests/helpers/elided-json.ts reads `…`; a curl with no comment must answer 2xx;
 * - the marked request that follows a curl's block (`<!-- request: … -->`) is the same request
 *   (`{id}` for `$MATCH`), so the curl and the JSON the docs test sends cannot drift apart;
 * - `export NAME=value` sets `$NAME`; an elided value (`KEY=arb_tqdx…`) takes the live value of the
 *   member the previous answer shows with that text (`"key":"arb_tqdx…"`);
 * - `$(command)` runs in bash (the league night's `date`), in a folder whose `list.json` holds a band
 *   of the rulebook's Yûri; `$ARBITER` is the app's address and `$KEY` an API key until set;
 * - a feed's transcript (the ```text block right after its curl) is compared line by line: `data:`
 *   lines as elided JSON, the others with `…` standing for any text and the elided values of
 *   `export`s for their live ones.
 * The admin token is the one getting-started.md starts the service with.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import { apiKey, memoryApp } from '../helpers/app.js';
import { DOCS_FILES, samplesOf, type Sample } from '../helpers/docs-samples.js';
import { globMatches, mismatches, parseElided } from '../helpers/elided-json.js';
import { curlRequest, shellCommands, type CurlRequest } from '../helpers/shell-words.js';
import { yuriExample } from '../../src/games/eden/operations/examples.js';

const ADMIN_TOKEN = /ADMIN_TOKEN=(\S+) npm start/.exec(readFileSync(new URL('../../docs/getting-started.md', import.meta.url), 'utf8'))![1]!;
/** Every docs file's unmarked samples, or why they cannot be read (a block of no kind any docs test checks). */
const census = DOCS_FILES.map((file) => {
  try {
    return { file, samples: samplesOf(file) };
  } catch (error) {
    return { file, samples: [], error: (error as Error).message };
  }
});
const files = census.map(({ file, samples }) => ({ file, samples: samples.filter((s) => s.kind === 'curl') })).filter((f) => f.samples.length);

let app: FastifyInstance;
let base: string;
let key: string;
const folder = mkdtempSync(join(tmpdir(), 'arbiter-docs-sh-'));
beforeAll(async () => {
  app = await memoryApp({ adminToken: ADMIN_TOKEN });
  base = await app.listen({ port: 0, host: '127.0.0.1' });
  key = await apiKey(app, 'docs shell');
  writeFileSync(join(folder, 'list.json'), JSON.stringify({ bandType: 'faction', fighters: [yuriExample] }));
});
afterAll(async () => {
  rmSync(folder, { recursive: true, force: true });
  await app?.close();
});

/** What a file's samples have set so far, and the answer of its latest curl (as shown, as answered). */
interface Session {
  vars: Map<string, string>;
  /** Elided values of `export`s (`69f29233-…`) → their live values. */
  elided: Map<string, string>;
  last?: { shown: string; answer: unknown };
}

/** The answer comment of a curl: `# 201 {…}` (a `#` line each, joined) → status and elided JSON. */
function shownAnswer(comments: string[]): { status?: number; json?: string } | undefined {
  if (!comments.length) return undefined;
  const joined = comments.map((c) => c.trim()).join('');
  const m = /^(\d{3})?\s*([{[][\s\S]*)?$/.exec(joined);
  if (!m || (!m[1] && !m[2])) throw new Error(`a curl's comment is not an answer (# STATUS {json}): ${joined}`);
  return { status: m[1] ? Number(m[1]) : undefined, json: m[2] };
}

function send(request: CurlRequest, signal?: AbortSignal) {
  return fetch(base + request.url, { method: request.method, headers: request.headers, body: request.body, signal });
}

/** Reads a feed until it has sent `events` events (the transcript's), then closes it. */
async function readFeed(request: CurlRequest, events: number): Promise<string> {
  const abort = new AbortController();
  const res = await send(request, AbortSignal.any([abort.signal, AbortSignal.timeout(10_000)]));
  expect(res.status).toBe(200);
  const reader = res.body!.getReader();
  const decoder = new TextDecoder();
  let text = '';
  try {
    while ((text.match(/^id: /gm)?.length ?? 0) < events || !text.endsWith('\n\n')) {
      const { value, done } = await reader.read();
      if (done) break;
      text += decoder.decode(value, { stream: true });
    }
  } catch {
    // the deadline: compare what came
  }
  abort.abort();
  return text;
}

function compareTranscript(live: string, shown: string, session: Session) {
  const lines = shown.trimEnd().split('\n');
  const got = live.split('\n').slice(0, lines.length);
  lines.forEach((line, i) => {
    const actual = got[i] ?? '';
    if (line.startsWith('data: ') && actual.startsWith('data: '))
      return void expect(mismatches(JSON.parse(actual.slice(6)), parseElided(line.slice(6))), `line ${i + 1}: ${actual}`).toEqual([]);
    let wanted = line;
    for (const [doc, value] of session.elided) wanted = wanted.replaceAll(doc, value);
    expect(globMatches(actual, wanted), `line ${i + 1}: ${JSON.stringify(actual)} is not ${JSON.stringify(line)}`).toBe(true);
  });
}

/** The marked request after the block is one of its curls (method, path with `{id}` for $MATCH, body). */
function expectPaired(sample: Sample, sent: CurlRequest[], session: Session) {
  const marked = sample.marked!;
  const url = marked.url.replace('{id}', session.vars.get('MATCH') ?? '{id}');
  const same = sent.find((r) => r.method === marked.method && r.url === url);
  expect(same, `${sample.file}:${sample.line}: no curl of the block sends the marked ${marked.method} ${marked.url}`).toBeDefined();
  expect(same!.body === undefined ? undefined : JSON.parse(same!.body)).toEqual(marked.body === undefined ? undefined : JSON.parse(marked.body));
}

async function runBlock(sample: Sample, session: Session) {
  const sent: CurlRequest[] = [];
  const expand = {
    variable: (name: string) => session.vars.get(name) ?? expect.fail(`${sample.file}:${sample.line}: $${name} is not set`),
    command: (source: string) => execFileSync('bash', ['-c', source], { cwd: folder, encoding: 'utf8' }),
  };
  for (const { words, comments } of shellCommands(sample.text, expand)) {
    const assignment = /^(\w+)=(.*)$/s.exec(words[0] === 'export' ? words[1]! : words[0]!);
    if (assignment) {
      const [, name, value] = assignment as unknown as [string, string, string];
      if (!value.includes('…')) session.vars.set(name, value);
      else {
        const member = new RegExp(`"(\\w+)":"${value.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}"`).exec(session.last?.shown ?? '')?.[1];
        expect(member, `${sample.file}:${sample.line}: the answer before \`${name}=${value}\` shows no member with that value`).toBeDefined();
        const live = String((session.last!.answer as Record<string, unknown>)[member!]);
        session.vars.set(name, live);
        session.elided.set(value, live);
      }
      continue;
    }
    const request = curlRequest(words);
    sent.push(request);
    if (sample.next?.kind === 'transcript') {
      compareTranscript(await readFeed(request, sample.next.text.match(/^id: /gm)?.length ?? 0), sample.next.text, session);
      continue;
    }
    const res = await send(request);
    const body = await res.text();
    const answer = body && res.headers.get('content-type')?.includes('json') ? JSON.parse(body) : body;
    const shown = shownAnswer(comments);
    const where = `${sample.file}:${sample.line}: ${request.method} ${request.url}`;
    if (shown?.status) expect(res.status, `${where}: ${body}`).toBe(shown.status);
    else expect(res.status, `${where}: ${body}`).toBeLessThan(300);
    if (shown?.json) expect(mismatches(answer, parseElided(shown.json)), where).toEqual([]);
    session.last = { shown: shown?.json ?? '', answer };
  }
  if (sample.marked) expectPaired(sample, sent, session);
}

describe('the shell samples of the docs answer as shown', () => {
  it('every fenced block of the docs outside the markers is of a kind a docs test checks, or listed as no API sample', () => {
    expect(census.flatMap((c) => (c.error ? [c.error] : []))).toEqual([]);
  });

  it('the docs hold shell samples: README, getting-started and the league night', () => {
    expect(files.map((f) => f.file)).toEqual(expect.arrayContaining(['README.md', 'docs/getting-started.md', 'docs/league-night.md']));
  });

  for (const { file, samples } of files) {
    describe(file, () => {
      const session: Session = { vars: new Map(), elided: new Map() };
      beforeAll(() => {
        session.vars.set('ARBITER', base);
        session.vars.set('KEY', key);
      });
      for (const sample of samples) it(`line ${sample.line}${sample.next ? ` and its transcript (line ${sample.next.line})` : ''}`, () => runBlock(sample, session));
    });
  }
});
