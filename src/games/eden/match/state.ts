/**
 * EDEN match state (the projection of a match log) and the events that build it. Pure data: the
 * decider (decide.ts) turns commands into events, evolve.ts folds events into this state.
 */
import type { DiceFact } from '../../../kernel/dice/facts.js';
import { isOutOfAction, type Fighter } from '../rules/fighter.js';
import type { WeatherCondition } from '../rules/catalog/weather.js';
import type { NpcDecision } from '../rules/npc.js';
import type { SceneryState } from '../rules/scenery.js';
import type { EdenOutcome } from './outcome.js';

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

export type EdenEvent =
  | { type: 'eden.band_registered'; data: { player: Side; bandType: 'faction' | 'stigma'; affiliation: string | null; fighters: Fighter[]; strategyPoints: number } }
  | {
      type: 'eden.first_player_determined';
      data: {
        turn: number;
        winner: Side;
        by: string;
        firstPlayer: Side;
        bids: Record<Side, number>;
        pools: Record<Side, number>;
        rollOff: unknown[];
        rule: string;
        dice: DiceFact;
      };
    }
  | { type: 'eden.leader_chosen'; data: { player: Side; fighterId: string } }
  | { type: 'eden.mission_played'; data: { player: Side; mission: Mission } }
  | { type: 'eden.band_deployed'; data: { player: Side; zone: string; placements: unknown } }
  | { type: 'eden.tactic_hand_chosen'; data: { player: Side; cards: string[] } }
  | { type: 'eden.turn_started'; data: { turn: number } }
  | { type: 'eden.tactic_played'; data: { player: Side; card: string; cost: number; cancelled: boolean; cancellationPaid: number } }
  | { type: 'eden.tactic_skipped'; data: { player: Side } }
  | { type: 'eden.activation_phase_started'; data: { firstPlayer: Side } }
  | { type: 'eden.fighter_designated'; data: { player: Side; fighterId: string; rap: number } }
  | { type: 'eden.activation_interrupted'; data: { player: Side; fighterId: string; rap: number } }
  | { type: 'eden.fighter_activated'; data: { player: Side; fighterId: string } }
  | {
      type: 'eden.fighter_moved';
      /** v2: the AP spent in `changes`, the disengagement as resolved (v1 stored the fighter whole and the core's roll). */
      data: { fighterId: string; apSpent: number; distance?: number; disengage: Disengagement | null; changes: FighterChanges; dice: DiceFact };
    }
  | { type: 'eden.melee_resolved'; data: AttackData & { via: 'attack' | 'engage' | 'disengage'; reaction: string; targetId: string; responded: boolean } }
  | { type: 'eden.shot_resolved'; data: AttackData & { targetId: string | null } }
  | { type: 'eden.throw_resolved'; data: AttackData }
  | { type: 'eden.spray_resolved'; data: AttackData }
  | { type: 'eden.fire_doused'; data: { fighterId: string; markers: number; changes: FighterChanges } }
  | { type: 'eden.activation_ended'; data: { player: Side; fighterId: string } }
  | { type: 'eden.activation_passed'; data: { player: Side } }
  | { type: 'eden.first_player_changed'; data: { firstPlayer: Side; reason: 'hand_over' | 'pass' | 'no_activatable_fighter' } }
  | { type: 'eden.activation_phase_ended'; data: { reason: 'all_activated' | 'double_pass'; firstPlayer: Side } }
  | { type: 'eden.upkeep_resolved'; data: { turn: number; removeRage: string[]; changes: FighterChanges; dice: DiceFact } }
  | { type: 'eden.victory_points_scored'; data: { turn: number; gained: Record<Side, number>; totals: Record<Side, number> } }
  | { type: 'eden.weather_rolled'; data: { conditions: WeatherCondition[]; rules: string[]; rolls: unknown[]; dice: DiceFact } }
  | { type: 'eden.scenery_placed'; data: { player: Side; sceneryId: string; element: string; cost: number; rules: SceneryState['rules']; pointsLeft: number } }
  | { type: 'eden.infestation_level_set'; data: { level: number } }
  | { type: 'eden.npc_placed'; data: { player: Side; npc: Fighter; level: number; pointsLeft: number } }
  | { type: 'eden.npc_placement_stopped'; data: { player: Side } }
  | { type: 'eden.fighter_deployed'; data: { player: Side; fighterId: string; zone: string; placement: unknown } }
  | {
      type: 'eden.npc_activated';
      data: {
        player: Side;
        npcId: string;
        /** v2: what the NPC did and to whom (v1: the core's whole decision, candidates and rule included). */
        decision: NpcAction;
        /** v2: the attack's reaction and success (v1: the melee core's result), null when it wandered. */
        melee: { reaction: string; success: boolean } | null;
        responded: boolean;
        changes: FighterChanges;
        dice: DiceFact;
      };
    }
  | { type: 'eden.npc_eliminated'; data: { npcId: string; level: number; player: Side; byFighter: string; victoryPoints: number } }
  | {
      type: 'eden.scenery_attacked';
      data: {
        attackerId: string;
        sceneryId: string;
        apSpent: number;
        attacks: number;
        destroyed: boolean;
        replacedBy: SceneryState | null;
        /** v2: the attacker's AP after the Attack (v1 stored the whole fighter). */
        changes: FighterChanges;
      };
    }
  | { type: 'eden.scenery_ignited'; data: { fighterId: string; sceneryId: string; markers: number; fire: number; destroyed: boolean; replacedBy: SceneryState | null } }
  | {
      type: 'eden.scenery_contact_resolved';
      data: {
        fighterId: string;
        sceneryId: string;
        moment: 'activation_start' | 'move_end';
        fireAdded: number;
        /** v2: the Fire marker and wounds it gave, in `changes` (v1: the core's wound rolls and the fighter whole). */
        changes: FighterChanges;
        dice: DiceFact;
      };
    }
  | { type: 'eden.scenery_burned'; data: { turn: number; scenery: { sceneryId: string; fire: number; destroyed: boolean; replacedBy: SceneryState | null }[] } }
  | {
      type: 'eden.weather_effects_resolved';
      /** v2: `engaged` the fighters named not free (EDEN-WEATHER-7; absent from v1 data, which did not keep it). */
      data: { turn: number; conditions: WeatherCondition[]; engaged?: string[]; changes: FighterChanges; dice: DiceFact };
    }
  | { type: 'eden.game_ended'; data: { reason: 'turns' | 'elimination'; turn: number; victoryPoints: Record<Side, number>; winner: Side | null } };

/** What an event changed on one fighter: the members the fold replaces, only those that changed (never the profile). */
export type FighterChange = Partial<Pick<Fighter, 'wounds' | 'markers' | 'ap'>>;
/** Fighter changes by fighter id (an own member per id, "__proto__" included). */
export type FighterChanges = Record<string, FighterChange>;

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

/** The facts of an attack (schema v2): who, with what, what it changed, the dice drawn; no rules-core answer. */
export interface AttackData {
  /** The acting fighter (attacker, shooter, thrower). */
  attackerId: string;
  weapon: string | null;
  success: boolean;
  /** What the attack changed on each fighter, by id: wounds, markers, AP after it (EDEN-WOUND-5, EDEN-ACT-3). */
  changes: FighterChanges;
  dice: DiceFact;
}

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
