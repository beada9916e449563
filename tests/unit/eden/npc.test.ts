import { describe, expect, it } from 'vitest';
import { decideNpc } from '../../../src/games/eden/rules/npc.js';
import { RuleViolation } from '../../../src/kernel/errors.js';

describe('EDEN NPC decisions (EDEN-NPC-4, EDEN-AMB-22/30)', () => {
  it('EDEN-NPC-4 (1): a fighter in contact → mandatory Attack, even with a closer charge target', () => {
    const r = decideNpc({ contacts: [{ id: 'a' }, { id: 'b' }], visible: [{ id: 'c', distance: 1, lineOfSight: true }] });
    expect(r).toEqual({ action: 'attack', targetId: 'a', candidates: ['a', 'b'], rule: 'EDEN-NPC-4' });
  });

  it('EDEN-NPC-4 (1): the activating player picks which fighter in contact', () => {
    expect(decideNpc({ contacts: [{ id: 'a' }, { id: 'b' }], visible: [], targetId: 'b' }).targetId).toBe('b');
  });

  it('EDEN-NPC-4: a declared target that is not legal is 422 illegal_target with the legal list', () => {
    try {
      decideNpc({ contacts: [{ id: 'a' }], visible: [], targetId: 'z' });
      expect.unreachable();
    } catch (e) {
      expect((e as RuleViolation).code).toBe('illegal_target');
      expect((e as RuleViolation).extra).toEqual({ legalTargets: ['a'] });
    }
  });

  it('EDEN-NPC-4 (2): free and a fighter in LoS under 10 cm → Charge the nearest fighter in LoS', () => {
    const r = decideNpc({
      contacts: [],
      visible: [
        { id: 'far', distance: 9.5, lineOfSight: true },
        { id: 'near', distance: 4, lineOfSight: true },
        { id: 'hidden', distance: 1, lineOfSight: false },
      ],
    });
    expect(r).toMatchObject({ action: 'charge', targetId: 'near', candidates: ['near'] });
  });

  it('EDEN-NPC-4 (2): exactly 10 cm does not trigger a Charge («a menos de 10 cm») → Wander 5 cm', () => {
    expect(decideNpc({ contacts: [], visible: [{ id: 'x', distance: 10, lineOfSight: true }] })).toEqual({ action: 'wander', candidates: [], distance: 5, rule: 'EDEN-NPC-4' });
  });

  it('EDEN-NPC-4 (2): a fighter out of LoS never triggers a Charge', () => {
    expect(decideNpc({ contacts: [], visible: [{ id: 'x', distance: 2, lineOfSight: false }] }).action).toBe('wander');
  });

  it('EDEN-AMB-22: equally near charge targets are all candidates; the activating player picks', () => {
    const visible = [
      { id: 'p', distance: 3, lineOfSight: true },
      { id: 'q', distance: 3, lineOfSight: true },
    ];
    expect(decideNpc({ contacts: [], visible })).toMatchObject({ targetId: 'p', candidates: ['p', 'q'] });
    expect(decideNpc({ contacts: [], visible, targetId: 'q' }).targetId).toBe('q');
  });

  it('EDEN-AMB-30: other NPCs are never targets and do not stop the NPC being free', () => {
    const r = decideNpc({
      contacts: [{ id: 'npc2', npc: true }],
      visible: [
        { id: 'npc3', distance: 1, lineOfSight: true, npc: true },
        { id: 'p', distance: 8, lineOfSight: true },
      ],
    });
    expect(r).toMatchObject({ action: 'charge', targetId: 'p' });
  });

  it('EDEN-NPC-4 (3): a wandering NPC has no target, so naming one is illegal_target', () => {
    expect(() => decideNpc({ contacts: [], visible: [], targetId: 'a' })).toThrow(RuleViolation);
  });
});
