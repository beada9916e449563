/**
 * The commands of an EDEN match, one member per command type (plain types: the app layer declares
 * each one's TypeBox schema, derived from the matching stateless operation's body, and checks at
 * compile time that schema and member stay in step). Fighters are named by id (or `{id}`): the
 * match state supplies their profile, wounds, markers and AP.
 */
import type { DiceSpec } from '../../dice/index.js';
import type { FighterInput, Modifiers } from '../rules/fighter.js';
import type { Aim } from '../rules/location.js';
import type { Reaction, MeleeVia } from '../rules/melee.js';
import type { WeatherCondition } from '../rules/catalog/weather.js';
import type { Side } from './state.js';

/** A fighter of the match: its id, or any object with its `id`. */
export type FighterRef = string | { id: string };
/** "A", "B" or a player id. */
export type PlayerRef = string;

type Command<T extends string, M extends object = object> = { type: T; dice?: DiceSpec } & M;

/** The members a melee strike takes besides the two fighters (as POST /v1/eden/attacks/melee). */
export interface StrikeOptions {
  reaction?: Reaction;
  aim?: Aim;
  targetAim?: Aim;
  modifiers?: { attacker?: Modifiers; target?: Modifiers };
  weapon?: string;
  targetWeapon?: string;
}

export interface ShotCandidateRef {
  id: string;
  distance: number;
  lineOfSight: boolean;
  obstacles?: number;
  engagedWith?: { id: string; distanceToShooter: number }[];
}

export interface NpcVisibleRef {
  id: string;
  distance: number;
  lineOfSight: boolean;
  concealed?: boolean;
}

export type EdenCommand =
  // preparation (EDEN-PREP-*)
  | Command<'eden.register_band', { player: PlayerRef; bandType: 'faction' | 'stigma'; affiliation?: string; budget?: number; fighters: FighterInput[] }>
  | Command<'eden.bid', { bids: Record<Side, number>; choice?: PlayerRef }>
  | Command<'eden.choose_leader', { player: PlayerRef; fighterId: string }>
  | Command<'eden.play_mission', { player: PlayerRef; mission: { name: string; visibility: 'secret' | 'revealed'; deployment: 'confrontation' | 'ambush' } }>
  | Command<
      'eden.deploy',
      { player: PlayerRef; placements?: unknown; fighterId?: string; placement?: unknown; centreDistances?: { fighterId: string; distance: number }[]; centreDistance?: number }
    >
  | Command<'eden.choose_tactic_hand', { player: PlayerRef; cards: string[] }>
  // turn and activation (EDEN-TACPH-*, EDEN-ACT-*, EDEN-MOVE-ACT-*)
  | Command<'eden.play_tactic', { player: PlayerRef; card: string; cancellationPaid?: number }>
  | Command<'eden.skip_tactic', { player: PlayerRef }>
  | Command<'eden.activate', { player: PlayerRef; fighterId: string; interruptions?: FighterRef[] }>
  | Command<'eden.end_activation', { player?: PlayerRef }>
  | Command<'eden.pass', { player: PlayerRef }>
  | Command<'eden.move', { fighterId: string; disengageFrom?: FighterRef[]; distance?: number }>
  | Command<'eden.douse_fire', { fighterId: string; markers?: number }>
  // attacks (EDEN-ATTACK-*, EDEN-RANGED-*, EDEN-THROW-*, EDEN-SPRAY-*)
  | Command<'eden.melee', StrikeOptions & { attacker: FighterRef; target: FighterRef; via?: MeleeVia }>
  | Command<
      'eden.ranged',
      {
        shooter: FighterRef;
        weapon: string;
        candidates: ShotCandidateRef[];
        ignoreEngaged?: boolean;
        targetId?: string;
        shooterElevated?: boolean;
        shooterEngaged?: boolean;
        aim?: Aim;
        modifiers?: { shooter?: Modifiers; target?: Modifiers };
      }
    >
  | Command<
      'eden.thrown',
      { attacker: FighterRef; weapon: string; point: { distance: number; lineOfSight: boolean }; affected: FighterRef[]; attackerElevated?: boolean; attackerEngaged?: boolean }
    >
  | Command<'eden.spray', { attacker: FighterRef; weapon: string; covered: FighterRef[]; attackerEngaged?: boolean }>
  // upkeep (EDEN-UPKEEP-*)
  | Command<'eden.upkeep', { removeRage?: FighterRef[]; victoryPoints?: Partial<Record<Side, number>>; engaged?: FighterRef[]; weatherOrder?: WeatherCondition[] }>
  // optional rules: weather (§18), territory (§16), infestation (§17)
  | Command<'eden.roll_weather'>
  | Command<'eden.place_scenery', { player: PlayerRef; element: string; sceneryId?: string; nearestDistance?: number }>
  | Command<'eden.attack_scenery', { attacker: FighterRef; sceneryId: string; distance?: number }>
  | Command<'eden.ignite_scenery', { fighterId: string; sceneryId: string; markers?: number }>
  | Command<'eden.scenery_contact', { fighterId: string; sceneryId: string; moment?: 'activation_start' | 'move_end' }>
  | Command<'eden.set_infestation_level', { level: number }>
  | Command<'eden.place_npc', { player: PlayerRef; npc: FighterInput & { level?: number }; level?: number; nearestNpcDistance?: number }>
  | Command<'eden.stop_npc_placement', { player: PlayerRef }>
  | Command<'eden.activate_npc', StrikeOptions & { player: PlayerRef; npcId: string; contacts?: FighterRef[]; visible?: NpcVisibleRef[]; targetId?: string }>;

export type EdenCommandType = EdenCommand['type'];
export type CommandOf<T extends EdenCommandType> = Extract<EdenCommand, { type: T }>;

/** A command as a transport hands it over (schema-validated, not yet narrowed to its member). */
export type ReceivedCommand = { type: string; [member: string]: unknown };
