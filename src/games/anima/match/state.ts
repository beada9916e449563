/**
 * Ánima full match: the card lists the seeds do not print (taken from the match `options`), the
 * projected state (phase, turn order, each Group, the Locations on the table, decks, missions,
 * outcome) and the initial state of a match (ANIMA-SETUP-1..5). Pure data.
 */
import { InvalidInput, pointer, type InputProblem } from '../../errors.js';
import type { Character, EncounterCard, Reward, TableRow, TieBreak } from '../index.js';
import { tableProblems } from '../exploration.js';

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
  test: { kind: 'combat'; enemy: string; combat: number } | { kind: 'speed'; difficulty: number };
  benefit?: string;
}

/** The card lists of a full match (`options`), each in draw order (top of the deck first). */
export interface AnimaCards {
  characters: Character[];
  locations: LocationCard[];
  encounters: EncounterCard[];
  basicMissions: MissionCard[];
  finalMissions: MissionCard[];
}

/** `turn_end`: between two turns, only inside one command (the next turn's order is rolled at once). */
export type AnimaPhase = 'setup' | 'start' | 'move' | 'interaction' | 'exploration' | 'turn_end' | 'ended';

/** A Character in a Group: its card index in `options.characters` and its printed values. */
export type GroupCharacter = Character & { card: number };

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
}

export interface TableLocation {
  card: number;
  name: string;
  level: number;
  /** ANIMA-SETUP-4 / ANIMA-PRIOR-1: the prior encounter in front of it (card index), face down or up. */
  prior: { card: number; faceDown: boolean } | null;
}

/** A choice the rules leave to a player, which must be made before anything else. */
export type Pending = { kind: 'casualty'; player: string } | { kind: 'reward'; player: string; location: string };

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
  pending: Pending | null;
  /** ANIMA-MOVE-4: who sought new horizons this turn. */
  soughtBy: string | null;
  groupsInPlay: Record<string, GroupState>;
  locations: TableLocation[];
  decks: { characters: number[]; locations: number[]; encounters: number[] };
  discards: { characters: number[]; locations: number[]; encounters: number[] };
  /** ANIMA-MISSION-2: the Final Mission revealed at the first Basic Mission completion. */
  finalMission: { card: number; name: string } | null;
  /** The remaining face-down Final Missions. */
  finalDeck: number[];
  /** ANIMA-OPT-MULTI-1: both Basic Missions are needed for the Final Mission. */
  multipleMissions: boolean;
  outcome: { winner: string; mission: string } | null;
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

/** Throws InvalidInput (400, `/options/...` paths) when the card lists are there but unusable. */
export function checkCards(options: Record<string, unknown>, players: number): void {
  const cards = cardsOf(options);
  if (!cards) return;
  const problems = cardProblems(cards, players);
  if (problems.length) throw new InvalidInput(problems);
}

const range = (from: number, to: number) => Array.from({ length: Math.max(0, to - from) }, (_, i) => from + i);

const freshGroup = (dealt: number[], missions: { card: number; name: string }[]): GroupState => ({
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
});

/**
 * ANIMA-SETUP-2..5 from the decks in draw order: two Basic Missions and two Characters per player (in
 * player order), N = players Locations with a face-down prior encounter each; no Group at a Location.
 */
export function initialTable(players: { id: string }[], options: Record<string, unknown>): AnimaTable {
  const cards = cardsOf(options);
  const n = players.length;
  const ok = cards !== null && cardProblems(cards, n).length === 0;
  const groupsInPlay: Record<string, GroupState> = {};
  players.forEach((p, i) => {
    const missions = ok ? [2 * i, 2 * i + 1].map((card) => ({ card, name: cards.basicMissions[card]!.name })) : [];
    groupsInPlay[p.id] = freshGroup(ok ? [2 * i, 2 * i + 1] : [], missions);
  });
  return {
    phase: 'setup',
    turn: 0,
    turnOrder: players.map((p) => p.id),
    tieBreaks: [],
    done: [],
    toAct: null,
    pending: null,
    soughtBy: null,
    groupsInPlay,
    locations: ok ? range(0, n).map((i) => ({ card: i, name: cards.locations[i]!.name, level: cards.locations[i]!.level, prior: { card: i, faceDown: true } })) : [],
    decks: ok
      ? { characters: range(2 * n, cards.characters.length), locations: range(n, cards.locations.length), encounters: range(n, cards.encounters.length) }
      : { characters: [], locations: [], encounters: [] },
    discards: { characters: [], locations: [], encounters: [] },
    finalMission: null,
    finalDeck: ok ? range(0, cards.finalMissions.length) : [],
    multipleMissions: options.multipleMissions === true,
    outcome: null,
    missingCards: cards ? [] : CARD_LISTS.filter((k) => !Array.isArray(options[k])),
    cards: ok ? cards : null,
  };
}
