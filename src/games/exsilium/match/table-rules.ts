/**
 * Exsilium at a table of several people (CONTRACT §8.1, src/kernel/table.ts): what each reader may see
 * of a match, which commands each player may send now, and whom a command acts for. (table.ts holds
 * the match's Table state.)
 *
 * Secret, and from whom:
 * - EXS-DECK-1 / EXS-ROUND-1 / EXS-KW-DRAW: each player's hand, from the others (its size stays public);
 *   the order of each player's draw pile and of every reshuffle, from everyone.
 * - EXS-SUPPLY-1: the shared supply deck is face down: from everyone (a card put into it is seen by
 *   the player who put it there only).
 * - EXS-ACTION-6 (b): a card dropped face down, from everyone but the player who dropped it (and,
 *   EXS-ACTION-8, the player who picks it up).
 * - EXS-REVEAL-2 / EXS-SETUP-7 / EXS-DECK-2 / EXS-DECK-3: the order of the Baralytas deck, the upgrade
 *   deck, the enemy action decks and the Outcome deck, from everyone — in the state, in `options`
 *   (listed in draw order), in every event and in the stateless resolutions' requests and results
 *   (including the shuffle seed, from which an order could be recomputed).
 * - EXS-SETUP-4 / EXS-REVEAL-1: what a face-down tile holds (deposits, terminals, portals, terrain).
 * - EXS-SETUP-2 / EXS-AMB-6: the start-player bids are revealed together by `exsilium.start_player_bid`
 *   (the one command carries every bid, so no bid is stored before it is revealed).
 * A card (its id and content in `table.cards`) is public while it lies face up (discard piles, the
 * upgrade row, upgrades bought, face-up drops) and the reader's own while it is in its hand or
 * face-down drop; `table.cards` lists only those (a hidden card reads HIDDEN where it lies).
 */
import { HIDDEN, hideAll, severalPlayers, type Move, type Reader, type TableRules } from '../../../kernel/table.js';
import type { GameCommand, GameEvent } from '../../../kernel/decider.js';
import type { ExsiliumEvent } from './evolve.js';
import { UPGRADE_SPACES, own, type ExsiliumOptions, type Table, type TableNode, type TableTile } from './table.js';
import { isRecord } from '../../../kernel/records.js';
import { CONCLUDE, chooserOf, conclusionChoices } from './conclusion.js';

/** The projected state: the resolution-log wrapper (with the Exsilium projection) plus `table` and `summary` of a full match. */
export interface ExsiliumTableState {
  game: string;
  players: { id: string; name: string }[];
  latest: Record<string, { request: unknown; result: unknown }>;
  enemyDecks?: Record<string, { drawPile: unknown[]; discard: unknown[] }>;
  table?: Table;
  [member: string]: unknown;
}

/** The stateless operations of the resolution log (canonical names): open table tools for every player. */
export const EXSILIUM_TOOLS = [
  'exsilium.combat',
  'exsilium.eliminations',
  'exsilium.mines',
  'exsilium.newaru_action',
  'exsilium.newaru_move',
  'exsilium.respawn',
  'exsilium.victory',
];

type Data<T extends ExsiliumEvent['type']> = Extract<ExsiliumEvent, { type: T }>['data'];
const mapValues = <T, U>(map: Record<string, T>, f: (value: T, key: string) => U): Record<string, U> => Object.fromEntries(Object.entries(map).map(([k, v]) => [k, f(v, k)]));
const hideList = (x: unknown) => (Array.isArray(x) ? hideAll(x) : x);

/** A deck transcript (src/games/exsilium/rules/decks.ts): draws are revealed cards; shuffled orders and the seed that makes them are not. */
function viewTranscript(x: unknown): unknown {
  if (!isRecord(x)) return x;
  const shuffles = Array.isArray(x.shuffles) ? x.shuffles.map((s) => (isRecord(s) ? { ...s, order: hideList(s.order) } : s)) : x.shuffles;
  return { ...x, ...('seed' in x ? { seed: HIDDEN } : {}), shuffles };
}

/** An enemy deck after a combat (EXS-DECK-3): the draw pile's order is secret, the discard pile is face up. */
const viewPile = (x: unknown) => (isRecord(x) && Array.isArray(x.drawPile) ? { ...x, drawPile: hideAll(x.drawPile) } : x);

/**
 * A stateless resolution (`exsilium.combat`, `exsilium.newaruAction`…): decks sent in draw order,
 * the shuffles of the result, and every seed the shuffles could be recomputed from — the request's
 * own (`seed`, `dice.seed`) and, in a stored event (v2 `{kind, request, dice}`), the command's dice seed.
 */
