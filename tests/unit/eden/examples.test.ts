/** Worked examples of digest §20 not covered elsewhere (EDEN-EX-9, -10, -11). */
import { describe, expect, it } from 'vitest';
import { assertItemUses } from '../../../src/games/eden/rules/checks.js';
import { infestationPurchase } from '../../../src/games/eden/rules/npc.js';
import { resolveMelee } from '../../../src/games/eden/rules/melee.js';
import { douseFire } from '../../../src/games/eden/rules/states.js';
import { dice, grunt, item } from '../../fixtures/eden-fighters.js';

describe('EDEN worked examples (§20)', () => {
  it('EDEN-EX-9 (EDEN-ACTION-2 / EDEN-EFFECT-LIMIT): 2 / Turn allows two uses, 1 / Game one, "3 / Game and 1 / Turn" both limits', () => {
    const twoPerTurn = item({ name: 'a', perTurn: 2 });
    expect(() => assertItemUses(twoPerTurn, 1, undefined)).not.toThrow();
    expect(() => assertItemUses(twoPerTurn, 2, undefined)).toThrow(expect.objectContaining({ code: 'item_limit' }));
    expect(() => assertItemUses(item({ name: 'b', perGame: 1 }), undefined, 1)).toThrow(expect.objectContaining({ code: 'item_limit' }));
    const both = item({ name: 'c', perGame: 3, perTurn: 1 });
    expect(() => assertItemUses(both, 0, 2)).not.toThrow();
    expect(() => assertItemUses(both, 1, 2)).toThrow(expect.objectContaining({ code: 'item_limit' }));
    expect(() => assertItemUses(both, 0, 3)).toThrow(expect.objectContaining({ code: 'item_limit' }));
  });

  it('EDEN-EX-10 (EDEN-NPC-2): Infestation Level 3 → 3 points: one Level-3 NPC, or Level 1 + Level 2; not 2 + 2', () => {
    expect(infestationPurchase(3, [3])).toEqual({ points: 3, spent: 3, left: 0, allowed: true });
    expect(infestationPurchase(3, [1, 2]).allowed).toBe(true);
    expect(infestationPurchase(3, [2, 2]).allowed).toBe(false);
  });

  it('EDEN-EX-11 (EDEN-EQUIP-4): «CBT +2» adds 2 to CBT while the item is used: CBT 4 rolls 6 dice', () => {
    const axe = item({ name: 'Axe', bonus: { CBT: 2 } });
    const attacker = grunt('a', { CBT: 4 }, { equipment: [axe] });
    const d = dice(4, 4, 4, 4, 1, 1, 4);
    const r = resolveMelee({ attacker, target: grunt('t'), weapon: 'Axe' }, d);
    expect([r.exchanges[0]!.roll.value, r.exchanges[0]!.roll.pool, r.exchanges[0]!.roll.successes]).toEqual([6, 6, 4]);
    // without using it: 4 dice
    expect(resolveMelee({ attacker, target: grunt('t') }, dice(1, 1, 1, 1)).exchanges[0]!.roll.pool).toBe(4);
  });

  it('EDEN-STATE-FIRE-2 / EDEN-AMB-27: 1 AP per Fire marker removed, repeatable, allowed under Fear', () => {
    const f = grunt('f', {}, { markers: { fire: 3, fear: 1 } });
    expect(douseFire(f, 2)).toMatchObject({ ap: 1, markers: { fire: 1, fear: 1 } });
    expect(() => douseFire(f, 4)).toThrow(expect.objectContaining({ code: 'no_fire' }));
    expect(() => douseFire({ ...f, ap: 1 }, 2)).toThrow(expect.objectContaining({ code: 'no_ap' }));
  });
});
