import { describe, expect, it } from 'vitest';
import { setupProblems } from '../../../src/games/spirit-of-eden/rules/index.js';
import { board } from '../../fixtures/spirit-of-eden-board.js';

// Left column TL, ML, BL = mountain1, forest2, swamp2; right column TR, MR, BR = swamp1, forest1, mountain2.
const start = (over: Parameters<typeof board>[0] = {}) =>
  board({
    goomz: [
      { color: 'yellow', at: 'mountain1' },
      { color: 'red', at: 'forest2' },
      { color: 'black', at: 'swamp2' },
    ],
    allies: [
      { kind: 'flora', at: 'swamp1' },
      { kind: 'water', at: 'forest1' },
      { kind: 'fauna', at: 'mountain2' },
    ],
    ...over,
  });

describe('The Spirit of Eden setup', () => {
  it('SOE-SETUP-1..3: all healthy, Goomz on the left column, Allies on the right column', () => {
    expect(setupProblems(start())).toEqual([]);
    const codes = setupProblems(
      start({
        goomz: [
          { color: 'yellow', at: 'waterfall1' },
          { color: 'red', at: 'forest2' },
          { color: 'black', at: 'swamp2' },
        ],
      }),
    ).map((p) => p.code);
    expect(codes).toEqual(['goomz_not_left_column']);
    const allies = setupProblems(
      start({
        allies: [
          { kind: 'flora', at: 'swamp1' },
          { kind: 'water', at: 'swamp1' },
          { kind: 'fauna', at: 'mountain2', protecting: true },
        ],
      }),
    ).map((p) => p.code);
    expect(allies).toEqual(['protecting_at_start', 'allies_share_card']);
  });

  it('SOE-MODE-4: Resurrection starts with exactly two devastated cards; Classic with none', () => {
    const two = { states: { swamp1: 'devastated' as const, forest2: 'devastated' as const } };
    expect(setupProblems(start(two), ['resurrection'])).toEqual([]);
    expect(setupProblems(start(two)).map((p) => p.code)).toEqual(['devastated_at_start']);
    expect(setupProblems(start(), ['resurrection']).map((p) => p.code)).toEqual(['resurrection_devastated']);
  });

  it('SOE-SETUP-5: three piles of three objectives', () => {
    const objectives = [
      { color: 'yellow' as const, pile: [{}, {}, {}] },
      { color: 'red' as const, pile: [{}, {}] },
    ];
    expect(setupProblems(start({ objectives })).map((p) => p.code)).toEqual(['piles', 'pile_size']);
  });
});
