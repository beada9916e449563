/** Test boards: square tiles of nodes on one global lattice, 8-direction adjacency (EXS-BOARD-2). */
import type { BoardNode } from '../../../src/games/exsilium/rules/index.js';

export interface TileSpec {
  id: string;
  x: number;
  y: number;
  size?: number;
  /** Local "x,y" coordinates of crystal deposits. */
  crystals?: string[];
  /** Local "x,y" coordinates with no node. */
  holes?: string[];
}

/** Node id: `<tile>:<globalX>,<globalY>`. */
export function grid(tiles: TileSpec[]): BoardNode[] {
  const at = new Map<string, BoardNode>();
  for (const t of tiles) {
    const size = t.size ?? 4;
    for (let dx = 0; dx < size; dx++) {
      for (let dy = 0; dy < size; dy++) {
        if (t.holes?.includes(`${dx},${dy}`)) continue;
        const key = `${t.x + dx},${t.y + dy}`;
        at.set(key, { id: `${t.id}:${key}`, tile: t.id, neighbors: [], ...(t.crystals?.includes(`${dx},${dy}`) ? { crystal: true } : {}) });
      }
    }
  }
  for (const [key, node] of at) {
    const [x, y] = key.split(',').map(Number) as [number, number];
    for (const [ox, oy] of [
      [-1, -1],
      [0, -1],
      [1, -1],
      [-1, 0],
      [1, 0],
      [-1, 1],
      [0, 1],
      [1, 1],
    ] as const) {
      const other = at.get(`${x + ox},${y + oy}`);
      if (other) node.neighbors.push(other.id);
    }
  }
  return [...at.values()];
}

/** Two 4 × 4 tiles side by side: T (x 0–3) and U (x 4–7). */
export const twoTiles = () =>
  grid([
    { id: 'T', x: 0, y: 0 },
    { id: 'U', x: 4, y: 0 },
  ]);
