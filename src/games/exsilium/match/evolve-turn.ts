/**
 * The turn events of an Exsilium match (the bid, rounds and turns, activation and steps, pick-ups,
 * combats, victory, the Newaru) with their folds: each event type's data is declared in `TurnEvent`
 * and folded by its entry of `TURN_FOLDS` (evolve-actions.ts holds the card-action events; evolve.ts
 * composes both). Each event is a fact the decider already checked.
 */
import type { DeckDraw } from '../rules/decks.js';
import type { EnemyCard, Tier } from '../rules/enemy-actions.js';
import type { Faction } from '../rules/retreat.js';
import type { ConclusionChoices, PendingCombat, Table, TablePlayer } from './table.js';
import type { FoldTable } from '../../../kernel/folds.js';
import { drawInto, isTerminalNode, withPlayer, without } from './evolve-actions.js';

export interface CombatEffects {
  baralytas?: { from: string; to: string; value: number };
  connection?: { from: string | null; to: string };
  /** The winner's faction token from the game reserve (EXS-TOKEN-4). */
  factionToken?: string;
  discards?: Record<string, string[]>;
  retreat?: { player: string; miniature: string };
  marker?: { player: string; node: string | null; fromReserve: boolean };
  supplyCard?: { player: string; card: string };
  returned?: { player: string; value: number; deposit: string | null };
  newaru?: { id: string; to: string | null };
  enemyDeck?: { tier: Tier; drawPile: EnemyCard[]; discard: EnemyCard[] };
}

/**
 * The facts of a combat (`exsilium.combat_resolved` schema v2, event-versions.ts): the combat, its
 * winner, what changed on the table (`effects`), the cards drawn (Outcome and enemy action cards,
 * in draw order) and the seed of its shuffles (`dice.seed`: null when nothing was shuffled or the
 * command's dice were fixed values; Exsilium rolls no dice, so `values` is empty). No rules-core
 * answer is stored.
 */
export interface CombatFacts {
  combat: PendingCombat;
  winner: string | null;
  effects: CombatEffects;
  draws: DeckDraw[];
  dice: { seed: string | null; values: number[] };
  /** A fight resolved from the seats (CONTRACT §9.1): the Conclusion choices left to their players (exsilium.conclude); `effects` holds what is certain. */
  choices?: ConclusionChoices;
}

export type TurnEvent =
  | { type: 'exsilium.start_player_bid'; data: { bids: Record<string, number>; startPlayer: string | null; tied: string[]; order: string[]; baralytasDeck: number[] } }
  | { type: 'exsilium.tile_revealed'; data: { tile: string; deposits: Record<string, number>; terminals: string[]; newaru: { id: string; node: string } | null } }
  | { type: 'exsilium.round_started'; data: { round: number; refills: Record<string, { drawn: string[]; reshuffled: string[] | null }> } }
  | { type: 'exsilium.turn_started'; data: { player: string; combats: PendingCombat[] } }
  | { type: 'exsilium.card_played'; data: { player: string; card: string; use: 'move' | 'activate' | 'action'; miniature?: string; action?: string } }
  | { type: 'exsilium.miniature_activated'; data: { player: string; miniature: string; node: string; /** EXS-ACTION-3: paid in faction tokens. */ tokens?: number } }
  | { type: 'exsilium.miniature_stepped'; data: { player: string; miniature: string; from: string; to: string } }
  | { type: 'exsilium.baralytas_collected'; data: { player: string; deposit: string; value: number; points: number } }
  | { type: 'exsilium.connection_token_taken'; data: { player: string; node: string } }
  | { type: 'exsilium.marker_picked_up'; data: { player: string; node: string; faction: Faction; card: string | null } }
  | { type: 'exsilium.combats_triggered'; data: { combats: PendingCombat[] } }
  | { type: 'exsilium.combat_resolved'; data: CombatFacts }
  | { type: 'exsilium.conclusion_chosen'; data: { player: string; combat: PendingCombat; effects: CombatEffects } }
  | { type: 'exsilium.game_won'; data: { player: string; points: number; target: number } }
  | { type: 'exsilium.turn_ended'; data: { player: string } }
  | { type: 'exsilium.newaru_moved'; data: { id: string; from: string; to: string; adjacentTo: string[]; rules: string[] } }
  | { type: 'exsilium.newaru_spawned'; data: { id: string; tile: string; node: string } };

const place = (p: TablePlayer, miniature: string, node: string | null): TablePlayer => ({ ...p, miniatures: p.miniatures.map((m) => (m.id === miniature ? { ...m, node } : m)) });

