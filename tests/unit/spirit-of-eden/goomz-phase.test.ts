import { describe, expect, it } from 'vitest';
import { InvalidInput, RuleViolation } from '../../../src/kernel/errors.js';
import { goomzPhase } from '../../../src/games/spirit-of-eden/rules/index.js';
import { RING, board } from '../../fixtures/spirit-of-eden-board.js';

const code = (fn: () => unknown) => {
  try {
    fn();
  } catch (e) {
    if (e instanceof RuleViolation) return e.code;
    if (e instanceof InvalidInput) return e.errors.map((p) => `${p.path} ${p.code}`);
    throw e;
  }
  throw new Error('did not throw');
};

describe('Goomz rules A–F, one Goomz', () => {
  it('SOE-GOOMZ-A: alone on a healthy card → the card is devastated', () => {
    const r = goomzPhase(board({ goomz: [{ color: 'yellow', at: 'swamp1' }] }), ['yellow']);
    expect(r.steps).toEqual([{ color: 'yellow', rule: 'A', card: 'swamp1', effect: 'devastated' }]);
    expect(r.cards.swamp1!.state).toBe('devastated');
    expect(r.goomz[0]!.at).toBe('swamp1');
  });

  it('SOE-GOOMZ-B: alone on a devastated card → destroyed (a destroyed terrain slot)', () => {
    const r = goomzPhase(board({ states: { swamp1: 'devastated' }, goomz: [{ color: 'yellow', at: 'swamp1' }] }), ['yellow']);
    expect(r.steps[0]).toMatchObject({ rule: 'B', effect: 'destroyed' });
    expect(r.cards.swamp1!.state).toBe('destroyed');
    expect(r.lost).toBe(false);
  });

  it('SOE-GOOMZ-C / SOE-EX-11: on a destroyed BL it moves clockwise to ML', () => {
    const r = goomzPhase(board({ states: { swamp2: 'destroyed' }, goomz: [{ color: 'red', at: 'swamp2' }] }), ['red']);
    expect(r.steps[0]).toEqual({ color: 'red', rule: 'C', card: 'swamp2', to: 'forest2', effect: 'moved' });
  });

  it('SOE-EX-11: from a destroyed ML it wraps to TL; from a destroyed TR it moves to MR', () => {
    const r = goomzPhase(
      board({
        states: { forest2: 'destroyed', swamp1: 'destroyed' },
        goomz: [
          { color: 'red', at: 'forest2' },
          { color: 'black', at: 'swamp1' },
        ],
      }),
      ['red', 'black'],
    );
    expect(r.goomz.map((g) => g.at)).toEqual([RING[0], RING[3]]);
  });

  it('SOE-GOOMZ-C: it moves even onto a destroyed slot, and even with an Ally on its card (which it ignores)', () => {
    const r = goomzPhase(
      board({ states: { mountain1: 'destroyed', waterfall1: 'destroyed' }, goomz: [{ color: 'red', at: 'mountain1' }], allies: [{ kind: 'fauna', at: 'mountain1' }] }),
      ['red'],
    );
    expect(r.steps[0]).toMatchObject({ rule: 'C', to: 'waterfall1' });
    expect(r.allies[0]).toEqual({ kind: 'fauna', at: 'mountain1' });
  });

  it('SOE-GOOMZ-D / SOE-EX-10: an unprotected Ally goes to Noa (back from turn t+2); the card is not attacked', () => {
    const r = goomzPhase(board({ goomz: [{ color: 'yellow', at: 'swamp1' }], allies: [{ kind: 'fauna', at: 'swamp1' }] }), ['yellow'], { turn: 5 });
    expect(r.steps[0]).toEqual({ color: 'yellow', rule: 'D', card: 'swamp1', ally: 'fauna', effect: 'ally_to_noa' });
    expect(r.allies[0]).toEqual({ kind: 'fauna', at: 'noa', protecting: false, availableFromTurn: 7 });
    expect(r.cards.swamp1!.state).toBe('healthy');
  });

  it('SOE-GOOMZ-D: also on a devastated card', () => {
    const r = goomzPhase(board({ states: { swamp1: 'devastated' }, goomz: [{ color: 'yellow', at: 'swamp1' }], allies: [{ kind: 'fauna', at: 'swamp1' }] }), ['yellow']);
    expect(r.steps[0]!.rule).toBe('D');
    expect(r.cards.swamp1!.state).toBe('devastated');
  });

  it('SOE-GOOMZ-E: a protecting Ally uses up its protection and stays; the card is not attacked', () => {
    const r = goomzPhase(board({ goomz: [{ color: 'yellow', at: 'swamp1' }], allies: [{ kind: 'water', at: 'swamp1', protecting: true }] }), ['yellow']);
    expect(r.steps[0]).toEqual({ color: 'yellow', rule: 'E', card: 'swamp1', ally: 'water', effect: 'protection_used' });
    expect(r.allies[0]).toEqual({ kind: 'water', at: 'swamp1', protecting: false });
    expect(r.cards.swamp1!.state).toBe('healthy');
  });

  it('SOE-GOOMZ-ORDER-2: with a protecting and an unprotected Ally, E applies (protecting Allies first), not D', () => {
    const r = goomzPhase(
      board({
        goomz: [{ color: 'yellow', at: 'swamp1' }],
        allies: [
          { kind: 'fauna', at: 'swamp1' },
          { kind: 'water', at: 'swamp1', protecting: true },
        ],
      }),
      ['yellow'],
    );
    expect(r.steps[0]).toMatchObject({ rule: 'E', ally: 'water' });
    expect(r.allies.map((a) => a.at)).toEqual(['swamp1', 'swamp1']);
  });

  it('SOE-GOOMZ-F / SOE-OBJ-3: an ambushed Goomz withdraws clockwise, the Ally stays free, the objective is claimed and the next revealed', () => {
    const r = goomzPhase(
      board({
        goomz: [{ color: 'yellow', at: 'swamp1', ambushedBy: 'fauna' }],
        allies: [{ kind: 'fauna', at: 'swamp1' }],
        objectives: [
          {
            color: 'yellow',
            pile: [
              { ally: 'fauna', terrain: 'swamp' },
              { ally: 'water', terrain: 'mountain' },
            ],
          },
        ],
      }),
      ['yellow'],
    );
    expect(r.steps[0]).toEqual({
      color: 'yellow',
      rule: 'F',
      card: 'swamp1',
      to: 'forest1',
      ally: 'fauna',
      effect: 'withdrew',
      objective: { claimed: { ally: 'fauna', terrain: 'swamp' }, remaining: 1, goomzRemoved: false },
    });
    expect(r.goomz[0]).toEqual({ color: 'yellow', at: 'forest1' });
    expect(r.allies[0]).toEqual({ kind: 'fauna', at: 'swamp1' });
    expect(r.cards.swamp1!.state).toBe('healthy');
    expect(r.objectives![0]!.pile).toEqual([{ ally: 'water', terrain: 'mountain' }]);
  });

  it('SOE-EX-9 / SOE-OBJ-3: the third objective empties the pile → the Goomz is removed at once', () => {
    const r = goomzPhase(
      board({
        goomz: [
          { color: 'yellow', at: 'swamp1', ambushedBy: 'fauna' },
          { color: 'red', at: 'mountain2' },
        ],
        allies: [{ kind: 'fauna', at: 'swamp1' }],
        objectives: [{ color: 'yellow', pile: [{ ally: 'fauna', terrain: 'swamp' }], claimed: [{}, {}] }],
      }),
      ['yellow', 'red'],
    );
    expect(r.goomz[0]!.at).toBe('removed');
    expect(r.steps[0]!.objective).toMatchObject({ remaining: 0, goomzRemoved: true });
    expect(r.objectives![0]!.claimed).toHaveLength(3);
    expect(r.won).toBe(false);
    expect(r.steps[1]!.rule).toBe('A');
  });

  it('SOE-END-1: removing the last Goomz in play wins at once', () => {
    const r = goomzPhase(
      board({
        goomz: [
          { color: 'yellow', at: 'removed' },
          { color: 'red', at: 'removed' },
          { color: 'black', at: 'waterfall1', ambushedBy: 'flora' },
        ],
        allies: [{ kind: 'flora', at: 'waterfall1' }],
        objectives: [{ color: 'black', pile: [{ ally: 'flora', terrain: 'waterfall' }] }],
      }),
      ['black'],
    );
    expect(r.won).toBe(true);
    expect(r.lost).toBe(false);
  });

  it('SOE-GOOMZ-F without tracked objectives: the claim is reported but no Goomz is removed', () => {
    const r = goomzPhase(board({ goomz: [{ color: 'red', at: 'swamp1', ambushedBy: 'water' }], allies: [{ kind: 'water', at: 'swamp1' }] }), ['red']);
    expect(r.steps[0]!.objective).toEqual({ claimed: null, remaining: null, goomzRemoved: false });
    expect(r.goomz[0]!.at).toBe('forest1');
  });
});

