/** The events of a full Ánima match (all written by its commands) and the data each carries. */
import type { Exploration, GoneThroughPrior, GroupCombat, PriorEncounter, SpeedRun, TieBreak } from '../rules/index.js';
import type { CreatureCombat } from '../rules/combat.js';
import type { SpeedTest } from '../rules/speed.js';

export interface AnimaEventData {
  /** ANIMA-SETUP-3; with a Gift deck also the three Gifts kept and the one returned. */
  'anima.character_kept': { player: string; kept: number; returned: number; gifts?: number[]; returnedGift?: number };
  /** A deck (re)formed in this order: the setup return (ANIMA-SETUP-3) or a discard pile shuffled (ANIMA-DECK-2). */
  'anima.deck_shuffled': { deck: 'characters' | 'encounters' | 'gifts'; order: number[] };
  'anima.turn_started': { turn: number; order: string[]; tieBreaks: TieBreak[]; runs: SpeedRun[] };
  'anima.gifts_discarded': { player: string; count: number; takenBy: string | null; reason: string; cards?: number[] };
  'anima.character_dismissed': { player: string; character: number; takenBy: string | null; reason: string };
  /** ANIMA-GROUP-5: the top Character of the deck starts a new Group. */
  'anima.group_replaced': { player: string; character: number; organisationDiscarded?: number | null };
  'anima.phase_finished': { player: string };
  /**
   * `prior.drawn`: the Encounter drawn for a level change (ANIMA-OPT-TREE-2), discarded once resolved.
   * `prior.result`: the encounter's outcome with the move's own members (`need`, `at`, `restartAtLevel1`).
   */
  'anima.went': { player: string; location: string; prior: { card: number; result: GoneThroughPrior; drawn?: boolean } | null; recruited: number[] };
  'anima.sought': {
    player: string;
    source: 'deck' | 'discard';
    location: number;
    encounter: number;
    removed: string | null;
    saved: { location: string; by: string; gift?: number }[];
    result: PriorEncounter;
    recruited: number[];
  };
  'anima.rested': { player: string };
  /** `spoilCard`: with a Gift deck, the loser's Gift drawn at random (ANIMA-INTERACT-5). */
  'anima.group_combat': { player: string; opponent: string; combat: GroupCombat; spoil: boolean; spoilCard?: number | null };
  'anima.traded': {
    player: string;
    with: string;
    gives: { gifts: number; characters: number[]; cards?: number[] };
    receives: { gifts: number; characters: number[]; cards?: number[] };
  };
  'anima.explored': { player: string; location: string; drawn: number[]; exploration: Exploration; recruited: number[] };
  'anima.reward_claimed': {
    player: string;
    location: string;
    reward: number;
    kind: 'gift' | 'recruit' | 'mission' | 'special';
    giftsDrawn?: number;
    recruited?: number;
    mission?: { name: string; final: boolean; combat?: CreatureCombat; speedTest?: SpeedTest; success: boolean; resistStarted?: boolean };
  };
  /** Gift cards drawn into a hand whose count grew (rewards, Events: ANIMA-HAND-1, ANIMA-DECK-2). */
  'anima.gifts_drawn': { player: string; cards: number[] };
  /** Gift cards an Event took from a hand (drawn at random). */
  'anima.gifts_lost': { player: string; cards: number[] };
  /** ANIMA-TIMING-1..4: a Gift played (for one combat when `forCombat`), the Character tapped for an Ability card. */
  'anima.gift_played': { player: string; gift: number; character: number | null; target: { player: string; character: number } | null; forCombat: boolean };
  /** ANIMA-HAND-2 / ANIMA-START-2a: the Organisation discarded. */
  'anima.organisation_left': { player: string; organisation: number };
  /** ANIMA-START-2d / ANIMA-AMB-5: the Group declares it leaves its Location (a Resist mission under way is abandoned). */
  'anima.location_left': { player: string; location: string; abandoned: string | null };
  /** ANIMA-MISSION-5: one round of a Resist mission in the Exploration phase. */
  'anima.resisted': { player: string; mission: string; location: string; combat?: CreatureCombat; progress: number; completed: boolean; expelled: boolean };
  /** ANIMA-MISSION-4: `benefit` as applied — Gifts drawn, lasting modifiers, the card's text. */
  'anima.mission_completed': { player: string; mission: string; final: boolean; benefit?: { text?: string; giftsDrawn?: number; combat?: number; speed?: number } };
  'anima.final_mission_revealed': { card: number; name: string };
  'anima.character_lost': { player: string; character: number };
  'anima.game_won': { player: string; mission: string };
}

export type AnimaEventType = keyof AnimaEventData;
export type AnimaEvent = { [T in AnimaEventType]: { type: T; data: AnimaEventData[T] } }[AnimaEventType];
export const ANIMA_EVENT_TYPES = new Set<string>([
  'anima.character_kept',
  'anima.deck_shuffled',
  'anima.turn_started',
  'anima.gifts_discarded',
  'anima.character_dismissed',
  'anima.group_replaced',
  'anima.phase_finished',
  'anima.went',
  'anima.sought',
  'anima.rested',
  'anima.group_combat',
  'anima.traded',
  'anima.explored',
  'anima.reward_claimed',
  'anima.mission_completed',
  'anima.final_mission_revealed',
  'anima.character_lost',
  'anima.game_won',
  'anima.gifts_drawn',
  'anima.gifts_lost',
  'anima.gift_played',
  'anima.organisation_left',
  'anima.location_left',
  'anima.resisted',
] satisfies AnimaEventType[]);

export const event = <T extends AnimaEventType>(type: T, data: AnimaEventData[T]): AnimaEvent => ({ type, data }) as AnimaEvent;
