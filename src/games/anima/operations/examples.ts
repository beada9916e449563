/** Documented request examples for the Ánima operations (the rulebook's worked examples, ANIMA-EX-*). */
const arkangelTable = [
  { min: 1, max: 2, result: 'nothing' },
  { min: 3, max: 5, result: 'encounter', count: 1 },
  { min: 6, max: 8, result: 'encounter', count: 2 },
  { min: 9, max: 10, result: 'special', text: 'Expelled.', expels: true },
];
const juan = {
  characters: [
    { name: 'Acróbata', combat: 3, speed: 4 },
    { name: 'Ilusionista', combat: 3, speed: 4 },
  ],
};
const sergio = {
  characters: [
    { name: 'Ladrona', combat: 2, speed: 4 },
    { name: 'Técnico', combat: 2, speed: 3 },
  ],
  handSize: 3,
};
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
  {
    summary: 'Group vs Creature, tie goes to the Group (ANIMA-COMBAT-3)',
    value: { group: pedro, creature: { name: 'Guerrero Errante', combat: 2 }, context: 'exploration', dice: { values: [4, 5] } },
  },
  { summary: 'Group vs Group 6 vs 11: the loser by 5 loses a Character (ANIMA-COMBAT-4)', value: { group: pedro, opponent: juan, dice: { values: [3, 5] } } },
];

export const priorExamples = [
  {
    summary: 'ANIMA-EX-4: La Sombra de Omega (level 3) at Las Ruinas (level 2) is discarded; Sergio arrives',
    value: { location: { name: 'Las Ruinas', level: 2 }, group: sergio, encounter: { name: 'La Sombra de Omega', kind: 'event', level: 3 }, dice: { values: [] } },
  },
];

export const speedExamples = [
  {
    summary: 'Speed 5, roll 4, difficulty 9 → success (ANIMA-SPEED-1)',
    value: { group: { characters: [{ name: 'Novel', combat: 3, speed: 5 }] }, difficulty: 9, dice: { values: [4] } },
  },
];

export const turnOrderExamples = [
  {
    summary: 'ANIMA-EX-2: Juan (S8), Sergio (S7), Pedro (S2) — no tie, no dice',
    value: {
      players: [
        { id: 'juan', group: juan },
        { id: 'sergio', speed: 7 },
        { id: 'pedro', group: pedro },
      ],
      dice: { values: [] },
    },
  },
  {
    summary: 'A tie at Speed 5 broken by dice and stored (ANIMA-ORDER-2)',
    value: {
      players: [
        { id: 'a', speed: 5 },
        { id: 'b', speed: 5 },
      ],
      dice: { values: [3, 7] },
    },
  },
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

export const moveExamples = [
  {
    summary: 'ANIMA-EX-4: Juan goes to Arkángel, which has no prior encounter, and arrives',
    value: { group: juan, from: null, to: { name: 'Arkángel', level: 1 }, dice: { values: [] } },
  },
  {
    summary: 'ANIMA-OPT-TREE-2: from Arkángel (level 1) up to Las Ruinas (level 2): the drawn Creature is beaten',
    value: {
      group: juan,
      tree: true,
      from: { name: 'Arkángel', level: 1 },
      to: { name: 'Las Ruinas', level: 2 },
      encounter: { name: 'Guerrero Errante', kind: 'creature', level: 1, combat: 2 },
      dice: { values: [3, 4] },
    },
  },
  { summary: 'ANIMA-MOVE-11: Rest', value: { declaration: 'rest', group: pedro } },
];

export const seekExamples = [
  {
    summary: 'ANIMA-EX-4: Sergio seeks, draws Las Ruinas; La Sombra de Omega (level 3) is discarded and he arrives',
    value: {
      players: 3,
      group: sergio,
      source: 'deck',
      location: { name: 'Las Ruinas', level: 2 },
      encounter: { name: 'La Sombra de Omega', kind: 'event', level: 3 },
      active: [{ name: 'Arkángel', occupied: true }, { name: 'Aldea de Cornes' }, { name: 'Americh', priorPending: true }],
      dice: { values: [] },
    },
  },
  {
    summary: 'ANIMA-MOVE-7/8: 2 players, table full; Aldea de Cornes saved by a Gift, Americh removed',
    value: {
      players: 2,
      group: sergio,
      source: 'deck',
      location: { name: 'Las Ruinas', level: 2 },
      encounter: { name: 'Tesoro', kind: 'event', level: 1, gifts: 2 },
      active: [{ name: 'Arkángel', occupied: true }, { name: 'Aldea de Cornes' }, { name: 'Americh' }, { name: 'La Torre del Fin', priorPending: true }],
      removal: ['Aldea de Cornes', 'Americh'],
      saves: [{ location: 'Aldea de Cornes', by: 'juan' }],
    },
  },
];

export const interactionExamples = [
  {
    summary: 'ANIMA-EX-5: Juan and Pedro at Arkángel (Trade, no combat) may trade but not fight; Sergio alone at Las Ruinas',
    value: {
      groups: [
        { id: 'juan', location: 'Arkángel', characters: 2, organisation: 'Sol Negro' },
        { id: 'sergio', location: 'Las Ruinas', characters: 2 },
        { id: 'pedro', location: 'Arkángel', characters: 1 },
      ],
      locations: [
        { name: 'Arkángel', trade: true, combatAllowed: false },
        { name: 'Las Ruinas', trade: false },
      ],
    },
  },
];

export const tradeExamples = [
  {
    summary: 'ANIMA-EX-5: Juan gives Pedro a Gift and the Ilusionista for one Gift',
    value: {
      a: { group: { ...juan, handSize: 3 }, tradeIcon: true, gives: { gifts: 1, characters: ['Ilusionista'] } },
      b: { group: { ...pedro, handSize: 2 }, tradeIcon: true, gives: { gifts: 1 } },
    },
  },
];

export const pickupExamples = [
  {
    summary: 'ANIMA-EX-3: Sergio discards a Gift; Juan and Pedro hold equally many, so nobody takes it',
    value: {
      kind: 'gift',
      from: 'sergio',
      players: [
        { id: 'juan', gifts: 3, characters: 2 },
        { id: 'sergio', gifts: 2, characters: 2 },
        { id: 'pedro', gifts: 3, characters: 1 },
      ],
    },
  },
];

export const missionExamples = [
  { summary: 'ANIMA-MISSION-2: the first Basic Mission completed in the game reveals the Final Mission', value: { completedBasic: 1, finalRevealed: false } },
  { summary: 'ANIMA-MISSION-5: a Resist mission held for a second round of three', value: { completedBasic: 0, finalRevealed: true, resist: { progress: 1, rounds: 3 } } },
];