describe('Several Goomz on one card (SOE-GOOMZ-MULTI)', () => {
  it('SOE-GOOMZ-MULTI-1 / SOE-EX-4 (A, A): the first devastates, the second destroys', () => {
    const r = goomzPhase(
      board({
        goomz: [
          { color: 'yellow', at: 'waterfall1' },
          { color: 'red', at: 'waterfall1' },
        ],
      }),
      ['red', 'yellow'],
    );
    expect(r.steps.map((s) => [s.color, s.rule])).toEqual([
      ['red', 'A'],
      ['yellow', 'B'],
    ]);
    expect(r.cards.waterfall1!.state).toBe('destroyed');
  });

  it('SOE-GOOMZ-MULTI-2 / SOE-EX-5 (B, B): the first destroys, the second moves clockwise (C)', () => {
    const r = goomzPhase(
      board({
        states: { waterfall1: 'devastated' },
        goomz: [
          { color: 'yellow', at: 'waterfall1' },
          { color: 'red', at: 'waterfall1' },
        ],
      }),
      ['yellow', 'red'],
    );
    expect(r.steps.map((s) => s.rule)).toEqual(['B', 'C']);
    expect(r.goomz.map((g) => g.at)).toEqual(['waterfall1', 'swamp1']);
  });

  it('SOE-GOOMZ-MULTI-3 / SOE-EX-6 (D, D) on a healthy card: Ally to Noa, then the card is devastated', () => {
    const r = goomzPhase(
      board({
        goomz: [
          { color: 'yellow', at: 'forest1' },
          { color: 'black', at: 'forest1' },
        ],
        allies: [{ kind: 'flora', at: 'forest1' }],
      }),
      ['yellow', 'black'],
    );
    expect(r.steps.map((s) => s.rule)).toEqual(['D', 'A']);
    expect(r.allies[0]!.at).toBe('noa');
    expect(r.cards.forest1!.state).toBe('devastated');
  });

  it('SOE-GOOMZ-MULTI-3 / SOE-EX-6 (D, D) on a devastated card: the second destroys it', () => {
    const r = goomzPhase(
      board({
        states: { forest1: 'devastated' },
        goomz: [
          { color: 'yellow', at: 'forest1' },
          { color: 'black', at: 'forest1' },
        ],
        allies: [{ kind: 'flora', at: 'forest1' }],
      }),
      ['yellow', 'black'],
    );
    expect(r.steps.map((s) => s.rule)).toEqual(['D', 'B']);
    expect(r.cards.forest1!.state).toBe('destroyed');
  });

  it('SOE-GOOMZ-MULTI-4 / SOE-EX-7 (E, E): the first uses up the protection, the second sends the Ally to Noa', () => {
    const r = goomzPhase(
      board({
        goomz: [
          { color: 'yellow', at: 'forest1' },
          { color: 'black', at: 'forest1' },
        ],
        allies: [{ kind: 'flora', at: 'forest1', protecting: true }],
      }),
      ['black', 'yellow'],
    );
    expect(r.steps.map((s) => s.rule)).toEqual(['E', 'D']);
    expect(r.allies[0]!.at).toBe('noa');
    expect(r.cards.forest1!.state).toBe('healthy');
  });

  it('SOE-GOOMZ-MULTI-5 / SOE-EX-8 (F, F): each ambushed Goomz withdraws clockwise and completes its objective', () => {
    const r = goomzPhase(
      board({
        goomz: [
          { color: 'yellow', at: 'swamp1', ambushedBy: 'fauna' },
          { color: 'red', at: 'swamp1', ambushedBy: 'water' },
        ],
        allies: [
          { kind: 'fauna', at: 'swamp1' },
          { kind: 'water', at: 'swamp1' },
        ],
        objectives: [
          { color: 'yellow', pile: [{}, {}] },
          { color: 'red', pile: [{}, {}, {}] },
        ],
      }),
      ['yellow', 'red'],
    );
    expect(r.steps.map((s) => s.rule)).toEqual(['F', 'F']);
    expect(r.goomz.map((g) => g.at)).toEqual(['forest1', 'forest1']);
    expect(r.objectives!.map((o) => o.pile.length)).toEqual([1, 2]);
    expect(r.allies.map((a) => a.at)).toEqual(['swamp1', 'swamp1']);
  });

  it('SOE-GOOMZ-MULTI-6: three Goomz alone on a healthy card → devastated, destroyed, then the third moves (A, B, C)', () => {
    const r = goomzPhase(
      board({
        goomz: [
          { color: 'yellow', at: 'waterfall1' },
          { color: 'red', at: 'waterfall1' },
          { color: 'black', at: 'waterfall1' },
        ],
      }),
      ['black', 'red', 'yellow'],
    );
    expect(r.steps.map((s) => s.rule)).toEqual(['A', 'B', 'C']);
    expect(r.goomz.map((g) => g.at)).toEqual(['swamp1', 'waterfall1', 'waterfall1']);
  });

  it('SOE-AMB-7: an ambushing Ally is ignored by another Goomz on its card, which attacks the terrain', () => {
    const r = goomzPhase(
      board({
        goomz: [
          { color: 'yellow', at: 'swamp1', ambushedBy: 'fauna' },
          { color: 'red', at: 'swamp1' },
        ],
        allies: [{ kind: 'fauna', at: 'swamp1' }],
      }),
      ['red', 'yellow'],
    );
    expect(r.steps.map((s) => s.rule)).toEqual(['A', 'F']);
    expect(r.allies[0]!.at).toBe('swamp1');
  });

  it('SOE-AMB-7: once the ambushed Goomz has withdrawn, the freed Ally is sent to Noa by the next Goomz (D)', () => {
    const r = goomzPhase(
      board({
        goomz: [
          { color: 'yellow', at: 'swamp1', ambushedBy: 'fauna' },
          { color: 'red', at: 'swamp1' },
        ],
        allies: [{ kind: 'fauna', at: 'swamp1' }],
      }),
      ['yellow', 'red'],
    );
    expect(r.steps.map((s) => s.rule)).toEqual(['F', 'D']);
    expect(r.allies[0]!.at).toBe('noa');
  });

  it('SOE-AMB-8: an ambushed Goomz on a card destroyed earlier in the phase uses F, not C', () => {
    const r = goomzPhase(
      board({
        states: { swamp1: 'devastated' },
        goomz: [
          { color: 'yellow', at: 'swamp1', ambushedBy: 'fauna' },
          { color: 'red', at: 'swamp1' },
        ],
        allies: [{ kind: 'fauna', at: 'swamp1' }],
        objectives: [{ color: 'yellow', pile: [{}, {}] }],
      }),
      ['red', 'yellow'],
    );
    expect(r.steps.map((s) => s.rule)).toEqual(['B', 'F']);
    expect(r.steps[1]!.objective!.remaining).toBe(1);
  });
});

