/**
 * EDEN match state (the projection of a match log; its events: evolve/events.ts). Pure data: the
 * decider (commands.ts) turns commands into events, evolve.ts folds events into this state.
 */
import { isOutOfAction, type Fighter } from '../rules/fighter.js';
import type { WeatherCondition } from '../rules/catalog/weather.js';
import type { SceneryState } from '../rules/scenery.js';
import type { EdenOutcome } from './outcome.js';
import type { NpcDecision } from '../rules/npc.js';

export type Side = 'A' | 'B';
export const SIDES: readonly Side[] = ['A', 'B'];
export const otherSide = (s: Side): Side => (s === 'A' ? 'B' : 'A');

export type EdenPhase = 'preparation' | 'first_player' | 'tactical' | 'activation' | 'upkeep' | 'ended';
/**
 * EDEN-PREP-0..8, in order. `weather` (EDEN-PREP-0 / EDEN-WEATHER-1) only with options.weather;
 * `scenery` (EDEN-TERRAIN-3, replacing PREP-6) only with options.territory (without it PREP-6 is
 * played on the table and not recorded); `infestation` (PREP-6bis / EDEN-NPC-2) only with
 * options.infestation.
 */
export type PrepStep = 'weather' | 'bands' | 'bid' | 'leaders' | 'missions' | 'scenery' | 'infestation' | 'deployment' | 'tactic_hands' | 'done';

/** The optional rules in play (§16–§18, ES only), from the match options. */
export interface EdenOptions {
  /** Number of weather conditions rolled (EDEN-WEATHER-9: 1..3); 0 = no Weather. */
  weather: number;
  /** Territory management (EDEN-TERRAIN-1..4). */
  territory: boolean;
  /** Infestation (EDEN-NPC-*). */
  infestation: boolean;
}

/** An NPC of the match (EDEN-NPC-1): its fighter lives in `fighters` with side "npc". */
export interface NpcInfo {
  level: number;
  placedBy: Side;
}

/** A scenery element on the table (EDEN-TERRAIN-2/3): the core's SceneryState plus who bought it. */
export interface SceneryOnTable extends SceneryState {
  owner: Side | null;
  cost: number;
}

/** Alternating placement (EDEN-TERRAIN-3 / EDEN-AMB-29, EDEN-NPC-2): points left and whose turn. */
export interface Placement {
  points: Record<Side, number>;
  /** Players who stopped (EDEN-NPC-2: cannot or will not buy another NPC). */
  stopped: Side[];
  next: Side | null;
}

export interface Mission {
  name: string;
  visibility: 'secret' | 'revealed';
  deployment: 'confrontation' | 'ambush';
  [extra: string]: unknown;
}

export interface Band {
  player: { id: string; name: string };
  bandType: 'faction' | 'stigma' | null;
  affiliation: string | null;
  /** Fighter ids in the order the band was listed. */
  fighterIds: string[];
  strategyPoints: number;
  leader: string | null;
  mission: Mission | null;
  deployment: { zone: string; placements: unknown } | null;
  tacticHand: string[] | null;
  tacticsPlayed: string[];
  victoryPoints: number;
}

export interface FighterTurn {
  activated: boolean;
  moves: number;
  attacks: number;
  engages: number;
}

export interface FighterEntry {
  /** "npc" for a non-player fighter (EDEN-NPC-1): it belongs to no band. */
  side: Side | 'npc';
  fighter: Fighter;
  /** EDEN-WOUND-4: the last box of any one limb marked puts the fighter out of action. */
  outOfAction: boolean;
  turn: FighterTurn;
  /** Uses of equipment by name (EDEN-EFFECT-LIMIT). */
  itemUses: Record<string, { turn: number; game: number }>;
}

