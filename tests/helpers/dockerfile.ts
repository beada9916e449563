/**
 * docker/Dockerfile read as data, so tests run the same commands the image runs (Docker cannot run
 * on the development machines): its stages, each stage's instructions (comments dropped, line
 * continuations folded), and the runtime stage's install command, ENV and CMD.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

export const ROOT = fileURLToPath(new URL('../..', import.meta.url));

export interface Stage {
  from: string;
  name?: string;
  lines: string[];
}

/** The stages of a Dockerfile's text, in order. */
export function stages(text: string): Stage[] {
  const lines = text
    .replace(/\\\n/g, ' ')
    .split('\n')
    .map((l) => l.trim())
    .filter((l) => l && !l.startsWith('#'));
  const result: Stage[] = [];
  for (const line of lines) {
    const from = /^FROM\s+(\S+)(?:\s+AS\s+(\S+))?/i.exec(line);
    if (from) result.push({ from: from[1]!, name: from[2], lines: [] });
    else result.at(-1)?.lines.push(line);
  }
  return result;
}

/** The exec-form arguments of the last `instruction` of a stage (e.g. CMD ["node", "dist/server.js"]). */
export function execForm(lines: string[], instruction: string): string[] | undefined {
  const line = lines.filter((l) => l.startsWith(instruction + ' ')).at(-1);
  return line === undefined ? undefined : (JSON.parse(line.slice(instruction.length + 1).trim()) as string[]);
}

/** The runtime (last) stage of docker/Dockerfile: its `npm ci` command (shell form), ENV and CMD. */
export function runtimeStage(): { install: string; env: Record<string, string>; cmd: string[] } {
  const runtime = stages(readFileSync(join(ROOT, 'docker/Dockerfile'), 'utf8')).at(-1)!;
  const run = runtime.lines.find((l) => /^RUN npm ci\b/.test(l));
  if (!run) throw new Error('the runtime stage has no `RUN npm ci` line');
  const env = Object.fromEntries(runtime.lines.filter((l) => l.startsWith('ENV ')).flatMap((l) => [...l.slice(4).matchAll(/(\w+)=(\S+)/g)].map((m) => [m[1]!, m[2]!])));
  return { install: run.slice(4), env, cmd: execForm(runtime.lines, 'CMD')! };
}
