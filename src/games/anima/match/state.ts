/**
 * Ánima full match: the card lists the seeds do not print (taken from the match `options`), the
 * projected state (phase, turn order, each Group, the Locations on the table, decks, missions,
 * outcome) and the initial state of a match (ANIMA-SETUP-1..5). Pure data.
 */
import { InvalidInput, pointer, type InputProblem } from '../../../kernel/errors.js';
import type { Character, EncounterCard, Reward, TableRow, TieBreak } from '../rules/index.js';
import { tableProblems } from '../rules/exploration.js';

/** A Location card (ANIMA-CARD-2): its exploration table, rewards, Trade icon and whether combat is allowed. */
export interface LocationCard {
  name: string;
  level: number;
  table: TableRow[];
  rewards: Reward[];
  trade?: boolean;
  /** The card's special rules forbid combat there (ANIMA-INTERACT-2, e.g. Arkángel). */
  combatAllowed?: boolean;
}

/** A Mission card (ANIMA-CARD-4): pursued at a Location reward linked to it (ANIMA-REWARD-5), by its test. */
export interface MissionCard {
  name: string;
  /** ANIMA-MISSION-6: a combat against the named enemy, or a speed test. */
  test:
    | { kind: 'combat'; enemy: string; combat: number }
    | { kind: 'speed'; difficulty: number }
    /** ANIMA-MISSION-5: hold the Location for `rounds` Exploration phases, fighting `enemy` (if any) each round. */
    | { kind: 'resist'; rounds: number; enemy?: { name: string; combat: number } };
  /** ANIMA-MISSION-4: the card's Benefit — its text, or the structured parts the match applies (MissionBenefit). */
  benefit?: string | MissionBenefit;
}

/**
 * ANIMA-MISSION-4: a Benefit with the effects the rulebook defines generically: `gifts` drawn
 * (capped at 5 in hand, ANIMA-HAND-1), `combat` / `speed` modifiers kept while the completed Mission
 * lies by the player. Anything else stays `text`, shown in the event for the table.
 */
export interface MissionBenefit {
  text?: string;
  gifts?: number;
  combat?: number;
  speed?: number;
}

export type Skill = 'ki' | 'magic' | 'scheme';
export type GiftPhase = 'start' | 'move' | 'interaction' | 'exploration';

/**
 * A Gift card (ANIMA-CARD-5), given in `options.gifts` (the rulebook prints no Gift texts). The match
 * applies only the structured parts: `combat` / `speed` modifiers (for the turn, for one combat with
 * `timing: combat`, or while in play when `persistent`), `incapacitates` (ANIMA-INCAP-1),
 * `zeppelin` (ANIMA-OPT-TREE-5), `redirect` (ANIMA-TIMING-2) and `organisation`; `text` is shown in the event and is for the table.
 */
export interface GiftCard {
  name: string;
  category: 'ability' | 'plot';
  /** ANIMA-TIMING-4: the skill icon a Character needs to power an Ability card. */
  skill?: Skill;
  /** ANIMA-TIMING-1: the phase printed on the card (normal timing). */
  phase?: GiftPhase;
  timing: 'normal' | 'interrupt' | 'combat';
  persistent?: boolean;
  /** ANIMA-CARD-5 / ANIMA-HAND-2: an Organisation (persistent Plot) and the Organisations it is enemy of. */
  organisation?: { enemies: string[] };
  combat?: number;
  speed?: number;
  /** ANIMA-INCAP-1: the card incapacitates one Character (e.g. Dormir) until the next Start phase. */
  incapacitates?: boolean;
  /** ANIMA-OPT-TREE-5: Viaje en zepelín, played with a Move declaration: any Location whatever its level. */
  zeppelin?: boolean;
  /** ANIMA-TIMING-2: an Interrupt like Dirección Equivocada: when another player declares \`anima.go\`, their Group goes to the Location this card's player names. */
  redirect?: boolean;
  text?: string;
}