/** What a combat changed on the table (its effects, in the Conclusion's order). */
function applyEffects(t: Table, fx: CombatEffects): Table {
  let players = t.players;
  let { reserve, deposits, supply, markers, newaru, enemyDecks } = t;
  if (fx.baralytas) {
    const { from, to, value } = fx.baralytas;
    players = withPlayer(players, from, (p) => ({ ...p, baralytas: without(p.baralytas.map(String), String(value)).map(Number) }));
    players = withPlayer(players, to, (p) => ({ ...p, baralytas: [...p.baralytas, value] }));
  }
  if (fx.connection) {
    const { from, to } = fx.connection;
    if (from) players = withPlayer(players, from, (p) => ({ ...p, connectionTokens: p.connectionTokens - 1 }));
    players = withPlayer(players, to, (p) => ({ ...p, connectionTokens: p.connectionTokens + 1 }));
  }
  if (fx.factionToken) {
    const f = players[fx.factionToken]!.faction;
    reserve = { ...reserve, [f]: reserve[f] - 1 };
    players = withPlayer(players, fx.factionToken, (p) => ({ ...p, factionTokens: p.factionTokens + 1 }));
  }
  for (const [id, cards] of Object.entries(fx.discards ?? {})) {
    players = withPlayer(players, id, (p) => ({ ...p, hand: cards.reduce(without, p.hand), discard: [...p.discard, ...cards] }));
  }
  if (fx.returned) {
    const { player, value, deposit } = fx.returned;
    players = withPlayer(players, player, (p) => ({ ...p, baralytas: without(p.baralytas.map(String), String(value)).map(Number) }));
    if (deposit) deposits = { ...deposits, [deposit]: value };
  }
  if (fx.retreat) {
    const { player, miniature } = fx.retreat;
    players = withPlayer(players, player, (p) => ({ ...place(p, miniature, null), pool: [...p.pool, miniature] }));
  }
  if (fx.marker) {
    const { player, node, fromReserve } = fx.marker;
    const f = players[player]!.faction;
    if (fromReserve) reserve = { ...reserve, [f]: Math.max(0, reserve[f] - 1) };
    else players = withPlayer(players, player, (p) => ({ ...p, factionTokens: p.factionTokens - 1 }));
    if (node) markers = { ...markers, [node]: f };
  }
  if (fx.supplyCard) {
    const { player, card } = fx.supplyCard;
    players = withPlayer(players, player, (p) => ({ ...p, hand: without(p.hand, card) }));
    supply = [card, ...supply];
  }
  if (fx.newaru) {
    const { id, to } = fx.newaru;
    newaru = to === null ? newaru.filter((n) => n.id !== id) : newaru.map((n) => (n.id === id ? { ...n, node: to } : n));
  }
  if (fx.enemyDeck) enemyDecks = { ...enemyDecks, [fx.enemyDeck.tier]: { drawPile: fx.enemyDeck.drawPile, discard: fx.enemyDeck.discard } };
  return { ...t, players, reserve, deposits, supply, markers, newaru, enemyDecks };
}

function applyCombat(before: Table, e: CombatFacts): Table {
  const t = applyEffects(before, e.effects);
  const { players, newaru } = t;
  // Combats of a miniature that left the board are void.
  const onBoard = (player: string, m: string) => players[player]!.miniatures.some((x) => x.id === m && x.node !== null);
  const alive = (id: string) => newaru.some((n) => n.id === id);
  const resolved = t.combats.findIndex((c) => JSON.stringify(c) === JSON.stringify(e.combat));
  const combats = t.combats
    .filter((_, i) => i !== resolved)
    .filter((c) =>
      c.kind === 'pvp' ? onBoard(c.attacker.player, c.attacker.miniature) && onBoard(c.defender.player, c.defender.miniature) : onBoard(c.player, c.miniature) && alive(c.newaru),
    );
  return { ...t, combats, ...(e.choices ? { conclusion: e.choices } : {}) };
}

/** The Conclusion choices still open once `player` has made theirs (the winner's discards; the loser's token, supply card and marker). */
function afterChoice(open: ConclusionChoices, player: string): ConclusionChoices | undefined {
  const { discards, give, supplyCard, markerNode, ...base } = open;
  const left = player === open.winner ? { give, supplyCard, markerNode } : player === open.loser ? { discards } : { discards, give, supplyCard, markerNode };
  const rest = Object.fromEntries(Object.entries(left).filter(([, v]) => v !== undefined));
  return Object.keys(rest).length ? { ...base, ...rest } : undefined;
}

/** The table without `conclusion`, or with the one given. */
function withConclusion(t: Table, open: ConclusionChoices | undefined): Table {
  const { conclusion: _, ...rest } = t;
  return open ? { ...rest, conclusion: open } : rest;
}

