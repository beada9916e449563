/** The caller-supplied node graph (EXS-BOARD-2): nodes on tiles, 8-direction adjacency given as neighbour lists. */
import { InvalidInput, type InputProblem, RuleViolation, pointer } from '../../../kernel/errors.js';

export interface BoardNode {
  id: string;
  tile: string;
  neighbors: string[];
  /** A crystal deposit: never entered or crossed (EXS-CRYSTAL-1). */
  crystal?: boolean;
  /** Destroyed by a Vinsan sinkhole: impassable (EXS-BOARD-4). */
  destroyed?: boolean;
}

export interface Board {
  node(id: string): BoardNode;
  has(id: string): boolean;
  /** Neighbours in request order; adjacency is symmetric (listing it on either node is enough). */
  neighbors(id: string): string[];
  adjacent(a: string, b: string): boolean;
}

/**
 * Build the board. Duplicate ids are a 400; a neighbour that names no node is a 422
 * `unknown_node` with its path (so is any other reference the caller checks with `requireNodes`).
 */
export function buildBoard(nodes: readonly BoardNode[]): Board {
  const byId = new Map<string, BoardNode>();
  const order = new Map<string, number>();
  const dupes: InputProblem[] = [];
  nodes.forEach((n, i) => {
    if (byId.has(n.id)) dupes.push({ path: pointer('nodes', i, 'id'), code: 'duplicate_id', message: `Node id "${n.id}" is used twice.` });
    else {
      byId.set(n.id, n);
      order.set(n.id, i);
    }
  });
  if (dupes.length) throw new InvalidInput(dupes);
  const unknown: InputProblem[] = [];
  nodes.forEach((n, i) =>
    n.neighbors.forEach((m, j) => {
      if (!byId.has(m)) unknown.push(unknownNode(pointer('nodes', i, 'neighbors', j), m));
    }),
  );
  raiseUnknown(unknown);
  const adj = new Map<string, Set<string>>([...byId.keys()].map((id) => [id, new Set<string>()]));
  for (const n of byId.values()) {
    for (const m of n.neighbors) {
      if (m === n.id) continue;
      adj.get(n.id)!.add(m);
      adj.get(m)!.add(n.id);
    }
  }
  const sorted = new Map([...adj].map(([id, set]) => [id, [...set].sort((a, b) => order.get(a)! - order.get(b)!)]));
  return {
    node: (id) => byId.get(id)!,
    has: (id) => byId.has(id),
    neighbors: (id) => sorted.get(id) ?? [],
    adjacent: (a, b) => adj.get(a)?.has(b) ?? false,
  };
}

/** Steps from `from` to every node reachable over the graph, ignoring what stands on the nodes (breadth first). */
export function stepsFrom(board: Board, from: string): Map<string, number> {
  const dist = new Map<string, number>([[from, 0]]);
  const queue = [from];
  while (queue.length) {
    const cur = queue.shift()!;
    for (const n of board.neighbors(cur)) {
      if (dist.has(n)) continue;
      dist.set(n, dist.get(cur)! + 1);
      queue.push(n);
    }
  }
  return dist;
}

export function unknownNode(path: string, id: string): InputProblem {
  return { path, code: 'unknown_node', message: `No node has id "${id}".` };
}

/** 422 `unknown_node` listing every unknown reference; `path` is the first. */
export function raiseUnknown(problems: InputProblem[]): void {
  if (problems.length === 0) return;
  throw new RuleViolation('unknown_node', problems.map((p) => p.message).join(' '), { path: problems[0]!.path, errors: problems });
}