/** The card lists of a full match (`options`), each in draw order (top of the deck first). */
export interface AnimaCards {
  /** ANIMA-CARD-1: `skills`, the icons deciding which Ability cards the Character may power. */
  characters: (Character & { skills?: Skill[] })[];
  locations: LocationCard[];
  encounters: EncounterCard[];
  basicMissions: MissionCard[];
  finalMissions: MissionCard[];
  /** The Gift deck (optional): without it Gifts are counted, not named. */
  gifts?: GiftCard[];
}

/** `turn_end`: between two turns, only inside one command (the next turn's order is rolled at once). */
export type AnimaPhase = 'setup' | 'start' | 'move' | 'interaction' | 'exploration' | 'turn_end' | 'ended';

/** A Character in a Group: its card index in `options.characters`, its printed values and skill icons. */
export type GroupCharacter = Character & { card: number; skills: Skill[]; tapped: boolean; incapacitated: boolean };

/** ANIMA-MISSION-5: a Resist mission under way at `location`. */
export interface ResistState {
  mission: string;
  final: boolean;
  location: string;
  progress: number;
  rounds: number;
}

export interface GroupState {
  characters: GroupCharacter[];
  /** ANIMA-SETUP-3: the two Characters drawn at setup, one to keep. */
  dealt: number[];
  /** Gift cards in hand (ANIMA-HAND-1); the Gift texts are not tracked. */
  handSize: number;
  /** The Location the Group's token is on; null at no Location (ANIMA-SETUP-5, ANIMA-LOSE-2). */
  location: string | null;
  /** Arrived at a Location this turn (ANIMA-EXPLORE-1). */
  arrived: boolean;
  /** Lost the rest of this turn (ANIMA-LOSE-1/2). */
  turnLost: boolean;
  /** An Event also costs the next turn (ANIMA-LOSE-1). */
  losesNextTurn: boolean;
  /** Chose Rest this turn: the bonus applies next turn (ANIMA-MOVE-11/12). */
  resting: boolean;
  /** +2 Combat and Speed this turn (ANIMA-MOVE-12). */
  rested: boolean;
  /** ANIMA-REWARD-4: this player's last Recruit. */
  lastRecruit: { location: string; turn: number } | null;
  /** Groups it drew against this turn (ANIMA-INTERACT-5). */
  drewWith: string[];
  /** ANIMA-SETUP-2: the two secret Basic Missions (indices in `options.basicMissions`). */
  missions: { card: number; name: string; completed: boolean }[];
  /** The Gift cards in hand (indices in `options.gifts`; empty without a Gift deck). */
  hand: number[];
  /** ANIMA-SETUP-3: the four Gifts drawn at setup, three to keep (with a Gift deck). */
  giftsDealt: number[];
  /** ANIMA-HAND-2: the Organisation the Group belongs to (a Gift card index). */
  organisation: number | null;
  /** Persistent Plot cards in play (ANIMA-CARD-5). */
  inPlay: number[];
  /** Modifiers of the Gifts played this turn (ANIMA-GROUP-2). */
  bonus: { combat: number; speed: number };
  /** Modifiers of the persistent cards in play, the Organisation included. */
  lasting: { combat: number; speed: number };
  /** ANIMA-MISSION-5: the Resist mission under way. */
  resist: ResistState | null;
}

export interface TableLocation {
  card: number;
  name: string;
  level: number;
  /** ANIMA-SETUP-4 / ANIMA-PRIOR-1: the prior encounter in front of it (card index), face down or up. */
  prior: { card: number; faceDown: boolean } | null;
}

/**
 * ANIMA-MOVE-7/8 from the seats: a Seek new horizons over the maximum waits for its removal. The new
 * Location and its face-up prior encounter are shown (not yet placed); `player` (the seeker) chooses
 * a Location to remove, the players in `deciding` may each save it with a Gift; the seek resolves
 * once a chosen Location is saved by nobody (or none is left to choose, ANIMA-AMB-6).
 */
export interface RemovalPending {
  kind: 'removal';
  player: string;
  source: 'deck' | 'discard';
  /** The new Location and its face-up prior encounter (card indices). */
  location: number;
  encounter: number;
  /** The seeker's Combat cards committed to a Creature met (ANIMA-TIMING-3): seen by the seeker only until played. */
  gifts?: { gift: string; character?: string }[];
  /** The Locations chosen for removal so far, in order (all but the last saved). */
  removal: string[];
  /** The saves so far: who saved which Location, and the Gift sacrificed (a card index, with a Gift deck). */
  saved: { location: string; by: string; gift?: number }[];
  /** The players still to say whether they save the last Location chosen. */
  deciding: string[];
}

