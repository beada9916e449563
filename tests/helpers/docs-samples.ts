/**
 * The samples of docs/*.md and README.md that stand outside the request/response markers of
 * tests/client/docs-examples.test.ts: every fenced block not right after a `<!-- request: … -->`,
 * `response`, `script` or `call` marker, each with the kind of check it gets. A block of no known
 * kind fails tests/client/docs-shell-samples.test.ts, so a new sample is checked, or said not to be
 * an API sample here, before it is published.
 */
import { readFileSync, readdirSync } from 'node:fs';

export interface Sample {
  file: string;
  /** The line of its opening fence (1-based). */
  line: number;
  lang: string;
  text: string;
  /** The Markdown after the block, up to the next fence. */
  after: string;
  /** The fenced block right after this one (only blank lines between), if any. */
  next?: Sample;
  /** A curl's: the marked request that follows it (`<!-- request: POST /v1/matches -->` and its block) before any other block. */
  marked?: { method: string; url: string; body?: string };
  kind: SampleKind;
}

export type SampleKind =
  /** `sh` with curl: sent to the app as written, its `# STATUS {json}` comment is the answer. */
  | 'curl'
  /** `text` right after a curl of a feed: the stream it answers, line by line. */
  | 'transcript'
  /** `ts` importing @arbiter/client: type-checked against the client's source, then run. */
  | 'client'
  /** `js` opening an EventSource: run with the seat token of a live match. */
  | 'event-source'
  /** `json` `{"command": …}`: sent at its point of a match. */
  | 'command'
  /** `json` problem+json: the answer to the request the text describes. */
  | 'problem'
  /** `json` EDEN fighter: registered in a match, the event carries it as shown. */
  | 'fighter'
  /** `json` a token request body. */
  | 'token-body'
  | 'not-api';

/** Blocks that are not API samples (how to start the service, a proxy's configuration, a diagram), by their first line. */
const NOT_API: Record<string, string[]> = {
  'README.md': ['npm install && npm start', 'npm test'],
  'docs/getting-started.md': ['npm install'],
  'docs/deploy.md': ['upstream arbiter {'],
  'docs/architecture.md': ['kernel ← games ← app'],
};

const ROOT = new URL('../../', import.meta.url);
const FENCE = /^( *)```(\w*)\n([\s\S]*?)^\1```$/gm;
const MARKER = /<!-- (?:request|response|script|call):[^>]*-->\s*$/;

function kindOf(s: Omit<Sample, 'kind'>, adjacent: Sample | undefined): SampleKind | undefined {
  if (s.lang === 'sh' && /^\s*curl\b/m.test(s.text)) return 'curl';
  if (s.lang === 'text' && adjacent?.kind === 'curl' && /\/feed\b/.test(adjacent.text)) return 'transcript';
  if (s.lang === 'ts' && s.text.includes("from '@arbiter/client'")) return 'client';
  if (s.lang === 'js' && s.text.includes('new EventSource(')) return 'event-source';
  if (s.lang === 'json' && /^\s*\{\s*"command"\s*:/.test(s.text)) return 'command';
  if (s.lang === 'json' && s.text.includes('"urn:arbiter:problem:')) return 'problem';
  if (s.lang === 'json' && s.text.includes('"limbs"') && s.text.includes('"wounds"')) return 'fighter';
  if (s.lang === 'json' && /^\s*\{\s*"ttlSeconds"/.test(s.text)) return 'token-body';
  if (NOT_API[s.file]?.some((first) => s.text.trimStart().startsWith(first))) return 'not-api';
  return undefined;
}

/** The unmarked samples of one file (`docs/x.md` or `README.md`); a block of no known kind throws. */
export function samplesOf(file: string): Sample[] {
  const markdown = readFileSync(new URL(file, ROOT), 'utf8');
  const samples: Sample[] = [];
  let previous: (Sample & { end: number }) | undefined;
  for (const m of markdown.matchAll(FENCE)) {
    const start = m.index;
    if (previous) previous.after = markdown.slice(previous.end, start);
    const adjacent = previous && /^\s*$/.test(previous.after) ? previous : undefined;
    const marker = MARKER.exec(markdown.slice(0, start));
    if (marker) {
      const request = /<!-- request: (\w+) (\S+)/.exec(marker[0]);
      if (request && previous?.kind === 'curl') previous.marked = { method: request[1]!, url: request[2]!, body: m[3] };
      previous = undefined;
      continue;
    }
    const base = { file, line: markdown.slice(0, start).split('\n').length, lang: m[2]!, text: m[3]!.replace(new RegExp(`^${m[1]}`, 'gm'), ''), after: '' };
    const kind = kindOf(base, adjacent);
    if (!kind) throw new Error(`${file}:${base.line}: a \`\`\`${base.lang} sample the docs tests do not check (tests/helpers/docs-samples.ts)`);
    previous = { ...base, kind, end: start + m[0].length };
    if (adjacent) adjacent.next = previous;
    samples.push(previous);
  }
  if (previous) previous.after = markdown.slice(previous.end);
  return samples;
}

/** docs/*.md and README.md. */
export const DOCS_FILES = [
  'README.md',
  ...readdirSync(new URL('docs/', ROOT))
    .filter((f) => f.endsWith('.md'))
    .map((f) => `docs/${f}`),
];

/** The unmarked samples of every docs file, of the kinds given. */
export const samplesOfKind = (...kinds: SampleKind[]) => DOCS_FILES.flatMap(samplesOf).filter((s) => kinds.includes(s.kind));
