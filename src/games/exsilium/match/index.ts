/**
 * Exsilium match projection (used by src/app/matches/resolution-log.ts): where the Newaru stands
 * after its last movement (EXS-NEWARU-MOVE), the map it moved on, and each enemy deck level's draw
 * pile and discard pile after the last Newaru combat (EXS-DECK-3). A following
 * `exsilium.newaruMove` may omit `nodes` and `newaru`; a following `exsilium.newaruAction` may omit
 * `decks` / `discards` (per level: a level sent in either wins over the projected one).
 */
import type { Tier } from '../rules/enemy-actions.js';

export interface ExsiliumMatch {
  /** The Newaru's node after the last movement; null when unknown, removed or respawned. */
  newaru: { node: string } | null;
  /** The map of the last movement (nodes with their neighbours). */
  nodes: unknown[] | null;
  /** Enemy deck state per level (EXS-DECK-3), as the last combat at that level left it. */
  enemyDecks: Partial<Record<Tier, { drawPile: unknown[]; discard: unknown[] }>>;
}

type State = ExsiliumMatch & { players: unknown[] };
type Request = Record<string, unknown>;
type Piles = Partial<Record<Tier, unknown[]>>;

export const exsiliumProjection = {
  game: 'exsilium',
  label: 'Exsilium',
  prefix: 'exsilium',
  initial: (): ExsiliumMatch => ({ newaru: null, nodes: null, enemyDecks: {} }),
  omittable: { 'exsilium.newaruMove': ['nodes', 'newaru'] } as Record<string, readonly string[]>,

  fill(type: string, request: Request, state: State): Request {
    const filled: Request = { ...request };
    if (type === 'exsilium.newaruMove') {
      if (filled.nodes === undefined && state.nodes) filled.nodes = structuredClone(state.nodes);
      if (filled.newaru === undefined && state.newaru) filled.newaru = { ...state.newaru };
    }
    if (type === 'exsilium.newaruAction') {
      const decks: Piles = { ...((request.decks as Piles | undefined) ?? {}) };
      const discards: Piles = { ...((request.discards as Piles | undefined) ?? {}) };
      for (const [tier, kept] of Object.entries(state.enemyDecks) as [Tier, { drawPile: unknown[]; discard: unknown[] }][]) {
        if (decks[tier] !== undefined || discards[tier] !== undefined) continue;
        decks[tier] = structuredClone(kept.drawPile);
        discards[tier] = structuredClone(kept.discard);
      }
      if (Object.keys(decks).length) filled.decks = decks;
      if (Object.keys(discards).length) filled.discards = discards;
    }
    return filled;
  },

  apply(state: State, kind: string, request: Request, result: unknown): ExsiliumMatch {
    const kept: ExsiliumMatch = { newaru: state.newaru, nodes: state.nodes, enemyDecks: state.enemyDecks };
    if (kind === 'exsilium.newaruMove') {
      // EXS-NEWARU-MOVE: it ends on `to` (= `from` when it did not move)
      const r = result as { to?: string } | null;
      return { ...kept, newaru: r?.to ? { node: r.to } : kept.newaru, nodes: (request.nodes as unknown[] | undefined) ?? kept.nodes };
    }
    if (kind === 'exsilium.newaruAction') {
      const r = result as { enemyDeck?: { tier: Tier; drawPile: unknown[]; discard: unknown[] }; consequences?: { newaru?: string } } | null;
      const enemyDecks = { ...kept.enemyDecks };
      // A combat that used no deck (EXS-AMB-3b: the defender had no cards) teaches nothing about it.
      if (r?.enemyDeck && r.enemyDeck.drawPile.length + r.enemyDeck.discard.length > 0) {
        enemyDecks[r.enemyDeck.tier] = { drawPile: r.enemyDeck.drawPile, discard: r.enemyDeck.discard };
      }
      // EXS-NEWARU-SPAWN: a removed or respawned Newaru no longer stands where it moved to
      const gone = r?.consequences?.newaru === 'removed' || r?.consequences?.newaru === 'respawned';
      return { ...kept, enemyDecks, newaru: gone ? null : kept.newaru };
    }
    return kept;
  },
};

// The full match (a scenario in the options): its events (evolve.ts; game.ts assembles the match).
export { EXSILIUM_EVENT_TYPES, type ExsiliumEvent } from './evolve.js';
