/**
 * What GET /v1/games/anima/commands teaches for anima (CONTRACT §8.2): a setup an integrator can
 * send as written — a match body (`players`, `options`) and the commands that take it into play —
 * after which the game's first listed command (its example) is accepted. The card lists the rulebook does not print are its worked examples where it names the cards (ANIMA-CARD-1..4).
 */
import type { GameGuide } from '../../kernel/game.js';

const TWO = [
  { id: 'p1', name: 'Ana' },
  { id: 'p2', name: 'Ben' },
];

const TABLE = [
  { min: 1, max: 2, result: 'nothing' },
  { min: 3, max: 5, result: 'encounter', count: 1 },
  { min: 6, max: 8, result: 'encounter', count: 2 },
  { min: 9, max: 10, result: 'special', text: 'Expelled.', expels: true },
];

/** ANIMA-SETUP-2..5 for two players; ANIMA-SETUP-3: each keeps a Character (Speed 4 and 3: p1 plays first, ANIMA-ORDER-1). */
export const ANIMA_GUIDE: GameGuide = {
  setup: {
    players: TWO,
    options: {
      characters: [
        { name: 'Acróbata', combat: 4, speed: 4 },
        { name: 'Novel', combat: 3, speed: 2 },
        { name: 'Ladrona', combat: 2, speed: 4 },
        { name: 'Técnico', combat: 2, speed: 3 },
        { name: 'Maestro de Armas', combat: 4, speed: 2 },
        { name: 'Brujo', combat: 3, speed: 4 },
      ],
      locations: [
        { name: 'Arkángel', level: 1, trade: true, combatAllowed: false, table: TABLE, rewards: [{ kind: 'recruit' }, { kind: 'gift' }] },
        {
          name: 'Las Ruinas',
          level: 2,
          table: TABLE,
          rewards: [{ kind: 'gift' }, { kind: 'mission', name: 'Pozo del Infierno', mission: 'Derrotar a Tiamat' }, { kind: 'mission', mission: 'La Sombra' }],
        },
        { name: 'Aldea de Cornes', level: 1, trade: true, table: TABLE, rewards: [{ kind: 'gift' }, { kind: 'mission', mission: 'Correr' }] },
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
      finalMissions: [0, 1, 2].map(() => ({ name: 'La Sombra', test: { kind: 'combat', enemy: 'Omega', combat: 5 } })),
    },
    commands: [
      { type: 'anima.keep_character', player: 'p1', character: 'Acróbata' },
      { type: 'anima.keep_character', player: 'p2', character: 'Técnico' },
    ],
  },
  first: { type: 'anima.end_phase' },
};
