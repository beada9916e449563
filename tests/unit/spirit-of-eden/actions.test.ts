import { describe, expect, it } from 'vitest';
import { RuleViolation } from '../../../src/kernel/errors.js';
import { applyAction, validatePlayerPhase, type Action, type Board } from '../../../src/games/spirit-of-eden/rules/index.js';
import { board as fullBoard } from '../../fixtures/spirit-of-eden-board.js';

// A Goomz stays in play (an empty Eden is already won, SOE-END-1); it sits on the TL card unless a test places the Goomz.
const board = (opts: Parameters<typeof fullBoard>[0] = {}) => fullBoard({ goomz: [{ color: 'black', at: 'mountain1' }], ...opts });

// Ring: 0 mountain1 (TL), 1 waterfall1, 2 swamp1, 3 forest1, 4 mountain2, 5 waterfall2, 6 swamp2, 7 forest2 (ML)
const code = (b: Board, a: Action, modes: Parameters<typeof applyAction>[2] = []): string => {
  try {
    applyAction(b, a, modes);
  } catch (e) {
    if (e instanceof RuleViolation) return e.code;
    throw e;
  }
  return 'legal';
};

describe('The Spirit of Eden actions', () => {
  it('SOE-ACT-MOVE-1: up to k ring steps, either way round, destroyed slots included', () => {
    const b = board({ states: { forest1: 'destroyed' }, allies: [{ kind: 'fauna', at: 'swamp1' }] });
    expect(applyAction(b, { type: 'move', ally: 'fauna', to: 'mountain2', steps: 2 }).allies[0]!.at).toBe('mountain2');
    expect(applyAction(b, { type: 'move', ally: 'fauna', to: 'forest1', steps: 1 }).allies[0]!.at).toBe('forest1');
    expect(code(b, { type: 'move', ally: 'fauna', to: 'waterfall2', steps: 2 })).toBe('too_far');
    expect(applyAction(b, { type: 'move', ally: 'fauna', to: 'waterfall2', steps: 3 }).allies[0]!.at).toBe('waterfall2');
  });

  it('SOE-ACT-MOVE-2 / SOE-AMB-3: never onto or through Noa — TM to BM is 4 ring steps, not 2', () => {
    const b = board({ allies: [{ kind: 'fauna', at: 'waterfall1' }] });
    expect(code(b, { type: 'move', ally: 'fauna', to: 'waterfall2', steps: 3 })).toBe('too_far');
    expect(code(b, { type: 'move', ally: 'fauna', to: 'noa', steps: 1 })).toBe('not_a_terrain');
  });

  it('SOE-ACT-MOVE-3 / SOE-PLACE-5: protecting or ambushing Allies stay; an Ally on Noa cannot act', () => {
    const b = board({
      goomz: [{ color: 'yellow', at: 'swamp1', ambushedBy: 'fauna' }],
      allies: [
        { kind: 'fauna', at: 'swamp1' },
        { kind: 'water', at: 'forest1', protecting: true },
        { kind: 'flora', at: 'noa' },
      ],
    });
    expect(code(b, { type: 'move', ally: 'fauna', to: 'forest1', steps: 1 })).toBe('ally_pinned');
    expect(code(b, { type: 'move', ally: 'water', to: 'swamp1', steps: 1 })).toBe('ally_pinned');
    expect(code(b, { type: 'protect', ally: 'flora' })).toBe('ally_unavailable');
  });

  it('SOE-ACT-ATTRACT-1: a Goomz or another Ally on an adjacent card comes onto the acting Ally’s card', () => {
    const b = board({
      goomz: [
        { color: 'red', at: 'forest1' },
        { color: 'black', at: 'mountain2' },
      ],
      allies: [{ kind: 'water', at: 'swamp1' }],
    });
    expect(applyAction(b, { type: 'attract', ally: 'water', target: { goomz: 'red' } }).goomz[0]!.at).toBe('swamp1');
    expect(code(b, { type: 'attract', ally: 'water', target: { goomz: 'black' } })).toBe('not_adjacent');
    expect(code(b, { type: 'attract', ally: 'water', target: { ally: 'water' } })).toBe('same_ally');
  });

  it('SOE-AMB-5: an ambushed Goomz cannot be attracted, pushed or swapped', () => {
    const b = board({
      goomz: [
        { color: 'red', at: 'forest1', ambushedBy: 'flora' },
        { color: 'black', at: 'mountain1' },
      ],
      allies: [
        { kind: 'water', at: 'swamp1' },
        { kind: 'flora', at: 'forest1' },
      ],
    });
    expect(code(b, { type: 'attract', ally: 'water', target: { goomz: 'red' } })).toBe('goomz_pinned');
    expect(code(b, { type: 'swapGoomz', pair: ['red', 'black'] })).toBe('goomz_pinned');
  });

  it('SOE-ACT-PUSH-1 / SOE-AMB-4: a piece on the acting Ally’s card goes 1 (or up to 2) ring steps away', () => {
    const b = board({
      goomz: [{ color: 'red', at: 'swamp1' }],
      allies: [
        { kind: 'water', at: 'swamp1' },
        { kind: 'fauna', at: 'forest1' },
      ],
    });
    expect(applyAction(b, { type: 'push', ally: 'water', target: { goomz: 'red' }, to: 'mountain2', steps: 2 }).goomz[0]!.at).toBe('mountain2');
    expect(code(b, { type: 'push', ally: 'water', target: { goomz: 'red' }, to: 'mountain2', steps: 1 })).toBe('too_far');
    expect(code(b, { type: 'push', ally: 'water', target: { ally: 'fauna' }, to: 'mountain2', steps: 1 })).toBe('not_on_card');
  });

  it('SOE-ACT-PROTECT-1: blank side up, not on a destroyed slot', () => {
    const b = board({
      states: { forest1: 'destroyed' },
      allies: [
        { kind: 'water', at: 'swamp1' },
        { kind: 'fauna', at: 'forest1' },
      ],
    });
    expect(applyAction(b, { type: 'protect', ally: 'water' }).allies[0]!.protecting).toBe(true);
    expect(code(b, { type: 'protect', ally: 'fauna' })).toBe('card_destroyed');
  });

  it('SOE-ACT-RECOVER-1: only a devastated card turns back to healthy', () => {
    const b = board({
      states: { swamp1: 'devastated' },
      allies: [
        { kind: 'water', at: 'swamp1' },
        { kind: 'fauna', at: 'forest1' },
      ],
    });
    expect(applyAction(b, { type: 'recover', ally: 'water' }).cards.swamp1!.state).toBe('healthy');
    expect(code(b, { type: 'recover', ally: 'fauna' })).toBe('not_devastated');
  });

  const yellowFaunaSwamp = [{ color: 'yellow' as const, pile: [{ ally: 'fauna' as const, terrain: 'swamp' as const }, {}, {}] }];

  it('SOE-ACT-AMBUSH-1 / SOE-EX-1: Fauna may ambush Yellow only on a Swamp, and ambushing ends protection', () => {
    const b = board({
      goomz: [{ color: 'yellow', at: 'swamp1' }],
      allies: [
        { kind: 'fauna', at: 'swamp1', protecting: true },
        { kind: 'water', at: 'swamp1' },
      ],
      objectives: yellowFaunaSwamp,
    });
    const r = applyAction(b, { type: 'ambush', ally: 'fauna', goomz: 'yellow' });
    expect(r.goomz[0]!.ambushedBy).toBe('fauna');
    expect(r.allies[0]!.protecting).toBe(false);
    expect(code(b, { type: 'ambush', ally: 'water', goomz: 'yellow' })).toBe('ambush_not_objective');
    const forest = board({ goomz: [{ color: 'yellow', at: 'forest1' }], allies: [{ kind: 'fauna', at: 'forest1' }], objectives: yellowFaunaSwamp });
    expect(code(forest, { type: 'ambush', ally: 'fauna', goomz: 'yellow' })).toBe('ambush_not_objective');
    expect(code(board({ goomz: [{ color: 'yellow', at: 'swamp1' }], allies: [{ kind: 'fauna', at: 'swamp1' }] }), { type: 'ambush', ally: 'fauna', goomz: 'yellow' })).toBe(
      'objective_unknown',
    );
  });

  it('SOE-MODE-2: in Celestial an ambush needs a healthy card', () => {
    const b = board({ states: { swamp1: 'devastated' }, goomz: [{ color: 'yellow', at: 'swamp1' }], allies: [{ kind: 'fauna', at: 'swamp1' }], objectives: yellowFaunaSwamp });
    expect(code(b, { type: 'ambush', ally: 'fauna', goomz: 'yellow' })).toBe('legal');
    expect(code(b, { type: 'ambush', ally: 'fauna', goomz: 'yellow' }, ['celestial'])).toBe('ambush_not_healthy');
  });

  it('SOE-MODE-5: in Devastator a Goomz with an empty pile can no longer be ambushed', () => {
    const b = board({ goomz: [{ color: 'yellow', at: 'swamp1' }], allies: [{ kind: 'fauna', at: 'swamp1' }], objectives: [{ color: 'yellow', pile: [] }] });
    expect(code(b, { type: 'ambush', ally: 'fauna', goomz: 'yellow' }, ['devastator'])).toBe('no_objective');
  });

  it('SOE-ACT-SHORTCUT-1 / SOE-EX-2: to the other card of the same type, healthy or devastated, never destroyed', () => {
    const b = board({ states: { waterfall2: 'devastated' }, goomz: [{ color: 'red', at: 'waterfall2' }], allies: [{ kind: 'flora', at: 'waterfall1' }] });
    expect(applyAction(b, { type: 'shortcut', ally: 'flora' }).allies[0]!.at).toBe('waterfall2');
    const gone = board({ states: { waterfall2: 'destroyed' }, allies: [{ kind: 'flora', at: 'waterfall1' }] });
    expect(code(gone, { type: 'shortcut', ally: 'flora' })).toBe('card_destroyed');
  });

  it('SOE-ACT-SWAPG-1 / SOE-EX-3: Yellow and Red swap places, no adjacency needed', () => {
    const b = board({
      goomz: [
        { color: 'yellow', at: 'mountain1' },
        { color: 'red', at: 'waterfall2' },
      ],
    });
    const r = applyAction(b, { type: 'swapGoomz', pair: ['yellow', 'red'] });
    expect(r.goomz.map((g) => g.at)).toEqual(['waterfall2', 'mountain1']);
  });

  it('SOE-ACT-SWAPA-1: two Allies on the grid swap; one on Noa or protecting cannot', () => {
    const b = board({
      allies: [
        { kind: 'water', at: 'swamp1' },
        { kind: 'fauna', at: 'forest2' },
        { kind: 'flora', at: 'noa' },
      ],
    });
    expect(applyAction(b, { type: 'swapAllies', pair: ['water', 'fauna'] }).allies.map((a) => a.at)).toEqual(['forest2', 'swamp1', 'noa']);
    expect(code(b, { type: 'swapAllies', pair: ['water', 'flora'] })).toBe('ally_unavailable');
  });
});

