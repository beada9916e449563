/** Card lists for Ánima match specs (the rulebook's worked examples where it names the cards). */
const table = [
  { min: 1, max: 2, result: 'nothing' },
  { min: 3, max: 5, result: 'encounter', count: 1 },
  { min: 6, max: 8, result: 'encounter', count: 2 },
  { min: 9, max: 10, result: 'special', text: 'Expelled.', expels: true },
];

export const ANIMA_PLAYERS = [
  { id: 'p1', name: 'Juan' },
  { id: 'p2', name: 'Sergio' },
];

export const animaCards = () => ({
  characters: [
    { name: 'Acróbata', combat: 4, speed: 4 },
    { name: 'Novel', combat: 3, speed: 2 },
    { name: 'Ladrona', combat: 2, speed: 4 },
    { name: 'Técnico', combat: 2, speed: 3 },
    { name: 'Maestro de Armas', combat: 4, speed: 2 },
    { name: 'Brujo', combat: 3, speed: 4 },
  ],
  locations: [
    { name: 'Arkángel', level: 1, trade: true, combatAllowed: false, table, rewards: [{ kind: 'recruit' }, { kind: 'gift' }] },
    {
      name: 'Las Ruinas',
      level: 2,
      table,
      rewards: [{ kind: 'gift' }, { kind: 'mission', name: 'Pozo del Infierno', mission: 'Derrotar a Tiamat' }, { kind: 'mission', mission: 'La Sombra' }],
    },
    { name: 'Aldea de Cornes', level: 1, trade: true, table, rewards: [{ kind: 'gift' }, { kind: 'mission', mission: 'Correr' }] },
  ],
  encounters: [
    { name: 'Guerrero Errante', kind: 'creature', level: 1, combat: 2 },
    { name: 'La Sombra de Omega', kind: 'event', level: 3, losesTurn: true },
    { name: 'Tesoro', kind: 'event', level: 1, gifts: 2 },
    { name: 'Señor Oscuro', kind: 'creature', level: 3, combat: 9 },
    { name: 'Lobo', kind: 'creature', level: 1, combat: 3 },
  ],
  basicMissions: [
    { name: 'Derrotar a Tiamat', test: { kind: 'combat', enemy: 'Tiamat', combat: 6 } },
    { name: 'Correr', test: { kind: 'speed', difficulty: 9 } },
    { name: 'Espiar', test: { kind: 'speed', difficulty: 12 } },
    { name: 'Robar', test: { kind: 'speed', difficulty: 12 } },
  ],
  finalMissions: [
    { name: 'La Sombra', test: { kind: 'combat', enemy: 'Omega', combat: 5 } },
    { name: 'La Sombra', test: { kind: 'combat', enemy: 'Omega', combat: 5 } },
    { name: 'La Sombra', test: { kind: 'combat', enemy: 'Omega', combat: 5 } },
  ],
});

/** Setup: Juan keeps the Acróbata (C4 S4), Sergio the Ladrona (C2 S4); the character shuffles use seeded dice. */
export const KEEP = [
  { type: 'anima.keep_character', player: 'p1', character: 'Acróbata' },
  { type: 'anima.keep_character', player: 'p2', character: 'Ladrona' },
];
