/** Newaru respawn at the end of each enemy activation (EXS-NEWARU-SPAWN-1, -4). */

export interface SpawnTile {
  id: string;
  /** Portal node id; absent → the tile has no portal. */
  portal?: string;
  /** Face-down tiles spawn nothing until revealed (default true). */
  revealed?: boolean;
  /** Faction miniatures on the tile. */
  miniatures: number;
  /** A Newaru already stands on the tile. */
  newaru: boolean;
}

export interface SpawnResult {
  spawns: { tile: string; node: string }[];
  /** Tiles that qualified but got no Newaru because the supply ran out (EXS-NEWARU-SPAWN-4). */
  unfilled: string[];
  supplyAfter: number | null;
  rules: string[];
}

/**
 * EXS-NEWARU-SPAWN-1: every revealed portal tile with no faction miniature and no Newaru gets a
 * Newaru on its portal node. EXS-NEWARU-SPAWN-4: none when the supply is empty (tiles in request order).
 */
export function respawn(tiles: readonly SpawnTile[], supply?: number): SpawnResult {
  let left = supply ?? Infinity;
  const spawns: SpawnResult['spawns'] = [];
  const unfilled: string[] = [];
  for (const t of tiles) {
    // EXS-NEWARU-SPAWN-1: revealed, with a portal, empty of miniatures and Newaru.
    if (t.portal === undefined || t.revealed === false || t.miniatures > 0 || t.newaru) continue;
    // EXS-NEWARU-SPAWN-4: no Newaru left in the supply → no spawn.
    if (left <= 0) {
      unfilled.push(t.id);
      continue;
    }
    left--;
    spawns.push({ tile: t.id, node: t.portal });
  }
  const rules = ['EXS-NEWARU-SPAWN-1', ...(supply !== undefined ? ['EXS-NEWARU-SPAWN-4'] : [])];
  return { spawns, unfilled, supplyAfter: supply === undefined ? null : left, rules };
}
