/**
 * The Exsilium table: the state of a full match (a scenario given in the match options) and its
 * setup. The seeds print neither the basic cards (strengths, Actions, icons; OCR-3), nor the upgrade
 * deck, nor the tiles' node graphs and terrain (OCR-7), nor the enemy action cards, so those come
 * from `options` and are validated here (400 with `/options/...` paths); nothing is invented.
 */
import { InvalidInput, type InputProblem, pointer } from '../../../kernel/errors.js';
import type { BoardNode } from '../rules/board.js';
import type { EnemyCard, Tier } from '../rules/enemy-actions.js';
import type { Faction } from '../rules/retreat.js';
import { victoryTarget, type PlayerCount } from '../rules/victory.js';

export interface TableNode extends BoardNode {
  /** A connection terminal (EXS-BOARD-4). */
  terminal?: boolean;
  /** A portal: Newaru spawn point (EXS-PORTAL-1). */
  portal?: boolean;
  /** The portal's symbol when the tile data prints one (EXS-PORTAL-2, EXS-AMB-10: same symbol → destination). */
  portalSymbol?: string;
}

export interface TableTile {
  id: string;
  /** The player whose starting tile this is (EXS-SETUP-3): face up from the start. */
  start?: string;
  /** That player's activation node (EXS-PBOARD-2, EXS-SETUP-4). */
  activation?: string;
  /** Terrain "+N TO THE ATTACKER IN THIS ZONE" (EXS-BOARD-5). */
  attackerBonus?: number;
  /** Terrain "NO DRAWING IN THIS ZONE" (EXS-BOARD-5, EXS-KW-DRAW). */
  noDraw?: boolean;
}

/**
 * A card's primary Action, by the glossary keyword it carries (EXS-CARD-1 (4), §19). The seeds print
 * no card list, so each card's keyword comes from the options; a card without one has no Action
 * (it still moves, activates, buys and fights: EXS-CARD-2).
 */
export type CardAction =
  | { kind: 'draw'; count: number }
  | { kind: 'exchange' }
  | { kind: 'eliminate' }
  | { kind: 'portal' }
  | { kind: 'cross_border'; n: number }
  | { kind: 'cracking' }
  | { kind: 'hologram' }
  | { kind: 'favourable_zone' }
  | { kind: 'dodge' };

export interface TableCard {
  name: string;
  /** Combat strength and purchase value (EXS-CARD-1 (5)). */
  strength: number;
  /** Upgrade cards: the value needed to buy it (EXS-CARD-1 (2)). */
  cost?: number;
  action?: CardAction;
  /** EXS-CARD-5: its Action may be played while a combat waits ("Before a combat: …"). */
  beforeCombat?: boolean;
  /** The secondary-action icon (EXS-CARD-1 (6)): Drop or Eliminate. */
  secondary?: 'drop' | 'eliminate';
  /** A faction-type card: only that faction uses it (EXS-CARD-4). */
  faction?: Faction;
  /** A mine: dropped face up, its marker is the detonator (EXS-MINE-1/2). */
  mine?: boolean;
}

export interface ExsiliumOptions {
  factions: Record<string, Faction>;
  board: { tiles: TableTile[]; nodes: TableNode[]; borders?: { tiles: [string, string]; n: number }[] };
  decks: Record<string, TableCard[]>;
  /** The upgrade deck in draw order (EXS-COMP-4, EXS-SETUP-7); absent → no purchases in this match. */
  upgrades?: TableCard[];
  enemyDecks: Record<Tier, EnemyCard[]>;
  baralytasDeck?: number[];
  newaru?: number;
  harder?: boolean;
  /** EXS-AMB-3b strict variant: in the enemy activation after a turn, a Newaru next to a miniature of that player, who has no cards, wins at once. */
  emptyHandLoses?: boolean;
}

export interface Miniature {
  id: string;
  /** Node on the board; null on the player board (inactive pool). */
  node: string | null;
}

