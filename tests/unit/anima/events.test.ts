import { describe, expect, it } from 'vitest';
import { FixedDice } from '../../../src/kernel/dice/index.js';
import { explore, facePrior, type Location } from '../../../src/games/anima/rules/index.js';

const table: Location['table'] = [
  { min: 1, max: 2, result: 'nothing' },
  { min: 3, max: 5, result: 'encounter', count: 1 },
  { min: 6, max: 8, result: 'encounter', count: 2 },
  { min: 9, max: 10, result: 'special', losesGifts: 1 },
];
const posada = { name: 'La Posada', level: 1, table };
const novel = { characters: [{ name: 'Novel', combat: 3, speed: 2 }] };
const four = { characters: ['A', 'B', 'C', 'D'].map((name) => ({ name, combat: 1, speed: 1 })) };

describe('Ánima Event effects', () => {
  it('ANIMA-GROUP-6: an Event that adds Characters (La Posada) adds them, up to 4 in the Group', () => {
    const r = explore(posada, novel, [{ name: 'La Posada', kind: 'event', level: 1, recruits: 1 }], new FixedDice([4]));
    expect(r.encounters[0]).toMatchObject({ resolution: 'event', recruited: 1 });
    expect(r).toMatchObject({ groupSize: 2, rewardAllowed: true });
    const full = explore(posada, four, [{ name: 'La Posada', kind: 'event', level: 1, recruits: 2 }], new FixedDice([4]));
    expect(full.encounters[0]!.recruited).toBe(0);
    expect(full.groupSize).toBe(4);
  });

  it('ANIMA-EXPLORE-6: a Special row that loses a card takes it from the hand (never below 0)', () => {
    expect(explore(posada, { ...novel, handSize: 3 }, [], new FixedDice([9]))).toMatchObject({ handSize: 2, rewardAllowed: true, expelled: false });
    expect(explore(posada, { ...novel, handSize: 0 }, [], new FixedDice([10])).handSize).toBe(0);
  });

  it('ANIMA-EXPLORE-7 / ANIMA-HAND-1: Event draws then losses keep the hand within 0..5', () => {
    const r = explore(posada, { ...novel, handSize: 4 }, [{ name: 'Robo', kind: 'event', level: 1, gifts: 3, losesGifts: 2 }], new FixedDice([3]));
    expect(r.encounters[0]).toMatchObject({ giftsDrawn: 1, giftsLost: 2 });
    expect(r.handSize).toBe(3);
  });

  it('ANIMA-LOSE-1: only a card that says so costs the next turn', () => {
    const plain = explore(posada, novel, [{ name: 'Tormenta', kind: 'event', level: 1, losesTurn: true }], new FixedDice([3]));
    expect(plain).toMatchObject({ expelled: true, rewardAllowed: false, losesNextTurn: false });
    const next = explore(posada, novel, [{ name: 'Maldición', kind: 'event', level: 1, losesTurn: true, losesNextTurn: true }], new FixedDice([3]));
    expect(next.losesNextTurn).toBe(true);
  });

  it('ANIMA-GROUP-5: a heavy defeat of a one-Character Group eliminates it; with two Characters it does not', () => {
    const ogre = { name: 'Ogro', kind: 'creature' as const, level: 1, combat: 9 };
    expect(explore(posada, novel, [ogre], new FixedDice([3, 1, 5]))).toMatchObject({ characterDies: true, groupEliminated: true });
    const two = { characters: [...novel.characters, { name: 'Warlock', combat: 0, speed: 4 }] };
    expect(explore(posada, two, [ogre], new FixedDice([3, 1, 5]))).toMatchObject({ characterDies: true, groupEliminated: false });
  });

  it('ANIMA-PRIOR-4 / ANIMA-GROUP-6: a prior-encounter Event recruits and the Group arrives; ANIMA-GROUP-5 on a lost prior fight', () => {
    const r = facePrior(posada, novel, { name: 'La Posada', kind: 'event', level: 1, recruits: 1 }, new FixedDice([]));
    expect(r).toMatchObject({ arrives: true, groupSize: 2, encounter: { recruited: 1 }, groupEliminated: false });
    const lost = facePrior(posada, novel, { name: 'Ogro', kind: 'creature', level: 1, combat: 9 }, new FixedDice([1, 5]));
    expect(lost).toMatchObject({ arrives: false, characterDies: true, groupEliminated: true });
  });
});