/** A choice the rules leave to a player, which must be made before anything else. */
export type Pending = { kind: 'casualty'; player: string } | { kind: 'reward'; player: string; location: string } | RemovalPending;

export interface AnimaOutcome {
  ended: boolean;
  winners: string[];
  reason?: 'ANIMA-MISSION-3';
  /** @deprecated The winner (use `winners`). */
  winner?: string;
  /** @deprecated The Final Mission completed. */
  mission?: string;
}

/** ANIMA-MISSION-3: nobody has won until a player completes the Final Mission. */
export const OPEN_OUTCOME = (): AnimaOutcome => ({ ended: false, winners: [] });
/** The outcome of a match's state (the fold keeps it: `anima.game_won` sets it). */
export const animaOutcome = (t: Pick<AnimaTable, 'outcome'>): AnimaOutcome => t.outcome ?? OPEN_OUTCOME();

export interface AnimaTable {
  phase: AnimaPhase;
  turn: number;
  /** ANIMA-ORDER-1..3: fixed at the start of the turn. */
  turnOrder: string[];
  /** ANIMA-ORDER-2: stored tie-break rankings. */
  tieBreaks: TieBreak[];
  /** Players who declared themselves finished in this phase (ANIMA-TURN-1). */
  done: string[];
  /** The player who acts now (null: nobody, e.g. between turns or at the end). */
  toAct: string | null;
  /** The choice the table waits for (a casualty, a reward), also in `state.pending` (CONTRACT §9.1, kind `choice`). */
  choosing: Pending | null;
  /** ANIMA-MOVE-4: who sought new horizons this turn. */
  soughtBy: string | null;
  groupsInPlay: Record<string, GroupState>;
  locations: TableLocation[];
  decks: { characters: number[]; locations: number[]; encounters: number[]; gifts: number[] };
  discards: { characters: number[]; locations: number[]; encounters: number[]; gifts: number[] };
  /** ANIMA-MISSION-2: the Final Mission revealed at the first Basic Mission completion. */
  finalMission: { card: number; name: string } | null;
  /** The remaining face-down Final Missions. */
  finalDeck: number[];
  /** ANIMA-OPT-MULTI-1: both Basic Missions are needed for the Final Mission. */
  multipleMissions: boolean;
  /** ANIMA-OPT-TREE-1..4: every Location on the table from the start; levels are climbed one at a time. */
  tree: boolean;
  /**
   * How the match stands (CONTRACT §8.2): `winners` the player who completed the Final Mission
   * (ANIMA-MISSION-3, the only way the game ends). `winner` / `mission` are the members this field
   * had before v1.2 (deprecated; kept once the game is won).
   */
  outcome: AnimaOutcome;
  /** Why a full match cannot be played (no card lists in the options): the members missing. */
  missingCards: string[];
  /** The card lists of the options (null without them). */
  cards: AnimaCards | null;
}

export const CARD_LISTS = ['characters', 'locations', 'encounters', 'basicMissions', 'finalMissions'] as const;
/** ANIMA-SETUP-3: Gifts kept at setup (4 drawn, 3 kept). */
export const STARTING_GIFTS = 3;
/** ANIMA-COMP-2 / ANIMA-DECK-3: the Location deck has 14 cards, the Final Missions 3. */
export const LOCATION_DECK = 14;
export const FINAL_MISSIONS = 3;

/** The card lists of the options, when all are there (schema-checked by the app layer). */
export function cardsOf(options: Record<string, unknown>): AnimaCards | null {
  return CARD_LISTS.every((k) => Array.isArray(options[k])) ? (options as unknown as AnimaCards) : null;
}