export interface EdenMatchState {
  game: 'eden';
  edition: 'es' | 'de';
  maxTurns: number;
  /** Optional rules in play (options.weather / options.territory / options.infestation). */
  options: EdenOptions;
  phase: EdenPhase;
  prep: PrepStep;
  turn: number;
  /** The First player role (EDEN-FIRST-3: it moves during the Activation phase). */
  firstPlayer: Side | null;
  /**
   * EDEN-PREP-3 step 3: the bid's winner, whose choice of First player was left open when the bids
   * were revealed (bids sent from the seats, CONTRACT §9.1); he names it with `eden.choose_first`.
   */
  choosingFirst?: { side: Side; rule: string };
  bands: Record<Side, Band>;
  fighters: Record<string, FighterEntry>;
  tactical: { acted: Side[] };
  activation: {
    opening: boolean;
    lastWasPass: boolean;
    /** The fighter being activated, between fighter_activated and activation_ended. */
    active: string | null;
    lastActivatedSide: Side | null;
  };
  /** EDEN-WEATHER-1..9: the weather conditions in play (empty without Weather or before the roll). */
  weather: WeatherCondition[];
  /** EDEN-NPC-2: Infestation Level (null until agreed) and the placement of NPCs. */
  infestation: (Placement & { level: number | null }) | null;
  /** NPCs by fighter id (EDEN-NPC-1). */
  npcs: Record<string, NpcInfo>;
  /** EDEN-TERRAIN-3: Scenery Points and alternating placement. */
  territory: Placement | null;
  /** Scenery elements by id (EDEN-TERRAIN-2), with Territory management only. */
  scenery: Record<string, SceneryOnTable>;
  /** EDEN-WEATHER-6 (Mist): deployment one fighter at a time; fighters deployed so far and whose turn. */
  mistDeployment: { deployed: Record<Side, string[]>; next: Side } | null;
  /** EDEN-UPKEEP-2 / EDEN-NPC-3: NPCs activated in this upkeep and who activates the next one. */
  upkeep: { npcsActivated: string[]; npcNext: Side | null };
  /** EDEN-FIRST-2: the turn in which each side's Leader was put out of action. */
  leaderLostTurn: Partial<Record<Side, number>>;
  /** The end as `eden.game_ended` recorded it (sides); `outcome` says the same by player id. */
  result: { reason: 'turns' | 'elimination'; turn: number; victoryPoints: Record<Side, number>; winner: Side | null } | null;
  /** Events of types this game does not know (generic log entries), counted. */
  otherEvents: number;
  /** How the match stands (CONTRACT §8.2), derived after every event (outcome.ts). */
  outcome: EdenOutcome;
}

/** What an event changed on one fighter: the members the fold replaces, only those that changed (never the profile). */
export type FighterChange = Partial<Pick<Fighter, 'wounds' | 'markers' | 'ap'>>;
/** Fighter changes by fighter id (an own member per id, "__proto__" included). */
export type FighterChanges = Record<string, FighterChange>;

const sameJson = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);

/** What `after` changed on the match's fighters (by their ids): the wounds, markers and AP that differ from the state's. */
export function fighterChanges(state: EdenMatchState, after: readonly { id: string; fighter: Fighter }[]): FighterChanges {
  const changes: FighterChanges = {};
  for (const { id, fighter } of after) {
    const before = own(state.fighters, id)?.fighter;
    const change: FighterChange = {};
    if (!before || !sameJson(before.wounds, fighter.wounds)) change.wounds = fighter.wounds;
    if (!before || !sameJson(before.markers, fighter.markers)) change.markers = fighter.markers;
    if (!before || before.ap !== fighter.ap) change.ap = fighter.ap;
    if (Object.keys(change).length > 0) setOwn(changes, id, change);
  }
  return changes;
}

/**
 * `map[key]` only when `key` is the map's own member. Fighter, scenery, NPC and weapon ids come from
 * the players: a plain `map[id]` would find Object.prototype's members ("constructor", "toString",
 * "__proto__"…) for an id nobody registered.
 */
export function own<T>(map: Readonly<Record<string, T>>, key: unknown): T | undefined {
  return typeof key === 'string' && Object.hasOwn(map, key) ? map[key] : undefined;
}

/** `map[key] = value` as an own member, also for the id "__proto__" (which a plain assignment would make the prototype). */
export function setOwn<T>(map: Record<string, T>, key: string, value: T): void {
  Object.defineProperty(map, key, { value, writable: true, enumerable: true, configurable: true });
}

export const isInAction = (e: FighterEntry | undefined): boolean => !!e && !isOutOfAction(e.fighter);

/** EDEN-ACT-9 / EDEN-ACT-10: activated this turn, or 0 AP, or out of action → cannot be named. */
export function canBeActivated(e: FighterEntry): boolean {
  return !e.turn.activated && e.fighter.ap > 0 && !isOutOfAction(e.fighter);
}

/** NPCs of the match still on the table (EDEN-NPC-1). */
export function npcsInAction(state: EdenMatchState): (FighterEntry & { id: string })[] {
  return Object.keys(state.npcs)
    .map((id) => ({ ...own(state.fighters, id)!, id }))
    .filter((e) => isInAction(e));
}

export function sideFighters(state: EdenMatchState, side: Side): FighterEntry[] {
  return state.bands[side].fighterIds.map((id) => own(state.fighters, id)!).filter(Boolean);
}

export function canActivate(state: EdenMatchState, side: Side): boolean {
  return sideFighters(state, side).some(canBeActivated);
}

/** The dice a command drew, as its events store them (src/games/dice/facts.ts). */
export { diceFact, type DiceFact } from '../../../kernel/dice/facts.js';

/** A disengagement as resolved (EDEN-MOVE-ACT-2): the adversaries named, the RAP to beat, whether it succeeded. */
export interface Disengagement {
  adversaries: string[];
  difficulty: number;
  success: boolean;
}

/** What an NPC did (EDEN-NPC-4): the fighter it went for, or how far it wandered (cm); the core's candidates and rule are not facts. */
export interface NpcAction {
  action: NpcDecision['action'];
  targetId?: string;
  distance?: number;
}
