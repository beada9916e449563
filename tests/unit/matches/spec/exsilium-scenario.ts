/**
 * A small Exsilium scenario for match tests: three 3 × 3 tiles in a row (EXS-SETUP-4, 2 players:
 * A1 – face-down tile – A3). A1 is Ana's starting tile (SYL, activation node A1:0,1, a deposit at
 * A1:0,0); X is face down with three deposits, a terminal and a portal; A3 is Ben's (Keber).
 */
import { grid } from '../../exsilium/grid.js';

export const players = [
  { id: 'p1', name: 'Ana' },
  { id: 'p2', name: 'Ben' },
];

const flags: Record<string, object> = { 'X:3,2': { terminal: true }, 'X:5,2': { portal: true } };
export const nodes = () =>
  grid([
    { id: 'A1', x: 0, y: 0, size: 3, crystals: ['0,0'] },
    { id: 'X', x: 3, y: 0, size: 3, crystals: ['0,0', '2,0', '1,2'] },
    { id: 'A3', x: 6, y: 0, size: 3 },
  ]).map((n) => ({ ...n, ...(flags[n.id] ?? {}) }));

const deck = (strengths: number[]) => strengths.map((strength, i) => ({ name: `Card ${i + 1}`, strength }));

export const scenario = (extra: Record<string, unknown> = {}) => ({
  factions: { p1: 'syl', p2: 'keber' },
  board: {
    tiles: [{ id: 'A1', start: 'p1', activation: 'A1:0,1' }, { id: 'X' }, { id: 'A3', start: 'p2', activation: 'A3:8,1', attackerBonus: 2 }],
    nodes: nodes(),
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
  ...extra,
});

/** The bid Ana wins: she starts (EXS-SETUP-2). */
export const anaStarts = { type: 'exsilium.bid', bids: { p1: 2, p2: 1 } };

/**
 * A whole game on this scenario, Ana (SYL) against Ben (Keber): Ana collects 3 + 3 + 2 Baralytas,
 * survives the Newaru that walked up to her, then beats Ben's miniature and takes his token: 10
 * points, the 2-player target (EXS-WIN-1).
 */
export const WHOLE_GAME = [
  anaStarts,
  { type: 'exsilium.activate', player: 'p1', card: 'p1-1' },
  { type: 'exsilium.move', player: 'p1', card: 'p1-2', miniature: 'syl-1', path: ['A1:1,1', 'A1:2,1'] },
  { type: 'exsilium.move', player: 'p1', card: 'p1-3', miniature: 'syl-1', path: ['X:3,1'] },
  { type: 'exsilium.end_turn', player: 'p1' },
  { type: 'exsilium.activate', player: 'p2', card: 'p2-1' },
  { type: 'exsilium.move', player: 'p2', card: 'p2-2', miniature: 'keber-1', path: ['A3:7,1', 'A3:6,1'] },
  { type: 'exsilium.end_turn', player: 'p2' },
  { type: 'exsilium.fight', player: 'p1', cards: ['p1-4', 'p1-6', 'p1-7'], outcomeDeck: [4, 8] },
  { type: 'exsilium.move', player: 'p1', card: 'p1-6', miniature: 'syl-1', path: ['X:4,1', 'X:5,1'] },
  { type: 'exsilium.fight', player: 'p1', cards: ['p1-4', 'p1-7'], defenderCards: ['p2-4', 'p2-3'] },
];