function viewResolution<E extends { request?: unknown; result?: unknown; dice?: unknown }>(entry: E): E {
  const request = isRecord(entry.request) ? { ...entry.request } : entry.request;
  if (isRecord(request)) {
    // EXS-DECK-3: enemy action decks in draw order; EXS-DECK-2: the Outcome deck's top.
    if (isRecord(request.decks)) request.decks = mapValues(request.decks, hideList);
    if ('outcomeDeck' in request) request.outcomeDeck = hideList(request.outcomeDeck);
    // EXS-DECK-2/3: the seed of the shuffles
    if ('seed' in request) request.seed = HIDDEN;
    if (isRecord(request.dice) && 'seed' in request.dice) request.dice = { ...request.dice, seed: HIDDEN };
  }
  const out: E = { ...entry, request };
  if ('result' in entry) {
    const result = isRecord(entry.result) ? { ...entry.result } : entry.result;
    if (isRecord(result)) {
      if ('decks' in result) result.decks = viewTranscript(result.decks);
      if ('enemyDeck' in result) result.enemyDeck = viewPile(result.enemyDeck);
    }
    out.result = result;
  }
  // EXS-DECK-2/3: the command's dice seed is the seed of the shuffles its request names none for
  if (isRecord(entry.dice) && typeof entry.dice.seed === 'string') out.dice = { ...entry.dice, seed: HIDDEN };
  return out;
}

/** The player whose faction marker lies on `node` (a dropped card's owner, EXS-ACTION-6). */
function markerOwner(t: Table, node: string): string | undefined {
  const faction = own(t.markers, node);
  return faction === undefined ? undefined : Object.keys(t.players).find((id) => t.players[id]!.faction === faction);
}

/** The card ids whose content `reader` may see, by where each card lies now. */
function shownCards(t: Table, reader: Reader): Set<string> {
  const shown = new Set<string>([...t.upgradeRow]);
  for (const [id, p] of Object.entries(t.players)) {
    // EXS-DECK-1: discard piles are face up; EXS-UPGRADE-3: upgrades are bought from the face-up row.
    for (const c of [...p.discard, ...p.upgrades]) shown.add(c);
    if (id === reader) for (const c of p.hand) shown.add(c);
  }
  for (const [node, d] of Object.entries(t.dropped)) {
    // EXS-ACTION-6 (a)/(b): face up for everyone; face down for the player who dropped it.
    if (d.faceUp || (reader !== null && markerOwner(t, node) === reader)) shown.add(d.card);
  }
  if (t.hologram) shown.add(t.hologram.card);
  return shown;
}

/** EXS-REVEAL-1: starting tiles are face up from the start, the others once revealed. */
const faceUp = (t: { revealed: string[] }, tile: TableTile) => tile.start !== undefined || t.revealed.includes(tile.id);

/** The board with what face-down tiles hold hidden (EXS-SETUP-4: random tiles; their nodes' adjacency stays). */
function viewBoard(board: ExsiliumOptions['board'], revealed: string[]): ExsiliumOptions['board'] {
  const up = new Set(board.tiles.filter((tile) => faceUp({ revealed }, tile)).map((tile) => tile.id));
  if (up.size === board.tiles.length) return board;
  const nodes = board.nodes.map((n: TableNode) => (up.has(n.tile) ? n : ({ id: n.id, tile: n.tile, neighbors: n.neighbors, ...HIDDEN } as TableNode)));
  const tiles = board.tiles.map((tile) => (up.has(tile.id) ? tile : ({ id: tile.id, ...HIDDEN } as TableTile)));
  return { ...board, tiles, nodes };
}

function viewTable(t: Table, reader: Reader): Record<string, unknown> {
  const shown = shownCards(t, reader);
  return {
    ...t,
    // EXS-DECK-1: draw piles' order from everyone, hands from the other players (sizes kept).
    players: mapValues(t.players, (p, id) => ({ ...p, deck: hideAll(p.deck), hand: id === reader ? p.hand : hideAll(p.hand) })),
    // The card lookup keeps only the cards the reader may see: a hidden card's id would tell which card a hand or deck holds.
    cards: Object.fromEntries(Object.entries(t.cards).filter(([id]) => shown.has(id))),
    // EXS-SUPPLY-1: one shared face-down pile.
    supply: hideAll(t.supply),
    // EXS-REVEAL-2: the Baralytas deck, shuffled once, drawn only by reveals.
    baralytasDeck: hideAll(t.baralytasDeck),
    // EXS-DECK-3: enemy action decks (discard piles face up).
    enemyDecks: mapValues(t.enemyDecks, (d) => ({ ...d, drawPile: hideAll(d.drawPile) })),
    // EXS-UPGRADE-2: four face up, the rest of the deck face down.
    upgradeDeck: t.upgradeDeck === null ? null : hideAll(t.upgradeDeck),
    // EXS-ACTION-6 (b): a card dropped face down.
    dropped: mapValues(t.dropped, (d) => (shown.has(d.card) ? d : { ...d, card: HIDDEN })),
    board: viewBoard(t.board, t.revealed),
  };
}

