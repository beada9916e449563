/** Documented request examples for the Ánima operations (the rulebook's worked examples, ANIMA-EX-*). */
const arkangelTable = [
  { min: 1, max: 2, result: 'nothing' },
  { min: 3, max: 5, result: 'encounter', count: 1 },
  { min: 6, max: 8, result: 'encounter', count: 2 },
  { min: 9, max: 10, result: 'special', text: 'Expelled.', expels: true },
];
const juan = { characters: [{ name: 'Acróbata', combat: 3, speed: 4 }, { name: 'Ilusionista', combat: 3, speed: 4 }] };
const sergio = { characters: [{ name: 'Ladrona', combat: 2, speed: 4 }, { name: 'Técnico', combat: 2, speed: 3 }], handSize: 3 };
const pedro = { characters: [{ name: 'Novel', combat: 3, speed: 2 }] };

export const explorationExamples = [
  {
    summary: 'ANIMA-EX-6: Juan explores Arkángel, rolls 5, beats the Guerrero Errante 9 vs 6',
    value: {
      location: { name: 'Arkángel', level: 1, table: arkangelTable },
      group: juan,
      encounters: [{ name: 'Guerrero Errante', kind: 'creature', level: 1, combat: 2 }],
      dice: { values: [5, 3, 4] },
    },
  },
  {
    summary: 'ANIMA-EX-7: Sergio at Las Ruinas rolls 6: Señor Oscuro (level 3) discarded, Tesoro draws 2',
    value: {
      location: { name: 'Las Ruinas', level: 2, table: arkangelTable },
      group: sergio,
      encounters: [
        { name: 'Señor Oscuro', kind: 'creature', level: 3, combat: 9 },
        { name: 'Tesoro', kind: 'event', level: 1, gifts: 2 },
      ],
      dice: { values: [6] },
    },
  },
];

export const combatExamples = [
  { summary: 'Group vs Creature, tie goes to the Group (ANIMA-COMBAT-3)', value: { group: pedro, creature: { name: 'Guerrero Errante', combat: 2 }, context: 'exploration', dice: { values: [4, 5] } } },
  { summary: 'Group vs Group 6 vs 11: the loser by 5 loses a Character (ANIMA-COMBAT-4)', value: { group: pedro, opponent: juan, dice: { values: [3, 5] } } },
];

export const priorExamples = [
  {
    summary: 'ANIMA-EX-4: La Sombra de Omega (level 3) at Las Ruinas (level 2) is discarded; Sergio arrives',
    value: { location: { name: 'Las Ruinas', level: 2 }, group: sergio, encounter: { name: 'La Sombra de Omega', kind: 'event', level: 3 }, dice: { values: [] } },
  },
];

export const speedExamples = [
  { summary: 'Speed 5, roll 4, difficulty 9 → success (ANIMA-SPEED-1)', value: { group: { characters: [{ name: 'Novel', combat: 3, speed: 5 }] }, difficulty: 9, dice: { values: [4] } } },
];

export const turnOrderExamples = [
  {
    summary: 'ANIMA-EX-2: Juan (S8), Sergio (S7), Pedro (S2) — no tie, no dice',
    value: { players: [{ id: 'juan', group: juan }, { id: 'sergio', speed: 7 }, { id: 'pedro', group: pedro }], dice: { values: [] } },
  },
  { summary: 'A tie at Speed 5 broken by dice and stored (ANIMA-ORDER-2)', value: { players: [{ id: 'a', speed: 5 }, { id: 'b', speed: 5 }], dice: { values: [3, 7] } } },
];

export const rewardsExamples = [
  {
    summary: 'ANIMA-EX-11: 4 Gifts in hand at a level-3 Location draw 1; Recruit blocked after last turn’s Recruit here',
    value: {
      location: { name: 'La Torre del Fin', level: 3, rewards: [{ kind: 'gift' }, { kind: 'recruit' }, { kind: 'special', name: 'EX' }] },
      group: { ...juan, handSize: 4 },
      turn: 6,
      lastRecruit: { location: 'La Torre del Fin', turn: 5 },
    },
  },
];
