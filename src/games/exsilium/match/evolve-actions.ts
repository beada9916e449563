/**
 * The Exsilium table events added for card actions, upgrades, terminal control and faction
 * abilities, with their folds: each event type's data is declared in `ActionEvent` and folded by its
 * entry of `ACTION_FOLDS` (evolve-turn.ts holds the turn and combat events; evolve.ts composes both).
 */
import type { FoldTable } from '../../../kernel/folds.js';
import type { Faction } from '../rules/retreat.js';
import type { PendingCombat, Table, TableNode, TablePlayer } from './table.js';

export type Ability = 'syl_drone' | 'keber_strike' | 'vinsan_sinkhole' | 'wardun_paralysis';
export type EliminationCause = Ability | 'mine';
export type DropMode = 'face_up' | 'face_down' | 'supply';
export type Figure = { player: string; miniature: string } | { newaru: string };

export type ActionEvent =
  | { type: 'exsilium.terminal_controlled'; data: { player: string; node: string } }
  | { type: 'exsilium.terminal_cracked'; data: { player: string; node: string; owner: string } }
  | { type: 'exsilium.upgrades_refreshed'; data: { player: string; removed: string[]; revealed: string[] } }
  | { type: 'exsilium.upgrades_bought'; data: { player: string; terminal: string; spent: string[]; bought: string[]; budget: number; cost: number; revealed: string[] } }
  | { type: 'exsilium.cards_drawn'; data: { player: string; cards: string[]; reshuffled: string[] | null } }
  | { type: 'exsilium.card_exchanged'; data: { player: string; discarded: string; taken: string } }
  | { type: 'exsilium.card_eliminated'; data: { player: string; card: string; from: 'hand' | 'discard' } }
  | { type: 'exsilium.mine_removed'; data: { player: string; card: string; node: string } }
  | { type: 'exsilium.dodged'; data: { player: string; card: string; against: 'combat' | 'keber_strike' | 'faction_card'; combat?: PendingCombat } }
  | { type: 'exsilium.card_dropped'; data: { player: string; card: string; node: string; mode: DropMode; tokens: number } }
  | { type: 'exsilium.ability_slot_filled'; data: { player: string; slots: number } }
  | {
      type: 'exsilium.ability_fired';
      data: {
        player: string;
        ability: Ability;
        miniature?: string;
        tile?: string;
        nodes?: string[];
        displaced?: { figure: Figure; from: string; to: string }[];
        trapped?: { player: string; miniature: string };
      };
    }
  | {
      type: 'exsilium.eliminated';
      data: { player: string; cause: EliminationCause; miniatures: string[]; supplyCards: string[]; markers: { node: string | null; fromReserve: boolean }[] };
    }
  | { type: 'exsilium.newaru_eliminated'; data: { ids: string[]; cause: Ability } }
  | { type: 'exsilium.mine_exploded'; data: { node: string; owner: string; card: string; rule: string; eliminated: string[] } }
  | { type: 'exsilium.hologram_set'; data: { player: string; miniature: string; node: string; card: string } }
  | { type: 'exsilium.hologram_revealed'; data: { player: string; miniature: string; node: string; returned: boolean } }
  | { type: 'exsilium.ability_released'; data: { player: string; tokens: number; freed: { player: string; miniature: string } | null } };

type Players = Record<string, TablePlayer>;
export const withPlayer = (players: Players, id: string, f: (p: TablePlayer) => TablePlayer): Players => ({ ...players, [id]: f(players[id]!) });
export const without = (xs: string[], x: string) => {
  const i = xs.indexOf(x);
  return i < 0 ? xs : [...xs.slice(0, i), ...xs.slice(i + 1)];
};
const plus = (reserve: Record<Faction, number>, f: Faction, n: number) => ({ ...reserve, [f]: Math.max(0, reserve[f] + n) });

/** EXS-DECK-1: `cards` drawn from the deck; when the deck ran out, the shuffled discard pile (`reshuffled`) became the deck. */
export function drawInto(p: TablePlayer, drawn: string[], reshuffled: string[] | null): TablePlayer {
  const first = reshuffled ? p.deck.length : drawn.length;
  const deck = reshuffled ? reshuffled.slice(drawn.length - first) : p.deck.slice(first);
  return { ...p, hand: [...p.hand, ...drawn], deck, discard: reshuffled ? [] : p.discard };
}