function viewState(state: ExsiliumTableState, reader: Reader): unknown {
  const out: Record<string, unknown> = { ...state };
  if (state.latest) out.latest = mapValues(state.latest, viewResolution);
  // The projection's enemy decks after the last stateless Newaru combat (EXS-DECK-3).
  if (state.enemyDecks) out.enemyDecks = mapValues(state.enemyDecks, viewPile);
  if (state.table) out.table = viewTable(state.table, reader);
  return out;
}

/** `options`: decks in draw order (no card of them known to be drawn without the state), the scenario's face-down tiles. */
function viewOptions(options: Record<string, unknown>): Record<string, unknown> {
  const out: Record<string, unknown> = { ...options };
  // EXS-DECK-1: each player's basic cards in draw order.
  if (isRecord(options.decks)) out.decks = mapValues(options.decks, hideList);
  // EXS-SETUP-7: the first four upgrade cards are dealt face up.
  if (Array.isArray(options.upgrades)) out.upgrades = options.upgrades.map((c, i) => (i < UPGRADE_SPACES ? c : HIDDEN));
  // EXS-SETUP-8 / EXS-DECK-3: the enemy action decks, shuffled.
  if (isRecord(options.enemyDecks)) out.enemyDecks = mapValues(options.enemyDecks, hideList);
  // EXS-REVEAL-2: the Baralytas deck.
  if ('baralytasDeck' in options) out.baralytasDeck = hideList(options.baralytasDeck);
  // EXS-SETUP-4: random tiles placed face down.
  const board = options.board as ExsiliumOptions['board'] | undefined;
  if (isRecord(board) && Array.isArray(board.tiles) && Array.isArray(board.nodes)) out.board = viewBoard(board, []);
  return out;
}

