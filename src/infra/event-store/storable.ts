/**
 * Text PostgreSQL cannot store. `jsonb` refuses the escape `\u0000` and unpaired surrogates
 * (`\ud800` without its pair), and `text` refuses NUL bytes (a lone surrogate would silently turn
 * into U+FFFD on the way). Every event-store implementation checks what it is about to store with
 * this one function, so each refuses the same input with the same 400 (`InvalidInput`, one problem
 * per offending string or member name, addressed by a JSON pointer), instead of a 500 from the
 * database on some backends only.
 */
import { InvalidInput, pointerSegment, type InputProblem } from '../../kernel/errors.js';
import type { NewEvent, Player } from '../../app/matches/ports.js';

/** A NUL or any surrogate: the quick test before the exact one. */
const SUSPECT = /[\u0000\ud800-\udfff]/;
/** NUL, a high surrogate not followed by a low one, or a low surrogate not preceded by a high one. */
const UNSTORABLE = /\u0000|[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/;

/** True when PostgreSQL can store `text` as it is. */
const storableText = (text: string): boolean => !SUSPECT.test(text) || !UNSTORABLE.test(text);

const problemAt = (path: string, what: string): InputProblem => ({
  path,
  code: 'unstorable_text',
  message: `${what} contains a NUL character (U+0000) or an unpaired surrogate, which cannot be stored.`,
});

/** Collects the problems of a JSON value (strings and member names) under `path`. */
export function unstorableProblems(value: unknown, path: string, into: InputProblem[] = []): InputProblem[] {
  if (typeof value === 'string') {
    if (!storableText(value)) into.push(problemAt(path, 'The text'));
  } else if (Array.isArray(value)) {
    value.forEach((item, i) => unstorableProblems(item, `${path}/${i}`, into));
  } else if (value !== null && typeof value === 'object') {
    for (const [key, item] of Object.entries(value as Record<string, unknown>)) {
      const at = `${path}/${pointerSegment(key)}`;
      if (!storableText(key)) into.push(problemAt(at, 'The member name'));
      unstorableProblems(item, at, into);
    }
  }
  return into;
}

/** Throws InvalidInput naming every unstorable string among `parts` ([pointer, value] pairs). */
export function assertStorable(...parts: [path: string, value: unknown][]): void {
  const problems: InputProblem[] = [];
  for (const [path, value] of parts) unstorableProblems(value, path, problems);
  if (problems.length) throw new InvalidInput(problems, 'The request contains text that cannot be stored.');
}

/** Pointers of what an append stores, for ./storable.ts. */
export const eventParts = (events: NewEvent[]): [string, unknown][] =>
  events.flatMap((e, i): [string, unknown][] => [
    [`/events/${i}/type`, e.type],
    [`/events/${i}/data`, e.data],
    [`/events/${i}/metadata`, e.metadata],
  ]);

/** Pointers of what a new match stores, for ./storable.ts. */
export const matchParts = (input: { game: string; players: Player[]; options: Record<string, unknown> }): [string, unknown][] => [
  ['/game', input.game],
  ['/players', input.players],
  ['/options', input.options],
];