/** One fold per turn event type. */
export const TURN_FOLDS: FoldTable<Table, TurnEvent> = {
  'exsilium.start_player_bid': (t, d) => {
    let players = t.players;
    const reserve = { ...t.reserve };
    for (const [id, n] of Object.entries(d.bids)) {
      players = withPlayer(players, id, (p) => ({ ...p, factionTokens: p.factionTokens - n }));
      reserve[players[id]!.faction] += n;
    }
    if (d.startPlayer === null) return { ...t, players, reserve, bidders: d.tied, bidRounds: t.bidRounds + 1 };
    return { ...t, players, reserve, bidders: [], bidRounds: t.bidRounds + 1, order: d.order, phase: 'turn', baralytasDeck: d.baralytasDeck };
  },
  'exsilium.tile_revealed': (t, d) => {
    const taken = Object.keys(d.deposits).length;
    return {
      ...t,
      revealed: [...t.revealed, d.tile],
      deposits: { ...t.deposits, ...d.deposits },
      baralytasDeck: t.baralytasDeck.slice(taken),
      terminalTokens: [...t.terminalTokens, ...d.terminals],
      newaru: d.newaru ? [...t.newaru, d.newaru] : t.newaru,
      newaruSpawned: t.newaruSpawned + (d.newaru ? 1 : 0),
      newaruSupply: d.newaru && t.newaruSupply !== null ? t.newaruSupply - 1 : t.newaruSupply,
    };
  },
  'exsilium.round_started': (t, d) => {
    let players = t.players;
    for (const [id, r] of Object.entries(d.refills)) {
      players = withPlayer(players, id, (p) => drawInto(p, r.drawn, r.reshuffled));
    }
    return { ...t, players, round: d.round };
  },
  'exsilium.turn_started': (t, d) => ({ ...t, active: d.player, paths: [], combats: d.combats, slotFilled: false, hologram: null }),
  'exsilium.card_played': (t, d) => {
    const players = withPlayer(t.players, d.player, (p) => ({ ...p, hand: without(p.hand, d.card), discard: [...p.discard, d.card] }));
    const start = t.players[d.player]!.miniatures.find((m) => m.id === d.miniature)?.node;
    return { ...t, players, paths: d.use !== 'activate' && start ? [...t.paths, [start]] : t.paths };
  },
  'exsilium.miniature_activated': (t, d) => {
    const players = withPlayer(t.players, d.player, (p) => ({
      ...place(p, d.miniature, d.node),
      pool: without(p.pool, d.miniature),
      factionTokens: p.factionTokens - (d.tokens ?? 0),
    }));
    const f = t.players[d.player]!.faction;
    return { ...t, players, reserve: d.tokens ? { ...t.reserve, [f]: t.reserve[f] + d.tokens } : t.reserve };
  },
  'exsilium.miniature_stepped': (t, d) => {
    const paths = t.paths.length ? [...t.paths.slice(0, -1), [...t.paths[t.paths.length - 1]!, d.to]] : [[d.from, d.to]];
    // EXS-TERMINAL-3: the terminals this player's miniatures have left.
    const left = (p: TablePlayer) => (isTerminalNode(t, d.from) && !p.terminalsLeft.includes(d.from) ? [...p.terminalsLeft, d.from] : p.terminalsLeft);
    return { ...t, paths, players: withPlayer(t.players, d.player, (p) => ({ ...place(p, d.miniature, d.to), terminalsLeft: left(p) })) };
  },
  'exsilium.baralytas_collected': (t, d) => ({
    ...t,
    deposits: { ...t.deposits, [d.deposit]: null },
    players: withPlayer(t.players, d.player, (p) => ({ ...p, baralytas: [...p.baralytas, d.value] })),
  }),
  'exsilium.connection_token_taken': (t, d) => ({
    ...t,
    terminalTokens: without(t.terminalTokens, d.node),
    players: withPlayer(t.players, d.player, (p) => ({ ...p, connectionTokens: p.connectionTokens + 1 })),
  }),
  'exsilium.marker_picked_up': (t, d) => {
    const { [d.node]: _gone, ...markers } = t.markers;
    const { [d.node]: _card, ...dropped } = t.dropped;
    const players = d.card ? withPlayer(t.players, d.player, (p) => ({ ...p, hand: [...p.hand, d.card!] })) : t.players;
    return { ...t, markers, dropped, players, supply: d.card ? without(t.supply, d.card) : t.supply, reserve: { ...t.reserve, [d.faction]: t.reserve[d.faction] + 1 } };
  },
  'exsilium.combats_triggered': (t, d) => ({ ...t, combats: [...t.combats, ...d.combats] }),
  'exsilium.combat_resolved': applyCombat,
  // CONTRACT §9.1: one player's Conclusion choices of a fight resolved from the seats, applied.
  'exsilium.conclusion_chosen': (t, d) => withConclusion(applyEffects(t, d.effects), t.conclusion && afterChoice(t.conclusion, d.player)),
  // EXS-WIN-1: the match ends; no choice waits any longer.
  'exsilium.game_won': (t, d) => ({ ...withConclusion(t, undefined), phase: 'ended', winner: d.player, combats: [] }),
  'exsilium.turn_ended': (t) => ({ ...t, active: null }),
  'exsilium.newaru_moved': (t, d) => ({ ...t, newaru: t.newaru.map((n) => (n.id === d.id ? { ...n, node: d.to } : n)) }),
  'exsilium.newaru_spawned': (t, d) => ({
    ...t,
    newaru: [...t.newaru, { id: d.id, node: d.node }],
    newaruSpawned: t.newaruSpawned + 1,
    newaruSupply: t.newaruSupply === null ? null : t.newaruSupply - 1,
  }),
};
