import { describe, expect, it } from 'vitest';
import { checkVictory, respawn, victoryTarget } from '../../../src/games/exsilium/rules/index.js';

describe('Newaru respawn (EXS-NEWARU-SPAWN-1/4)', () => {
  const tiles = [
    { id: 'A1', portal: 'A1:p', miniatures: 0, newaru: false },
    { id: 'B', portal: 'B:p', miniatures: 1, newaru: false },
    { id: 'C', portal: 'C:p', miniatures: 0, newaru: true },
    { id: 'D', miniatures: 0, newaru: false },
    { id: 'E', portal: 'E:p', revealed: false, miniatures: 0, newaru: false },
    { id: 'F', portal: 'F:p', miniatures: 0, newaru: false },
  ];

  it('EXS-NEWARU-SPAWN-1: only revealed portal tiles with no faction miniature and no Newaru get one, on the portal node', () => {
    expect(respawn(tiles).spawns).toEqual([
      { tile: 'A1', node: 'A1:p' },
      { tile: 'F', node: 'F:p' },
    ]);
  });

  it('EXS-NEWARU-SPAWN-4: no Newaru left in the supply → no spawn', () => {
    const r = respawn(tiles, 1);
    expect(r).toMatchObject({ spawns: [{ tile: 'A1', node: 'A1:p' }], unfilled: ['F'], supplyAfter: 0 });
    expect(respawn(tiles, 0).spawns).toEqual([]);
  });
});

describe('Victory (EXS-WIN-1…3, EXS-EX-16)', () => {
  it('EXS-WIN-1: targets 10 / 8 / 6 for 2 / 3 / 4 players', () => {
    expect([victoryTarget(2), victoryTarget(3), victoryTarget(4)]).toEqual([10, 8, 6]);
  });

  it('EXS-WIN-2: the harder option adds 2 (12 / 10 / 8)', () => {
    expect([victoryTarget(2, true), victoryTarget(3, true), victoryTarget(4, true)]).toEqual([12, 10, 8]);
  });

  it('EXS-EX-16: with 3 players 7 points do not win, 8 win at once; with +2 the same player needs 10', () => {
    expect(checkVictory(7, 3).won).toBe(false);
    expect(checkVictory(2 + 3 + 2 + 1, 3)).toEqual({ target: 8, points: 8, won: true });
    expect(checkVictory(8, 3, true).won).toBe(false);
    expect(checkVictory(10, 3, true).won).toBe(true);
  });
});