describe('End of game inside the Goomz phase', () => {
  it('SOE-END-2 / SOE-EX-12: destroying the second Mountain loses at once; later Goomz do not act', () => {
    const r = goomzPhase(
      board({
        states: { mountain1: 'destroyed', mountain2: 'devastated' },
        goomz: [
          { color: 'red', at: 'mountain2' },
          { color: 'black', at: 'swamp1', ambushedBy: 'flora' },
        ],
        allies: [{ kind: 'flora', at: 'swamp1' }],
        objectives: [{ color: 'black', pile: [{}] }],
      }),
      ['red', 'black'],
    );
    expect(r.lost).toBe(true);
    expect(r.won).toBe(false);
    expect(r.steps).toHaveLength(1);
    expect(r.skipped).toEqual(['black']);
  });

  it('SOE-END-2: one destroyed card of each of two types does not lose', () => {
    const r = goomzPhase(board({ states: { mountain1: 'destroyed', swamp2: 'devastated' }, goomz: [{ color: 'red', at: 'swamp2' }] }), ['red']);
    expect(r.cards.swamp2!.state).toBe('destroyed');
    expect(r.lost).toBe(false);
  });

  it('SOE-END-3: a board that is already lost cannot play a Goomz phase (game_over)', () => {
    expect(code(() => goomzPhase(board({ states: { forest1: 'destroyed', forest2: 'destroyed' }, goomz: [{ color: 'red', at: 'swamp1' }] }), ['red']))).toBe('game_over');
  });
});