export interface TablePlayer {
  faction: Faction;
  activation: string;
  /** Card ids: draw pile (top first), hand, discard pile (EXS-DECK-1). */
  deck: string[];
  hand: string[];
  discard: string[];
  miniatures: Miniature[];
  /** Inactive miniatures as a stack: the last is deployed next (EXS-PBOARD-3). */
  pool: string[];
  baralytas: number[];
  connectionTokens: number;
  /** Personal reserve (EXS-TOKEN-1). */
  factionTokens: number;
  /** Tokens on the two ability slots (EXS-PBOARD-4). */
  abilitySlots: number;
  /** Upgrade cards bought (EXS-UPGRADE-3), in purchase order. */
  upgrades: string[];
  /** Terminals a miniature of this player has left (EXS-TERMINAL-3: control only the first time). */
  terminalsLeft: string[];
  /** Vinsan: sinkhole tokens left (EXS-SETUP-1: 4). */
  sinkholes: number;
}

export type PendingCombat =
  | { kind: 'pvp'; attacker: { player: string; miniature: string }; defender: { player: string; miniature: string } }
  | { kind: 'newaru'; attacker: 'player' | 'newaru'; player: string; miniature: string; newaru: string };

/**
 * The Conclusion choices of a fight between players resolved from the seats (CONTRACT §9.1) that
 * their players have not made yet (EXS-COMBAT-PVP-5): each member present waits for its chooser,
 * listing what may be chosen. Only when a choice exists (two token values, two cards, two nodes…).
 */
export interface ConclusionChoices {
  combat: PendingCombat;
  winner: string;
  loser: string;
  /** EXS-COMBAT-DISCARD-1 (fatigue): the number of cards of their choice the winner discards. */
  discards?: number;
  /** EXS-COMBAT-PVP-5 (1): the loser's token values, one handed to the winner. */
  give?: number[];
  /** EXS-COMBAT-DISCARD-2 / EXS-AMB-27: the cards laid the loser may put into the supply deck; `hand`: none was laid, any card of the hand. */
  supplyCard?: string[] | 'hand';
  /** EXS-COMBAT-DISCARD-2: the free nodes of the tile for the loser's marker. */
  markerNode?: string[];
}

export interface Table {
  phase: 'bid' | 'turn' | 'ended';
  round: number;
  /** Turn order from the start player (EXS-SETUP-2, clockwise = players' order). */
  order: string[];
  active: string | null;
  /** Players still bidding after a tie (EXS-AMB-6). */
  bidders: string[];
  bidRounds: number;
  target: number;
  cards: Record<string, TableCard>;
  players: Record<string, TablePlayer>;
  /** Tiles face up (EXS-REVEAL-1). */
  revealed: string[];
  /** Baralytas token value on each deposit of a revealed tile; null once taken (EXS-CRYSTAL-2). */
  deposits: Record<string, number | null>;
  /** Terminals of revealed tiles still holding their connection token (EXS-TERMINAL-1). */
  terminalTokens: string[];
  newaru: { id: string; node: string }[];
  newaruSpawned: number;
  /** Newaru miniatures in the supply; null when not limited by the options (EXS-NEWARU-SPAWN-4). */
  newaruSupply: number | null;
  /** Faction-token markers on nodes (EXS-COMBAT-DISCARD-2, EXS-ACTION-8). */
  markers: Record<string, Faction>;
  /** The shared supply deck, top first (EXS-SUPPLY-1). */
  supply: string[];
  baralytasDeck: number[];
  enemyDecks: Record<Tier, { drawPile: EnemyCard[]; discard: EnemyCard[] }>;
  /** Faction tokens in the game reserve, per faction (EXS-TOKEN-2). */
  reserve: Record<Faction, number>;
  combats: PendingCombat[];
  /** This turn's moves (start node first), for the Newaru trigger (EXS-NEWARU-ACT-2). */
  paths: string[][];
  winner: string | null;
  /** The scenario (options.board): nodes, tiles and borders. */
  board: ExsiliumOptions['board'];
  /** Upgrade deck (top first) and the face-up spaces (EXS-UPGRADE-2); null when the options gave no upgrade deck. */
  upgradeDeck: string[] | null;
  upgradeRow: string[];
  /** Terminal node → the player controlling it (EXS-TERMINAL-3). */
  controlled: Record<string, string>;
  /** Cards dropped beside a marker (EXS-ACTION-6 a/b): node → card. */
  dropped: Record<string, { card: string; faceUp: boolean }>;
  /** Nodes destroyed by Vinsan sinkholes (EXS-FACTION-VINSAN-1). */
  destroyed: string[];
  /** The miniature under the Wardun token (EXS-FACTION-WARDUN-1). */
  trapped: { player: string; miniature: string } | null;
  /** An ability slot was filled this turn (EXS-PBOARD-4: at most one per turn). */
  slotFilled: boolean;
  /** This turn's Hologram (EXS-KW-HOLOGRAM): the miniature, its marked start node, the card. */
  hologram: { player: string; miniature: string; node: string; card: string } | null;
  /** EXS-AMB-3b: the strict "immediate auto-loss with an empty hand" variant is on (options.emptyHandLoses). */
  emptyHandLoses: boolean;
  /** The Conclusion choices a fight resolved from the seats waits for (exsilium.conclude); absent when none waits. */
  conclusion?: ConclusionChoices;
}

