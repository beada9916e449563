/**
 * Ánima at a table of several people (CONTRACT §8.1, src/games/table.ts): what each reader may see of
 * a match, which commands each player may send now, and whom a command acts for.
 *
 * Secret, and from whom:
 * - ANIMA-SETUP-2 / ANIMA-MISSION-1: the two Basic Missions each player holds, from the others (a
 *   mission is public once completed, ANIMA-MISSION-4, or once its Resist mission is under way,
 *   ANIMA-MISSION-5); the Basic Missions set aside and the face-down Final Missions from everyone
 *   until ANIMA-MISSION-2 reveals one.
 * - ANIMA-SETUP-3: the two Characters and four Gifts dealt to choose from, and the ones returned,
 *   from the others; ANIMA-HAND-1: each hand of Gift cards from the others (its size stays public).
 * - ANIMA-SETUP-4 / ANIMA-PRIOR-2: a face-down prior encounter from everyone until a Group visits.
 * - ANIMA-DECK-2: the order of every undrawn deck (Characters, Locations, Encounters, Gifts, Final
 *   Missions) from everyone, in the state, in `options` (listed in draw order) and in every reshuffle.
 * - ANIMA-INTERACT-1 / ANIMA-INTERACT-5: Gifts that change hands in a trade or as spoils are seen by
 *   the two players only.
 * Card lists are redacted by where each card lies now: a card on the table, in a Group, face up in a
 * discard pile or in play is public; one in the reader's own hand (or dealt to it) is the reader's.
 */
import { HIDDEN, hideAll, severalPlayers, type Move, type Reader, type TableRules } from '../../../kernel/table.js';
import type { GameCommand, GameEvent } from '../../../kernel/decider.js';
import type { AnimaEventData } from './events.js';
import { maxLocations } from '../rules/seek.js';
import { choosers } from './decide.js';
import { holding } from './rules.js';
import { own, type Pending, type AnimaCards, type AnimaTable, type GiftCard, type GroupState, type MissionCard } from './state.js';

/** The projected state: the resolution-log wrapper (src/app/matches/resolution-log.ts) merged with the full table. */
export type AnimaTableState = AnimaTable & {
  game: string;
  players: { id: string; name: string }[];
  latest: Record<string, { request: unknown; result: unknown }>;
  [member: string]: unknown;
};

type ListKey = keyof AnimaCards & ('characters' | 'locations' | 'encounters' | 'basicMissions' | 'finalMissions' | 'gifts');
const LISTS: ListKey[] = ['characters', 'locations', 'encounters', 'basicMissions', 'finalMissions', 'gifts'];

/** The stateless operations of the resolution log (canonical names): open table tools for every player. */
export const ANIMA_TOOLS = [
  'anima.combat',
  'anima.exploration',
  'anima.interactions',
  'anima.trade',
  'anima.pickup',
  'anima.missions',
  'anima.move',
  'anima.seek',
  'anima.prior_encounter',
  'anima.rewards',
  'anima.speed',
  'anima.turn_order',
];
/** The tools that act on a player's kept Group: without `player` they act for the first player (src/games/anima/match/projection.ts). */
const GROUP_TOOLS = ['anima.exploration', 'anima.combat', 'anima.speed', 'anima.rewards', 'anima.prior_encounter', 'anima.priorEncounter'];

const mapValues = <T, U>(map: Record<string, T>, f: (value: T, key: string) => U): Record<string, U> => Object.fromEntries(Object.entries(map).map(([k, v]) => [k, f(v, k)]));

/** A mission another player may see: completed (ANIMA-MISSION-4) or the Resist mission under way (ANIMA-MISSION-5). */
const missionShown = (g: GroupState, m: GroupState['missions'][number]) => m.completed || (g.resist !== null && !g.resist.final && g.resist.mission === m.name);

