import { describe, expect, it } from 'vitest';
import { InvalidInput } from '../../../src/kernel/errors.js';
import { validatePlayerPhase, type RawStep } from '../../../src/games/spirit-of-eden/rules/index.js';

const run = (steps: RawStep[], extra: object = {}, roll = [1, 1, 6, 3]) => validatePlayerPhase({ roll, steps, ...extra });
const codes = (r: ReturnType<typeof run>) => r.errors.map((e) => `${e.path} ${e.code}`);

describe('Player phase validation', () => {
  it('SOE-EX-13 / SOE-REROLL-1: two set-asides re-roll the same die twice; 2 dice remain for actions', () => {
    const r = run([
      { type: 'reroll', discard: 0, die: 1, value: 4 },
      { type: 'reroll', discard: 3, die: 1, value: 5 },
      { type: 'place', die: 1, card: 0 },
      { type: 'place', die: 2, card: 1 },
    ]);
    expect(r.valid).toBe(true);
    expect(r.discards).toBe(2);
    expect(r.dice.map((d) => [d.value, d.state])).toEqual([
      [1, 'discarded'],
      [5, 'placed'],
      [6, 'placed'],
      [3, 'discarded'],
    ]);
    expect(r.actions).toEqual([
      { step: 2, die: 1, card: 0, value: 5 },
      { step: 3, die: 2, card: 1, value: 6 },
    ]);
  });

  it('SOE-REROLL-1 / SOE-EX-13: a third set-aside is not allowed', () => {
    const r = run([
      { type: 'reroll', discard: 0, die: 1, value: 4 },
      { type: 'reroll', discard: 3, die: 1, value: 5 },
      { type: 'reroll', discard: 2, die: 1, value: 6 },
    ]);
    expect(codes(r)).toEqual(['/steps/2 too_many_discards']);
    expect(r.dice[1]!.value).toBe(5);
  });

  it('SOE-REROLL-1: a set-aside die cannot be placed, and the set-aside die must differ from the re-rolled one', () => {
    const r = run([
      { type: 'reroll', discard: 0, die: 0, value: 4 },
      { type: 'reroll', discard: 0, die: 1, value: 4 },
      { type: 'place', die: 0, card: 0 },
    ]);
    expect(codes(r)).toEqual(['/steps/0/discard same_die', '/steps/2/die die_not_unused']);
  });

  it('SOE-REROLL-1: only unused dice may be set aside or re-rolled', () => {
    const r = run([
      { type: 'place', die: 0, card: 0 },
      { type: 'reroll', discard: 0, die: 0 + 1, value: 2 },
      { type: 'reroll', discard: 2, die: 0, value: 2 },
    ]);
    expect(codes(r)).toEqual(['/steps/1/discard die_not_unused', '/steps/2/die die_not_unused']);
  });

  it('SOE-PLACE-1: at most one die per Action card, and each die once', () => {
    const r = run([
      { type: 'place', die: 0, card: 2 },
      { type: 'place', die: 1, card: 2 },
      { type: 'place', die: 0, card: 3 },
    ]);
    expect(codes(r)).toEqual(['/steps/1/card card_occupied', '/steps/2/die die_not_unused']);
  });

  it('SOE-PLACE-1: four dice on four cards is the maximum and valid', () => {
    const r = run([0, 1, 2, 3].map((i) => ({ type: 'place' as const, die: i, card: 3 - i })));
    expect(r.valid).toBe(true);
    expect(r.actions).toHaveLength(4);
  });

  it('SOE-PLACE-4: leaving every die unused is valid', () => {
    const r = run([]);
    expect(r.valid).toBe(true);
    expect(r.dice.every((d) => d.state === 'unused')).toBe(true);
  });

  it('SOE-NOA-1: Noa’s power right after the roll sets an unused die to any face', () => {
    const r = run([
      { type: 'noa', die: 0, value: 6 },
      { type: 'place', die: 0, card: 0 },
    ]);
    expect(r.valid).toBe(true);
    expect(r.actions[0]!.value).toBe(6);
    expect(r.noaPowerUsed).toBe(true);
  });

  it('SOE-NOA-1: Noa’s power right after a re-roll is allowed', () => {
    const r = run([
      { type: 'place', die: 2, card: 0 },
      { type: 'reroll', discard: 3, die: 0, value: 2 },
      { type: 'noa', die: 0, value: 5 },
    ]);
    expect(r.valid).toBe(true);
  });

  it('SOE-NOA-1: once per game — already used earlier, or twice in one phase', () => {
    expect(codes(run([{ type: 'noa', die: 0, value: 6 }], { noaPowerUsed: true }))).toEqual(['/steps/0 noa_power_used']);
    expect(
      codes(
        run([
          { type: 'noa', die: 0, value: 6 },
          { type: 'noa', die: 1, value: 6 },
        ]),
      ),
    ).toEqual(['/steps/1 noa_power_used']);
  });

  it('SOE-NOA-1: not after a placement (it follows a roll)', () => {
    expect(
      codes(
        run([
          { type: 'place', die: 0, card: 0 },
          { type: 'noa', die: 1, value: 6 },
        ]),
      ),
    ).toEqual(['/steps/1 noa_not_after_roll']);
  });

  it('SOE-AMB-11: Noa’s power only on an unused die', () => {
    expect(
      codes(
        run([
          { type: 'reroll', discard: 0, die: 1, value: 3 },
          { type: 'noa', die: 0, value: 6 },
        ]),
      ),
    ).toEqual(['/steps/1/die die_not_unused']);
  });

  it('SOE-OBJ-4: an owned die bonus re-rolls an unused die, each bonus once', () => {
    const ok = run([{ type: 'bonus', die: 0, value: 5 }], { bonusesAvailable: 1 });
    expect(ok.valid).toBe(true);
    expect(ok.bonusesUsed).toBe(1);
    expect(
      codes(
        run(
          [
            { type: 'bonus', die: 0, value: 5 },
            { type: 'bonus', die: 1, value: 5 },
          ],
          { bonusesAvailable: 1 },
        ),
      ),
    ).toEqual(['/steps/1 no_bonus']);
  });

  it('SOE-MODE-3 Fearless: die bonuses cannot be used', () => {
    expect(codes(run([{ type: 'bonus', die: 0, value: 5 }], { bonusesAvailable: 2, modes: ['fearless'] }))).toEqual(['/steps/0 bonus_forbidden']);
  });

  it('SOE-MODE-6 Scarcity: the face-down card cannot take a die; the card must be named', () => {
    expect(codes(run([{ type: 'place', die: 0, card: 1 }], { modes: ['scarcity'], disabledCard: 1 }))).toEqual(['/steps/0/card card_disabled']);
    expect(codes(run([], { modes: ['scarcity'] }))).toEqual(['/disabledCard missing_disabled_card']);
  });

  it('SOE-MODE-1 Classic: a disabledCard outside Scarcity has no effect', () => {
    expect(run([{ type: 'place', die: 0, card: 1 }], { disabledCard: 1 }).valid).toBe(true);
  });

  it('a step missing a member its type needs is malformed input (400)', () => {
    try {
      run([
        { type: 'place', die: 0 },
        { type: 'reroll', die: 1 },
      ]);
      expect.unreachable();
    } catch (e) {
      expect(e).toBeInstanceOf(InvalidInput);
      expect((e as InvalidInput).errors.map((p) => p.path)).toEqual(['/steps/0/card', '/steps/1/discard', '/steps/1/value']);
    }
  });
});
