/**
 * EDEN match state (the projection of a match log) and the events that build it. Pure data: the
 * decider (decide.ts) turns commands into events, evolve.ts folds events into this state.
 */
import type { DiceTranscript } from '../../dice/index.js';
import { isOutOfAction, type Fighter } from '../fighter.js';

export type Side = 'A' | 'B';
export const SIDES: readonly Side[] = ['A', 'B'];
export const otherSide = (s: Side): Side => (s === 'A' ? 'B' : 'A');

export type EdenPhase = 'preparation' | 'first_player' | 'tactical' | 'activation' | 'upkeep' | 'ended';
/** EDEN-PREP-1..8, in order (scenery, PREP-6, is played on the table and not recorded). */
export type PrepStep = 'bands' | 'bid' | 'leaders' | 'missions' | 'deployment' | 'tactic_hands' | 'done';

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
  side: Side;
  fighter: Fighter;
  turn: FighterTurn;
  /** Uses of equipment by name (EDEN-EFFECT-LIMIT). */
  itemUses: Record<string, { turn: number; game: number }>;
}

export interface EdenMatchState {
  game: 'eden';
  edition: 'es' | 'de';
  maxTurns: number;
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
  /** EDEN-FIRST-2: the turn in which each side's Leader was put out of action. */
  leaderLostTurn: Partial<Record<Side, number>>;
  result: { reason: 'turns' | 'elimination'; turn: number; victoryPoints: Record<Side, number>; winner: Side | null } | null;
  /** Events of types this game does not know (generic log entries), counted. */
  otherEvents: number;
}

export type EdenEvent =
  | { type: 'eden.band_registered'; data: { player: Side; bandType: 'faction' | 'stigma'; affiliation: string | null; fighters: Fighter[]; strategyPoints: number } }
  | { type: 'eden.first_player_determined'; data: { turn: number; winner: Side; by: string; firstPlayer: Side; bids: Record<Side, number>; pools: Record<Side, number>; rollOff: unknown[]; rule: string; dice: DiceTranscript } }
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
  | { type: 'eden.fighter_moved'; data: { fighterId: string; apSpent: number; disengage: unknown; fighters: { id: string; fighter: Fighter }[]; dice: DiceTranscript } }
  | { type: 'eden.melee_resolved'; data: AttackData & { via: 'attack' | 'engage' | 'disengage'; reaction: string; targetId: string; responded: boolean } }
  | { type: 'eden.shot_resolved'; data: AttackData & { targetId: string | null } }
  | { type: 'eden.throw_resolved'; data: AttackData }
  | { type: 'eden.spray_resolved'; data: AttackData }
  | { type: 'eden.fire_doused'; data: { fighterId: string; markers: number; fighters: { id: string; fighter: Fighter }[] } }
  | { type: 'eden.activation_ended'; data: { player: Side; fighterId: string } }
  | { type: 'eden.activation_passed'; data: { player: Side } }
  | { type: 'eden.first_player_changed'; data: { firstPlayer: Side; reason: 'hand_over' | 'pass' | 'no_activatable_fighter' } }
  | { type: 'eden.activation_phase_ended'; data: { reason: 'all_activated' | 'double_pass'; firstPlayer: Side } }
  | { type: 'eden.upkeep_resolved'; data: { turn: number; fighters: { id: string; fighter: Fighter }[]; log: unknown[]; dice: DiceTranscript } }
  | { type: 'eden.victory_points_scored'; data: { turn: number; gained: Record<Side, number>; totals: Record<Side, number> } }
  | { type: 'eden.game_ended'; data: { reason: 'turns' | 'elimination'; turn: number; victoryPoints: Record<Side, number>; winner: Side | null } };

export interface AttackData {
  /** The acting fighter (attacker, shooter, thrower). */
  attackerId: string;
  weapon: string | null;
  success: boolean;
  /** Rules-core result (rolls, locations, exchanges), as the stateless endpoint reports it. */
  result: Record<string, unknown>;
  /** Every fighter the attack changed, after it (wounds, markers, AP). */
  fighters: { id: string; fighter: Fighter }[];
  dice: DiceTranscript;
}

export const isInAction = (e: FighterEntry | undefined): boolean => !!e && !isOutOfAction(e.fighter);

/** EDEN-ACT-9 / EDEN-ACT-10: activated this turn, or 0 AP, or out of action → cannot be named. */
export function canBeActivated(e: FighterEntry): boolean {
  return !e.turn.activated && e.fighter.ap > 0 && !isOutOfAction(e.fighter);
}

export function sideFighters(state: EdenMatchState, side: Side): FighterEntry[] {
  return state.bands[side].fighterIds.map((id) => state.fighters[id]!).filter(Boolean);
}

export function canActivate(state: EdenMatchState, side: Side): boolean {
  return sideFighters(state, side).some(canBeActivated);
}