/** EXS-COMP-7: 3 × 1, 3 × 2, 2 × 3. */
export const BARALYTAS_COMPOSITION = [1, 1, 1, 2, 2, 2, 3, 3] as const;
const FACTION_TOKENS = 10;
/** EXS-UPGRADE-2: four upgrade cards face up. */
export const UPGRADE_SPACES = 4;
/** EXS-SETUP-1: Vinsan's sinkhole tokens. */
const SINKHOLES = 4;

/** The semantic checks the schema cannot make; every problem at once (400). */
function checkOptions(players: readonly { id: string }[], o: ExsiliumOptions): void {
  const problems: InputProblem[] = [];
  const add = (path: string, code: string, message: string) => problems.push({ path, code, message });
  if (players.length < 2 || players.length > 4) add('/players', 'wrong_player_count', 'Exsilium is played by 2 to 4 players (EXS-WIN-1).');
  const ids = players.map((p) => p.id);
  const used = new Set<string>();
  for (const id of ids) {
    const f = own(o.factions, id);
    if (!f) add(pointer('options', 'factions', id), 'missing', `Player "${id}" needs a faction (syl, keber, vinsan, wardun; EXS-SETUP-1).`);
    else if (used.has(f)) add(pointer('options', 'factions', id), 'faction_taken', `Faction ${f} is already chosen.`);
    else used.add(f);
    if (!own(o.decks, id))
      add(pointer('options', 'decks', id), 'missing', `Player "${id}" needs the faction's basic cards (name, strength) in draw order: the seeds do not print them (OCR-3).`);
  }
  const nodes = new Map<string, TableNode>();
  o.board.nodes.forEach((n, i) => {
    if (nodes.has(n.id)) add(pointer('options', 'board', 'nodes', i, 'id'), 'duplicate_id', `Node id "${n.id}" is used twice.`);
    nodes.set(n.id, n);
  });
  const tiles = new Set(o.board.tiles.map((t) => t.id));
  o.board.nodes.forEach((n, i) => {
    if (!tiles.has(n.tile)) add(pointer('options', 'board', 'nodes', i, 'tile'), 'unknown_tile', `No tile "${n.tile}" in options.board.tiles.`);
    n.neighbors.forEach((m, j) => {
      if (!nodes.has(m)) add(pointer('options', 'board', 'nodes', i, 'neighbors', j), 'unknown_node', `No node has id "${m}".`);
    });
  });
  const starts = new Set<string>();
  o.board.tiles.forEach((t, i) => {
    if (t.start === undefined) return;
    const at = (k: string) => pointer('options', 'board', 'tiles', i, k);
    if (!ids.includes(t.start)) add(at('start'), 'unknown_player', `No player "${t.start}" in this match.`);
    else if (starts.has(t.start)) add(at('start'), 'duplicate_start', `Player "${t.start}" already has a starting tile.`);
    starts.add(t.start);
    const node = t.activation === undefined ? undefined : nodes.get(t.activation);
    if (!node || node.tile !== t.id || node.crystal)
      add(at('activation'), 'activation_node', `A starting tile needs its activation node: a passable node of tile "${t.id}" (EXS-SETUP-4).`);
  });
  for (const id of ids) if (!starts.has(id)) add('/options/board/tiles', 'missing_start', `Player "${id}" has no starting tile (EXS-SETUP-3: one per player).`);
  const deposits = o.board.nodes.filter((n) => n.crystal).length;
  // EXS-COMP-7: one Baralytas card per deposit in the game.
  if (deposits > BARALYTAS_COMPOSITION.length)
    add('/options/board/nodes', 'too_many_deposits', `The Baralytas deck has 8 cards, one per deposit; the board has ${deposits} deposits.`);
  const portals = new Map<string, number>();
  o.board.nodes.forEach((n) => n.portal && portals.set(n.tile, (portals.get(n.tile) ?? 0) + 1));
  for (const [tile, n] of portals) if (n > 1) add('/options/board/nodes', 'two_portals', `Tile "${tile}" has ${n} portal nodes; a tile has at most one.`);
  // EXS-AMB-10: portal symbols are either given for every portal (then matched) or for none (any portal).
  const symbols = o.board.nodes.some((n) => n.portalSymbol !== undefined);
  o.board.nodes.forEach((n, i) => {
    const at = pointer('options', 'board', 'nodes', i, 'portalSymbol');
    if (n.portalSymbol !== undefined && !n.portal) add(at, 'not_a_portal', `Node "${n.id}" is not a portal: only a portal carries a portal symbol.`);
    else if (symbols && n.portal && n.portalSymbol === undefined) add(at, 'missing', `Portal "${n.id}" needs its symbol: give every portal its symbol or none (EXS-AMB-10).`);
  });
  o.board.borders?.forEach((b, i) =>
    b.tiles.forEach((t, j) => {
      if (!tiles.has(t)) add(pointer('options', 'board', 'borders', i, 'tiles', j), 'unknown_tile', `No tile "${t}".`);
    }),
  );
  // The keyword's own number must be printed in the data (EXS-KW-DRAW "Draw N", EXS-BORDER-3 "Cross border N").
  const actions: [TableCard[] | undefined, (i: number) => string][] = [
    ...Object.entries(o.decks).map(([id, cards]): [TableCard[], (i: number) => string] => [cards, (i) => pointer('options', 'decks', id, i, 'action')]),
    [o.upgrades, (i) => pointer('options', 'upgrades', i, 'action')],
  ];
  for (const [cards, at] of actions)
    cards?.forEach((c, i) => {
      if (c.action?.kind === 'draw' && c.action.count === undefined) add(at(i), 'missing_count', `"${c.name}" draws: give \`count\` (EXS-KW-DRAW).`);
      if (c.action?.kind === 'cross_border' && c.action.n === undefined) add(at(i), 'missing_n', `"${c.name}" crosses borders: give \`n\`, the border number (EXS-BORDER-3).`);
    });
  o.upgrades?.forEach((c, i) => {
    if (c.cost === undefined)
      add(pointer('options', 'upgrades', i, 'cost'), 'missing', `Upgrade card "${c.name}" needs its cost (EXS-CARD-1 (2)): the seeds do not print the upgrade deck.`);
  });
  if (o.baralytasDeck) {
    const sorted = [...o.baralytasDeck].sort().join(',');
    if (sorted !== BARALYTAS_COMPOSITION.join(',')) add('/options/baralytasDeck', 'not_the_deck', 'The Baralytas deck is 3 × 1, 3 × 2, 2 × 3 (EXS-COMP-7), in draw order.');
  }
  if (problems.length) throw new InvalidInput(problems, 'The Exsilium match options are not a playable scenario.');
}