describe('The Spirit of Eden actions after the end', () => {
  it('SOE-END-2: no action on a board whose game is already lost', () => {
    const b = board({ states: { forest1: 'destroyed', forest2: 'destroyed' }, allies: [{ kind: 'water', at: 'swamp1' }] });
    expect(code(b, { type: 'protect', ally: 'water' })).toBe('game_over');
  });
});

describe('The Spirit of Eden player phase with actions', () => {
  const cards = [
    ['move1', 'move1', 'attract', 'push1', 'move2', 'move3'],
    ['protect', 'recover', 'ambush', 'shortcut', 'push2', 'swapGoomz'],
    ['attract', 'push1', 'recover', 'protect', 'swapAllies', 'ambush'],
    ['shortcut', 'move2', 'swapGoomz', 'swapAllies', 'recover', 'move1'],
  ] as const;
  const b = board({ allies: [{ kind: 'fauna', at: 'mountain2' }] });

  it('SOE-PLACE-2: the action must be the one the card prints for the die value', () => {
    const r = validatePlayerPhase({
      roll: [1, 2, 3, 4],
      steps: [{ type: 'place', die: 0, card: 0, action: { type: 'move', ally: 'fauna', to: 'swamp2', steps: 2 } }],
      actionCards: cards.map((c) => [...c]),
    });
    expect(r.errors.map((e) => e.code)).toEqual(['wrong_action']);
  });

  it('SOE-PLACE-3 / SOE-ACT-0: actions resolve at once, in order; an illegal one is reported and its die stays unused', () => {
    const r = validatePlayerPhase({
      roll: [5, 1, 3, 6],
      steps: [
        { type: 'place', die: 0, card: 0, action: { type: 'move', ally: 'fauna', to: 'swamp2', steps: 2 } },
        { type: 'place', die: 2, card: 2, action: { type: 'recover', ally: 'fauna' } },
        { type: 'place', die: 1, card: 1, action: { type: 'protect', ally: 'fauna' } },
      ],
      board: b,
      actionCards: cards.map((c) => [...c]),
    });
    expect(r.errors).toEqual([expect.objectContaining({ path: '/steps/1/action', code: 'not_devastated' })]);
    expect(r.dice[2]!.state).toBe('unused');
    expect(r.board!.allies[0]).toMatchObject({ at: 'swamp2', protecting: true });
  });
});
