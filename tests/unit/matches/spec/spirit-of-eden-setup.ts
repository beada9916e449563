/** The Spirit of Eden match fixtures: a legal dealt layout (SOE-SETUP-1..5) and Action-card data for the specs and the API game. */
import { SET_UP_EXAMPLE } from '../../../../src/games/spirit-of-eden/match/setup.js';

/** Ring TL, TM, TR, MR, BR, BM, BL, ML (SOE-GRID-2) w1 f1 s1 m1 w2 f2 s2 m2: Goomz on TL/ML/BL, Allies on TR/MR/BR; objectives of SOE-EX-1 first. */
export function layout(objectives?: { color: string; pile: Record<string, unknown>[] }[]) {
  const board = structuredClone(SET_UP_EXAMPLE);
  return objectives ? { ...board, objectives } : board;
}

/** Card data (SOE-AMB-12; the rulebook prints no faces): test cards whose faces 1..6 are listed here. */
export const ACTION_CARDS = [
  ['move1', 'move2', 'move3', 'move1', 'move2', 'move3'],
  ['ambush', 'ambush', 'attract', 'attract', 'protect', 'protect'],
  ['push1', 'push2', 'recover', 'shortcut', 'swapGoomz', 'swapAllies'],
  ['move3', 'move3', 'ambush', 'ambush', 'recover', 'protect'],
];

export const SOLO = { players: [{ id: 'p1', name: 'Noa' }], options: { actionCards: ACTION_CARDS } };
export const setUp = { type: 'soe.set_up', board: layout() };
export const rollOf = (values: number[], extra: Record<string, unknown> = {}) => ({ type: 'soe.roll', ...extra, dice: { values } });

/** Four identical test cards: faces 1..6 are Move ×1, ×2, ×3, Attract, Ambush, Protect (card data, SOE-AMB-12). */
export const PLAY_CARDS = [0, 1, 2, 3].map(() => ['move1', 'move2', 'move3', 'attract', 'ambush', 'protect']);
/** With PLAY_CARDS every turn rolls Move ×3, Ambush, Move ×3, Ambush. */
export const PLAY_ROLL = [3, 5, 3, 5];

type Piece = { at: string; color?: string; kind?: string; ambushedBy?: string | null; protecting?: boolean };
type BoardView = { ring: string[]; cards: Record<string, { state: string }>; goomz: Piece[]; allies: Piece[]; objectives?: { color: string; pile: { ally?: string }[] }[] };

const distance = (ring: string[], a: string, b: string) => {
  const d = Math.abs(ring.indexOf(a) - ring.indexOf(b));
  return Math.min(d, ring.length - d);
};

/**
 * A simple player for PLAY_CARDS / PLAY_ROLL (objectives naming only an Ally): up to two Goomz are
 * ambushed each turn by their objective's Ally already on their card, or one that can Move ×3 there first. Returns the `soe.place` commands in
 * order (the dice: 0 and 2 are the moves, 1 and 3 the ambushes). Mutates a copy of the board only.
 */
export function planTurn(view: BoardView): Record<string, unknown>[] {
  const board = structuredClone(view);
  const commands: Record<string, unknown>[] = [];
  const moves = [0, 2];
  const ambushes = [1, 3];
  const ambushing = () => new Set(board.goomz.filter((g) => g.at !== 'removed' && g.ambushedBy).map((g) => g.ambushedBy));
  for (const g of board.goomz) {
    if (ambushes.length === 0) break;
    if (g.at === 'removed' || g.ambushedBy || board.cards[g.at]!.state === 'destroyed') continue;
    const wanted = board.objectives?.find((p) => p.color === g.color)?.pile[0]?.ally;
    const free = board.allies.filter((a) => a.at !== 'noa' && !ambushing().has(a.kind) && (wanted === undefined || a.kind === wanted));
    let ally = free.find((a) => a.at === g.at);
    if (!ally && moves.length > 0) {
      ally = free.find((a) => !a.protecting && distance(board.ring, a.at, g.at) <= 3);
      if (ally) {
        commands.push({ type: 'soe.place', die: moves[0], card: moves.shift(), action: { type: 'move', ally: ally.kind, to: g.at, steps: 3 } });
        ally.at = g.at;
      }
    }
    if (!ally) continue;
    commands.push({ type: 'soe.place', die: ambushes[0], card: ambushes.shift(), action: { type: 'ambush', ally: ally.kind, goomz: g.color } });
    g.ambushedBy = ally.kind;
    ally.protecting = false;
  }
  return commands;
}
