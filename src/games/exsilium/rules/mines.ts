/** Mines along a miniature's move (EXS-MINE-1…5, EXS-BORDER-5, EXS-MOVE-3 (a), EXS-AMB-16/18). */
import { type InputProblem, RuleViolation, pointer } from '../../../kernel/errors.js';
import { type Board, type BoardNode, buildBoard, raiseUnknown, unknownNode } from './board.js';
import type { Miniature } from './newaru-movement.js';

export interface Mine {
  id: string;
  node: string;
  /** The faction whose token is the detonator. */
  faction: string;
  /** EXS-MINE-1/2: only a face-up mine works (default true). */
  faceUp?: boolean;
}

export interface Border {
  /** The two tiles the border separates (EXS-BORDER-1: every connection between them, both ways). */
  tiles: string[];
  value?: number;
}

export interface MineCheckInput {
  nodes: BoardNode[];
  mines: Mine[];
  borders?: Border[];
  /** Faction miniatures on the board, the moving one included. */
  miniatures: Miniature[];
  /** The moving miniature and its path: its current node first, then every node stepped on. */
  move: { miniature: string; path: string[] };
}

export interface Explosion {
  mine: string;
  rule: 'EXS-MINE-2' | 'EXS-MINE-4';
  eliminated: string[];
}

export interface MineStep {
  from: string;
  to: string;
  explosions: Explosion[];
}

export interface MineCheckResult {
  steps: MineStep[];
  /** Miniatures eliminated, in order (each goes to its board with the release check and applies only the loser discard rule, EXS-MINE-5). */
  eliminated: { id: string; faction: string; mine: string }[];
  moverEliminated: boolean;
  /** Node where the move ended: the last node of the path, or where the mover was blown up. */
  stoppedAt: string;
  /** The whole path was walked and the mover survived. */
  completed: boolean;
  /** EXS-MINE-5 (RECOMMENDED): single use — the card goes to its owner's discard, the token to the game reserve. */
  minesSpent: string[];
  rules: string[];
}

const same = (a: string, b: string) => a.trim().toLowerCase() === b.trim().toLowerCase();

function check(input: MineCheckInput, board: Board): void {
  const problems: InputProblem[] = [];
  input.mines.forEach((m, i) => {
    if (!board.has(m.node)) problems.push(unknownNode(pointer('mines', i, 'node'), m.node));
  });
  input.miniatures.forEach((m, i) => {
    if (!board.has(m.node)) problems.push(unknownNode(pointer('miniatures', i, 'node'), m.node));
  });
  input.move.path.forEach((id, i) => {
    if (!board.has(id)) problems.push(unknownNode(pointer('move', 'path', i), id));
  });
  raiseUnknown(problems);
  const mover = input.miniatures.find((m) => m.id === input.move.miniature);
  if (!mover) throw new RuleViolation('unknown_miniature', `No miniature has id "${input.move.miniature}".`, { path: '/move/miniature' });
  if (mover.node !== input.move.path[0]) {
    throw new RuleViolation('illegal_path', `The path must start where the miniature stands ("${mover.node}").`, { path: '/move/path/0' });
  }
  input.move.path.forEach((id, i) => {
    const prev = input.move.path[i - 1];
    if (i === 0 || prev === undefined) return;
    if (!board.adjacent(prev, id)) throw new RuleViolation('illegal_path', `"${prev}" and "${id}" are not adjacent nodes.`, { path: pointer('move', 'path', i) });
    const n = board.node(id);
    // EXS-MOVE-2 / EXS-CRYSTAL-1: no deposit, no destroyed node.
    if (n.crystal || n.destroyed) throw new RuleViolation('impassable_node', `"${id}" cannot be entered.`, { path: pointer('move', 'path', i) });
  });
}

/**
 * Walk the path step by step; after each step, mines come first (EXS-AMB-16):
 * - EXS-MINE-4 / EXS-BORDER-5: a step across a border (listed in `borders`) sets off every face-up
 *   mine standing on a node of either tile next to that border; each eliminates EVERY miniature
 *   adjacent to it, of any faction, the mover included.
 * - EXS-MINE-2: a face-up mine of another faction adjacent to the mover's new node eliminates it.
 * A mine that went off is spent (EXS-MINE-5). The move stops when the mover is eliminated.
 * Newaru are not affected (EXS-MINE-5: they belong to no faction).
 */
export function checkMines(input: MineCheckInput): MineCheckResult {
  const board = buildBoard(input.nodes);
  check(input, board);
  const tileOf = (id: string) => board.node(id).tile;
  const near = (a: string, b: string) => a === b || board.adjacent(a, b);
  const where = new Map(input.miniatures.map((m) => [m.id, m.node]));
  const live = input.mines.filter((m) => m.faceUp !== false);
  const spent = new Set<string>();
  const gone = new Set<string>();
  const eliminated: MineCheckResult['eliminated'] = [];
  const steps: MineStep[] = [];
  const rules = new Set<string>(['EXS-MINE-1', 'EXS-AMB-16']);
  const moverId = input.move.miniature;
  const path = input.move.path;
  let stoppedAt = path[0]!;

  const blow = (mine: Mine, rule: Explosion['rule'], victims: Miniature[]): Explosion => {
    spent.add(mine.id);
    rules.add(rule).add('EXS-MINE-5');
    for (const v of victims) {
      gone.add(v.id);
      eliminated.push({ id: v.id, faction: v.faction, mine: mine.id });
    }
    return { mine: mine.id, rule, eliminated: victims.map((v) => v.id) };
  };

  for (let i = 1; i < path.length; i++) {
    const from = path[i - 1]!;
    const to = path[i]!;
    where.set(moverId, to);
    stoppedAt = to;
    const explosions: Explosion[] = [];
    const standing = () => input.miniatures.filter((m) => !gone.has(m.id)).map((m) => ({ ...m, node: where.get(m.id)! }));
    // EXS-MINE-4: crossing a border sets off the mines next to it.
    const [ta, tb] = [tileOf(from), tileOf(to)];
    const crossed = ta !== tb && (input.borders ?? []).some((b) => (b.tiles[0] === ta && b.tiles[1] === tb) || (b.tiles[0] === tb && b.tiles[1] === ta));
    if (crossed) {
      rules.add('EXS-BORDER-5');
      for (const mine of live) {
        if (spent.has(mine.id)) continue;
        const t = tileOf(mine.node);
        const other = t === ta ? tb : t === tb ? ta : null;
        const atBorder = other !== null && board.neighbors(mine.node).some((n) => tileOf(n) === other);
        if (!atBorder) continue;
        explosions.push(
          blow(
            mine,
            'EXS-MINE-4',
            standing().filter((m) => near(mine.node, m.node)),
          ),
        );
      }
    }
    // EXS-MINE-2: a mine of another faction next to the mover's new node.
    if (!gone.has(moverId)) {
      const mover = standing().find((m) => m.id === moverId)!;
      const mine = live.find((m) => !spent.has(m.id) && !same(m.faction, mover.faction) && near(m.node, to));
      if (mine) explosions.push(blow(mine, 'EXS-MINE-2', [mover]));
    }
    steps.push({ from, to, explosions });
    if (gone.has(moverId)) break;
  }
  const moverEliminated = gone.has(moverId);
  return {
    steps,
    eliminated,
    moverEliminated,
    stoppedAt,
    completed: !moverEliminated,
    minesSpent: input.mines.filter((m) => spent.has(m.id)).map((m) => m.id),
    rules: [...rules],
  };
}