function viewEvent(event: GameEvent, reader: Reader, context: { before: ExsiliumTableState; after: ExsiliumTableState }): GameEvent {
  const as = <T>(data: T): GameEvent => ({ type: event.type, data });
  if (event.type.endsWith('.resolved')) {
    const d = event.data;
    return isRecord(d) ? as(viewResolution(d)) : event;
  }
  const before = context.before.table;
  switch (event.type) {
    case 'exsilium.start_player_bid': {
      // EXS-SETUP-2: the bids are revealed together; EXS-REVEAL-2: the Baralytas deck's order is not.
      const d = event.data as Data<'exsilium.start_player_bid'>;
      return as({ ...d, baralytasDeck: hideAll(d.baralytasDeck) });
    }
    case 'exsilium.round_started': {
      // EXS-ROUND-1: each hand refilled unseen by the others; a reshuffled deck's order from everyone (EXS-DECK-1).
      const d = event.data as Data<'exsilium.round_started'>;
      const refills = mapValues(d.refills, (r, id) => ({ drawn: id === reader ? r.drawn : hideAll(r.drawn), reshuffled: r.reshuffled && hideAll(r.reshuffled) }));
      return as({ ...d, refills });
    }
    case 'exsilium.cards_drawn': {
      // EXS-KW-DRAW / EXS-DECK-1.
      const d = event.data as Data<'exsilium.cards_drawn'>;
      return as({ ...d, cards: d.player === reader ? d.cards : hideAll(d.cards), reshuffled: d.reshuffled && hideAll(d.reshuffled) });
    }
    case 'exsilium.card_dropped': {
      // EXS-ACTION-6 (b)/(c): face down, or into the face-down supply deck.
      const d = event.data as Data<'exsilium.card_dropped'>;
      return d.mode === 'face_up' || d.player === reader ? event : as({ ...d, card: HIDDEN });
    }
    case 'exsilium.marker_picked_up': {
      // EXS-ACTION-8: a face-up card is seen by all; a face-down one or the supply's top by the player who takes it.
      const d = event.data as Data<'exsilium.marker_picked_up'>;
      if (d.card === null || d.player === reader) return event;
      const lay = before ? own(before.dropped, d.node) : undefined;
      const dropper = before && lay ? markerOwner(before, d.node) : undefined;
      return lay?.faceUp || (dropper !== undefined && dropper === reader) ? event : as({ ...d, card: HIDDEN });
    }
    case 'exsilium.mine_removed': {
      // EXS-MINE-3: a mine dropped face down leaves the game unseen.
      const d = event.data as Data<'exsilium.mine_removed'>;
      const lay = before ? own(before.dropped, d.node) : undefined;
      return lay?.faceUp !== false || d.player === reader ? event : as({ ...d, card: HIDDEN });
    }
    case 'exsilium.combat_resolved': {
      // EXS-COMBAT-DISCARD-2: the loser's card goes into the face-down supply deck; EXS-DECK-2/3: deck orders and the seed.
      const d = event.data as Data<'exsilium.combat_resolved'>;
      const fx = { ...d.effects };
      if (fx.supplyCard && fx.supplyCard.player !== reader) fx.supplyCard = { ...fx.supplyCard, card: HIDDEN as never };
      if (fx.enemyDeck) fx.enemyDeck = viewPile(fx.enemyDeck) as never;
      const dice = isRecord(d.dice) && typeof d.dice.seed === 'string' ? { ...d.dice, seed: HIDDEN as never } : d.dice;
      return as({ ...d, dice, effects: fx });
    }
    case 'exsilium.conclusion_chosen': {
      // EXS-COMBAT-DISCARD-2: the loser's card goes into the face-down supply deck.
      const d = event.data as Data<'exsilium.conclusion_chosen'>;
      const fx = d.effects.supplyCard;
      return fx && fx.player !== reader ? as({ ...d, effects: { ...d.effects, supplyCard: { ...fx, card: HIDDEN as never } } }) : event;
    }
    case 'exsilium.eliminated': {
      // EXS-COMBAT-DISCARD-3: a victim's cards go into the face-down supply deck.
      const d = event.data as Data<'exsilium.eliminated'>;
      return d.player === reader ? event : as({ ...d, supplyCards: hideAll(d.supplyCards) });
    }
    default:
      return event;
  }
}

/** The ids and names of the cards `reader` may not see, except those it can read anyway (another copy of a name, a public id). */
function secretTexts(state: ExsiliumTableState, reader: Reader): string[] {
  const t = state.table;
  if (!t) return [];
  const shown = shownCards(t, reader);
  const view = JSON.stringify(viewState(state, reader));
  const ids = Object.keys(t.cards).filter((id) => !shown.has(id) && !view.includes(JSON.stringify(id)));
  // EXS-DECK-3: the enemy action cards still in a draw pile.
  const enemy = Object.values(t.enemyDecks).flatMap((d) => d.drawPile.map((c) => c.name));
  const names = new Set([...ids.map((id) => t.cards[id]!.name), ...enemy].filter((name) => name.trim().length > 0 && !view.includes(name)));
  return [...ids, ...names];
}

/** The full match's commands `player` may send now (EXS-ROUND-2: the active player; EXS-KW-DODGE: a defender). */
function tableMoves(t: Table, player: string): string[] {
  // EXS-SETUP-2 / EXS-AMB-6: every player still bidding.
  if (t.phase === 'bid') return t.bidders.includes(player) ? ['exsilium.bid'] : [];
  const p = own(t.players, player);
  if (t.phase !== 'turn' || !p) return [];
  // CONTRACT §9.1 / EXS-COMBAT-PVP-5: a fight's Conclusion choices left to the combatants come first.
  const choosing = conclusionChoices(t);
  if (choosing.length) return choosing.filter((c) => c.player === player).flatMap((c) => c.types);
  if (t.active !== player) {
    // EXS-KW-DODGE / EXS-COMBAT-TRIGGER-4: the defender of a pending combat may dodge it.
    const defends = t.combats.some((c) => c.kind === 'pvp' && c.defender.player === player);
    return defends && p.hand.length > 0 ? ['exsilium.dodge'] : [];
  }
  const mine = Object.entries(t.dropped).some(([node, d]) => t.cards[d.card]?.mine === true && markerOwner(t, node) === player);
  const anytime = ['exsilium.eliminate', ...(mine ? ['exsilium.remove_mine'] : [])];
  if (t.combats.length > 0) {
    // EXS-COMBAT-TRIGGER-4: a pending combat first; EXS-CARD-5: "before a combat" cards; EXS-ACTION-7 at any moment.
    const before = p.hand.some((c) => t.cards[c]?.beforeCombat === true);
    return ['exsilium.fight', ...(before ? ['exsilium.play'] : []), ...(p.hand.length ? anytime : anytime.slice(1))];
  }
  // EXS-ACTION-1..8, EXS-PBOARD-2/4, EXS-UPGRADE-1, EXS-ACTION-5.
  const cards = p.hand.length > 0 ? ['exsilium.activate', 'exsilium.move', 'exsilium.play', 'exsilium.drop', 'exsilium.eliminate'] : [];
  const terminal = Object.values(t.controlled).includes(player) && p.factionTokens > 0 ? ['exsilium.activate'] : [];
  const buy = t.upgradeDeck !== null && p.hand.length > 0 && p.factionTokens > 0 ? ['exsilium.buy'] : [];
  const ability = !t.slotFilled && p.factionTokens > 0 ? ['exsilium.ability'] : [];
  return [...new Set([...cards, ...terminal, ...(mine ? ['exsilium.remove_mine'] : []), ...buy, ...ability, 'exsilium.end_turn'])];
}

