/**
 * Match commands as the document publishes them (CONTRACT §9.3): the `command` of
 * `POST /v1/matches/{id}/commands` is a union discriminated by `type`, one schema per command type,
 * from the schemas that validate it. A command narrows by its `type`; a type that is no command, a
 * member the command does not have or a member of the wrong type fails to compile.
 */
import type { CommandRequest } from './types.js';
import type { GameId, GamePrefix } from './games.js';
/** Any command of any game (deprecated aliases included, marked `@deprecated`). */
export type MatchCommand = CommandRequest['command'];
/** Every command type: `eden.bid`, `anima.go`, `match.pass`, … */
export type CommandType = MatchCommand['type'];
/** The command of one type: `CommandOf<'eden.bid'>` is `{ type: 'eden.bid'; bids: …; choice?: … }`. */
export type CommandOf<T extends CommandType> = Extract<MatchCommand, {
    type: T;
}>;
/** The commands every game's matches accept (`match.pass`, takebacks: CONTRACT §9.1, §9.2). */
export type TableCommand = Extract<MatchCommand, {
    type: `match.${string}`;
}>;
/** The commands a match of game `G` accepts: the game's own (`<prefix>.*`) and the table's. */
export type Command<G extends GameId = GameId> = Extract<MatchCommand, {
    type: `${GamePrefix[G]}.${string}`;
}> | TableCommand;
export type EdenCommand = Command<'eden'>;
export type AnimaCommand = Command<'anima'>;
export type ExsiliumCommand = Command<'exsilium'>;
export type SpiritOfEdenCommand = Command<'spirit-of-eden'>;
/** The body of `POST /v1/matches/{id}/commands` for a match of game `G`: `runCommand<'eden'>(id, body)`. */
export type CommandRequestOf<G extends GameId = GameId> = Omit<CommandRequest, 'command'> & {
    command: Command<G>;
};
