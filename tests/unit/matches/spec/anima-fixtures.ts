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

/**
 * The same cards with skill icons and a Gift deck (the rulebook prints no Gift texts: these are test
 * cards). Setup deals Gifts 0..3 to p1 and 4..7 to p2; 8 and 9 stay in the deck.
 */
export const animaGiftCards = () => {
  const cards = animaCards();
  const skills: Record<string, string[]> = { Acróbata: ['ki', 'magic'], Ladrona: ['scheme'], Técnico: ['magic'], 'Maestro de Armas': ['ki'], Brujo: ['magic'] };
  return {
    ...cards,
    characters: cards.characters.map((c) => ({ ...c, skills: skills[c.name] ?? [] })),
    gifts: [
      { name: 'Sol Negro', category: 'plot', phase: 'start', timing: 'normal', organisation: { enemies: ['Inquisición'] } },
      { name: 'Furia', category: 'ability', skill: 'ki', timing: 'combat', combat: 3 },
      { name: 'Dormir', category: 'ability', skill: 'magic', phase: 'interaction', timing: 'normal', incapacitates: true },
      { name: 'Objeto Mágico', category: 'plot', phase: 'start', timing: 'normal', persistent: true, combat: 1 },
      { name: 'Inquisición', category: 'plot', phase: 'start', timing: 'normal', organisation: { enemies: [] } },
      { name: 'Furia', category: 'ability', skill: 'ki', timing: 'combat', combat: 3 },
      { name: 'Viento', category: 'plot', timing: 'interrupt', speed: 2, text: 'Interrupt.' },
      { name: 'Escudo', category: 'plot', timing: 'combat', combat: 2 },
      { name: 'Mapa', category: 'plot', phase: 'exploration', timing: 'normal' },
      { name: 'Amuleto', category: 'plot', phase: 'exploration', timing: 'normal', combat: 1 },
    ],
  };
};

/**
 * Setup with the Gift deck, order kept by every shuffle (each roll the highest face): p1 keeps the
 * Acróbata with Sol Negro, Furia, Dormir (Objeto Mágico back), p2 the Ladrona with Inquisición,
 * Furia, Viento (Escudo back); the tie at Speed 4 goes to p1 (7 vs 3). Gift deck after: Mapa, Amuleto,
 * Objeto Mágico, Escudo.
 */
export const KEEP_GIFTS = [
  { type: 'anima.keep_character', player: 'p1', character: 'Acróbata', gifts: ['Sol Negro', 'Furia', 'Dormir'], dice: { values: [3, 2, 3, 2] } },
  { type: 'anima.keep_character', player: 'p2', character: 'Ladrona', gifts: ['Inquisición', 'Furia', 'Viento'], dice: { values: [4, 3, 2, 4, 3, 2, 7, 3] } },
];

const end = (player: string) => ({ type: 'anima.end_phase', player });
const play = (player: string, gift: string) => ({ type: 'anima.play_gift', player, gift });

/** With the Gift deck, turn 1 (order p1, p2): both join their enemy Organisations and go to Las Ruinas (La Sombra de Omega, level 3, discarded). */
export const ENEMIES_AT_RUINS = [
  ...KEEP_GIFTS,
  play('p1', 'Sol Negro'),
  end('p1'),
  play('p2', 'Inquisición'),
  end('p2'),
  { type: 'anima.go', player: 'p1', location: 'Las Ruinas' },
  { type: 'anima.go', player: 'p2', location: 'Las Ruinas' },
];

/** p1's first Basic Mission is a Resist mission at Las Ruinas: two rounds against Bandidos (Combat 3, ANIMA-MISSION-5). */
export const resistCards = () => {
  const cards = animaCards();
  cards.basicMissions[0] = { name: 'Defender las Ruinas', test: { kind: 'resist', rounds: 2, enemy: { name: 'Bandidos', combat: 3 } } } as never;
  cards.locations[1]!.rewards[1] = { kind: 'mission', name: 'Pozo del Infierno', mission: 'Defender las Ruinas' };
  return cards;
};

/** With resistCards, turn 1 (order p2, p1): both at Las Ruinas; p2 declines to explore, p1 explores (1: Nothing) and starts the Resist mission. */
export const RESIST_STARTED = [
  KEEP[0]!,
  { ...KEEP[1]!, dice: { values: [1, 1, 1, 3, 7] } },
  end('p2'),
  end('p1'),
  { type: 'anima.go', player: 'p2', location: 'Las Ruinas' },
  { type: 'anima.go', player: 'p1', location: 'Las Ruinas' },
  end('p2'),
  end('p1'),
  end('p2'),
  { type: 'anima.explore', player: 'p1', dice: { values: [1] } },
  { type: 'anima.claim_reward', player: 'p1', reward: 1 },
];

/**
 * The Gift cards with Dirección Equivocada (an Interrupt that redirects a move, ANIMA-TIMING-2) in
 * place of Viento, the Lobo (Combat 3) on top of the Encounter deck after setup, and Derrotar a
 * Tiamat with a structured Benefit (ANIMA-MISSION-4).
 */
export const gapCards = () => {
  const cards = animaGiftCards();
  cards.gifts[6] = { name: 'Dirección Equivocada', category: 'plot', timing: 'interrupt', redirect: true, text: 'Redirige al Grupo de otro jugador.' } as never;
  const [guerrero, sombra, tesoro, senor, lobo] = cards.encounters;
  cards.basicMissions[0] = { ...cards.basicMissions[0]!, benefit: { text: 'El Grupo gana fama.', gifts: 2, combat: 1 } } as never;
  return { ...cards, encounters: [guerrero!, sombra!, lobo!, tesoro!, senor!] };
};

/** Setup with gapCards: as KEEP_GIFTS, p2 keeping Dirección Equivocada instead of Viento. */
export const KEEP_REDIRECT = [KEEP_GIFTS[0]!, { ...KEEP_GIFTS[1]!, gifts: ['Inquisición', 'Furia', 'Dirección Equivocada'] }];

/** With gapCards, turn 1: both at Las Ruinas; p1 explores (1: Nothing) and completes Derrotar a Tiamat (4+8 vs 6+2) with its Benefit. */
export const BENEFIT_DONE = [
  ...KEEP_REDIRECT,
  end('p1'),
  end('p2'),
  { type: 'anima.go', player: 'p1', location: 'Las Ruinas' },
  { type: 'anima.go', player: 'p2', location: 'Las Ruinas' },
  end('p1'),
  end('p2'),
  { type: 'anima.explore', player: 'p1', dice: { values: [1] } },
  { type: 'anima.claim_reward', player: 'p1', reward: 1, dice: { values: [8, 2, 3, 1] } },
];