/** The card indices of each list `reader` may see, by where each card lies now. */
function seen(t: AnimaTable, reader: Reader): Record<ListKey, Set<number>> {
  const s = Object.fromEntries(LISTS.map((k) => [k, new Set<number>()])) as Record<ListKey, Set<number>>;
  const add = (k: ListKey, cards: Iterable<number>) => {
    for (const c of cards) s[k].add(c);
  };
  // Face up on the table: Locations in play, face-up prior encounters, every discard pile (ANIMA-DECK-1, ANIMA-DECK-3).
  add(
    'locations',
    t.locations.map((l) => l.card),
  );
  add(
    'encounters',
    t.locations.flatMap((l) => (l.prior && !l.prior.faceDown ? [l.prior.card] : [])),
  );
  for (const k of ['characters', 'locations', 'encounters', 'gifts'] as const) add(k, t.discards[k]);
  // ANIMA-MOVE-5.1/5.2: a new Location and its face-up prior encounter, shown while its removal waits (ANIMA-MOVE-7/8).
  if (t.choosing?.kind === 'removal') {
    add('locations', [t.choosing.location]);
    add('encounters', [t.choosing.encounter]);
  }
  // ANIMA-MISSION-2: the revealed Final Mission.
  if (t.finalMission) add('finalMissions', [t.finalMission.card]);
  for (const [id, g] of Object.entries(t.groupsInPlay)) {
    // ANIMA-CARD-1: Characters in a Group are face up; ANIMA-HAND-2 / ANIMA-CARD-5: Organisations and persistent cards in play.
    add(
      'characters',
      g.characters.map((c) => c.card),
    );
    add('gifts', [...g.inPlay, ...(g.organisation !== null ? [g.organisation] : [])]);
    add(
      'basicMissions',
      g.missions.filter((m) => id === reader || missionShown(g, m)).map((m) => m.card),
    );
    if (id === reader) {
      // ANIMA-SETUP-3 / ANIMA-HAND-1: what the reader was dealt and holds.
      add('characters', g.dealt);
      add('gifts', [...g.hand, ...g.giftsDealt]);
    }
  }
  return s;
}

/** `state.cards` (the options' card lists) with every card `reader` may not see HIDDEN. */
function viewCards(cards: AnimaCards, visible: Record<ListKey, Set<number>>): Record<string, unknown> {
  const out: Record<string, unknown> = { ...cards };
  for (const k of LISTS) {
    const list = cards[k] as unknown[] | undefined;
    if (list) out[k] = list.map((card, i) => (visible[k].has(i) ? card : HIDDEN));
  }
  return out;
}

/** Another player's Group: hand, the cards dealt at setup and the missions held hidden (sizes kept). */
function viewGroup(g: GroupState): Record<string, unknown> {
  return {
    ...g,
    // ANIMA-SETUP-3: the Characters and Gifts drawn to choose from.
    dealt: hideAll(g.dealt),
    giftsDealt: hideAll(g.giftsDealt),
    // ANIMA-HAND-1: the Gift cards in hand (handSize stays public).
    hand: hideAll(g.hand),
    // ANIMA-SETUP-2: the secret Basic Missions.
    missions: g.missions.map((m) => (missionShown(g, m) ? m : HIDDEN)),
  };
}

/** A stateless resolution's request and result: an Encounter deck given in draw order is an undrawn deck (ANIMA-DECK-2). */
function viewResolution(kind: string, entry: { request: unknown; result: unknown }): { request: unknown; result: unknown } {
  const request = entry.request as Record<string, unknown> | null;
  if (kind !== 'anima.exploration' || !request || !Array.isArray(request.encounters)) return entry;
  return { ...entry, request: { ...request, encounters: hideAll(request.encounters) } };
}

function viewState(state: AnimaTableState, reader: Reader): unknown {
  const out: Record<string, unknown> = { ...state };
  if (state.latest) out.latest = mapValues(state.latest, (entry, kind) => viewResolution(kind, entry));
  if (!state.groupsInPlay) return out;
  const t = state as AnimaTable;
  if (t.cards) out.cards = viewCards(t.cards, seen(t, reader));
  // ANIMA-DECK-2: the order of every undrawn deck, from everyone (sizes kept).
  out.decks = mapValues(t.decks, (deck) => hideAll(deck));
  // ANIMA-SETUP-2: the Final Missions stay face down.
  out.finalDeck = hideAll(t.finalDeck);
  // ANIMA-SETUP-4 / ANIMA-PRIOR-2: nobody looks at a face-down prior encounter.
  out.locations = t.locations.map((l) => (l.prior?.faceDown ? { ...l, prior: { card: HIDDEN, faceDown: true } } : l));
  out.groupsInPlay = mapValues(t.groupsInPlay, (g, id) => (id === reader ? g : viewGroup(g)));
  // ANIMA-TIMING-3: the Combat cards a seeker committed stay in hand, unseen, until played.
  if (t.choosing?.kind === 'removal' && t.choosing.gifts && t.choosing.player !== reader) out.choosing = { ...t.choosing, gifts: hideAll(t.choosing.gifts) };
  return out;
}