/**
 * `map[key]` only when `key` is the map's own member. Player, card and node ids come from the
 * players and the scenario: a plain `map[id]` would find Object.prototype's members ("constructor",
 * "toString", "__proto__"…) for an id the table does not hold.
 */
export function own<T>(map: Readonly<Record<string, T>> | undefined, key: unknown): T | undefined {
  return map !== undefined && typeof key === 'string' && Object.hasOwn(map, key) ? map[key] : undefined;
}

/** `map[key] = value` as an own member, also for the id "__proto__" (which a plain assignment would make the prototype). */
export function setOwn<T>(map: Record<string, T>, key: string, value: T): void {
  Object.defineProperty(map, key, { value, writable: true, enumerable: true, configurable: true });
}

/** The table before the start-player bid (EXS-SETUP-1…11): miniatures on the player boards, hands empty. */
export function setupTable(players: readonly { id: string }[], o: ExsiliumOptions): Table {
  checkOptions(players, o);
  const cards: Record<string, TableCard> = {};
  const reserve = { syl: 0, keber: 0, vinsan: 0, wardun: 0 };
  const tablePlayers: Record<string, TablePlayer> = {};
  for (const { id } of players) {
    const faction = own(o.factions, id)!;
    const deck = own(o.decks, id)!.map((c, i) => {
      const cardId = `${id}-${i + 1}`;
      cards[cardId] = { ...c };
      return cardId;
    });
    const minis = [1, 2, 3, 4].map((n) => `${faction}-${n}`);
    const start = o.board.tiles.find((t) => t.start === id)!;
    setOwn(tablePlayers, id, {
      faction,
      activation: start.activation!,
      deck,
      hand: [],
      discard: [],
      miniatures: minis.map((m) => ({ id: m, node: null })),
      // EXS-PBOARD-1: all 4 on the board's circles; the first circle is deployed first.
      pool: [...minis].reverse(),
      baralytas: [],
      connectionTokens: 0,
      // EXS-AMB-12: the activation marker comes out of the 10 tokens and stays on the board.
      factionTokens: FACTION_TOKENS - 1,
      abilitySlots: 0,
      upgrades: [],
      terminalsLeft: [],
      sinkholes: faction === 'vinsan' ? SINKHOLES : 0,
    });
  }
  // EXS-SETUP-7: the upgrade deck in the given order; 4 cards face up.
  const upgradeDeck = o.upgrades?.map((c, i) => {
    const cardId = `upgrade-${i + 1}`;
    cards[cardId] = { ...c };
    return cardId;
  });
  return {
    phase: 'bid',
    round: 0,
    order: players.map((p) => p.id),
    active: null,
    bidders: players.map((p) => p.id),
    bidRounds: 0,
    // EXS-WIN-1/2: the target by player count, +2 in the harder game.
    target: victoryTarget(players.length as PlayerCount, o.harder ?? false),
    cards,
    players: tablePlayers,
    revealed: [],
    deposits: {},
    terminalTokens: [],
    newaru: [],
    newaruSpawned: 0,
    newaruSupply: o.newaru ?? null,
    markers: {},
    supply: [],
    // EXS-REVEAL-2: a given order is the deck; otherwise it is shuffled at the start-player bid.
    baralytasDeck: o.baralytasDeck ? [...o.baralytasDeck] : [],
    enemyDecks: {
      basic: { drawPile: [...o.enemyDecks.basic], discard: [] },
      intermediate: { drawPile: [...o.enemyDecks.intermediate], discard: [] },
      advanced: { drawPile: [...o.enemyDecks.advanced], discard: [] },
    },
    reserve,
    combats: [],
    paths: [],
    winner: null,
    board: o.board,
    upgradeDeck: upgradeDeck ? upgradeDeck.slice(UPGRADE_SPACES) : null,
    upgradeRow: upgradeDeck ? upgradeDeck.slice(0, UPGRADE_SPACES) : [],
    controlled: {},
    dropped: {},
    destroyed: [],
    trapped: null,
    slotFilled: false,
    hologram: null,
    emptyHandLoses: o.emptyHandLoses ?? false,
  };
}

export const points = (p: TablePlayer) => p.baralytas.reduce((a, b) => a + b, 0);
