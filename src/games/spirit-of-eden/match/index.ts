/**
 * The Spirit of Eden match projection (used by src/app/matches/resolution-log.ts): the board as the
 * last resolution left it. A Goomz phase (SOE-GOOMZ) returns the whole board (ring, cards, goomz,
 * allies, objectives); a turn start (SOE-TURN-2, SOE-NOA-RET) returns the Allies. A following
 * `soe.goomzPhase`, `soe.turnStart` or `soe.status` may omit any board member: the projected one
 * is used (members sent win, e.g. the Allies after the player phase's ambushes and protections).
 */
import type { Board } from '../rules/board.js';

export interface SpiritMatch {
  /** null until a Goomz phase or a turn start has been resolved. */
  board: Board | null;
}

type State = SpiritMatch & { players: unknown[] };
type Request = Record<string, unknown>;

const BOARD_MEMBERS = ['ring', 'cards', 'goomz', 'allies', 'objectives'] as const;

export const spiritOfEdenProjection = {
  game: 'spirit-of-eden',
  label: 'The Spirit of Eden',
  prefix: 'soe',
  initial: (): SpiritMatch => ({ board: null }),
  omittable: {
    'soe.goomzPhase': BOARD_MEMBERS,
    'soe.status': BOARD_MEMBERS,
    'soe.turnStart': ['ring', 'cards', 'allies', 'goomz'],
  } as Record<string, readonly string[]>,

  fill(type: string, request: Request, state: State): Request {
    // Own members only: a caller-supplied type never reaches Object.prototype's ("constructor"…).
    const members = Object.hasOwn(spiritOfEdenProjection.omittable, type) ? spiritOfEdenProjection.omittable[type]! : [];
    if (!state.board) return request;
    const filled: Request = { ...request };
    for (const m of members) {
      const kept = state.board[m as keyof Board];
      if (filled[m] === undefined && kept !== undefined) filled[m] = structuredClone(kept);
    }
    return filled;
  },

  apply(state: State, kind: string, request: Request, result: unknown): SpiritMatch {
    const r = result as Partial<Board> | null;
    if (!r) return { board: state.board };
    if (kind === 'soe.goomzPhase') {
      // SOE-GOOMZ: the board after every Goomz acted (or after the game ended mid-phase, SOE-END-3)
      const board: Board = { ring: r.ring!, cards: r.cards!, goomz: r.goomz!, allies: r.allies! };
      if (r.objectives) board.objectives = r.objectives;
      return { board };
    }
    if (kind === 'soe.turnStart') {
      // SOE-NOA-RET-2: returning Allies are back on a Forest; the rest of the board is as sent
      const sent = request as Partial<Board>;
      const board: Board = {
        ring: sent.ring ?? state.board?.ring ?? [],
        cards: sent.cards ?? state.board?.cards ?? {},
        goomz: sent.goomz ?? state.board?.goomz ?? [],
        allies: r.allies ?? sent.allies ?? [],
      };
      const objectives = state.board?.objectives;
      if (objectives) board.objectives = objectives;
      return { board };
    }
    return { board: state.board };
  },
};

export * from './state.js';
export * from './evolve.js';
export * from './outcome.js';
