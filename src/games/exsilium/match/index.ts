/**
 * Exsilium match projection (used by src/app/matches/resolution-log.ts): where the Newaru stands
 * after its last movement (EXS-NEWARU-MOVE), the map it moved on, and each enemy deck level's draw
 * pile and discard pile after the last Newaru combat (EXS-DECK-3). A following
 * `exsilium.newaruMove` may omit `nodes` and `newaru`; a following `exsilium.newaruAction` may omit
 * `decks` / `discards` (per level: a level sent in either wins over the projected one).
 */
import type { Tier } from '../rules/enemy-actions.js';
import * as abilities from './abilities.js';
import * as cards from './cards.js';
import * as combat from './combat.js';
import * as dodges from './dodge.js';
import * as turn from './turn.js';
import * as upgrades from './upgrades.js';
import { closingTurn } from './turn.js';

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

// The full match (a scenario in the options): table state, its fold and its commands.
export { setupTable, type ExsiliumOptions, type Table } from './table.js';
export { evolveTable, TABLE_EVENT_TYPES, type TableEvent } from './evolve.js';
export type { MoveCommand } from './turn.js';
export type { FightCommand } from './combat.js';
export type { BuyCommand } from './upgrades.js';
export type { PlayCommand, DropCommand } from './cards.js';
export type { DodgeCommand } from './dodge.js';
export type { AbilityCommand } from './abilities.js';

// EXS-ACTION-5: every table command ends with the automatic end of an emptied turn (closeTurn):
// the command that spends the last card, or the one that resolves the last pending combat
// (exsilium.fight, a defender's exsilium.dodge), emits the end of the turn and what follows it.
export const bid = closingTurn(turn.bid);
export const activate = closingTurn(turn.activate);
export const move = closingTurn(turn.move);
export const endTurn = closingTurn(turn.endTurn);
export const fight = closingTurn(combat.fight);
export const buy = closingTurn(upgrades.buy);
export const play = closingTurn(cards.play);
export const drop = closingTurn(cards.drop);
export const eliminate = closingTurn(cards.eliminate);
export const removeMine = closingTurn(cards.removeMine);
export const dodge = closingTurn(dodges.dodge);
export const fillAbilitySlot = closingTurn(abilities.fillAbilitySlot);
export { summarize, type TableSummary } from './summary.js';
export type { CardAction, TableCard } from './table.js';
export { exsiliumOutcome, type ExsiliumOutcome } from './outcome.js';