/** Problems the schema cannot see: deck sizes for the player count, tables, creatures, mission links. */
export function cardProblems(cards: AnimaCards, players: number): InputProblem[] {
  const problems: InputProblem[] = [];
  const need = (key: string, min: number, rule: string, max = Infinity) => {
    const n = (cards as unknown as Record<string, unknown[]>)[key]!.length;
    if (n < min || n > max)
      problems.push({
        path: pointer('options', key),
        code: 'wrong_card_count',
        message: `${players} player(s) need ${max === Infinity ? `at least ${min}` : min === max ? `${min}` : `${min}..${max}`} ${key} card(s) (${rule}); ${n} given.`,
      });
  };
  need('characters', 2 * players, 'ANIMA-SETUP-3: two drawn per player');
  need('locations', players, 'ANIMA-SETUP-4 / ANIMA-DECK-3', LOCATION_DECK);
  need('encounters', players, 'ANIMA-SETUP-4: one prior encounter per Location');
  need('basicMissions', 2 * players, 'ANIMA-SETUP-2: two per player');
  need('finalMissions', FINAL_MISSIONS, 'ANIMA-COMP-2', FINAL_MISSIONS);
  if (cards.gifts) {
    need('gifts', 4 * players, 'ANIMA-SETUP-3: four drawn per player');
    problems.push(...giftProblems(cards.gifts));
  }
  const names = new Set<string>();
  cards.locations.forEach((l, i) => {
    if (names.has(l.name)) problems.push({ path: pointer('options', 'locations', i, 'name'), code: 'duplicate_location', message: `${l.name} is listed twice.` });
    names.add(l.name);
    problems.push(...tableProblems(l.table, ['options', 'locations', i, 'table']));
  });
  cards.encounters.forEach((e, i) => {
    if (e.kind === 'creature' && e.combat === undefined)
      problems.push({ path: pointer('options', 'encounters', i, 'combat'), code: 'missing_combat', message: `Creature ${e.name} needs \`combat\` (ANIMA-CARD-3).` });
  });
  const missions = new Set([...cards.basicMissions, ...cards.finalMissions].map((m) => m.name));
  cards.locations.forEach((l, i) =>
    l.rewards.forEach((r, j) => {
      if (r.kind !== 'mission') return;
      if (!r.mission || !missions.has(r.mission))
        problems.push({
          path: pointer('options', 'locations', i, 'rewards', j, 'mission'),
          code: 'unknown_mission',
          message: `A mission reward names one of the Mission cards (ANIMA-REWARD-5).`,
        });
    }),
  );
  return problems;
}

/** Gift cards the match cannot play: an Ability without its skill, a normal card without its phase, Organisations. */
function giftProblems(gifts: GiftCard[]): InputProblem[] {
  const problems: InputProblem[] = [];
  const at = (i: number, member: string, code: string, message: string) => problems.push({ path: pointer('options', 'gifts', i, member), code, message });
  const organisations = new Set(gifts.filter((g) => g.organisation).map((g) => g.name));
  gifts.forEach((g, i) => {
    if (g.category === 'ability' && !g.skill) at(i, 'skill', 'missing_skill', `Ability card ${g.name} needs \`skill\` (ki, magic or scheme: ANIMA-TIMING-4).`);
    if (g.timing === 'normal' && !g.phase) at(i, 'phase', 'missing_phase', `${g.name} needs the \`phase\` printed on it (ANIMA-TIMING-1).`);
    if (g.redirect && g.timing !== 'interrupt')
      at(i, 'timing', 'redirect_is_interrupt', `${g.name} sends a Group elsewhere as it declares its move: an Interrupt card (ANIMA-TIMING-2).`);
    if (g.organisation && g.category !== 'plot') at(i, 'category', 'organisation_is_plot', `Organisation ${g.name} is a Plot card (ANIMA-CARD-5).`);
    for (const enemy of g.organisation?.enemies ?? [])
      if (!organisations.has(enemy))
        at(i, 'organisation', 'unknown_organisation', `${g.name} names ${enemy} as enemy, which is no Organisation of the Gift deck (ANIMA-INTERACT-4).`);
  });
  return problems;
}

