import { describe, expect, it } from 'vitest';
import { InvalidInput } from '../../../src/kernel/errors.js';
import { violation } from '../../helpers/errors.js';
import { moveNewaru, type NewaruMoveInput } from '../../../src/games/exsilium/rules/index.js';
import { grid, twoTiles } from '../../fixtures/exsilium-grid.js';

/** Two 5 × 5 tiles: T (x 0–4) and U (x 5–9). */
const wide = () =>
  grid([
    { id: 'T', x: 0, y: 0, size: 5 },
    { id: 'U', x: 5, y: 0, size: 5 },
  ]);

describe('Newaru movement examples (EXS-NEWARU-CASE-1…5)', () => {
  it('EXS-NEWARU-CASE-1 / EXS-EX-6 case 1: two triggered activations, 2 nodes toward the nearest Keber, then it waits adjacent', () => {
    const nodes = wide();
    const keber = { id: 'k1', faction: 'keber', node: 'T:3,3' };
    // Turn 1: Keber moves on T.
    const first = moveNewaru({ nodes, newaru: { node: 'T:0,0' }, miniatures: [keber], move: { faction: 'keber', path: ['T:2,3', 'T:3,3'] } });
    expect(first).toMatchObject({ triggered: true, moves: true, from: 'T:0,0', to: 'T:1,1', target: 'k1', adjacentTo: [] });
    // Turn 2: a SYL miniature ends its move on T, farther away; Keber is still the nearest (any faction counts).
    const syl = { id: 's1', faction: 'syl', node: 'T:4,4' };
    const second = moveNewaru({ nodes, newaru: { node: first.to }, miniatures: [keber, syl], move: { faction: 'syl', path: ['U:5,4', 'T:4,4'] } });
    expect(second).toMatchObject({ moves: true, from: 'T:1,1', to: 'T:2,2', target: 'k1', adjacentTo: ['k1'] });
    // Turn 3: triggered again, but it waits adjacent for Keber's turn (EXS-NEWARU-ACT-4).
    const third = moveNewaru({ nodes, newaru: { node: second.to }, miniatures: [keber, syl], move: { faction: 'syl', path: ['T:4,4', 'T:4,3'] } });
    expect(third).toMatchObject({ triggered: true, moves: false, to: 'T:2,2', reason: 'adjacent', adjacentTo: ['k1'] });
  });

  it('EXS-NEWARU-CASE-2: moving a miniature on another tile does not trigger, even with active miniatures on its tile', () => {
    const r = moveNewaru({
      nodes: twoTiles(),
      newaru: { node: 'T:0,0' },
      miniatures: [
        { id: 'k1', faction: 'keber', node: 'T:3,3' },
        { id: 'k2', faction: 'keber', node: 'U:6,1' },
      ],
      move: { faction: 'keber', path: ['U:5,1', 'U:6,1'] },
    });
    expect(r).toMatchObject({ triggered: false, moves: false, from: 'T:0,0', to: 'T:0,0', reason: 'not_triggered' });
  });

  it('EXS-NEWARU-CASE-3: a miniature leaving its tile triggers the move (toward a miniature still on the tile)', () => {
    const r = moveNewaru({
      nodes: twoTiles(),
      newaru: { node: 'T:0,0' },
      miniatures: [
        { id: 'k1', faction: 'keber', node: 'U:4,1' },
        { id: 'v1', faction: 'vinsan', node: 'T:3,3' },
      ],
      move: { faction: 'keber', path: ['T:3,1', 'U:4,1'] },
    });
    expect(r).toMatchObject({ triggered: true, moves: true, to: 'T:1,1', target: 'v1' });
  });

  it('EXS-NEWARU-CASE-4: another faction ending a move on its tile triggers the move', () => {
    const r = moveNewaru({
      nodes: wide(),
      newaru: { node: 'T:0,0' },
      miniatures: [
        { id: 'k1', faction: 'keber', node: 'T:4,4' },
        { id: 'v1', faction: 'vinsan', node: 'T:3,0' },
      ],
      move: { faction: 'vinsan', path: ['U:5,0', 'T:4,0', 'T:3,0'] },
    });
    expect(r).toMatchObject({ triggered: true, moves: true, from: 'T:0,0', to: 'T:1,0', target: 'v1' });
  });

  it('EXS-NEWARU-CASE-5: passing through its tile without stopping triggers the move', () => {
    const r = moveNewaru({
      nodes: twoTiles(),
      newaru: { node: 'T:0,0' },
      miniatures: [
        { id: 'k1', faction: 'keber', node: 'U:4,2' },
        { id: 'w1', faction: 'wardun', node: 'T:0,3' },
      ],
      move: { faction: 'keber', path: ['U:4,0', 'T:3,1', 'U:4,2'] },
    });
    expect(r).toMatchObject({ triggered: true, moves: true, to: 'T:0,1', target: 'w1' });
  });
});

