/**
 * What GET /v1/games and GET /v1/games/{game}/commands teach (CONTRACT §8.2): each game's name and
 * editions, and a setup an integrator can send as written — a match body (`players`, `options`)
 * and the commands that take it into play — after which the game's first listed command (its
 * example) is accepted. The card lists and boards the rulebooks do not print are sample data:
 * Ánima's are the rulebook's worked examples where it names the cards (ANIMA-CARD-1..4), Exsilium's
 * a small three-tile board (EXS-SETUP-4, two players), The Spirit of Eden's test Action cards (SOE-AMB-12).
 */
import type { GameId } from '../../kernel/match-game.js';
import type { Player } from './ports.js';
import { SET_UP_EXAMPLE } from '../../games/spirit-of-eden/commands/index.js';

export interface GameInfo {
  id: GameId;
  name: string;
  /** The printings a match may follow (`options.edition`), where the game has several. */
  editions?: string[];
}

export const GAME_INFO: GameInfo[] = [
  { id: 'eden', name: 'EDEN', editions: ['es', 'de'] },
  { id: 'anima', name: 'Ánima: La Sombra de Omega' },
  { id: 'exsilium', name: 'Exsilium' },
  { id: 'spirit-of-eden', name: 'The Spirit of Eden' },
];

type Cmd = { type: string; [member: string]: unknown };

export interface GameGuide {
  setup: { players: Player[]; options: Record<string, unknown>; commands: Cmd[] };
  /** The command listed first: accepted right after the setup, with `example` when its documented one is not. */
  first: { type: string; example?: Record<string, unknown> };
}

const TWO = [
  { id: 'p1', name: 'Ana' },
  { id: 'p2', name: 'Ben' },
];

/** EDEN-PREP-1..8, then turn 1's First-player bid (EDEN-FIRST-1) and tactical phase: A activates first. */
const EDEN: GameGuide = {
  setup: {
    players: TWO,
    options: { edition: 'es' },
    commands: [
      { type: 'eden.register_band', player: 'A', bandType: 'faction', fighters: [{ ref: 'yuri', id: 'a1' }] },
      { type: 'eden.register_band', player: 'B', bandType: 'faction', fighters: [{ ref: 'yuri', id: 'b1' }] },
      { type: 'eden.bid', bids: { A: 2, B: 1 } },
      { type: 'eden.choose_leader', player: 'A', fighterId: 'a1' },
      { type: 'eden.choose_leader', player: 'B', fighterId: 'b1' },
      { type: 'eden.play_mission', player: 'A', mission: { name: 'Assassination', visibility: 'secret', deployment: 'confrontation' } },
      { type: 'eden.play_mission', player: 'B', mission: { name: 'Recon', visibility: 'revealed', deployment: 'ambush' } },
      { type: 'eden.deploy', player: 'A' },
      { type: 'eden.deploy', player: 'B' },
      { type: 'eden.choose_tactic_hand', player: 'A', cards: ['Ambush', 'Fury', 'Retreat', 'Rally'] },
      { type: 'eden.choose_tactic_hand', player: 'B', cards: ['Ambush', 'Fury', 'Retreat', 'Rally'] },
      { type: 'eden.bid', bids: { A: 1, B: 0 } },
      { type: 'eden.skip_tactic', player: 'A' },
      { type: 'eden.skip_tactic', player: 'B' },
    ],
  },
  first: { type: 'eden.activate' },
};

const TABLE = [
  { min: 1, max: 2, result: 'nothing' },
  { min: 3, max: 5, result: 'encounter', count: 1 },
  { min: 6, max: 8, result: 'encounter', count: 2 },
  { min: 9, max: 10, result: 'special', text: 'Expelled.', expels: true },
];

