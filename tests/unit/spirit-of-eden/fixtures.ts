/** A board in the setup layout: ring index 0 = TL, clockwise (SOE-GRID-2). */
import type { Ally, Board, Card, CardState, Goomz, ObjectivePile, Terrain } from '../../../src/games/spirit-of-eden/rules/index.js';

// TL, TM, TR, MR, BR, BM, BL, ML
export const RING = ['mountain1', 'waterfall1', 'swamp1', 'forest1', 'mountain2', 'waterfall2', 'swamp2', 'forest2'];

export function board(opts: { states?: Record<string, CardState>; goomz?: Goomz[]; allies?: Ally[]; objectives?: ObjectivePile[] } = {}): Board {
  const cards: Record<string, Card> = {};
  for (const id of RING) cards[id] = { terrain: id.replace(/\d$/, '') as Terrain, state: opts.states?.[id] ?? 'healthy' };
  return {
    ring: [...RING],
    cards,
    goomz: opts.goomz ?? [],
    allies: opts.allies ?? [],
    ...(opts.objectives ? { objectives: opts.objectives } : {}),
  };
}
