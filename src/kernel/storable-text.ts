/**
 * Text PostgreSQL cannot store: a NUL (U+0000) or an unpaired UTF-16 surrogate, in a string or a
 * member name. One check for the event stores (infra/event-store/storable.ts) and for every request
 * (http/plugins/text-input.ts), so both refuse the same text with the same problems.
 */
import { pointerSegment, type InputProblem } from './errors.js';

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