describe('Newaru movement rules', () => {
  const base = (over: Partial<NewaruMoveInput> = {}): NewaruMoveInput => ({
    nodes: twoTiles(),
    newaru: { node: 'T:0,0' },
    miniatures: [{ id: 'k1', faction: 'keber', node: 'T:3,3' }],
    move: { faction: 'keber', path: ['T:3,2', 'T:3,3'] },
    ...over,
  });

  it('EXS-NEWARU-ACT-3: exactly one node per activation', () => {
    const r = moveNewaru(base());
    expect(r.to).toBe('T:1,1');
    expect(r.rules).toContain('EXS-NEWARU-ACT-3');
  });

  it('EXS-NEWARU-ACT-2: a path of a single node is no movement and triggers nothing', () => {
    expect(moveNewaru(base({ move: { faction: 'keber', path: ['T:3,3'] } })).reason).toBe('not_triggered');
  });

  it('EXS-NEWARU-ACT-4: already adjacent to a miniature on a neighbouring tile → it waits', () => {
    const r = moveNewaru(
      base({
        newaru: { node: 'T:3,0' },
        miniatures: [
          { id: 'k1', faction: 'keber', node: 'U:4,1' },
          { id: 's1', faction: 'syl', node: 'T:0,3' },
        ],
      }),
    );
    expect(r).toMatchObject({ moves: false, reason: 'adjacent', adjacentTo: ['k1'] });
  });

  it('EXS-NEWARU-3 / EXS-AMB-19: no faction miniature on its tile → inert even when triggered', () => {
    const r = moveNewaru(base({ miniatures: [{ id: 'k1', faction: 'keber', node: 'U:6,3' }], move: { faction: 'keber', path: ['T:3,3', 'U:4,3', 'U:5,3', 'U:6,3'] } }));
    expect(r).toMatchObject({ triggered: true, moves: false, reason: 'no_target' });
  });

  it('EXS-CRYSTAL-1 / EXS-NEWARU-2: it never enters a crystal deposit and goes around it', () => {
    const nodes = grid([{ id: 'T', x: 0, y: 0, crystals: ['1,0', '1,1'] }]);
    const r = moveNewaru(base({ nodes, miniatures: [{ id: 'k1', faction: 'keber', node: 'T:3,0' }], move: { faction: 'keber', path: ['T:3,1', 'T:3,0'] } }));
    expect(r).toMatchObject({ moves: true, to: 'T:0,1' });
  });

  it('EXS-NEWARU-2: it never leaves its tile, even when the path across the next tile is shorter', () => {
    // U lies above T; a crystal wall on T makes the way round through U shorter (2) than within T.
    const nodes = grid([
      { id: 'U', x: 0, y: -4 },
      { id: 'T', x: 0, y: 0, crystals: ['1,0', '1,1', '1,2'] },
    ]);
    const r = moveNewaru(base({ nodes, miniatures: [{ id: 'k1', faction: 'keber', node: 'T:2,0' }], move: { faction: 'keber', path: ['T:3,0', 'T:2,0'] } }));
    expect(r).toMatchObject({ moves: true, to: 'T:0,1' });
  });

  it('EXS-NEWARU-MOVE-2: with no legal path within the tile it stays', () => {
    const nodes = grid([{ id: 'T', x: 0, y: 0, crystals: ['2,0', '2,1', '2,2', '2,3'] }]);
    const r = moveNewaru(base({ nodes, miniatures: [{ id: 'k1', faction: 'keber', node: 'T:3,3' }], move: { faction: 'keber', path: ['T:3,2', 'T:3,3'] } }));
    expect(r).toMatchObject({ triggered: true, moves: false, reason: 'no_path' });
  });

  it('EXS-NEWARU-MOVE-1: "nearest" is the shortest legal path within the tile, not the straight-line distance', () => {
    // w1 is 2 steps away as the crow flies but 8 round the crystal wall; k1 is 4 steps away.
    const nodes = grid([{ id: 'T', x: 0, y: 0, size: 5, crystals: ['1,0', '1,1', '1,2', '1,3'] }]);
    const r = moveNewaru(
      base({
        nodes,
        miniatures: [
          { id: 'w1', faction: 'wardun', node: 'T:2,0' },
          { id: 'k1', faction: 'keber', node: 'T:0,4' },
        ],
        move: { faction: 'keber', path: ['T:0,3', 'T:0,4'] },
      }),
    );
    expect(r).toMatchObject({ to: 'T:0,1', target: 'k1' });
  });

  it('EXS-NEWARU-MOVE-1: equally near miniatures are the active player’s choice; the first listed is taken and both reported', () => {
    const r = moveNewaru(
      base({
        newaru: { node: 'T:1,1' },
        miniatures: [
          { id: 'a', faction: 'keber', node: 'T:3,1' },
          { id: 'b', faction: 'syl', node: 'T:1,3' },
        ],
        move: { faction: 'keber', path: ['T:3,0', 'T:3,1'] },
      }),
    );
    expect(r.target).toBe('a');
    expect(r.ties.targets).toEqual(['a', 'b']);
  });

  it('EXS-NEWARU-MOVE-2: equally good steps are reported and the first node listed is taken', () => {
    const r = moveNewaru(base({ miniatures: [{ id: 'k1', faction: 'keber', node: 'T:2,3' }], move: { faction: 'keber', path: ['T:3,3', 'T:2,3'] } }));
    expect(r.to).toBe('T:0,1');
    expect(r.ties.steps).toEqual(['T:0,1', 'T:1,1']);
  });

  it('EXS-NEWARU-MOVE-4: a Hologram miniature draws the Newaru instead of the nearest one', () => {
    const r = moveNewaru(
      base({
        miniatures: [
          { id: 'near', faction: 'syl', node: 'T:0,2' },
          { id: 'holo', faction: 'keber', node: 'T:3,3' },
        ],
        hologram: 'holo',
      }),
    );
    expect(r).toMatchObject({ target: 'holo', to: 'T:1,1' });
    expect(r.rules).toContain('EXS-NEWARU-MOVE-4');
  });

  it('EXS-NEWARU-MOVE-3: a step that ends adjacent reports the miniatures for the next-turn combat', () => {
    const r = moveNewaru(base({ newaru: { node: 'T:1,1' } }));
    expect(r).toMatchObject({ to: 'T:2,2', adjacentTo: ['k1'] });
  });
});

