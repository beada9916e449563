/**
 * evolve(state, event) → state: the pure fold of an EDEN match log, by a table of folds, one per
 * event type (one file per family under evolve/, each declaring its events' data beside their
 * folds). Never throws on an event the decider wrote; events of unknown types are counted and
 * otherwise ignored.
 */
import type { GameEvent } from '../../../kernel/decider.js';
import { foldsOf, type FoldTable } from '../../../kernel/folds.js';
import type { Band, EdenMatchState, EdenOptions } from './state.js';
import type { EdenEvent } from './evolve/events.js';
import { PREPARATION_FOLDS } from './evolve/preparation.js';
import { TURN_FOLDS } from './evolve/turn.js';
import { ATTACK_FOLDS } from './evolve/attacks.js';
import { UPKEEP_FOLDS } from './evolve/upkeep.js';
import { WEATHER_FOLDS } from './evolve/weather.js';
import { TERRITORY_FOLDS } from './evolve/territory.js';
import { INFESTATION_FOLDS } from './evolve/infestation.js';
import { edenOutcome } from './outcome.js';

/** EDEN-TERRAIN-3: 8 Scenery Points per player. */
const SCENERY_POINTS = 8;

/**
 * The optional rules from the free-form match options (anything unexpected means "off"):
 * `weather`: true (one roll) or 1..3 (EDEN-WEATHER-9); `territory`: true; `infestation`: true
 * (level agreed later), a level 1..100, or `{level}`.
 */
function parseOptions(options: Record<string, unknown>): EdenOptions & { infestationLevel: number | null } {
  const w = options.weather;
  const weather = w === true ? 1 : typeof w === 'number' && Number.isInteger(w) && w >= 1 && w <= 3 ? w : 0;
  const inf = options.infestation;
  const levelOf = (v: unknown) => (typeof v === 'number' && Number.isInteger(v) && v >= 1 && v <= 100 ? v : null);
  const infestationLevel = levelOf(inf) ?? (inf && typeof inf === 'object' ? levelOf((inf as { level?: unknown }).level) : null);
  const infestation = inf === true || infestationLevel !== null || (!!inf && typeof inf === 'object' && !Array.isArray(inf));
  return { weather, territory: options.territory === true, infestation, infestationLevel };
}

export interface MatchSetup {
  players: { id: string; name: string }[];
  options: Record<string, unknown>;
}

const emptyBand = (player: { id: string; name: string }): Band => ({
  player,
  bandType: null,
  affiliation: null,
  fighterIds: [],
  strategyPoints: 0,
  leader: null,
  mission: null,
  deployment: null,
  tacticHand: null,
  tacticsPlayed: [],
  victoryPoints: 0,
});

/** The state with its `outcome` (CONTRACT §8.2) derived again: every projection carries it. */
const withOutcome = (state: Omit<EdenMatchState, 'outcome'>): EdenMatchState => ({ ...state, outcome: edenOutcome(state) });

export function initialState(setup: MatchSetup): EdenMatchState {
  const [a, b] = setup.players;
  const edition = setup.options.edition === 'de' ? 'de' : 'es';
  const turns = setup.options.turns;
  const { infestationLevel, ...options } = parseOptions(setup.options);
  return withOutcome({
    game: 'eden',
    edition,
    // EDEN-GAME-1: exactly 5 turns (an agreed other number may be set in options.turns)
    maxTurns: typeof turns === 'number' && Number.isInteger(turns) && turns >= 1 ? turns : 5,
    options,
    phase: 'preparation',
    // EDEN-PREP-0: with Weather, roll for it before step 1
    prep: options.weather > 0 ? 'weather' : 'bands',
    turn: 0,
    firstPlayer: null,
    bands: { A: emptyBand(a ?? { id: 'A', name: 'A' }), B: emptyBand(b ?? { id: 'B', name: 'B' }) },
    fighters: {},
    tactical: { acted: [] },
    activation: { opening: true, lastWasPass: false, active: null, lastActivatedSide: null },
    weather: [],
    // EDEN-NPC-2: each player receives Infestation Points equal to the level
    infestation: options.infestation ? { level: infestationLevel, points: { A: infestationLevel ?? 0, B: infestationLevel ?? 0 }, stopped: [], next: null } : null,
    npcs: {},
    // EDEN-TERRAIN-3: 8 Scenery Points each
    territory: options.territory ? { points: { A: SCENERY_POINTS, B: SCENERY_POINTS }, stopped: [], next: null } : null,
    scenery: {},
    mistDeployment: null,
    upkeep: { npcsActivated: [], npcNext: null },
    leaderLostTurn: {},
    result: null,
    otherEvents: 0,
  });
}

/** Every event the decider writes, with its fold. */
const EDEN_FOLDS: FoldTable<EdenMatchState, EdenEvent> = {
  ...PREPARATION_FOLDS,
  ...TURN_FOLDS,
  ...ATTACK_FOLDS,
  ...UPKEEP_FOLDS,
  ...WEATHER_FOLDS,
  ...TERRITORY_FOLDS,
  ...INFESTATION_FOLDS,
};
const FOLDS = foldsOf(EDEN_FOLDS);

/** Every event type the EDEN decider writes (each has its fold above). */
export const EDEN_EVENT_TYPES = FOLDS.types;

/** Whether a stored event is one of EDEN's own (by its type). */
export const isEdenEvent = FOLDS.isEvent;

export function evolve(state: EdenMatchState, event: EdenEvent | GameEvent): EdenMatchState {
  return withOutcome(FOLDS.isEvent(event) ? FOLDS.evolve(state, event) : { ...state, otherEvents: state.otherEvents + 1 });
}