/** `options`: every card list is a deck in draw order (ANIMA-SETUP-1..4); without the state no card of it is known to be drawn. */
function viewOptions(options: Record<string, unknown>): Record<string, unknown> {
  const out: Record<string, unknown> = { ...options };
  for (const k of LISTS) {
    // ANIMA-OPT-TREE-1: with Locations as a tree every Location is on the table from the start.
    if (k === 'locations' && options.tree === true) continue;
    if (Array.isArray(options[k])) out[k] = hideAll(options[k] as unknown[]);
  }
  return out;
}

function viewEvent(event: GameEvent, reader: Reader, _context: { before: AnimaTableState; after: AnimaTableState }): GameEvent {
  const hide = <T>(e: GameEvent, data: T): GameEvent => ({ type: e.type, data });
  if (event.type.endsWith('.resolved')) {
    const d = event.data as { kind?: string; request: unknown; result: unknown } | null;
    return d && typeof d.kind === 'string' ? hide(event, { ...d, ...viewResolution(d.kind, d) }) : event;
  }
  switch (event.type) {
    case 'anima.character_kept': {
      // ANIMA-SETUP-3: the kept Character joins face up; the other cards dealt stay the player's.
      const d = event.data as AnimaEventData['anima.character_kept'];
      if (d.player === reader) return event;
      return hide(event, {
        ...d,
        returned: HIDDEN,
        ...(d.gifts ? { gifts: hideAll(d.gifts) } : {}),
        ...(d.returnedGift !== undefined ? { returnedGift: HIDDEN } : {}),
      });
    }
    case 'anima.deck_shuffled': {
      // ANIMA-DECK-2: a reshuffled deck's order is secret from everyone.
      const d = event.data as AnimaEventData['anima.deck_shuffled'];
      return hide(event, { ...d, order: hideAll(d.order) });
    }
    case 'anima.gifts_drawn': {
      // ANIMA-HAND-1: Gifts drawn go to the hand unseen by the others.
      const d = event.data as AnimaEventData['anima.gifts_drawn'];
      return d.player === reader ? event : hide(event, { ...d, cards: hideAll(d.cards) });
    }
    case 'anima.group_combat': {
      // ANIMA-INTERACT-5: the random Gift goes from the loser's hand to the winner's (public when discarded, ANIMA-AMB-9).
      const d = event.data as AnimaEventData['anima.group_combat'];
      if (!d.spoil || d.spoilCard == null || reader === d.player || reader === d.opponent) return event;
      return hide(event, { ...d, spoilCard: HIDDEN });
    }
    case 'anima.removal_opened': {
      // ANIMA-TIMING-3: the seeker's committed Combat cards are the seeker's until played.
      const d = event.data as AnimaEventData['anima.removal_opened'];
      return d.player === reader || !d.gifts ? event : hide(event, { ...d, gifts: hideAll(d.gifts) });
    }
    case 'anima.traded': {
      // ANIMA-INTERACT-1: the Gifts traded are seen by the two traders.
      const d = event.data as AnimaEventData['anima.traded'];
      if (reader === d.player || reader === d.with) return event;
      const side = (s: typeof d.gives) => ({ ...s, ...(s.cards ? { cards: hideAll(s.cards) } : {}) });
      return hide(event, { ...d, gives: side(d.gives), receives: side(d.receives) });
    }
    default:
      return event;
  }
}

