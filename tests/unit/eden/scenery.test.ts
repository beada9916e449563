import { describe, expect, it } from 'vitest';
import {
  attackScenery,
  conceal,
  destructionCount,
  effectiveRules,
  igniteScenery,
  sceneryUpkeep,
  targetableWhenConcealed,
  touchBurning,
  type SceneryState,
} from '../../../src/games/eden/rules/scenery.js';
import { sceneryById } from '../../../src/games/eden/rules/catalog/scenery.js';
import { RuleViolation } from '../../../src/kernel/errors.js';
import { grunt, yuri } from '../../fixtures/eden-fighters.js';

const el = (element: string, extra: Partial<SceneryState> = {}): SceneryState => ({
  id: element + '-1',
  element,
  rules: [...sceneryById(element)!.rules],
  attacks: 0,
  fire: 0,
  ...extra,
});
const code = (fn: () => unknown) => {
  try {
    fn();
  } catch (e) {
    return (e as RuleViolation).code;
  }
  return null;
};

describe('EDEN Territory scenery (§16.1)', () => {
  it('EDEN-TERRAIN-R-DESTRUCTION: an Attack needs no dice; the third attack destroys a Tree (3) and a Devastated zone replaces it', () => {
    const one = attackScenery(el('tree', { attacks: 1 }), yuri());
    expect([one.destroyedNow, one.count, one.apSpent, one.attacker!.ap]).toEqual([false, 2, 1, 2]);
    const three = attackScenery(one.scenery, null);
    expect(three.destroyedNow).toBe(true);
    expect(three.replacedBy).toMatchObject({ element: 'devastated_zone', rules: [{ rule: 'obstruction', value: 2 }, { rule: 'occupation' }] });
    expect(code(() => attackScenery(three.scenery, null))).toBe('scenery_destroyed');
  });

  it('EDEN-TERRAIN-R-DESTRUCTION: an element without Destruction (X) cannot be attacked (Pond)', () => {
    expect(code(() => attackScenery(el('pond'), null))).toBe('not_destructible');
  });

  it('EDEN-AMB-33: attacking scenery costs 1 AP, counts towards 2 Attacks and is forbidden under Fear', () => {
    expect(code(() => attackScenery(el('tree'), yuri({ ap: 0 })))).toBe('no_ap');
    expect(code(() => attackScenery(el('tree'), yuri(), 2))).toBe('attack_limit');
    expect(code(() => attackScenery(el('tree'), yuri({ markers: { fear: 1 } })))).toBe('under_fear');
  });

  it('EDEN-TERRAIN-LIST-11: a Matriarchy fighter cannot attack the Quadristic idol; a Joker can', () => {
    expect(code(() => attackScenery(el('quadristic_idol'), grunt('s', {}, { faction: 'Matriarcado de Sybille' })))).toBe('illegal_target');
    expect(attackScenery(el('quadristic_idol'), yuri()).count).toBe(1);
  });

  it('EDEN-TERRAIN-R-INFLAMMABLE: each Fire marker counts as an attack towards Destruction (Tree: 2 attacks + 1 marker)', () => {
    const r = igniteScenery(el('tree', { attacks: 2 }), 1);
    expect([r.count, r.destroyedNow]).toEqual([3, true]);
    expect(destructionCount(el('tree', { attacks: 1, fire: 1 }))).toBe(2);
  });

  it('EDEN-TERRAIN-R-INFLAMMABLE: a non-inflammable element takes no Fire markers (Low wall)', () => {
    expect(code(() => igniteScenery(el('low_wall'), 1))).toBe('not_inflammable');
  });

  it('EDEN-TERRAIN-R-INFLAMMABLE: in upkeep a burning element gains a marker; an unlit one does not', () => {
    expect(sceneryUpkeep(el('bushes', { fire: 1 })).scenery.fire).toBe(2);
    expect(sceneryUpkeep(el('bushes')).scenery.fire).toBe(0);
    // Bushes: Destruction (3); 1 attack + 1 marker, upkeep adds the third
    expect(sceneryUpkeep(el('bushes', { attacks: 1, fire: 1 })).destroyedNow).toBe(true);
  });

  it('EDEN-TERRAIN-R-INFLAMMABLE: burning loses Crossable, Occupation and Obstruction and gains Obstacle (1) or +1', () => {
    expect(effectiveRules(el('bushes', { fire: 1 }))).toEqual([{ rule: 'destruction', value: 3 }, { rule: 'inflammable' }, { rule: 'obstacle', value: 1 }]);
    expect(effectiveRules(el('dark_forest', { fire: 2 })).find((r) => r.rule === 'obstacle')).toEqual({ rule: 'obstacle', value: 4 });
    expect(effectiveRules(el('dark_forest')).some((r) => r.rule === 'obstruction')).toBe(true);
  });

  it('EDEN-TERRAIN-R-INFLAMMABLE: a fighter in contact with a burning element receives 1 Fire marker; unlit: none', () => {
    expect(touchBurning(el('tree', { fire: 1 }), yuri()).fighter.markers.fire).toBe(1);
    expect(touchBurning(el('tree'), yuri()).fireAdded).toBe(0);
  });

  it('EDEN-TERRAIN-R-CONCEALMENT: hide with a Move (1 AP) in contact and > 15 cm from every adversary', () => {
    const ruins: SceneryState = { id: 'ruins', rules: [{ rule: 'concealment' }], attacks: 0, fire: 0 };
    expect(conceal(ruins, yuri(), true, 15.5).apSpent).toBe(1);
    expect(code(() => conceal(ruins, yuri(), true, 15))).toBe('adversary_too_close');
    expect(code(() => conceal(ruins, yuri(), false, 30))).toBe('not_in_contact');
    expect(code(() => conceal(el('tree'), yuri(), true, 30))).toBe('rule_not_on_element');
    // Move is allowed under Fear (EDEN-STATE-FEAR-1)
    expect(conceal(ruins, yuri({ markers: { fear: 1 } }), true, null).fighter.ap).toBe(2);
  });

  it('EDEN-TERRAIN-R-CONCEALMENT: adversaries within 5 cm may still target a hidden fighter, farther ones may not', () => {
    expect([targetableWhenConcealed(true, 5), targetableWhenConcealed(true, 5.1), targetableWhenConcealed(false, 40)]).toEqual([true, false, true]);
  });
});
