/**
 * Takeback by consent (CONTRACT §9.2), the same for every game: a seat asks to take the match back
 * to an earlier version (`match.request_takeback` `{player, toVersion}`); every other player of the
 * match is asked (an agreement: `match.accept_takeback` `{player}`, or `match.pass` to refuse, which
 * ends it at once). When all have accepted, `match.takeback` `{player, toVersion, acceptedBy}` is
 * appended: the match then reads as at `toVersion` — the service folds it without the events after
 * `toVersion` (as a correction withdraws events: the log keeps everything, versions stay
 * contiguous). A refusal appends `match.takeback_refused` `{player, toVersion, refusedBy}`.
 *
 * The owner key without `?as=` (a referee) and a match of one player take back at once. Pure: what
 * the takeback withdraws is the service's to apply (it reads the log; the kernel folds forward only).
 */
import { Type } from '@sinclair/typebox';
import type { GameCommand, GameEvent } from './decider.js';
import { commandSchema, type CommandDoc } from './commands.js';
import type { Answer, Declared, ResponseDecision } from './decisions.js';

export const REQUEST_TAKEBACK = 'match.request_takeback';
export const ACCEPT_TAKEBACK = 'match.accept_takeback';
/** The match reads as at `toVersion` from this event on. */
export const TAKEBACK = 'match.takeback';
export const TAKEBACK_REFUSED = 'match.takeback_refused';

/** Not a rulebook's rule: the service's table rule (CONTRACT §9.2). */
const TAKEBACK_RULE = 'CONTRACT-9.2';

const Player = Type.String({ minLength: 1, maxLength: 200, description: 'The player who sends it.' });

export const TAKEBACK_COMMANDS: Readonly<Record<string, CommandDoc>> = {
  [REQUEST_TAKEBACK]: {
    schema: commandSchema(REQUEST_TAKEBACK, {
      player: Player,
      toVersion: Type.Integer({ minimum: 0, maximum: 1_000_000_000, description: 'The version the match should read as: every event after it is taken back.' }),
    }),
    description:
      'CONTRACT §9.2: ask to take the match back to `toVersion`. Every other player is asked (`state.pending` kind `agreement`): when all send `match.accept_takeback`, `match.takeback` is appended and the match reads as at `toVersion` (the log keeps everything); any `match.pass` refuses it (`match.takeback_refused`). Sent by the owner key without `?as=`, or in a match of one player, it takes effect at once. `toVersion` must be before the current version and not before the last correction or takeback (422 `takeback_out_of_range`); while another decision is pending it is 422 `decision_pending`.',
    example: { player: 'p1', toVersion: 12 },
  },
  [ACCEPT_TAKEBACK]: {
    schema: commandSchema(ACCEPT_TAKEBACK, { player: Player }),
    description: 'CONTRACT §9.2: a player asked to agree to a takeback accepts it (`match.pass` refuses it). With nothing to accept → 422 `nothing_pending`.',
    example: { player: 'p2' },
  },
};

const toVersionOf = (command: GameCommand): number => (typeof command.toVersion === 'number' ? command.toVersion : 0);

/** The agreement a seat's request opens: every other player of the match answers (kind `agreement`; a pass ends it). */
export function takebackAgreement<S>(players: readonly string[]): ResponseDecision<S> {
  return {
    rule: TAKEBACK_RULE,
    kind: 'agreement',
    responders: (_command, player) => players.filter((p) => p !== player).map((p) => ({ player: p, types: [ACCEPT_TAKEBACK] })),
    resolve: (declared: Declared, answers: Answer[]) => ({ ...declared.command, answers }),
  };
}

/**
 * The events of a takeback: the request resolved (at once, or with its answers). Its range
 * (`toVersion` before the head, not before the last correction or takeback) is the service's to
 * check: only the log knows it.
 */
export function decideTakeback(command: GameCommand, player: string | undefined): GameEvent[] {
  const toVersion = toVersionOf(command);
  const by = typeof command.player === 'string' ? command.player : (player ?? '');
  const answers = Array.isArray(command.answers) ? (command.answers as Answer[]) : [];
  const refused = answers.find((a) => !a.command);
  if (refused) return [{ type: TAKEBACK_REFUSED, data: { player: by, toVersion, refusedBy: refused.player } }];
  return [{ type: TAKEBACK, data: { player: by, toVersion, acceptedBy: answers.map((a) => a.player) } }];
}

/** The versions a takeback event at `version` withdraws: those after its `toVersion` (the service skips corrections and takebacks, never withdrawn). */
export function takenBack(event: { type: string; data: unknown; version: number }): { from: number; to: number } | undefined {
  if (event.type !== TAKEBACK) return undefined;
  const toVersion = (event.data as { toVersion?: unknown } | null)?.toVersion;
  return typeof toVersion === 'number' && Number.isInteger(toVersion) ? { from: toVersion + 1, to: event.version - 1 } : undefined;
}
