/** Newaru movement in the enemy activation (EXS-NEWARU-ACT-1…4, EXS-NEWARU-MOVE-1…4). */
import { RuleViolation, pointer } from '../../../kernel/errors.js';
import { type Board, type BoardNode, buildBoard, raiseUnknown, unknownNode } from './board.js';

export interface Miniature {
  id: string;
  faction: string;
  node: string;
}

export interface NewaruMoveInput {
  nodes: BoardNode[];
  newaru: { node: string };
  /** Faction miniatures where they stand at the enemy activation. */
  miniatures: Miniature[];
  /**
   * The active player's movement this turn: start node first, then every node stepped on.
   * `paths`: the other moves of the turn (another miniature, or the same one after a pause), each in the same form.
   */
  move: { faction: string; path: string[]; paths?: string[][] };
  /** EXS-NEWARU-MOVE-4: the miniature a Hologram made the target this turn. */
  hologram?: string;
}

export type StayReason = 'not_triggered' | 'adjacent' | 'no_target' | 'no_path';

export interface NewaruMoveResult {
  triggered: boolean;
  moves: boolean;
  from: string;
  to: string;
  /** Miniature ids adjacent to the Newaru where it ends: combat at their owners' next turn start. */
  adjacentTo: string[];
  /** The miniature it moved toward, or null. */
  target: string | null;
  /** Why it stayed; null when it moved. */
  reason: StayReason | null;
  /** Equally near miniatures and equally good steps: the active player may choose among them (first listed is taken). */
  ties: { targets: string[]; steps: string[] };
  rules: string[];
}

function checkReferences(input: NewaruMoveInput, board: Board): void {
  const problems = [];
  if (!board.has(input.newaru.node)) problems.push(unknownNode('/newaru/node', input.newaru.node));
  input.miniatures.forEach((m, i) => {
    if (!board.has(m.node)) problems.push(unknownNode(pointer('miniatures', i, 'node'), m.node));
  });
  input.move.path.forEach((id, i) => {
    if (!board.has(id)) problems.push(unknownNode(pointer('move', 'path', i), id));
  });
  input.move.paths?.forEach((p, j) =>
    p.forEach((id, i) => {
      if (!board.has(id)) problems.push(unknownNode(pointer('move', 'paths', j, i), id));
    }),
  );
  raiseUnknown(problems);
  if (input.hologram !== undefined && !input.miniatures.some((m) => m.id === input.hologram)) {
    throw new RuleViolation('unknown_miniature', `No miniature has id "${input.hologram}".`, { path: '/hologram' });
  }
  const paths: [string[], (i: number) => string][] = [
    [input.move.path, (i) => pointer('move', 'path', i)],
    ...(input.move.paths ?? []).map((p, j): [string[], (i: number) => string] => [p, (i) => pointer('move', 'paths', j, i)]),
  ];
  for (const [path, at] of paths) {
    path.forEach((id, i) => {
      const prev = path[i - 1];
      if (i > 0 && prev !== undefined && !board.adjacent(prev, id)) {
        throw new RuleViolation('illegal_path', `The move steps from "${prev}" to "${id}", which are not adjacent nodes.`, { path: at(i) });
      }
    });
  }
  // EXS-CRYSTAL-1 / EXS-AMB-8: figures never stand on a deposit, and one figure per node.
  const seen = new Map<string, string>([[input.newaru.node, '/newaru/node']]);
  const figures = [['/newaru/node', input.newaru.node] as const, ...input.miniatures.map((m, i) => [pointer('miniatures', i, 'node'), m.node] as const)];
  figures.forEach(([path, id], i) => {
    const node = board.node(id);
    if (node.crystal || node.destroyed)
      throw new RuleViolation('impassable_node', `"${id}" is a ${node.crystal ? 'crystal deposit' : 'destroyed node'}: no figure can stand there.`, { path });
    if (i > 0 && seen.has(id)) throw new RuleViolation('node_occupied', `Two figures stand on node "${id}".`, { path, other: seen.get(id) });
    seen.set(id, path);
  });
}

/** Breadth-first distances from `start` over nodes the Newaru may cross (its tile, passable, free). */
function distancesFrom(board: Board, start: string, tile: string, occupied: Set<string>): Map<string, number> {
  const dist = new Map<string, number>([[start, 0]]);
  const queue = [start];
  while (queue.length) {
    const at = queue.shift()!;
    for (const next of board.neighbors(at)) {
      const n = board.node(next);
      // EXS-NEWARU-2 / EXS-MOVE-2: never leaves its tile, no deposits, no destroyed or occupied nodes.
      if (dist.has(next) || n.tile !== tile || n.crystal || n.destroyed || occupied.has(next)) continue;
      dist.set(next, dist.get(at)! + 1);
      queue.push(next);
    }
  }
  return dist;
}

