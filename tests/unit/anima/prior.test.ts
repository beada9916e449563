import { describe, expect, it } from 'vitest';
import { FixedDice } from '../../../src/kernel/dice/index.js';
import { InvalidInput } from '../../../src/kernel/errors.js';
import { facePrior } from '../../../src/games/anima/rules/index.js';

const ruinas = { name: 'Las Ruinas', level: 2 };
const sergio = {
  characters: [
    { name: 'Ladrona', combat: 2, speed: 4 },
    { name: 'Técnico', combat: 2, speed: 3 },
  ],
};

describe('Ánima prior encounters', () => {
  it('ANIMA-EX-4 / ANIMA-PRIOR-3: La Sombra de Omega (level-3 Event) at Las Ruinas (level 2) is discarded; Sergio arrives', () => {
    const dice = new FixedDice([]);
    const r = facePrior(ruinas, sergio, { name: 'La Sombra de Omega', kind: 'event', level: 3, losesTurn: true }, dice);
    expect(r).toMatchObject({ encounter: { resolution: 'discarded_level' }, arrives: true, turnLost: false });
    expect(dice.consumed).toBe(0);
  });

  it('ANIMA-PRIOR-4: an Event that loses the turn stops the Group before the Location', () => {
    const r = facePrior(ruinas, sergio, { name: 'Tormenta', kind: 'event', level: 1, losesTurn: true }, new FixedDice([]));
    expect(r).toMatchObject({ encounter: { resolution: 'event' }, arrives: false, turnLost: true, creatureStays: false });
  });

  it('ANIMA-PRIOR-4: a harmless Event is suffered and the Group arrives; its Gifts obey the cap', () => {
    const r = facePrior(ruinas, { ...sergio, handSize: 3 }, { name: 'Tesoro', kind: 'event', level: 1, gifts: 2 }, new FixedDice([]));
    expect(r).toMatchObject({ arrives: true, encounter: { giftsDrawn: 2 }, handSize: 5 });
  });

  it('ANIMA-PRIOR-5: the Group beats the Creature (tie included) and arrives; the Creature is discarded', () => {
    const r = facePrior(ruinas, sergio, { name: 'Lobo', kind: 'creature', level: 2, combat: 5 }, new FixedDice([3, 2]));
    expect(r.encounter.combat!.margin).toBe(0);
    expect(r).toMatchObject({ arrives: true, creatureStays: false, turnLost: false });
  });

  it('ANIMA-PRIOR-5: a winning Creature stays; the Group does not arrive and loses the turn', () => {
    const r = facePrior(ruinas, sergio, { name: 'Lobo', kind: 'creature', level: 2, combat: 5 }, new FixedDice([2, 2]));
    expect(r).toMatchObject({ encounter: { resolution: 'lost' }, arrives: false, creatureStays: true, turnLost: true, characterDies: false });
  });

  it('ANIMA-COMBAT-4: losing a prior combat by 5 kills a Character', () => {
    const r = facePrior(ruinas, sergio, { name: 'Lobo', kind: 'creature', level: 2, combat: 8 }, new FixedDice([1, 2]));
    expect(r.characterDies).toBe(true);
  });

  it('ANIMA-CARD-3: a Creature without Combat is a 400 at /encounter/combat', () => {
    expect(() => facePrior(ruinas, sergio, { name: 'Lobo', kind: 'creature', level: 1 }, new FixedDice([1, 1]))).toThrowError(InvalidInput);
  });

  it('ANIMA-TIMING-3 / ANIMA-PRIOR-5: committed Combat cards add to the fight (4+2+1 vs 3+4) and leave the hand', () => {
    const r = facePrior(ruinas, { ...sergio, handSize: 3, combatCards: { combat: 2, count: 1 } }, { name: 'Lobo', kind: 'creature', level: 1, combat: 3 }, new FixedDice([1, 4]));
    expect(r).toMatchObject({ arrives: true, handSize: 2, encounter: { resolution: 'won', combat: { group: { total: 7 } } } });
  });
});
