/**
 * JSON as the docs abridge it (`# 201 {"id":"69f29233-…","players":[…],…}`), read as a pattern an
 * answer must match:
 * - a string holding `…` stands for any string (`"69f29233-…"`: an id that differs on every run);
 * - `…` among an object's members: more members may be there (`{…,"prep":"bands",…}`); without it
 *   the object has exactly the members shown;
 * - `…` among an array's items: more items may stand there (`[{…},…]`: one item first, then any;
 *   `[…]`: any array); without it the array has exactly the items shown;
 * - `…` as a value: any value.
 * Every other value is equal. `mismatches` lists each difference with its JSON pointer.
 */
const MORE = Symbol('…');

export type Pattern =
  | { kind: 'any' }
  | { kind: 'any-string' }
  | { kind: 'value'; value: string | number | boolean | null }
  | { kind: 'object'; members: [string, Pattern][]; open: boolean }
  | { kind: 'array'; head: Pattern[]; tail: Pattern[]; open: boolean };

/** Reads `text` (JSON with `…` where the docs leave something out); throws on anything else. */
export function parseElided(text: string): Pattern {
  let at = 0;
  const fail = (what: string): never => {
    throw new Error(`${what} at ${at} of ${JSON.stringify(text)}`);
  };
  const space = () => {
    while (/\s/.test(text[at] ?? '')) at++;
  };
  const string = (): string => {
    const end = /^"(?:[^"\\]|\\.)*"/.exec(text.slice(at))?.[0] ?? fail('an unterminated string');
    at += end.length;
    return JSON.parse(end) as string;
  };
  const item = (): Pattern | typeof MORE => {
    space();
    if (text[at] === '…') {
      at++;
      return MORE;
    }
    return value();
  };
  const value = (): Pattern => {
    space();
    const c = text[at];
    if (c === '"') {
      const s = string();
      return s.includes('…') ? { kind: 'any-string' } : { kind: 'value', value: s };
    }
    if (c === '{') {
      at++;
      const members: [string, Pattern][] = [];
      let open = false;
      for (space(); text[at] !== '}'; space()) {
        if (text[at] === '…') {
          at++;
          open = true;
        } else {
          const name = string();
          space();
          if (text[at++] !== ':') fail('a missing colon');
          members.push([name, value()]);
        }
        space();
        if (text[at] === ',') at++;
        else if (text[at] !== '}') fail('a missing comma');
      }
      at++;
      return { kind: 'object', members, open };
    }
    if (c === '[') {
      at++;
      const head: Pattern[] = [];
      const tail: Pattern[] = [];
      let open = false;
      for (space(); text[at] !== ']'; space()) {
        const next = item();
        if (next === MORE) open = true;
        else (open ? tail : head).push(next);
        space();
        if (text[at] === ',') at++;
        else if (text[at] !== ']') fail('a missing comma');
      }
      at++;
      return { kind: 'array', head, tail, open };
    }
    if (c === '…') {
      at++;
      return { kind: 'any' };
    }
    const literal = /^(?:-?\d+(?:\.\d+)?(?:[eE][+-]?\d+)?|true|false|null)/.exec(text.slice(at))?.[0] ?? fail('an unexpected character');
    at += literal.length;
    return { kind: 'value', value: JSON.parse(literal) as number | boolean | null };
  };
  const pattern = value();
  space();
  if (at < text.length) fail('text after the value');
  return pattern;
}

/** Where `actual` differs from `pattern` (JSON pointers with what was expected); empty when it matches. */
export function mismatches(actual: unknown, pattern: Pattern, path = ''): string[] {
  const here = path || '/';
  switch (pattern.kind) {
    case 'any':
      return [];
    case 'any-string':
      return typeof actual === 'string' ? [] : [`${here}: a string expected, got ${JSON.stringify(actual)}`];
    case 'value':
      return actual === pattern.value ? [] : [`${here}: ${JSON.stringify(pattern.value)} expected, got ${JSON.stringify(actual)}`];
    case 'object': {
      if (typeof actual !== 'object' || actual === null || Array.isArray(actual)) return [`${here}: an object expected, got ${JSON.stringify(actual)}`];
      const record = actual as Record<string, unknown>;
      const out = pattern.members.flatMap(([name, member]) => (name in record ? mismatches(record[name], member, `${path}/${name}`) : [`${path}/${name}: missing`]));
      if (!pattern.open) {
        const shown = new Set(pattern.members.map(([name]) => name));
        out.push(...Object.keys(record).flatMap((name) => (shown.has(name) ? [] : [`${path}/${name}: not shown (add … to the object if it may be there)`])));
      }
      return out;
    }
    case 'array': {
      if (!Array.isArray(actual)) return [`${here}: an array expected, got ${JSON.stringify(actual)}`];
      const shown = pattern.head.length + pattern.tail.length;
      if (pattern.open ? actual.length < shown : actual.length !== shown) return [`${here}: ${pattern.open ? 'at least ' : ''}${shown} item(s) expected, got ${actual.length}`];
      const from = actual.length - pattern.tail.length;
      return [
        ...pattern.head.map((p, i) => mismatches(actual[i], p, `${path}/${i}`)),
        ...pattern.tail.map((p, i) => mismatches(actual[from + i], p, `${path}/${from + i}`)),
      ].flat();
    }
  }
}

/** Whether `actual` (a line of text) matches `shown`, where each `…` stands for any text. */
export function globMatches(actual: string, shown: string): boolean {
  const parts = shown.split('…').map((part) => part.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'));
  return new RegExp(`^${parts.join('[\\s\\S]*')}$`).test(actual);
}
