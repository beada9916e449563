import { describe, expect, it } from 'vitest';
import { checkMines, type MineCheckInput, resolveEliminations, retreat } from '../../../src/games/exsilium/rules/index.js';
import { twoTiles } from '../../fixtures/exsilium-grid.js';

describe('Retreat and ability release (EXS-PBOARD-3/5)', () => {
  it.each([
    ['syl', 3, true],
    ['syl', 2, false],
    ['KEBER', 3, true],
    ['Keber', 2, false],
    ['vinsan', 2, true],
    ['vinsan', 3, false],
    ['wardun', 1, true],
    ['wardun', 0, false],
    ['wardun', 2, false],
  ] as const)('EXS-PBOARD-5: %s with %i on the board before the death → released %s', (faction, before, released) => {
    expect(retreat({ faction, inactiveMiniatures: before, abilityTokens: 1 }).released).toBe(released);
  });

  it('EXS-PBOARD-3: the k-th inactive miniature fills retreat slot k', () => {
    expect(retreat({ faction: 'syl', inactiveMiniatures: 1 }).slots).toEqual([2]);
    expect(retreat({ faction: 'syl', inactiveMiniatures: 1, count: 2 }).slots).toEqual([2, 3]);
  });

  it('EXS-FACTION-WARDUN-1: a Wardun release frees the trapped miniature only if the token was placed (both slots filled)', () => {
    expect(retreat({ faction: 'wardun', inactiveMiniatures: 1, abilityTokens: 2 })).toMatchObject({ released: true, abilityTokensReturned: 2, wardunTokenFreed: true });
    expect(retreat({ faction: 'wardun', inactiveMiniatures: 1, abilityTokens: 1 })).toMatchObject({ released: true, wardunTokenFreed: false });
    expect(retreat({ faction: 'wardun', inactiveMiniatures: 1 })).toMatchObject({ released: true, abilityTokensReturned: null, wardunTokenFreed: null });
  });

  it('EXS-PBOARD-5: an unknown faction name leaves the release unknown', () => {
    expect(retreat({ faction: 'pirates', inactiveMiniatures: 3 })).toMatchObject({ releaseSlot: null, released: null, slots: [4] });
  });

  it('EXS-COMP-2: a faction has 4 miniatures; a 5th on the board is a 422 no_active_miniature', () => {
    expect(() => retreat({ faction: 'syl', inactiveMiniatures: 3, count: 2, path: '/victims/0/inactiveMiniatures' })).toThrow(
      expect.objectContaining({ code: 'no_active_miniature', extra: { path: '/victims/0/inactiveMiniatures' } }),
    );
  });
});

describe('Eliminations by abilities and mines (EXS-COMBAT-DISCARD-3, EXS-MINE-5)', () => {
  it('EXS-FACTION-KEBER-1 / EXS-EX-12: as many cards to the supply as miniatures lost, capped by the hand; release checked', () => {
    const r = resolveEliminations('keber_strike', [
      { id: 'syl', faction: 'syl', miniatures: 2, hand: 1, factionTokens: 1, inactiveMiniatures: 2, abilityTokens: 1 },
      { id: 'w', faction: 'wardun', hand: 3, inactiveMiniatures: 0 },
    ]);
    expect(r.victims[0]).toMatchObject({
      discard: { toSupplyDeck: 1, markers: 2, markersFromReserve: 1, handAfter: 0 },
      factionTokensAfter: 0,
      retreat: { slots: [3, 4], released: true, abilityTokensReturned: 1 },
    });
    expect(r.victims[1]).toMatchObject({ discard: { toSupplyDeck: 1, markers: 1, markersFromReserve: null, handAfter: 2 }, retreat: { slots: [1], released: false } });
    expect(r.rules).toEqual(expect.arrayContaining(['EXS-FACTION-KEBER-1', 'EXS-COMBAT-DISCARD-3', 'EXS-PBOARD-5']));
  });

  it('EXS-MINE-5 / EXS-COMBAT-DISCARD-3: a mine victim applies only the loser discard rule (1 card, 1 marker)', () => {
    const r = resolveEliminations('mine', [{ id: 'k', hand: 2, factionTokens: 3 }]);
    expect(r.victims[0]).toMatchObject({ discard: { toSupplyDeck: 1, markers: 1, markersFromReserve: 0, handAfter: 1 }, factionTokensAfter: 2 });
    expect(r.rules).toContain('EXS-MINE-5');
  });
});

