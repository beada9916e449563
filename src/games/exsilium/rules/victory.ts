/** Victory by Baralytas points (EXS-WIN-1…3). */
export type PlayerCount = 2 | 3 | 4;

/** EXS-WIN-1: 2 players → 10, 3 → 8, 4 → 6; EXS-WIN-2: the harder option adds 2. */
export function victoryTarget(players: PlayerCount, harder = false): number {
  const base = { 2: 10, 3: 8, 4: 6 }[players];
  // EXS-WIN-2: optional harder game, +2 Baralytas.
  return harder ? base + 2 : base;
}

export interface VictoryCheck {
  target: number;
  points: number;
  /** EXS-WIN-1: reaching the target wins at once. */
  won: boolean;
}

/** EXS-WIN-3: checked after every Baralytas gain; reaching the target (not exceeding it) is enough. */
export function checkVictory(points: number, players: PlayerCount, harder = false): VictoryCheck {
  const target = victoryTarget(players, harder);
  return { target, points, won: points >= target };
}