describe('Newaru movement input problems', () => {
  const ok: NewaruMoveInput = {
    nodes: twoTiles(),
    newaru: { node: 'T:0,0' },
    miniatures: [{ id: 'k1', faction: 'keber', node: 'T:3,3' }],
    move: { faction: 'keber', path: ['T:3,2', 'T:3,3'] },
  };

  it('unknown node ids are a 422 unknown_node listing every path', () => {
    const e = violation(() =>
      moveNewaru({ ...ok, newaru: { node: 'X' }, miniatures: [{ id: 'k1', faction: 'keber', node: 'Y' }], move: { faction: 'keber', path: ['T:3,2', 'Z'] } }),
    );
    expect(e.code).toBe('unknown_node');
    expect(e.extra.path).toBe('/newaru/node');
    expect((e.extra.errors as { path: string }[]).map((p) => p.path)).toEqual(['/newaru/node', '/miniatures/0/node', '/move/path/1']);
  });

  it('a neighbour naming no node is a 422 unknown_node at its path', () => {
    const nodes = twoTiles();
    nodes[2]!.neighbors.push('nowhere');
    const e = violation(() => moveNewaru({ ...ok, nodes }));
    expect(e.extra.path).toBe(`/nodes/2/neighbors/${nodes[2]!.neighbors.length - 1}`);
  });

  it('EXS-MOVE-1: consecutive path nodes that are not adjacent are a 422 illegal_path', () => {
    const e = violation(() => moveNewaru({ ...ok, move: { faction: 'keber', path: ['T:0,3', 'T:3,3'] } }));
    expect(e).toMatchObject({ code: 'illegal_path', extra: { path: '/move/path/1' } });
  });

  it('EXS-AMB-8: two figures on one node are a 422 node_occupied', () => {
    const e = violation(() => moveNewaru({ ...ok, miniatures: [{ id: 'k1', faction: 'keber', node: 'T:0,0' }] }));
    expect(e).toMatchObject({ code: 'node_occupied', extra: { path: '/miniatures/0/node' } });
  });

  it('EXS-CRYSTAL-1: a figure on a deposit is a 422 impassable_node', () => {
    const nodes = grid([{ id: 'T', x: 0, y: 0, crystals: ['0,0'] }]);
    expect(violation(() => moveNewaru({ ...ok, nodes })).code).toBe('impassable_node');
  });

  it('an unknown hologram miniature is a 422 unknown_miniature', () => {
    expect(violation(() => moveNewaru({ ...ok, hologram: 'ghost' })).code).toBe('unknown_miniature');
  });

  it('duplicate node ids are a 400', () => {
    const nodes = twoTiles();
    nodes.push({ ...nodes[0]! });
    expect(() => moveNewaru({ ...ok, nodes })).toThrow(InvalidInput);
  });
});