function moves(state: ExsiliumTableState): Move[] {
  const t = state.table;
  // EXS-WIN-1: nothing is sent once a player has won.
  if (t?.phase === 'ended') return [];
  // a full match lists its turn's moves; the stateless tools (still accepted as commands) are the moves of a match without a table
  return (state.players ?? []).flatMap(({ id }) => (t ? tableMoves(t, id) : EXSILIUM_TOOLS).map((type) => ({ player: id, type })));
}

/** The other players whose decisions a table command carries besides its `player`'s. */
function othersDeciding(command: GameCommand, player: string, t: Table | undefined): string[] {
  const others: string[] = [];
  // EXS-COMBAT-PVP-2: the defender's reply; EXS-COMBAT-PVP-5 (1): the loser picks the Baralytas value.
  if (command.type === 'exsilium.fight') {
    const pvp = t?.combats[typeof command.combat === 'number' ? command.combat : 0];
    if (Array.isArray(command.defenderCards) && command.defenderCards.length > 0) others.push(pvp?.kind === 'pvp' ? pvp.defender.player : 'the defender');
    if (isRecord(command.give)) others.push(...Object.keys(command.give));
    // EXS-COMBAT-PVP-5 / EXS-COMBAT-DISCARD-1/2: the winner's discards, the loser's supply card and marker —
    // which combatant wins is not known when a seat sends its fight: the opponent's choice, maybe
    const opponent = pvp?.kind === 'pvp' ? (pvp.attacker.player === player ? pvp.defender.player : pvp.attacker.player) : undefined;
    if (opponent && ['discards', 'supplyCard', 'markerNode'].some((m) => command[m] !== undefined)) others.push(opponent);
  }
  // CONTRACT §9.1: a Conclusion choice is its combatant's (the loser's token, supply card and marker; the winner's discards).
  if (command.type === CONCLUDE && t?.conclusion) {
    for (const m of Object.keys(command)) {
      const chooser = chooserOf(t.conclusion, m);
      if (chooser) others.push(chooser);
    }
  }
  // EXS-COMBAT-DISCARD-3 / EXS-FACTION-KEBER-1: the victims choose their supply cards, markers and dodge.
  if (command.type === 'exsilium.ability' && isRecord(command.victims)) others.push(...Object.keys(command.victims));
  // EXS-KW-DODGE: the terminal owner's dodge card against a cracking card. Never looked up in the
  // hands: whose hand holds the card named is secret, and the refusal would tell (CONTRACT §8.1).
  if (command.type === 'exsilium.play' && typeof command.dodge === 'string') others.push('the terminal owner');
  return others.filter((x) => x !== player);
}

function actor(command: GameCommand, state: ExsiliumTableState): string | readonly string[] | undefined {
  // EXS-SETUP-2: one command carries every bidder's secret bid.
  if (command.type === 'exsilium.bid') {
    const bidders = isRecord(command.bids) ? Object.keys(command.bids) : [];
    if (bidders.length === 0) return undefined;
    return severalPlayers(bidders);
  }
  // Every table command names its player (exsilium.dodge: the defender); the stateless tools name none.
  if (typeof command.player !== 'string') return undefined;
  const others = othersDeciding(command, command.player, state.table);
  return others.length ? severalPlayers([command.player, ...others]) : command.player;
}

export const exsiliumTable: TableRules<ExsiliumTableState> = {
  viewState,
  viewOptions: (options) => viewOptions(options),
  viewEvent,
  secretTexts,
  moves,
  actor,
};