/** The texts of a card: its name and, for Gifts and Missions, what is printed on it. */
function cardTexts(k: ListKey, card: unknown): string[] {
  if (!card || typeof card !== 'object') return [];
  const c = card as { name?: unknown };
  const texts = [c.name];
  if (k === 'gifts') texts.push((card as GiftCard).text);
  if (k === 'basicMissions' || k === 'finalMissions') {
    const m = card as MissionCard;
    texts.push(typeof m.benefit === 'string' ? m.benefit : m.benefit?.text);
    if (m.test.kind === 'combat') texts.push(m.test.enemy);
    if (m.test.kind === 'resist') texts.push(m.test.enemy?.name);
  }
  return texts.filter((x): x is string => typeof x === 'string' && x.trim().length > 0);
}

/** The names and texts of every card `reader` may not see, except those it can read anyway (another copy, a Location's mission reward…). */
function secretTexts(state: AnimaTableState, reader: Reader): string[] {
  const t = state as AnimaTable;
  if (!t.cards) return [];
  const visible = seen(t, reader);
  const candidates = new Set<string>();
  for (const k of LISTS) (t.cards[k] ?? []).forEach((card, i) => !visible[k].has(i) && cardTexts(k, card).forEach((x) => candidates.add(x)));
  const shown = JSON.stringify(viewState(state, reader));
  return [...candidates].filter((x) => !shown.includes(x));
}

/** ANIMA-TIMING-1/2: the Gifts a player could play now with anima.play_gift. */
function canPlayGift(t: AnimaTable, player: string, g: GroupState): boolean {
  const gifts = t.cards?.gifts;
  if (!gifts || !['start', 'move', 'interaction', 'exploration'].includes(t.phase)) return false;
  return g.hand.some((i) => {
    const c = gifts[i]!;
    if (c.redirect || c.timing === 'combat') return false;
    if (c.timing === 'interrupt') return true;
    return t.toAct === player && c.phase === t.phase && (!c.organisation || g.organisation === null);
  });
}

/** The command making each kind of pending choice. */
const CHOICE_COMMAND: Record<Pending['kind'], (p: Pending) => string> = {
  casualty: () => 'anima.choose_casualty',
  reward: () => 'anima.claim_reward',
  removal: (p) => (p.kind === 'removal' && p.deciding.length > 0 ? 'anima.save_location' : 'anima.remove_location'),
};

/** The full match's commands `player` may send now (ANIMA-TURN-1: in turn order, one phase at a time). */
function tableMoves(t: AnimaTable, player: string, g: GroupState): string[] {
  // ANIMA-COMBAT-4 / ANIMA-REWARD-1 / ANIMA-MOVE-7/8: a pending choice comes before anything else.
  if (t.choosing) return choosers(t.choosing).includes(player) ? [CHOICE_COMMAND[t.choosing.kind](t.choosing)] : [];
  // ANIMA-SETUP-3: every player keeps a Character (in any order).
  if (t.phase === 'setup') return g.characters.length === 0 ? ['anima.keep_character'] : [];
  const types: string[] = [];
  if (t.toAct === player) {
    if (t.phase === 'start') {
      // ANIMA-START-2a..d, ANIMA-HAND-2, ANIMA-TURN-1.
      if (g.handSize > 0) types.push('anima.discard_gifts');
      if (g.characters.length > 0) types.push('anima.dismiss_character');
      if (g.location !== null) types.push('anima.leave_location');
      if (g.organisation !== null) types.push('anima.leave_organisation');
      types.push('anima.end_phase');
    }
    // ANIMA-MOVE-3/4/11: one declaration (no Seek new horizons with Locations as a tree, ANIMA-OPT-TREE-1, nor twice a turn, ANIMA-MOVE-4).
    if (t.phase === 'move') types.push('anima.go', ...(t.tree || t.soughtBy !== null ? [] : ['anima.seek_new_horizons']), 'anima.rest');
    // ANIMA-INTERACT-1..6.
    if (t.phase === 'interaction') types.push('anima.declare_combat', 'anima.trade_with', 'anima.end_phase');
    // ANIMA-EXPLORE-1 / ANIMA-MISSION-5: explore, or the Resist round due.
    if (t.phase === 'exploration') types.push(holding(g) ? 'anima.resist' : 'anima.explore', 'anima.end_phase');
  }
  if (canPlayGift(t, player, g)) types.push('anima.play_gift');
  return types;
}

