/**
 * What GET /v1/games/exsilium/commands teaches for exsilium (CONTRACT §8.2): a setup an integrator can
 * send as written — a match body (`players`, `options`) and the commands that take it into play —
 * after which the game's first listed command (its example) is accepted. The board is a small three-tile sample (EXS-SETUP-4, two players).
 */
import type { GameGuide } from '../../kernel/game.js';

const TWO = [
  { id: 'p1', name: 'Ana' },
  { id: 'p2', name: 'Ben' },
];

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
export const EXSILIUM_GUIDE: GameGuide = {
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