/** Path length from the Newaru to the miniature's node (the last step enters the target's node). */
function distanceTo(board: Board, dist: Map<string, number>, target: string): number {
  let best = Infinity;
  for (const n of board.neighbors(target)) {
    const d = dist.get(n);
    if (d !== undefined) best = Math.min(best, d + 1);
  }
  return best;
}

export function moveNewaru(input: NewaruMoveInput): NewaruMoveResult {
  const board = buildBoard(input.nodes);
  checkReferences(input, board);
  const from = input.newaru.node;
  const tile = board.node(from).tile;
  const adjacentAt = (node: string) => input.miniatures.filter((m) => board.adjacent(node, m.node)).map((m) => m.id);
  const stay = (triggered: boolean, reason: StayReason, rules: string[], ties = { targets: [] as string[], steps: [] as string[] }): NewaruMoveResult => ({
    triggered,
    moves: false,
    from,
    to: from,
    adjacentTo: adjacentAt(from),
    target: null,
    reason,
    ties,
    rules,
  });

  // EXS-NEWARU-ACT-2 / EXS-AMB-3a: triggered when some step of the active player's move started or ended on its tile.
  const touched = (path: string[]) => path.length >= 2 && path.some((id) => board.node(id).tile === tile);
  const triggered = touched(input.move.path) || (input.move.paths ?? []).some(touched);
  if (!triggered) return stay(false, 'not_triggered', ['EXS-NEWARU-ACT-2']);
  // EXS-NEWARU-ACT-4: already adjacent to a miniature → it waits for that player's turn.
  if (adjacentAt(from).length > 0) return stay(true, 'adjacent', ['EXS-NEWARU-ACT-2', 'EXS-NEWARU-ACT-4']);

  // EXS-NEWARU-3 / EXS-AMB-19: only faction miniatures on its own tile are candidates.
  const onTile = input.miniatures.filter((m) => board.node(m.node).tile === tile);
  // EXS-NEWARU-MOVE-4: a Hologram draws triggered Newaru to that miniature.
  const holo = input.hologram !== undefined ? onTile.filter((m) => m.id === input.hologram) : [];
  const candidates = holo.length > 0 ? holo : onTile;
  const rules = ['EXS-NEWARU-ACT-2', 'EXS-NEWARU-ACT-3', 'EXS-NEWARU-MOVE-1', ...(holo.length > 0 ? ['EXS-NEWARU-MOVE-4'] : [])];
  if (candidates.length === 0) return stay(true, 'no_target', ['EXS-NEWARU-ACT-2', 'EXS-NEWARU-3', 'EXS-AMB-19']);

  const occupied = new Set(input.miniatures.map((m) => m.node));
  const fromNewaru = distancesFrom(board, from, tile, occupied);
  // EXS-NEWARU-MOVE-1: the nearest by shortest legal path within the tile.
  const ranked = candidates.map((m) => ({ m, d: distanceTo(board, fromNewaru, m.node) }));
  const best = Math.min(...ranked.map((r) => r.d));
  if (best === Infinity) return stay(true, 'no_path', [...rules, 'EXS-NEWARU-MOVE-2']);
  const nearest = ranked.filter((r) => r.d === best).map((r) => r.m);
  const target = nearest[0]!;
  // EXS-NEWARU-MOVE-2: one node along a shortest legal path toward the target.
  const fromTarget = distancesFrom(board, target.node, tile, new Set([...occupied].filter((n) => n !== target.node)));
  const steps = board.neighbors(from).filter((n) => fromTarget.get(n) === best - 1 && !occupied.has(n));
  const to = steps[0]!;
  return {
    triggered: true,
    moves: true,
    from,
    to,
    // EXS-NEWARU-MOVE-3: adjacent after the step → combat at the start of that owner's next turn.
    adjacentTo: adjacentAt(to),
    target: target.id,
    reason: null,
    ties: { targets: nearest.length > 1 ? nearest.map((m) => m.id) : [], steps: steps.length > 1 ? steps : [] },
    rules: [...rules, 'EXS-NEWARU-MOVE-2', 'EXS-NEWARU-MOVE-3', 'EXS-NEWARU-2'],
  };
}
