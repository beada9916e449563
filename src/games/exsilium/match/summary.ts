/**
 * The Exsilium table as a table-top shows it (the match projection's `summary`): whose turn and
 * phase, each player's faction, card counts, miniatures, tokens, ability slots, upgrades and
 * terminals; the board's known tiles, Newaru and decks; the winner. Derived from the table only.
 */
import type { Faction } from '../rules/retreat.js';
import { own, points, setOwn, type Table } from './table.js';

export interface TableSummary {
  phase: Table['phase'];
  round: number;
  active: string | null;
  order: string[];
  winner: string | null;
  target: number;
  players: Record<
    string,
    {
      faction: Faction;
      handSize: number;
      deckSize: number;
      discardSize: number;
      baralytas: number;
      connectionTokens: number;
      factionTokens: number;
      abilitySlots: number;
      miniatures: { id: string; node: string | null; trapped: boolean }[];
      inactive: string[];
      upgrades: string[];
      terminals: string[];
      sinkholes: number;
    }
  >;
  revealed: string[];
  deposits: Record<string, number | null>;
  newaru: { id: string; node: string }[];
  enemyDecks: Record<string, { drawPile: number; discard: number }>;
  upgradeRow: { id: string; name: string; cost: number | null }[];
  upgradeDeckSize: number | null;
  supplySize: number;
  markers: Record<string, Faction>;
  destroyed: string[];
  pendingCombats: number;
}

export function summarize(t: Table): TableSummary {
  const players: TableSummary['players'] = {};
  for (const [id, p] of Object.entries(t.players)) {
    setOwn(players, id, {
      faction: p.faction,
      handSize: p.hand.length,
      deckSize: p.deck.length,
      discardSize: p.discard.length,
      baralytas: points(p),
      connectionTokens: p.connectionTokens,
      factionTokens: p.factionTokens,
      abilitySlots: p.abilitySlots,
      miniatures: p.miniatures.map((m) => ({ ...m, trapped: t.trapped?.player === id && t.trapped.miniature === m.id })),
      inactive: [...p.pool],
      upgrades: [...p.upgrades],
      terminals: Object.keys(t.controlled).filter((n) => own(t.controlled, n) === id),
      sinkholes: p.sinkholes,
    });
  }
  return {
    phase: t.phase,
    round: t.round,
    active: t.active,
    order: t.order,
    winner: t.winner,
    target: t.target,
    players,
    revealed: t.revealed,
    deposits: t.deposits,
    newaru: t.newaru,
    enemyDecks: Object.fromEntries(Object.entries(t.enemyDecks).map(([k, v]) => [k, { drawPile: v.drawPile.length, discard: v.discard.length }])),
    upgradeRow: t.upgradeRow.map((id) => ({ id, name: t.cards[id]!.name, cost: t.cards[id]!.cost ?? null })),
    upgradeDeckSize: t.upgradeDeck?.length ?? null,
    supplySize: t.supply.length,
    markers: t.markers,
    destroyed: t.destroyed,
    pendingCombats: t.combats.length,
  };
}
