/**
 * Text PostgreSQL cannot store. `jsonb` refuses the escape `\u0000` and unpaired surrogates
 * (`\ud800` without its pair), and `text` refuses NUL bytes (a lone surrogate would silently turn
 * into U+FFFD on the way). Every event-store implementation checks what it is about to store with
 * this one function, so each refuses the same input with the same 400 (`InvalidInput`, one problem
 * per offending string or member name, addressed by a JSON pointer), instead of a 500 from the
 * database on some backends only.
 */
import { InvalidInput, type InputProblem } from '../../kernel/errors.js';
import { unstorableProblems } from '../../kernel/storable-text.js';

export { unstorableProblems };
import type { NewEvent, Player } from '../../app/matches/ports.js';

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