describe('Mines along a move (EXS-MINE-1…5)', () => {
  // T is x 0–3, U is x 4–7, rows y 0–3.
  const base = (over: Partial<MineCheckInput> = {}): MineCheckInput => ({
    nodes: twoTiles(),
    mines: [{ id: 'm1', node: 'T:3,3', faction: 'syl' }],
    miniatures: [{ id: 'k1', faction: 'keber', node: 'T:0,0' }],
    move: { miniature: 'k1', path: ['T:0,0', 'T:1,1', 'T:2,2', 'T:2,1'] },
    ...over,
  });

  it('EXS-MINE-2: a miniature of another faction adjacent to the detonator is eliminated mid-move; the move stops', () => {
    const r = checkMines(base());
    expect(r).toMatchObject({ moverEliminated: true, stoppedAt: 'T:2,2', completed: false, minesSpent: ['m1'] });
    expect(r.eliminated).toEqual([{ id: 'k1', faction: 'keber', mine: 'm1' }]);
    expect(r.steps).toHaveLength(2);
    expect(r.steps[1]!.explosions).toEqual([{ mine: 'm1', rule: 'EXS-MINE-2', eliminated: ['k1'] }]);
  });

  it('EXS-MINE-2: a mine does not touch its own faction', () => {
    const r = checkMines(base({ miniatures: [{ id: 's1', faction: 'SYL', node: 'T:0,0' }], move: { miniature: 's1', path: ['T:0,0', 'T:1,1', 'T:2,2', 'T:2,1'] } }));
    expect(r).toMatchObject({ moverEliminated: false, completed: true, stoppedAt: 'T:2,1', minesSpent: [] });
  });

  it('EXS-MINE-1: a face-down mine does nothing', () => {
    expect(checkMines(base({ mines: [{ id: 'm1', node: 'T:3,3', faction: 'syl', faceUp: false }] })).moverEliminated).toBe(false);
  });

  it('EXS-MINE-4 / EXS-BORDER-5: crossing a border sets off the mine next to it: every adjacent miniature, any faction', () => {
    const r = checkMines({
      nodes: twoTiles(),
      borders: [{ tiles: ['U', 'T'], value: 2 }],
      mines: [{ id: 'bm', node: 'T:3,0', faction: 'syl' }],
      miniatures: [
        { id: 'k1', faction: 'keber', node: 'T:2,3' },
        { id: 's1', faction: 'syl', node: 'T:2,0' },
        { id: 'far', faction: 'syl', node: 'T:0,3' },
      ],
      move: { miniature: 'k1', path: ['T:2,3', 'T:3,3', 'U:4,3', 'U:4,2'] },
    });
    expect(r.steps[1]!.explosions).toEqual([{ mine: 'bm', rule: 'EXS-MINE-4', eliminated: ['s1'] }]);
    expect(r).toMatchObject({ moverEliminated: false, completed: true, minesSpent: ['bm'] });
    expect(r.rules).toContain('EXS-BORDER-5');
  });

  it('EXS-MINE-4: without a border between the tiles, crossing sets nothing off', () => {
    const r = checkMines({
      nodes: twoTiles(),
      mines: [{ id: 'bm', node: 'T:3,0', faction: 'syl' }],
      miniatures: [
        { id: 'k1', faction: 'keber', node: 'T:2,3' },
        { id: 's1', faction: 'syl', node: 'T:2,0' },
      ],
      move: { miniature: 'k1', path: ['T:2,3', 'T:3,3', 'U:4,3'] },
    });
    expect(r.eliminated).toEqual([]);
  });

  it('EXS-MINE-5: a mine is single-use — once the border blast spent it, the mover later walking next to it is safe', () => {
    const r = checkMines({
      nodes: twoTiles(),
      borders: [{ tiles: ['T', 'U'] }],
      mines: [{ id: 'bm', node: 'T:3,0', faction: 'syl' }],
      miniatures: [
        { id: 'k1', faction: 'keber', node: 'T:2,3' },
        { id: 's1', faction: 'syl', node: 'T:2,0' },
      ],
      move: { miniature: 'k1', path: ['T:2,3', 'T:3,3', 'U:4,3', 'U:4,2', 'U:4,1'] },
    });
    expect(r.eliminated.map((e) => e.id)).toEqual(['s1']);
    expect(r).toMatchObject({ moverEliminated: false, completed: true, stoppedAt: 'U:4,1' });
  });

  it('EXS-MINE-2: an unspent enemy mine next to the node reached after crossing does eliminate the mover', () => {
    const r = checkMines({
      nodes: twoTiles(),
      mines: [{ id: 'bm', node: 'T:3,0', faction: 'syl' }],
      miniatures: [{ id: 'k1', faction: 'keber', node: 'T:2,3' }],
      move: { miniature: 'k1', path: ['T:2,3', 'T:3,3', 'U:4,3', 'U:4,2', 'U:4,1'] },
    });
    expect(r).toMatchObject({ moverEliminated: true, stoppedAt: 'U:4,1' });
  });

  it('input problems: a path not starting on the miniature, non-adjacent steps, a deposit, unknown ids → 422', () => {
    expect(() => checkMines(base({ move: { miniature: 'k1', path: ['T:1,1'] } }))).toThrow(expect.objectContaining({ code: 'illegal_path', extra: { path: '/move/path/0' } }));
    expect(() => checkMines(base({ move: { miniature: 'k1', path: ['T:0,0', 'T:2,2'] } }))).toThrow(
      expect.objectContaining({ code: 'illegal_path', extra: { path: '/move/path/1' } }),
    );
    expect(() => checkMines(base({ move: { miniature: 'ghost', path: ['T:0,0'] } }))).toThrow(expect.objectContaining({ code: 'unknown_miniature' }));
    expect(() => checkMines(base({ mines: [{ id: 'm', node: 'nowhere', faction: 'syl' }] }))).toThrow(expect.objectContaining({ code: 'unknown_node' }));
    const nodes = twoTiles().map((n) => (n.id === 'T:1,1' ? { ...n, crystal: true } : n));
    expect(() => checkMines(base({ nodes }))).toThrow(expect.objectContaining({ code: 'impassable_node' }));
  });
});
