import { describe, expect, it } from 'vitest';
import { FixedDice } from '../../../src/kernel/dice/index.js';
import { InvalidInput, RuleViolation } from '../../../src/kernel/errors.js';
import { explore, type EncounterCard, type TableRow } from '../../../src/games/anima/rules/index.js';

// A full table: 1-2 nothing, 3-5 encounter ×1, 6-8 encounter ×2, 9 special, 10 special (expels).
const table: TableRow[] = [
  { min: 1, max: 2, result: 'nothing' },
  { min: 3, max: 5, result: 'encounter', count: 1 },
  { min: 6, max: 8, result: 'encounter', count: 2 },
  { min: 9, max: 9, result: 'special', text: 'Lose a Gift.' },
  { min: 10, max: 10, result: 'special', text: 'Expelled.', expels: true },
];
const arkangel = { name: 'Arkángel', level: 1, table };
const ruinas = { name: 'Las Ruinas', level: 2, table };
const juan = {
  characters: [
    { name: 'Acróbata', combat: 3, speed: 4 },
    { name: 'Ilusionista', combat: 3, speed: 4 },
  ],
};
const guerrero: EncounterCard = { name: 'Guerrero Errante', kind: 'creature', level: 1, combat: 2 };
const sombra: EncounterCard = { name: 'La Sombra de Omega', kind: 'event', level: 3 };
const senorOscuro: EncounterCard = { name: 'Señor Oscuro', kind: 'creature', level: 3, combat: 9 };
const tesoro: EncounterCard = { name: 'Tesoro', kind: 'event', level: 1, gifts: 2 };