export const isTerminalNode = (t: Table, node: string) => t.board.nodes.some((n: TableNode) => n.id === node && n.terminal === true);

/** One fold per action event type. */
export const ACTION_FOLDS: FoldTable<Table, ActionEvent> = {
  'exsilium.terminal_controlled': (t, { player, node }) => ({
    ...t,
    controlled: { ...t.controlled, [node]: player },
    players: withPlayer(t.players, player, (p) => ({ ...p, factionTokens: p.factionTokens - 1 })),
  }),
  'exsilium.terminal_cracked': (t, { node, owner }) => {
    const { [node]: _gone, ...controlled } = t.controlled;
    return { ...t, controlled, reserve: plus(t.reserve, t.players[owner]!.faction, 1) };
  },
  'exsilium.upgrades_refreshed': (t, d) => ({ ...t, upgradeRow: d.revealed, upgradeDeck: (t.upgradeDeck ?? []).slice(d.revealed.length) }),
  'exsilium.upgrades_bought': (t, d) => {
    const f = t.players[d.player]!.faction;
    const players = withPlayer(t.players, d.player, (p) => ({
      ...p,
      factionTokens: p.factionTokens - 1,
      hand: [...d.spent.reduce(without, p.hand), ...d.bought],
      discard: [...p.discard, ...d.spent],
      upgrades: [...p.upgrades, ...d.bought],
    }));
    const upgradeRow = [...d.bought.reduce(without, t.upgradeRow), ...d.revealed];
    return { ...t, players, reserve: plus(t.reserve, f, 1), upgradeRow, upgradeDeck: (t.upgradeDeck ?? []).slice(d.revealed.length) };
  },
  'exsilium.cards_drawn': (t, d) => ({ ...t, players: withPlayer(t.players, d.player, (p) => drawInto(p, d.cards, d.reshuffled)) }),
  'exsilium.card_exchanged': (t, d) => ({
    ...t,
    players: withPlayer(t.players, d.player, (p) => ({ ...p, hand: [...without(p.hand, d.discarded), d.taken], discard: [...without(p.discard, d.taken), d.discarded] })),
  }),
  'exsilium.card_eliminated': (t, d) => ({
    ...t,
    players: withPlayer(t.players, d.player, (p) => (d.from === 'hand' ? { ...p, hand: without(p.hand, d.card) } : { ...p, discard: without(p.discard, d.card) })),
  }),
  'exsilium.mine_removed': (t, d) => {
    // EXS-MINE-3: the mine card leaves the game; its marker token goes to the game reserve (as a spent mine's, EXS-MINE-5).
    const { [d.node]: _marker, ...markers } = t.markers;
    const { [d.node]: _card, ...dropped } = t.dropped;
    return { ...t, markers, dropped, reserve: plus(t.reserve, t.players[d.player]!.faction, 1) };
  },
  'exsilium.dodged': (t, d) => {
    // EXS-KW-DODGE: the card is discarded after use; a dodged combat does not take place.
    const players = withPlayer(t.players, d.player, (p) => ({ ...p, hand: without(p.hand, d.card), discard: [...p.discard, d.card] }));
    const i = d.combat ? t.combats.findIndex((c) => JSON.stringify(c) === JSON.stringify(d.combat)) : -1;
    return { ...t, players, combats: i < 0 ? t.combats : t.combats.filter((_, j) => j !== i) };
  },
  'exsilium.card_dropped': (t, d) => {
    const f = t.players[d.player]!.faction;
    const players = withPlayer(t.players, d.player, (p) => ({ ...p, hand: without(p.hand, d.card), factionTokens: p.factionTokens - d.tokens }));
    const markers = { ...t.markers, [d.node]: f };
    if (d.mode === 'supply') return { ...t, players, markers, supply: [d.card, ...t.supply], reserve: plus(t.reserve, f, d.tokens - 1) };
    return { ...t, players, markers, dropped: { ...t.dropped, [d.node]: { card: d.card, faceUp: d.mode === 'face_up' } }, reserve: plus(t.reserve, f, d.tokens - 1) };
  },
  'exsilium.ability_slot_filled': (t, d) => ({
    ...t,
    slotFilled: true,
    players: withPlayer(t.players, d.player, (p) => ({ ...p, factionTokens: p.factionTokens - 1, abilitySlots: d.slots })),
  }),
  'exsilium.ability_fired': (t, d) => {
    let { players, newaru } = t;
    for (const x of d.displaced ?? []) {
      const f = x.figure;
      if ('newaru' in f) newaru = newaru.map((n) => (n.id === f.newaru ? { ...n, node: x.to } : n));
      else players = withPlayer(players, f.player, (p) => ({ ...p, miniatures: p.miniatures.map((m) => (m.id === f.miniature ? { ...m, node: x.to } : m)) }));
    }
    if (d.ability === 'vinsan_sinkhole') players = withPlayer(players, d.player, (p) => ({ ...p, sinkholes: p.sinkholes - 1 }));
    // EXS-FACTION-WARDUN-1: the trapped miniature cannot be attacked: its pending combats are void.
    const trapped = d.trapped;
    const combats = trapped
      ? t.combats.filter((c) => !(c.kind === 'pvp' ? [c.attacker, c.defender] : [c]).some((x) => x.player === trapped.player && x.miniature === trapped.miniature))
      : t.combats;
    return { ...t, players, newaru, combats, destroyed: [...t.destroyed, ...(d.nodes ?? [])], trapped: trapped ?? t.trapped };
  },
  'exsilium.eliminated': (t, d) => {
    const f = t.players[d.player]!.faction;
    let reserve = t.reserve;
    let markers = t.markers;
    let players = withPlayer(t.players, d.player, (p) => ({
      ...p,
      miniatures: p.miniatures.map((m) => (d.miniatures.includes(m.id) ? { ...m, node: null } : m)),
      pool: [...p.pool, ...d.miniatures],
      hand: d.supplyCards.reduce(without, p.hand),
    }));
    for (const m of d.markers) {
      if (m.fromReserve) reserve = plus(reserve, f, -1);
      else players = withPlayer(players, d.player, (p) => ({ ...p, factionTokens: p.factionTokens - 1 }));
      if (m.node) markers = { ...markers, [m.node]: f };
    }
    const gone = (c: PendingCombat) => (c.kind === 'pvp' ? [c.attacker, c.defender] : [c]).some((x) => x.player === d.player && d.miniatures.includes(x.miniature));
    return { ...t, players, reserve, markers, supply: [...[...d.supplyCards].reverse(), ...t.supply], combats: t.combats.filter((c) => !gone(c)) };
  },
  'exsilium.newaru_eliminated': (t, { ids }) => ({
    ...t,
    newaru: t.newaru.filter((n) => !ids.includes(n.id)),
    combats: t.combats.filter((c) => c.kind !== 'newaru' || !ids.includes(c.newaru)),
  }),
  'exsilium.mine_exploded': (t, d) => {
    // EXS-MINE-5: single use — the card to its owner's discard pile, the detonator to the game reserve.
    const { [d.node]: _m, ...markers } = t.markers;
    const { [d.node]: _c, ...dropped } = t.dropped;
    const players = withPlayer(t.players, d.owner, (p) => ({ ...p, discard: [...p.discard, d.card] }));
    return { ...t, markers, dropped, players, reserve: plus(t.reserve, t.players[d.owner]!.faction, 1) };
  },
  'exsilium.hologram_set': (t, d) => ({ ...t, hologram: d, players: withPlayer(t.players, d.player, (p) => ({ ...p, factionTokens: p.factionTokens - 1 })) }),
  'exsilium.hologram_revealed': (t, d) => {
    const back = (p: TablePlayer) => (d.returned ? { ...p, miniatures: p.miniatures.map((m) => (m.id === d.miniature ? { ...m, node: d.node } : m)) } : p);
    return { ...t, hologram: null, players: withPlayer(t.players, d.player, (p) => ({ ...back(p), factionTokens: p.factionTokens + 1 })) };
  },
  'exsilium.ability_released': (t, d) => ({
    ...t,
    trapped: d.freed ? null : t.trapped,
    players: withPlayer(t.players, d.player, (p) => ({ ...p, factionTokens: p.factionTokens + d.tokens, abilitySlots: 0 })),
  }),
};
