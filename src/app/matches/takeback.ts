/**
 * The range of a takeback (CONTRACT §9.2), which only the log knows: a request names a version
 * before the head and not before the last correction or takeback (what those withdrew stays
 * withdrawn; a takeback is undone only by playing on). 422 `takeback_out_of_range` otherwise.
 */
import { RuleViolation } from '../../kernel/errors.js';
import { REQUEST_TAKEBACK } from '../../kernel/takeback.js';
import type { Command } from '../../kernel/match-game.js';
import { isWithdrawing } from './events.js';

export const isTakebackRequest = (command: Command): boolean => command.type === REQUEST_TAKEBACK;

/** Refuses a request whose `toVersion` is out of the range the log at `events` allows. */
export function checkTakebackRange(command: Command, events: readonly { type: string; version: number }[]): void {
  const head = events.length === 0 ? 0 : events.at(-1)!.version;
  const floor = events.reduce((v, e) => (isWithdrawing(e.type) ? e.version : v), 0);
  const toVersion = typeof command.toVersion === 'number' ? command.toVersion : -1;
  if (toVersion < floor || toVersion >= head) {
    const range = floor < head ? `${floor}..${head - 1}` : 'none';
    throw new RuleViolation(
      'takeback_out_of_range',
      `The match is at version ${head}${floor ? `, last withdrawn from at ${floor}` : ''}: a takeback names a version in ${range}.`,
      {
        toVersion,
        version: head,
        earliest: floor,
      },
    );
  }
}