describe('Several moves in one turn (EXS-NEWARU-ACT-2, EXS-NEWARU-ACT-3)', () => {
  const nodes = () => twoTiles();
  const miniatures = [
    { id: 'k1', faction: 'keber', node: 'T:3,3' },
    { id: 'k2', faction: 'keber', node: 'U:6,1' },
  ];

  it('EXS-NEWARU-ACT-2: a later move of another miniature on its tile (in `move.paths`) triggers it', () => {
    const r = moveNewaru({ nodes: nodes(), newaru: { node: 'T:0,0' }, miniatures, move: { faction: 'keber', path: ['U:5,1', 'U:6,1'], paths: [['T:3,2', 'T:3,3']] } });
    expect(r).toMatchObject({ triggered: true, moves: true, to: 'T:1,1' });
  });

  it('EXS-NEWARU-ACT-3: two moves on its tile still move it exactly one node', () => {
    const r = moveNewaru({ nodes: nodes(), newaru: { node: 'T:0,0' }, miniatures, move: { faction: 'keber', path: ['T:2,3', 'T:3,3'], paths: [['T:3,2', 'T:2,2', 'T:3,2']] } });
    expect(r).toMatchObject({ moves: true, from: 'T:0,0', to: 'T:1,1' });
  });

  it('EXS-NEWARU-CASE-2: extra moves that stay off its tile do not trigger it', () => {
    const r = moveNewaru({ nodes: nodes(), newaru: { node: 'T:0,0' }, miniatures, move: { faction: 'keber', path: ['U:5,1', 'U:6,1'], paths: [['U:6,2', 'U:6,3']] } });
    expect(r.reason).toBe('not_triggered');
  });

  it('a non-adjacent step in `move.paths` is a 422 illegal_path at its path', () => {
    expect(() => moveNewaru({ nodes: nodes(), newaru: { node: 'T:0,0' }, miniatures, move: { faction: 'keber', path: ['U:5,1'], paths: [['T:3,2', 'T:0,3']] } })).toThrow(
      expect.objectContaining({ code: 'illegal_path', extra: { path: '/move/paths/0/1' } }),
    );
  });
});