describe('Game modes and options in the Goomz phase', () => {
  it('SOE-MODE-5 Devastator: emptying a pile does not remove the Goomz; it keeps acting', () => {
    const r = goomzPhase(
      board({
        goomz: [
          { color: 'yellow', at: 'swamp1', ambushedBy: 'fauna' },
          { color: 'red', at: 'mountain2' },
        ],
        allies: [{ kind: 'fauna', at: 'swamp1' }],
        objectives: [
          { color: 'yellow', pile: [{}] },
          { color: 'red', pile: [{}] },
          { color: 'black', pile: [] },
        ],
      }),
      ['yellow', 'red'],
      { modes: ['devastator'] },
    );
    expect(r.goomz[0]!.at).toBe('forest1');
    expect(r.steps[0]!.objective!.goomzRemoved).toBe(false);
    expect(r.won).toBe(false);
  });

  it('SOE-MODE-5 Devastator: won the moment all three piles are empty', () => {
    const r = goomzPhase(
      board({
        goomz: [
          { color: 'yellow', at: 'swamp1', ambushedBy: 'fauna' },
          { color: 'red', at: 'mountain2' },
          { color: 'black', at: 'waterfall1' },
        ],
        allies: [{ kind: 'fauna', at: 'swamp1' }],
        objectives: [
          { color: 'yellow', pile: [{}] },
          { color: 'red', pile: [] },
          { color: 'black', pile: [] },
        ],
      }),
      ['yellow', 'red', 'black'],
      { modes: ['devastator'] },
    );
    expect(r.won).toBe(true);
    expect(r.skipped).toEqual(['red', 'black']);
  });

  it('SOE-MODE-5 Devastator: a Goomz with an empty pile cannot be ambushed (no_objective)', () => {
    const b = board({
      goomz: [{ color: 'yellow', at: 'swamp1', ambushedBy: 'fauna' }],
      allies: [{ kind: 'fauna', at: 'swamp1' }],
      objectives: [
        { color: 'yellow', pile: [] },
        { color: 'red', pile: [{}] },
      ],
    });
    expect(code(() => goomzPhase(b, ['yellow'], { modes: ['devastator'] }))).toBe('no_objective');
  });

  it('SOE-ACT-AMBUSH-1 / SOE-EX-1: an ambush by the wrong Ally or on the wrong terrain is ambush_not_objective', () => {
    const objectives = [{ color: 'yellow' as const, pile: [{ ally: 'fauna' as const, terrain: 'swamp' as const }] }];
    const wrongAlly = board({ goomz: [{ color: 'yellow', at: 'swamp1', ambushedBy: 'water' }], allies: [{ kind: 'water', at: 'swamp1' }], objectives });
    const wrongTerrain = board({ goomz: [{ color: 'yellow', at: 'mountain1', ambushedBy: 'fauna' }], allies: [{ kind: 'fauna', at: 'mountain1' }], objectives });
    expect(code(() => goomzPhase(wrongAlly, ['yellow']))).toBe('ambush_not_objective');
    expect(code(() => goomzPhase(wrongTerrain, ['yellow']))).toBe('ambush_not_objective');
  });

  it('SOE-ACT-AMBUSH-1: an ambush cannot stand on a destroyed card at the start of the phase', () => {
    const b = board({ states: { swamp1: 'destroyed' }, goomz: [{ color: 'yellow', at: 'swamp1', ambushedBy: 'fauna' }], allies: [{ kind: 'fauna', at: 'swamp1' }] });
    expect(code(() => goomzPhase(b, ['yellow']))).toBe('ambush_not_objective');
  });

  it('SOE-MODE-2 Celestial: an ambush on a devastated card is ambush_not_healthy; Classic allows it', () => {
    const b = board({ states: { swamp1: 'devastated' }, goomz: [{ color: 'yellow', at: 'swamp1', ambushedBy: 'fauna' }], allies: [{ kind: 'fauna', at: 'swamp1' }] });
    expect(code(() => goomzPhase(b, ['yellow'], { modes: ['celestial'] }))).toBe('ambush_not_healthy');
    expect(goomzPhase(b, ['yellow']).steps[0]!.rule).toBe('F');
  });

  it('SOE-AMB-9: with two unprotected Allies the player picks which one goes to Noa', () => {
    const b = board({
      goomz: [{ color: 'red', at: 'swamp1' }],
      allies: [
        { kind: 'fauna', at: 'swamp1' },
        { kind: 'water', at: 'swamp1' },
      ],
    });
    expect(goomzPhase(b, ['red']).allies.map((a) => a.at)).toEqual(['noa', 'swamp1']);
    expect(goomzPhase(b, ['red'], { picks: { red: 'water' } }).allies.map((a) => a.at)).toEqual(['swamp1', 'noa']);
  });

  it('SOE-AMB-9: picking an Ally the Goomz may not deal with is illegal_pick', () => {
    const b = board({
      goomz: [{ color: 'red', at: 'swamp1' }],
      allies: [
        { kind: 'fauna', at: 'swamp1' },
        { kind: 'water', at: 'swamp1', protecting: true },
      ],
    });
    expect(code(() => goomzPhase(b, ['red'], { picks: { red: 'fauna' } }))).toBe('illegal_pick');
  });

  it('SOE-AMB-9 alternative: dSendsAll sends every unprotected Ally to Noa', () => {
    const b = board({
      goomz: [{ color: 'red', at: 'swamp1' }],
      allies: [
        { kind: 'fauna', at: 'swamp1' },
        { kind: 'water', at: 'swamp1' },
      ],
    });
    const r = goomzPhase(b, ['red'], { dSendsAll: true });
    expect(r.allies.map((a) => a.at)).toEqual(['noa', 'noa']);
    expect(r.steps[0]!.allies).toEqual(['fauna', 'water']);
  });

  it('SOE-AMB-6: protection lasts across phases by default; the option ends it with the phase', () => {
    const b = board({ goomz: [{ color: 'red', at: 'swamp1' }], allies: [{ kind: 'water', at: 'forest1', protecting: true }] });
    expect(goomzPhase(b, ['red']).allies[0]!.protecting).toBe(true);
    expect(goomzPhase(b, ['red'], { protectionEndsWithPhase: true }).allies[0]!.protecting).toBe(false);
  });
});

