/**
 * A whole Exsilium game that uses every kind of command (EXS-ACTION, EXS-UPGRADE, EXS-TERMINAL-3,
 * EXS-PBOARD-4, EXS-FACTION-SYL-1): the scenario of exsilium-scenario.ts with action cards, Drop and
 * Eliminate icons and an upgrade deck. Ana (SYL) beats a Newaru after a "Before a combat: Draw 2",
 * buys an Exchange from the terminal, controls it, blows one of Ben's Keber away with her drone, and
 * wins by taking Ben's Baralytas token with a miniature activated on her terminal.
 */
import { anaStarts, scenario } from './exsilium-scenario.js';

type Card = { name: string; strength: number; [k: string]: unknown };
const basic = (strength: number, extra: Partial<Card> = {}): Card => ({ name: `Basic ${strength}`, strength, ...extra });

export const UPGRADES: Card[] = [
  { name: 'Exchange', strength: 2, cost: 4, action: { kind: 'exchange' } },
  { name: 'Cracking', strength: 1, cost: 3, action: { kind: 'cracking' } },
  { name: 'Cross border 2', strength: 2, cost: 5, action: { kind: 'cross_border', n: 2 } },
  { name: 'Favourable Zone', strength: 1, cost: 2, action: { kind: 'favourable_zone' } },
  { name: 'Draw 2', strength: 1, cost: 3, action: { kind: 'draw', count: 2 } },
  { name: 'Activate portal', strength: 1, cost: 3, action: { kind: 'portal' } },
];

export const fullScenario = (extra: Record<string, unknown> = {}) =>
  scenario({
    decks: {
      p1: [
        basic(1),
        basic(2),
        basic(3),
        basic(4),
        { name: 'Before a combat: Draw 2', strength: 1, action: { kind: 'draw', count: 2 }, beforeCombat: true },
        basic(2),
        basic(3),
        basic(1),
        basic(2),
        basic(2),
        basic(1),
        basic(3),
        basic(2),
        basic(1),
      ],
      p2: [basic(2), basic(2), basic(1), basic(3), basic(1, { secondary: 'drop' }), basic(1, { secondary: 'eliminate' }), basic(2), basic(2), basic(1), basic(3)],
    },
    upgrades: UPGRADES,
    ...extra,
  });

/** The opening most Exsilium specs share: Ana starts, activates and walks her first miniature (`${f}-1`) onto X. */
export const anaOntoX = (f = 'syl') => [
  anaStarts,
  { type: 'exsilium.activate', player: 'p1', card: 'p1-1' },
  { type: 'exsilium.move', player: 'p1', card: 'p1-2', miniature: `${f}-1`, path: ['A1:1,1', 'A1:2,1'] },
  { type: 'exsilium.move', player: 'p1', card: 'p1-3', miniature: `${f}-1`, path: ['X:3,1'] },
];

/** Ana (faction `f`) walks onto X, fills one slot; Ben walks next to X; Ana beats the Newaru that waited for her. */
export const approach = (f: string) => [
  ...anaOntoX(f),
  { type: 'exsilium.ability', player: 'p1' },
  { type: 'exsilium.end_turn', player: 'p1' },
  { type: 'exsilium.activate', player: 'p2', card: 'p2-1' },
  { type: 'exsilium.move', player: 'p2', card: 'p2-2', miniature: 'keber-1', path: ['A3:7,1', 'A3:6,1'] },
  { type: 'exsilium.end_turn', player: 'p2' },
  { type: 'exsilium.fight', player: 'p1', cards: ['p1-4', 'p1-6', 'p1-7'], outcomeDeck: [4, 8] },
];