describe('Ánima exploration', () => {
  it('ANIMA-EX-6: Juan rolls 5 at Arkángel → Encounter ×1, Guerrero Errante 9 vs 6, reward allowed', () => {
    const dice = new FixedDice([5, 3, 4]);
    const r = explore(arkangel, juan, [guerrero], dice);
    expect(r.roll).toBe(5);
    expect(r.row).toEqual(table[1]);
    expect(r.encounters).toHaveLength(1);
    expect(r.encounters[0]!.resolution).toBe('won');
    expect(r.encounters[0]!.combat).toMatchObject({ group: { total: 9 }, creature: { total: 6 }, margin: 3 });
    expect(r).toMatchObject({ characterDies: false, expelled: false, rewardAllowed: true });
    expect(dice.consumed).toBe(3);
  });

  it('ANIMA-EX-7 / ANIMA-EXPLORE-5a: Sergio rolls 6 at Las Ruinas → Señor Oscuro (level 3) discarded, Tesoro draws 2 capped at 5', () => {
    const dice = new FixedDice([6]);
    const r = explore(ruinas, { characters: [{ name: 'Ladrona', combat: 2, speed: 4 }], handSize: 4 }, [senorOscuro, tesoro], dice);
    expect(r.encounters.map((e) => e.resolution)).toEqual(['discarded_level', 'event']);
    expect(r.encounters[1]!.giftsDrawn).toBe(1);
    expect(r.handSize).toBe(5);
    expect(r.rewardAllowed).toBe(true);
    // No combat dice for a discarded Creature.
    expect(dice.transcript().rolls).toHaveLength(1);
  });

  it('ANIMA-EX-8 / ANIMA-EXPLORE-4: Pedro rolls 2 → Nothing, straight to the reward', () => {
    const r = explore(arkangel, juan, [guerrero], new FixedDice([2]));
    expect(r.row.result).toBe('nothing');
    expect(r.encounters).toEqual([]);
    expect(r.rewardAllowed).toBe(true);
  });

  it('ANIMA-EX-9: one encounter at Arkángel is La Sombra de Omega (level 3) → discarded, the encounter counts, reward at once', () => {
    const r = explore(arkangel, juan, [sombra, guerrero], new FixedDice([4]));
    expect(r.encounters).toEqual([{ card: sombra, resolution: 'discarded_level' }]);
    expect(r.rewardAllowed).toBe(true);
  });

  it('ANIMA-EX-10: at Aldea de Cornes (level 1) Dios Dragón (3) has no effect, Guerrero Errante (1) is fought', () => {
    const aldea = { name: 'Aldea de Cornes', level: 1, table };
    const dios: EncounterCard = { name: 'Dios Dragón', kind: 'creature', level: 3, combat: 12 };
    const r = explore(aldea, juan, [dios, guerrero], new FixedDice([7, 1, 1]));
    expect(r.encounters.map((e) => e.resolution)).toEqual(['discarded_level', 'won']);
  });

  it('ANIMA-PRIOR-3: an encounter of the same level as the Location is resolved (only higher is discarded)', () => {
    const lvl2: EncounterCard = { name: 'Bestia', kind: 'creature', level: 2, combat: 1 };
    const r = explore(ruinas, juan, [lvl2], new FixedDice([3, 5, 5]));
    expect(r.encounters[0]!.resolution).toBe('won');
  });

  it('ANIMA-EXPLORE-5b: a defeat by the first Creature expels, gives no reward and stops the draw', () => {
    const brute: EncounterCard = { name: 'Bruto', kind: 'creature', level: 1, combat: 8 };
    const dice = new FixedDice([6, 1, 1, 9, 9]);
    const r = explore(arkangel, juan, [brute, guerrero], dice);
    expect(r.encounters).toHaveLength(1);
    expect(r.encounters[0]!.resolution).toBe('lost');
    expect(r).toMatchObject({ expelled: true, rewardAllowed: false, characterDies: false });
    expect(dice.consumed).toBe(3);
  });

  it('ANIMA-COMBAT-4 in exploration: a loss by 5+ sets characterDies', () => {
    const brute: EncounterCard = { name: 'Bruto', kind: 'creature', level: 1, combat: 8 };
    const r = explore(arkangel, juan, [brute], new FixedDice([3, 1, 4]));
    expect(r.encounters[0]!.combat!.margin).toBe(-5);
    expect(r.characterDies).toBe(true);
  });

  it('ANIMA-EXPLORE-5: a second-card defeat after a first-card win stops there', () => {
    const brute: EncounterCard = { name: 'Bruto', kind: 'creature', level: 1, combat: 8 };
    const r = explore(arkangel, juan, [guerrero, brute], new FixedDice([6, 5, 1, 1, 2]));
    expect(r.encounters.map((e) => e.resolution)).toEqual(['won', 'lost']);
    expect(r.expelled).toBe(true);
  });

  it('ANIMA-EXPLORE-5c: an Event that loses the turn expels without reward and stops', () => {
    const ambush: EncounterCard = { name: 'Emboscada', kind: 'event', level: 1, losesTurn: true };
    const r = explore(arkangel, juan, [ambush, guerrero], new FixedDice([6]));
    expect(r.encounters.map((e) => e.resolution)).toEqual(['event']);
    expect(r).toMatchObject({ expelled: true, rewardAllowed: false });
  });

  it('ANIMA-EXPLORE-5c: an Event that expels stops the same way', () => {
    const out: EncounterCard = { name: 'Desalojo', kind: 'event', level: 1, expels: true };
    expect(explore(arkangel, juan, [out], new FixedDice([3])).expelled).toBe(true);
  });

  it('ANIMA-EXPLORE-6: a Special row follows its text — not expelled by default, reward allowed', () => {
    const r = explore(arkangel, juan, [], new FixedDice([9]));
    expect(r).toMatchObject({ expelled: false, rewardAllowed: true, encounters: [] });
  });

  it('ANIMA-EXPLORE-6: a Special row that expels gives no reward', () => {
    const r = explore(arkangel, juan, [], new FixedDice([10]));
    expect(r).toMatchObject({ expelled: true, rewardAllowed: false });
  });

  it('ANIMA-MOVE-12: a rested Group fights with +2', () => {
    const r = explore(arkangel, { ...juan, rested: true }, [guerrero], new FixedDice([3, 1, 1]));
    expect(r.encounters[0]!.combat!.group.total).toBe(9);
  });

  it('ANIMA-EXPLORE-5: fewer cards than Encounter(n) reaches → encounters_exhausted', () => {
    try {
      explore(arkangel, juan, [guerrero], new FixedDice([6, 5, 1]));
      expect.unreachable();
    } catch (e) {
      expect(e).toBeInstanceOf(RuleViolation);
      expect((e as RuleViolation).code).toBe('encounters_exhausted');
    }
  });

  it('ANIMA-EXPLORE-5b: a short deck is fine when a defeat stops the draw first', () => {
    const brute: EncounterCard = { name: 'Bruto', kind: 'creature', level: 1, combat: 8 };
    expect(explore(arkangel, juan, [brute], new FixedDice([6, 1, 1])).expelled).toBe(true);
  });

  it('ANIMA-EXPLORE-3: a table with gaps, overlaps, min > max and a missing count lists every problem', () => {
    const bad: TableRow[] = [
      { min: 1, max: 3, result: 'nothing' },
      { min: 3, max: 4, result: 'encounter' },
      { min: 8, max: 6, result: 'nothing' },
    ];
    try {
      explore({ name: 'X', level: 1, table: bad }, juan, [{ name: 'Y', kind: 'creature', level: 1 }], new FixedDice([1]));
      expect.unreachable();
    } catch (e) {
      expect(e).toBeInstanceOf(InvalidInput);
      const codes = (e as InvalidInput).errors.map((p) => `${p.path} ${p.code}`);
      expect(codes).toEqual(
        expect.arrayContaining([
          '/location/table/1 overlap',
          '/location/table/1/count missing_count',
          '/location/table/2/max min_above_max',
          '/location/table gap',
          '/encounters/0/combat missing_combat',
        ]),
      );
    }
  });

  it('ANIMA-TIMING-3: committed Combat cards (+3, one card) go to the first Creature only and leave the hand then', () => {
    // Roll 7: two Guerreros; the first 6+3+1 vs 2+8 (a tie: the Group wins), the second without the card 6+1 vs 2+4
    const r = explore(arkangel, { ...juan, handSize: 3, combatCards: { combat: 3, count: 1 } }, [guerrero, guerrero], new FixedDice([7, 1, 8, 1, 4]));
    expect(r.encounters.map((e) => e.combat!.group.total)).toEqual([10, 7]);
    expect(r).toMatchObject({ rewardAllowed: true, handSize: 2 });
  });

  it('ANIMA-TIMING-3: with no Creature met (Tesoro) the committed cards stay in hand', () => {
    const r = explore(arkangel, { ...juan, handSize: 3, combatCards: { combat: 3, count: 1 } }, [tesoro], new FixedDice([4]));
    expect(r).toMatchObject({ handSize: 5, encounters: [{ resolution: 'event', giftsDrawn: 2 }] });
  });
});