describe('Goomz phase input problems (400, all at once)', () => {
  it('SOE-GOOMZ-ORDER-1: order must name each Goomz in play once; board problems are listed together', () => {
    const b = board({
      goomz: [
        { color: 'yellow', at: 'swamp1', ambushedBy: 'water' },
        { color: 'red', at: 'nowhere' },
        { color: 'black', at: 'removed' },
      ],
      allies: [{ kind: 'fauna', at: 'noa', protecting: true }],
    });
    b.ring[7] = 'swamp1';
    expect(code(() => goomzPhase(b, ['yellow', 'yellow', 'black']))).toEqual(
      expect.arrayContaining([
        '/ring/7 duplicate_card',
        '/goomz/0/ambushedBy ambusher_absent',
        '/goomz/1/at unknown_card',
        '/allies/0/protecting protecting_on_noa',
        '/order/1 duplicate',
        '/order/2 not_in_play',
        '/order missing_goomz',
      ]),
    );
  });

  it('SOE-ACT-AMBUSH-3: an Ally cannot both ambush and protect; one Ally cannot ambush two Goomz', () => {
    const b = board({
      goomz: [
        { color: 'yellow', at: 'swamp1', ambushedBy: 'fauna' },
        { color: 'red', at: 'swamp1', ambushedBy: 'fauna' },
      ],
      allies: [{ kind: 'fauna', at: 'swamp1', protecting: true }],
    });
    expect(code(() => goomzPhase(b, ['yellow', 'red']))).toEqual(['/goomz/1/ambushedBy ambusher_busy', '/allies/0/protecting protecting_and_ambushing']);
  });

  it('SOE-COMP-1: the ring needs two cards of each terrain', () => {
    const b = board({ goomz: [{ color: 'red', at: 'swamp1' }] });
    b.cards.forest1 = { terrain: 'swamp', state: 'healthy' };
    expect(code(() => goomzPhase(b, ['red']))).toEqual(['/cards terrain_count']);
  });

  it('SOE-OBJ-3: a Classic Goomz in play with an empty pile is an inconsistent board', () => {
    const b = board({ goomz: [{ color: 'red', at: 'swamp1' }], objectives: [{ color: 'red', pile: [] }] });
    expect(code(() => goomzPhase(b, ['red']))).toEqual(['/objectives/0/pile empty_pile_in_play']);
  });

  it('the input board is never mutated', () => {
    const b = board({ goomz: [{ color: 'red', at: 'swamp1' }] });
    goomzPhase(b, ['red']);
    expect(b.cards.swamp1!.state).toBe('healthy');
  });
});
