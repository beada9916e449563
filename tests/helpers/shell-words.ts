/**
 * The shell the docs' `sh` samples are written in, read as a POSIX shell splits it: commands end at
 * a newline (or `&&`, `;`) outside quotes, a backslash before a newline continues the line,
 * `'…'` is literal, `"…"` expands `$NAME`, `${NAME}` and `$(command)` and keeps `\"`, `\\`, `\$`;
 * a `#` starting a word comments out the rest of its line. Each command keeps the comment lines
 * that follow it (where the docs show its answer: `# 201 {…}`). Commands are given one at a time,
 * each before the next is read: what one sets (`export KEY=…`) is expanded in those after it.
 */
export interface ShellCommand {
  words: string[];
  /** The comment lines after the command, without their `#`. */
  comments: string[];
}

export interface Expansions {
  variable(name: string): string;
  /** The output of `$(command)` (without its last newline). */
  command(source: string): string;
}

export function* shellCommands(script: string, expand: Expansions): Generator<ShellCommand> {
  let pending: ShellCommand | undefined;
  let words: string[] = [];
  let word: string | undefined;
  let at = 0;
  const end = () => {
    if (word !== undefined) words.push(word);
    word = undefined;
  };
  const endCommand = () => {
    end();
    if (words.length) pending = { words, comments: [] };
    words = [];
  };
  const dollar = (): string => {
    const rest = script.slice(at + 1);
    if (rest.startsWith('(')) {
      let depth = 0;
      let i = 0;
      do {
        if (rest[i] === '(') depth++;
        if (rest[i] === ')') depth--;
        i++;
      } while (depth > 0 && i < rest.length);
      at += i + 1;
      return expand.command(rest.slice(1, i - 1)).replace(/\n$/, '');
    }
    const name = /^\{(\w+)\}|^(\w+)/.exec(rest);
    if (!name) {
      at++;
      return '$';
    }
    at += name[0].length + 1;
    return expand.variable(name[1] ?? name[2]!);
  };
  while (at < script.length) {
    const c = script[at]!;
    const starts = word === undefined && !words.length && !/[\s#;]/.test(c);
    if (starts && pending) yield pending;
    if (starts) pending = undefined;
    const append = (text: string, length: number) => {
      word = (word ?? '') + text;
      at += length;
    };
    if (c === '\\' && script[at + 1] === '\n') at += 2;
    else if (c === '\\') append(script[at + 1] ?? '', 2);
    else if (c === '\n' || c === ';' || (c === '&' && script[at + 1] === '&')) {
      endCommand();
      at += c === '&' ? 2 : 1;
    } else if (c === ' ' || c === '\t') {
      end();
      at++;
    } else if (c === '#' && word === undefined) {
      const stop = script.indexOf('\n', at);
      const line = script.slice(at + 1, stop < 0 ? undefined : stop);
      at = stop < 0 ? script.length : stop;
      if (words.length) endCommand();
      pending?.comments.push(line);
    } else if (c === "'") {
      const close = script.indexOf("'", at + 1);
      append(script.slice(at + 1, close), close + 1 - at);
    } else if (c === '"') {
      append('', 1);
      while (script[at] !== '"' && at < script.length) {
        if (script[at] === '\\' && /["\\$]/.test(script[at + 1] ?? '')) append(script[at + 1]!, 2);
        else if (script[at] === '$') append(dollar(), 0);
        else append(script[at]!, 1);
      }
      at++;
    } else if (c === '$') append(dollar(), 0);
    else append(c, 1);
  }
  endCommand();
  if (pending) yield pending;
}

export interface CurlRequest {
  method: string;
  /** The path and query, without the scheme and host. */
  url: string;
  headers: Record<string, string>;
  body?: string;
}

/** A `curl` command's request: `-X`, `-H`, `-d`/`--data` (POST unless `-X` says otherwise), the address. */
export function curlRequest(words: string[]): CurlRequest {
  if (words[0] !== 'curl') throw new Error(`not a curl command: ${words.join(' ')}`);
  const request: CurlRequest = { method: '', url: '', headers: {} };
  for (let i = 1; i < words.length; i++) {
    const w = words[i]!;
    if (w === '-X' || w === '--request') request.method = words[++i]!;
    else if (w === '-H' || w === '--header') {
      const [name, ...value] = words[++i]!.split(':');
      request.headers[name!.trim().toLowerCase()] = value.join(':').trim();
    } else if (w === '-d' || w === '--data' || w === '--data-raw') request.body = words[++i];
    else if (/^-[sSNfL]+$|^--(silent|no-buffer)$/.test(w)) continue;
    else if (w.startsWith('-')) throw new Error(`the docs test does not read curl's ${w}: teach it, or write the sample without it`);
    else request.url = w.replace(/^(?:https?:\/\/)?[^/]+/, '');
  }
  if (!request.url) throw new Error(`a curl without an address: ${words.join(' ')}`);
  request.method ||= request.body === undefined ? 'GET' : 'POST';
  return request;
}
