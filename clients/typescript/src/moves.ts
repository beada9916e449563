/**
 * Who may send what now (CONTRACT §8.1, §9.1): GET /v1/matches/{id}/moves lists each command type
 * each player may send (a seat reads its own), and every match state's `pending` says whom the table
 * waits for. These helpers read both, typed by the document's command types, without a request.
 */
import type { CommandType } from './commands.js';
import type { ResponseBody } from './types.js';

/** One command type a player may send now. */
export interface Move {
  player: string;
  type: CommandType;
}

/** GET /v1/matches/{id}/moves: the flow now (`phase`, `turn`, `activePlayers`, `outcome`) and the moves it allows. */
export type Moves = Omit<ResponseBody<'/v1/matches/{id}/moves', 'get'>, 'moves'> & { moves: Move[] };

/** One player the table waits for (contract §9.1 `state.pending`: public, never a sealed part's content). */
export interface PendingDecision {
  player: string;
  kind: 'sealed' | 'response' | 'choice' | 'agreement';
  /** The command types the player may send for it (`match.pass` where passing is allowed). */
  types: CommandType[];
  /** The rule ID that gives the player this decision. */
  rule: string;
  /** The match version since which the table waits (for a host's own time limit). */
  since: number;
  /** A sealed part already in (its content stays hidden). */
  decided?: true;
}

/** The command types `player` may send now, in the order `moves` lists them; none when it is not that player's move. */
export function movesFor(moves: Pick<Moves, 'moves'>, player: string): CommandType[] {
  return moves.moves.filter((move) => move.player === player).map((move) => move.type);
}

/**
 * Whether `moves` lets `player` send a command of `type` now (to grey out the rest). A listed command
 * may still be refused by the rules (422 with the reason); one listed only for another player is 403
 * `not_your_seat` from a seat.
 */
export function canSend(moves: Pick<Moves, 'moves'>, player: string, type: CommandType): boolean {
  return moves.moves.some((move) => move.player === player && move.type === type);
}

/** `state.pending` of a match state (GET /v1/matches/{id}, a command's answer): whom the table waits for; none when nothing waits. */
export function pendingDecisions(state: unknown): PendingDecision[] {
  const pending = typeof state === 'object' && state !== null ? (state as { pending?: unknown }).pending : undefined;
  return Array.isArray(pending) ? (pending as PendingDecision[]) : [];
}

/** The players the table still waits for (422 `decision_pending` names them): pending, and no sealed part in yet. */
export function awaitedPlayers(state: unknown): string[] {
  return [
    ...new Set(
      pendingDecisions(state)
        .filter((decision) => !decision.decided)
        .map((decision) => decision.player),
    ),
  ];
}