function moves(state: AnimaTableState): Move[] {
  const t = state as AnimaTable;
  // ANIMA-MISSION-3: the game is over once the Final Mission is completed.
  if (t.phase === 'ended' || t.outcome?.ended) return [];
  const players = (state.players ?? []).map((p) => p.id);
  return players.flatMap((player) => {
    const g = t.cards && t.groupsInPlay ? own(t.groupsInPlay, player) : undefined;
    // a full match lists its turn's moves; the stateless tools (still accepted as commands) are the moves of a match without its cards
    const types = g ? tableMoves(t, player, g) : ANIMA_TOOLS;
    return types.map((type) => ({ player, type }));
  });
}

/** ANIMA-MOVE-7/8: a seek brings the table over its maximum; every other player holding a Gift may save the Location removed. */
function savers(t: AnimaTable, player: string): string[] {
  if (!t.groupsInPlay || t.locations.length + 1 <= maxLocations(Object.keys(t.groupsInPlay).length)) return [];
  return Object.entries(t.groupsInPlay).flatMap(([id, g]) => (id !== player && g.handSize > 0 ? [id] : []));
}

/** The other players whose decisions a full-match command carries besides its `player`'s. */
function othersDeciding(command: GameCommand, player: string, t: AnimaTable): string[] {
  const list = <T>(x: unknown): T[] => (Array.isArray(x) ? (x as T[]) : []);
  const others: string[] = [];
  // ANIMA-TIMING-2: another player's Interrupt played on this move.
  const redirect = command.redirect as { by?: unknown } | undefined;
  if (command.type === 'anima.go' && typeof redirect?.by === 'string') others.push(redirect.by);
  // ANIMA-MOVE-8: each saver sacrifices a Gift of their own; a removal named over the maximum says nobody else saved it.
  if (command.type === 'anima.seek_new_horizons') others.push(...list<{ by?: unknown }>(command.saves).flatMap((s) => (typeof s.by === 'string' ? [s.by] : [])));
  if (command.type === 'anima.seek_new_horizons' && list(command.removal).length > 0) others.push(...savers(t, player));
  // ANIMA-TIMING-3: the defender's Combat cards are the defender's choice.
  if (command.type === 'anima.declare_combat' && list(command.targetGifts).length > 0 && typeof command.target === 'string') others.push(command.target);
  // ANIMA-INTERACT-1: a trade needs both players' agreement — proposed from a seat, the other accepts it (anima.accept_trade); its refusal is theirs.
  if (command.type === 'anima.trade_with' && command.refused !== undefined && typeof command.with === 'string') others.push(command.with);
  return [...new Set(others.filter((x) => x !== player))];
}

function actor(command: GameCommand, state: AnimaTableState): string | readonly string[] | undefined {
  // Every full-match command and every tool that names its player acts for that player.
  if (typeof command.player === 'string') {
    const others = othersDeciding(command, command.player, state as AnimaTable);
    return others.length ? severalPlayers([command.player, ...others]) : command.player;
  }
  // A Group tool without `player` resolves with (and records for) the first player's Group.
  if (GROUP_TOOLS.includes(command.type)) return state.players?.[0]?.id;
  return undefined;
}

/** ANIMA-INTERACT-1: a trade proposed from a seat shows the Gifts it offers and asks for to its two players only, as `anima.traded` does. */
function viewDeclared(command: GameCommand, declarer: string, reader: Reader): GameCommand {
  if (command.type !== 'anima.trade_with' || reader === declarer || reader === command.with) return command;
  // Gifts named (with a Gift deck) are hidden, their number kept; Characters are on the table
  const side = (s: unknown) => (s && typeof s === 'object' && Array.isArray((s as { gifts?: unknown }).gifts) ? { ...s, gifts: hideAll((s as { gifts: unknown[] }).gifts) } : s);
  return { ...command, ...(command.gives ? { gives: side(command.gives) } : {}), ...(command.receives ? { receives: side(command.receives) } : {}) };
}

export const animaTable: TableRules<AnimaTableState> = {
  viewState,
  viewOptions: (options) => viewOptions(options),
  viewEvent,
  viewDeclared,
  secretTexts,
  moves,
  actor,
};