/** Throws InvalidInput (400, `/options/...` paths) when the card lists are there but unusable. */
export function checkCards(options: Record<string, unknown>, players: number): void {
  const cards = cardsOf(options);
  if (!cards) return;
  const problems = cardProblems(cards, players);
  if (problems.length) throw new InvalidInput(problems);
}

/**
 * `map[key]` only when `key` is the map's own member. Player ids come from the players: a plain
 * `map[id]` would find Object.prototype's members ("constructor", "toString", "__proto__"…) for a
 * player who is not in the match — and a write through what it found would change them.
 */
export function own<T>(map: Readonly<Record<string, T>>, key: unknown): T | undefined {
  return typeof key === 'string' && Object.hasOwn(map, key) ? map[key] : undefined;
}

const range = (from: number, to: number) => Array.from({ length: Math.max(0, to - from) }, (_, i) => from + i);

const freshGroup = (dealt: number[], missions: { card: number; name: string }[], giftsDealt: number[]): GroupState => ({
  characters: [],
  dealt,
  handSize: STARTING_GIFTS,
  location: null,
  arrived: false,
  turnLost: false,
  losesNextTurn: false,
  resting: false,
  rested: false,
  lastRecruit: null,
  drewWith: [],
  missions: missions.map((m) => ({ ...m, completed: false })),
  hand: [],
  giftsDealt,
  organisation: null,
  inPlay: [],
  bonus: { combat: 0, speed: 0 },
  lasting: { combat: 0, speed: 0 },
  resist: null,
});

/**
 * ANIMA-SETUP-2..5 from the decks in draw order: two Basic Missions and two Characters per player (in
 * player order), N = players Locations with a face-down prior encounter each; no Group at a Location.
 */
export function initialTable(players: { id: string }[], options: Record<string, unknown>): AnimaTable {
  const cards = cardsOf(options);
  const n = players.length;
  const ok = cards !== null && cardProblems(cards, n).length === 0;
  const gifts = ok ? cards.gifts : undefined;
  const tree = options.tree === true;
  // ANIMA-OPT-TREE-1: all Locations on the table, no prior encounters in front of them; ANIMA-SETUP-4 otherwise.
  const onTable = ok ? (tree ? range(0, cards.locations.length).sort((a, b) => cards.locations[a]!.level - cards.locations[b]!.level || a - b) : range(0, n)) : [];
  const priors = tree ? 0 : n;
  const groupsInPlay: Record<string, GroupState> = {};
  players.forEach((p, i) => {
    const missions = ok ? [2 * i, 2 * i + 1].map((card) => ({ card, name: cards.basicMissions[card]!.name })) : [];
    // ANIMA-SETUP-3: four Gifts each, in player order, when the Gift deck is given.
    // An own member also for the id "__proto__" (a plain assignment would set the prototype).
    const group = freshGroup(ok ? [2 * i, 2 * i + 1] : [], missions, ok && gifts ? range(4 * i, 4 * i + 4) : []);
    Object.defineProperty(groupsInPlay, p.id, { value: group, writable: true, enumerable: true, configurable: true });
  });
  return {
    phase: 'setup',
    turn: 0,
    turnOrder: players.map((p) => p.id),
    tieBreaks: [],
    done: [],
    toAct: null,
    choosing: null,
    soughtBy: null,
    groupsInPlay,
    locations: onTable.map((i) => ({ card: i, name: cards!.locations[i]!.name, level: cards!.locations[i]!.level, prior: tree ? null : { card: i, faceDown: true } })),
    decks: ok
      ? {
          characters: range(2 * n, cards.characters.length),
          locations: range(onTable.length, cards.locations.length),
          encounters: range(priors, cards.encounters.length),
          gifts: gifts ? range(4 * n, gifts.length) : [],
        }
      : { characters: [], locations: [], encounters: [], gifts: [] },
    discards: { characters: [], locations: [], encounters: [], gifts: [] },
    finalMission: null,
    finalDeck: ok ? range(0, cards.finalMissions.length) : [],
    multipleMissions: options.multipleMissions === true,
    tree,
    outcome: OPEN_OUTCOME(),
    missingCards: cards ? [] : CARD_LISTS.filter((k) => !Array.isArray(options[k])),
    cards: ok ? cards : null,
  };
}