/** ANIMA-SETUP-2..5 for two players; ANIMA-SETUP-3: each keeps a Character (Speed 4 and 3: p1 plays first, ANIMA-ORDER-1). */
const ANIMA: GameGuide = {
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

/** Square tiles of nodes on one lattice, 8-direction adjacency (EXS-BOARD-2); node id `<tile>:<x>,<y>`. */
function tileNodes(tiles: { id: string; x: number; crystals?: string[] }[], flags: Record<string, object>) {
  const SIZE = 3;
  const nodes = tiles.flatMap((t) =>
    Array.from({ length: SIZE * SIZE }, (_, i) => {
      const [dx, y] = [Math.floor(i / SIZE), i % SIZE];
      const id = `${t.id}:${t.x + dx},${y}`;
      return { id, tile: t.id, x: t.x + dx, y, ...(t.crystals?.includes(`${dx},${y}`) ? { crystal: true } : {}), ...(flags[id] ?? {}) };
    }),
  );
  return nodes.map(({ x, y, ...node }) => ({
    ...node,
    neighbors: nodes.filter((o) => o.id !== node.id && Math.abs(o.x - x) <= 1 && Math.abs(o.y - y) <= 1).map((o) => o.id),
  }));
}

const deck = (strengths: number[]) => strengths.map((strength, i) => ({ name: `Card ${i + 1}`, strength }));

/** Ana (SYL) on A1, Ben (Keber) on A3, a face-down tile X between (EXS-SETUP-1..5); Ana wins the start-player bid (EXS-SETUP-2). */
const EXSILIUM: GameGuide = {
  setup: {
    players: TWO,
    options: {
      factions: { p1: 'syl', p2: 'keber' },
      board: {
        tiles: [{ id: 'A1', start: 'p1', activation: 'A1:0,1' }, { id: 'X' }, { id: 'A3', start: 'p2', activation: 'A3:8,1', attackerBonus: 2 }],
        nodes: tileNodes(
          [
            { id: 'A1', x: 0, crystals: ['0,0'] },
            { id: 'X', x: 3, crystals: ['0,0', '2,0', '1,2'] },
            { id: 'A3', x: 6 },
          ],
          { 'X:3,2': { terminal: true }, 'X:5,2': { portal: true } },
        ),
      },
      decks: { p1: deck([1, 2, 3, 4, 2, 2, 3, 1]), p2: deck([2, 2, 1, 3, 1, 1, 2, 2]) },
      enemyDecks: {
        basic: [{ name: 'Claw', kind: 'attack', damage: 5 }],
        intermediate: [
          { name: 'Implacable', kind: 'effect' },
          { name: '15 damage', kind: 'attack', damage: 15, evadable: true },
        ],
        advanced: [{ name: 'Bite', kind: 'attack', damage: 9 }],
      },
      baralytasDeck: [3, 3, 2, 2, 2, 1, 1, 1],
    },
    commands: [{ type: 'exsilium.bid', bids: { p1: 2, p2: 1 } }],
  },
  first: { type: 'exsilium.activate' },
};

/** SOE-SETUP-1..5: the dealt layout; turn 1 starts with the roll (SOE-TURN-2). The Action cards are test data (SOE-AMB-12). */
const SPIRIT_OF_EDEN: GameGuide = {
  setup: {
    players: [{ id: 'p1', name: 'Noa' }],
    options: {
      actionCards: [
        ['move1', 'move2', 'move3', 'move1', 'move2', 'move3'],
        ['ambush', 'ambush', 'attract', 'attract', 'protect', 'protect'],
        ['push1', 'push2', 'recover', 'shortcut', 'swapGoomz', 'swapAllies'],
        ['move3', 'move3', 'ambush', 'ambush', 'recover', 'protect'],
      ],
    },
    commands: [{ type: 'soe.set_up', board: SET_UP_EXAMPLE }],
  },
  // no Ally is on Noa yet: the first roll returns none (SOE-NOA-RET-1)
  first: { type: 'soe.roll', example: { dice: { values: [1, 4, 6, 3] } } },
};

export const GAME_GUIDES: Record<GameId, GameGuide> = { eden: EDEN, anima: ANIMA, exsilium: EXSILIUM, 'spirit-of-eden': SPIRIT_OF_EDEN };