const end = (player: string) => ({ type: 'exsilium.end_turn', player });
/** Ana (SYL) on X; Ben groups his 4 Keber on A3, next to X, and fills his first ability slot; Ana's turn ends: the Keber strike is next. */
export const KEBER_GROUPED = [
  ...anaOntoX('syl'),
  end('p1'),
  { type: 'exsilium.activate', player: 'p2', card: 'p2-1' },
  { type: 'exsilium.move', player: 'p2', card: 'p2-2', miniature: 'keber-1', path: ['A3:8,0'] },
  { type: 'exsilium.activate', player: 'p2', card: 'p2-3' },
  // Ben's last card: his turn ends by itself (EXS-ACTION-5).
  { type: 'exsilium.move', player: 'p2', card: 'p2-4', miniature: 'keber-2', path: ['A3:8,2'] },
  { type: 'exsilium.fight', player: 'p1', cards: ['p1-4', 'p1-6', 'p1-7'], outcomeDeck: [4, 8] },
  end('p1'),
  { type: 'exsilium.activate', player: 'p2', card: 'p2-5' },
  { type: 'exsilium.move', player: 'p2', card: 'p2-6', miniature: 'keber-3', path: ['A3:7,0'] },
  { type: 'exsilium.activate', player: 'p2', card: 'p2-7' },
  { type: 'exsilium.ability', player: 'p2' },
  end('p2'),
  end('p1'),
];

export const FULL_GAME = [
  // Round 1, Ana: activation (+3), two moves, X revealed (+3 +2 = 8), one ability slot.
  ...anaOntoX('syl'),
  { type: 'exsilium.ability', player: 'p1' },
  { type: 'exsilium.end_turn', player: 'p1' },
  // Round 1, Ben.
  { type: 'exsilium.activate', player: 'p2', card: 'p2-1' },
  { type: 'exsilium.move', player: 'p2', card: 'p2-2', miniature: 'keber-1', path: ['A3:7,1', 'A3:6,1'] },
  { type: 'exsilium.ability', player: 'p2' },
  { type: 'exsilium.end_turn', player: 'p2' },
  // Round 2, Ana: the Newaru waits next to syl-1.
  { type: 'exsilium.play', player: 'p1', card: 'p1-5' },
  { type: 'exsilium.fight', player: 'p1', cards: ['p1-4', 'p1-6', 'p1-7'], outcomeDeck: [4, 8], discards: ['p1-6', 'p1-8'] },
  { type: 'exsilium.move', player: 'p1', card: 'p1-7', miniature: 'syl-1', path: ['X:3,2'] },
  { type: 'exsilium.buy', player: 'p1', cards: ['p1-9'], buy: ['upgrade-1'] },
  { type: 'exsilium.play', player: 'p1', card: 'upgrade-1', discard: 'p1-4', take: 'p1-6' },
  // Her last card: the turn ends by itself (EXS-ACTION-5).
  { type: 'exsilium.move', player: 'p1', card: 'p1-6', miniature: 'syl-1', path: ['X:3,1'], control: true },
  // Round 2, Ben: a Drop, an Eliminate, a second miniature, keber-1 onto X with his last card (EXS-ACTION-5: round 3 follows).
  { type: 'exsilium.drop', player: 'p2', card: 'p2-5', node: 'A3:7,0' },
  { type: 'exsilium.eliminate', player: 'p2', card: 'p2-6' },
  { type: 'exsilium.activate', player: 'p2', card: 'p2-3' },
  { type: 'exsilium.move', player: 'p2', card: 'p2-4', miniature: 'keber-1', path: ['X:5,2'] },
  // Round 3, Ana: the drone takes keber-1, a miniature on her terminal walks to keber-2 and wins the fight (+2 terrain).
  { type: 'exsilium.ability', player: 'p1', miniature: 'syl-1', victims: { p2: { markerNodes: ['X:4,0'] } } },
  { type: 'exsilium.activate', player: 'p1', terminal: 'X:3,2' },
  { type: 'exsilium.move', player: 'p1', card: 'p1-10', miniature: 'syl-2', path: ['X:4,1', 'X:5,1'] },
  { type: 'exsilium.move', player: 'p1', card: 'p1-11', miniature: 'syl-2', path: ['A3:6,1', 'A3:7,1'] },
  { type: 'exsilium.fight', player: 'p1', cards: ['p1-12', 'p1-13'], defenderCards: ['p2-10', 'p2-8'] },
];
