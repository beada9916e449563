/**
 * evolve(state, event) → state: the pure fold of an EDEN match log. Never throws on an event the
 * decider wrote; events of unknown types are counted and otherwise ignored.
 */
import { isOutOfAction, normalizeFighter, type Fighter } from '../fighter.js';
import type { Band, EdenEvent, EdenMatchState, EdenOptions, FighterEntry, Placement, Side } from './state.js';
import { SIDES, otherSide } from './state.js';

/** EDEN-TERRAIN-3: 8 Scenery Points per player. */
export const SCENERY_POINTS = 8;

/**
 * The optional rules from the free-form match options (anything unexpected means "off"):
 * `weather`: true (one roll) or 1..3 (EDEN-WEATHER-9); `territory`: true; `infestation`: true
 * (level agreed later), a level 1..100, or `{level}`.
 */
export function parseOptions(options: Record<string, unknown>): EdenOptions & { infestationLevel: number | null } {
  const w = options.weather;
  const weather = w === true ? 1 : typeof w === 'number' && Number.isInteger(w) && w >= 1 && w <= 3 ? w : 0;
  const inf = options.infestation;
  const levelOf = (v: unknown) => (typeof v === 'number' && Number.isInteger(v) && v >= 1 && v <= 100 ? v : null);
  const infestationLevel = levelOf(inf) ?? (inf && typeof inf === 'object' ? levelOf((inf as { level?: unknown }).level) : null);
  const infestation = inf === true || infestationLevel !== null || (!!inf && typeof inf === 'object' && !Array.isArray(inf));
  return { weather, territory: options.territory === true, infestation, infestationLevel };
}

/** The preparation step after the missions (EDEN-PREP-5 → 6 → 6bis → 7). */
function afterMissions(state: EdenMatchState): EdenMatchState['prep'] {
  if (state.options.territory) return 'scenery';
  return afterScenery(state);
}
function afterScenery(state: EdenMatchState): EdenMatchState['prep'] {
  return state.options.infestation ? 'infestation' : 'deployment';
}

/** Alternating placement: whose turn after `side` placed (the other if he still places, EDEN-AMB-29 / EDEN-NPC-2). */
function nextPlacer(p: Placement, side: Side): Side | null {
  const active = (s: Side) => p.points[s] > 0 && !p.stopped.includes(s);
  if (active(otherSide(side))) return otherSide(side);
  return active(side) ? side : null;
}

/** Start a placement step with the First player first; a player with nothing to place is skipped. */
function startPlacement(p: Placement, first: Side | null): Placement {
  const f = first ?? 'A';
  const active = (s: Side) => p.points[s] > 0 && !p.stopped.includes(s);
  return { ...p, next: active(f) ? f : active(otherSide(f)) ? otherSide(f) : null };
}

/** Enter a preparation step, setting up its placement turn (First player first). */
function enterPrep(state: EdenMatchState, step: EdenMatchState['prep']): EdenMatchState {
  let next: EdenMatchState = { ...state, prep: step };
  if (step === 'scenery' && next.territory) {
    next = { ...next, territory: startPlacement(next.territory, next.firstPlayer) };
    if (next.territory!.next === null) return enterPrep(next, afterScenery(next));
  }
  if (step === 'infestation' && next.infestation) {
    next = { ...next, infestation: { ...next.infestation, ...startPlacement(next.infestation, next.firstPlayer) } };
    if (next.infestation!.level !== null && next.infestation!.next === null) return enterPrep(next, 'deployment');
  }
  if (step === 'deployment' && next.weather.includes('mist')) {
    next = { ...next, mistDeployment: { deployed: { A: [], B: [] }, next: next.firstPlayer ?? 'A' } };
  }
  return next;
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

const freshTurn = () => ({ activated: false, moves: 0, attacks: 0, engages: 0 });

export function initialState(setup: MatchSetup): EdenMatchState {
  const [a, b] = setup.players;
  const edition = setup.options.edition === 'de' ? 'de' : 'es';
  const turns = setup.options.turns;
  const { infestationLevel, ...options } = parseOptions(setup.options);
  return {
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
    infestation: options.infestation
      ? { level: infestationLevel, points: { A: infestationLevel ?? 0, B: infestationLevel ?? 0 }, stopped: [], next: null }
      : null,
    npcs: {},
    // EDEN-TERRAIN-3: 8 Scenery Points each
    territory: options.territory ? { points: { A: SCENERY_POINTS, B: SCENERY_POINTS }, stopped: [], next: null } : null,
    scenery: {},
    mistDeployment: null,
    upkeep: { npcsActivated: [], npcNext: null },
    leaderLostTurn: {},
    result: null,
    otherEvents: 0,
  };
}

function mapBand(state: EdenMatchState, side: Side, fn: (b: Band) => Band): EdenMatchState {
  return { ...state, bands: { ...state.bands, [side]: fn(state.bands[side]) } };
}

function mapFighter(state: EdenMatchState, id: string, fn: (e: FighterEntry) => FighterEntry): EdenMatchState {
  const e = state.fighters[id];
  if (!e) return state;
  return { ...state, fighters: { ...state.fighters, [id]: fn(e) } };
}

/** Replace fighters by their updated versions; note a Leader put out of action (EDEN-FIRST-2). */
function updateFighters(state: EdenMatchState, updates: { id: string; fighter: Fighter }[]): EdenMatchState {
  let next = state;
  for (const u of updates) {
    const before = next.fighters[u.id];
    if (!before) continue;
    const { outOfAction: _ignored, ...fighter } = u.fighter;
    next = mapFighter(next, u.id, (e) => ({ ...e, fighter: fighter as Fighter }));
    const side = before.side;
    if (side !== 'npc' && next.bands[side].leader === u.id && !isOutOfAction(before.fighter) && isOutOfAction(fighter as Fighter)) {
      next = { ...next, leaderLostTurn: { ...next.leaderLostTurn, [side]: next.turn } };
    }
  }
  return next;
}

/** Update a scenery element; a destroyed one is replaced by its Devastated zone (EDEN-TERRAIN-R-DESTRUCTION). */
function withScenery(state: EdenMatchState, id: string, change: { attacks?: number; fire?: number }, destroyed: boolean, replacedBy: import('../scenery.js').SceneryState | null): EdenMatchState {
  const s = state.scenery[id];
  if (!s) return state;
  const scenery = { ...state.scenery, [id]: { ...s, ...change, ...(destroyed ? { destroyed: true } : {}) } };
  if (replacedBy) scenery[replacedBy.id] = { ...replacedBy, rules: replacedBy.rules.map((r) => ({ ...r })), owner: null, cost: 0 };
  return { ...state, scenery };
}

function countUse(e: FighterEntry, weapon: string | null): FighterEntry {
  if (!weapon) return e;
  const uses = e.itemUses[weapon] ?? { turn: 0, game: 0 };
  return { ...e, itemUses: { ...e.itemUses, [weapon]: { turn: uses.turn + 1, game: uses.game + 1 } } };
}

export function evolve(state: EdenMatchState, event: EdenEvent | { type: string; data: unknown }): EdenMatchState {
  const ev = event as EdenEvent;
  switch (ev.type) {
    case 'eden.band_registered': {
      const d = ev.data;
      let next = mapBand(state, d.player, (b) => ({
        ...b,
        bandType: d.bandType,
        affiliation: d.affiliation,
        fighterIds: d.fighters.map((f) => f.id),
        strategyPoints: d.strategyPoints,
      }));
      const fighters = { ...next.fighters };
      for (const f of d.fighters) fighters[f.id] = { side: d.player, fighter: normalizeFighter(f), turn: freshTurn(), itemUses: {} };
      next = { ...next, fighters };
      const both = SIDES.every((s) => next.bands[s].bandType !== null);
      return both ? { ...next, prep: 'bid' } : next;
    }
    case 'eden.first_player_determined': {
      const d = ev.data;
      let next: EdenMatchState = { ...state, firstPlayer: d.firstPlayer };
      for (const s of SIDES) next = mapBand(next, s, (b) => ({ ...b, strategyPoints: d.pools[s] }));
      if (state.phase === 'preparation') return { ...next, prep: 'leaders' };
      return { ...next, phase: 'tactical', tactical: { acted: [] } };
    }
    case 'eden.leader_chosen': {
      const next = mapBand(state, ev.data.player, (b) => ({ ...b, leader: ev.data.fighterId }));
      return SIDES.every((s) => next.bands[s].leader) ? { ...next, prep: 'missions' } : next;
    }
    case 'eden.mission_played': {
      const next = mapBand(state, ev.data.player, (b) => ({ ...b, mission: ev.data.mission }));
      return SIDES.every((s) => next.bands[s].mission) ? enterPrep(next, afterMissions(next)) : next;
    }
    case 'eden.band_deployed': {
      const next = mapBand(state, ev.data.player, (b) => ({ ...b, deployment: { zone: ev.data.zone, placements: ev.data.placements } }));
      return SIDES.every((s) => next.bands[s].deployment) ? { ...next, prep: 'tactic_hands' } : next;
    }
    case 'eden.tactic_hand_chosen': {
      const next = mapBand(state, ev.data.player, (b) => ({ ...b, tacticHand: [...ev.data.cards] }));
      return SIDES.every((s) => next.bands[s].tacticHand) ? { ...next, prep: 'done' } : next;
    }
    case 'eden.turn_started': {
      const fighters: Record<string, FighterEntry> = {};
      for (const [id, e] of Object.entries(state.fighters)) {
        const itemUses = Object.fromEntries(Object.entries(e.itemUses).map(([k, v]) => [k, { turn: 0, game: v.game }]));
        // EDEN-PREP-9: every fighter on the table receives 3 AP before turn 1 (later turns: upkeep steps 7–9)
        const fighter = ev.data.turn === 1 ? { ...e.fighter, ap: 3 } : e.fighter;
        fighters[id] = { ...e, fighter, turn: freshTurn(), itemUses };
      }
      return {
        ...state,
        phase: 'first_player',
        turn: ev.data.turn,
        fighters,
        tactical: { acted: [] },
        activation: { opening: true, lastWasPass: false, active: null, lastActivatedSide: null },
      };
    }
    case 'eden.tactic_played': {
      const d = ev.data;
      let next = mapBand(state, d.player, (b) => ({ ...b, strategyPoints: b.strategyPoints - d.cost, tacticsPlayed: [...b.tacticsPlayed, d.card] }));
      if (d.cancellationPaid > 0) {
        const opp = d.player === 'A' ? 'B' : 'A';
        next = mapBand(next, opp, (b) => ({ ...b, strategyPoints: b.strategyPoints - d.cancellationPaid }));
      }
      return { ...next, tactical: { acted: [...next.tactical.acted, d.player] } };
    }
    case 'eden.tactic_skipped':
      return { ...state, tactical: { acted: [...state.tactical.acted, ev.data.player] } };
    case 'eden.activation_phase_started':
      return {
        ...state,
        phase: 'activation',
        firstPlayer: ev.data.firstPlayer,
        activation: { opening: true, lastWasPass: false, active: null, lastActivatedSide: null },
      };
    case 'eden.fighter_designated':
    case 'eden.activation_interrupted':
      return state;
    case 'eden.fighter_activated': {
      const next = mapFighter(state, ev.data.fighterId, (e) => ({ ...e, turn: { ...e.turn, activated: true } }));
      return { ...next, activation: { ...next.activation, active: ev.data.fighterId, opening: false, lastWasPass: false, lastActivatedSide: ev.data.player } };
    }
    case 'eden.fighter_moved': {
      const next = updateFighters(state, ev.data.fighters);
      return mapFighter(next, ev.data.fighterId, (e) => ({ ...e, turn: { ...e.turn, moves: e.turn.moves + 1 } }));
    }
    case 'eden.melee_resolved': {
      const d = ev.data;
      let next = updateFighters(state, d.fighters);
      next = mapFighter(next, d.attackerId, (e) => ({
        ...e,
        turn: { ...e.turn, attacks: e.turn.attacks + 1, engages: e.turn.engages + (d.via === 'engage' ? 1 : 0) },
      }));
      // EDEN-ATTACK-2: a Response counts towards the target's Attacks
      if (d.responded) next = mapFighter(next, d.targetId, (e) => ({ ...e, turn: { ...e.turn, attacks: e.turn.attacks + 1 } }));
      return next;
    }
    case 'eden.shot_resolved':
    case 'eden.throw_resolved':
    case 'eden.spray_resolved': {
      const d = ev.data;
      const next = updateFighters(state, d.fighters);
      return mapFighter(next, d.attackerId, (e) => countUse({ ...e, turn: { ...e.turn, attacks: e.turn.attacks + 1 } }, d.weapon));
    }
    case 'eden.fire_doused':
      return updateFighters(state, ev.data.fighters);
    case 'eden.activation_ended':
      return { ...state, activation: { ...state.activation, active: null } };
    case 'eden.activation_passed':
      return { ...state, activation: { ...state.activation, lastWasPass: true } };
    case 'eden.first_player_changed':
      return { ...state, firstPlayer: ev.data.firstPlayer };
    case 'eden.activation_phase_ended':
      // EDEN-NPC-3: in upkeep step 2 the First player activates the first NPC
      return {
        ...state,
        phase: 'upkeep',
        firstPlayer: ev.data.firstPlayer,
        activation: { ...state.activation, active: null },
        upkeep: { npcsActivated: [], npcNext: ev.data.firstPlayer },
      };
    case 'eden.weather_rolled':
      return { ...state, weather: [...ev.data.conditions], prep: 'bands' };
    case 'eden.scenery_placed': {
      const d = ev.data;
      const t = state.territory!;
      const territory = { ...t, points: { ...t.points, [d.player]: d.pointsLeft } };
      const next: EdenMatchState = {
        ...state,
        territory: { ...territory, next: nextPlacer(territory, d.player) },
        scenery: { ...state.scenery, [d.sceneryId]: { id: d.sceneryId, element: d.element, rules: d.rules.map((r) => ({ ...r })), attacks: 0, fire: 0, owner: d.player, cost: d.cost } },
      };
      return next.territory!.next === null ? enterPrep(next, afterScenery(next)) : next;
    }
    case 'eden.infestation_level_set': {
      const level = ev.data.level;
      const next: EdenMatchState = { ...state, infestation: { ...state.infestation!, level, points: { A: level, B: level } } };
      return enterPrep(next, 'infestation');
    }
    case 'eden.npc_placed': {
      const d = ev.data;
      const inf = state.infestation!;
      const placed = { ...inf, points: { ...inf.points, [d.player]: d.pointsLeft } };
      const fighter = { ...normalizeFighter(d.npc), npc: true };
      const next: EdenMatchState = {
        ...state,
        infestation: { ...placed, next: nextPlacer(placed, d.player) },
        npcs: { ...state.npcs, [d.npc.id]: { level: d.level, placedBy: d.player } },
        fighters: { ...state.fighters, [d.npc.id]: { side: 'npc', fighter, turn: freshTurn(), itemUses: {} } },
      };
      return next.infestation!.next === null ? enterPrep(next, 'deployment') : next;
    }
    case 'eden.npc_placement_stopped': {
      const inf = state.infestation!;
      const stopped = { ...inf, stopped: [...inf.stopped, ev.data.player] };
      const next: EdenMatchState = { ...state, infestation: { ...stopped, next: nextPlacer(stopped, ev.data.player) } };
      return next.infestation!.next === null ? enterPrep(next, 'deployment') : next;
    }
    case 'eden.fighter_deployed': {
      const d = ev.data;
      const m = state.mistDeployment!;
      const deployed = { ...m.deployed, [d.player]: [...m.deployed[d.player], d.fighterId] };
      let next = mapBand(state, d.player, (b) => ({
        ...b,
        deployment: deployed[d.player].length >= b.fighterIds.length ? { zone: d.zone, placements: deployed[d.player] } : b.deployment,
      }));
      const left = (s: Side) => next.bands[s].fighterIds.length - deployed[s].length;
      // EDEN-WEATHER-6: alternate one fighter at a time; a player with none left lets the other finish
      const after: Side = left(otherSide(d.player)) > 0 ? otherSide(d.player) : d.player;
      next = { ...next, mistDeployment: { deployed, next: after } };
      return SIDES.every((s) => left(s) <= 0) ? { ...next, prep: 'tactic_hands' } : next;
    }
    case 'eden.npc_activated': {
      const d = ev.data;
      let next = updateFighters(state, d.fighters);
      if (d.responded && d.decision.targetId) next = mapFighter(next, d.decision.targetId, (e) => ({ ...e, turn: { ...e.turn, attacks: e.turn.attacks + 1 } }));
      return { ...next, upkeep: { npcsActivated: [...next.upkeep.npcsActivated, d.npcId], npcNext: otherSide(d.player) } };
    }
    case 'eden.npc_eliminated':
      // EDEN-NPC-6: VP equal to the NPC's level, at once
      return mapBand(state, ev.data.player, (b) => ({ ...b, victoryPoints: b.victoryPoints + ev.data.victoryPoints }));
    case 'eden.scenery_attacked': {
      const d = ev.data;
      let next = updateFighters(state, d.fighters);
      next = mapFighter(next, d.attackerId, (e) => ({ ...e, turn: { ...e.turn, attacks: e.turn.attacks + 1 } }));
      return withScenery(next, d.sceneryId, { attacks: d.attacks }, d.destroyed, d.replacedBy);
    }
    case 'eden.scenery_ignited':
      return withScenery(state, ev.data.sceneryId, { fire: ev.data.fire }, ev.data.destroyed, ev.data.replacedBy);
    case 'eden.scenery_contact_resolved':
      return updateFighters(state, ev.data.fighters);
    case 'eden.scenery_burned': {
      let next = state;
      for (const s of ev.data.scenery) next = withScenery(next, s.sceneryId, { fire: s.fire }, s.destroyed, s.replacedBy);
      return next;
    }
    case 'eden.weather_effects_resolved':
      return updateFighters(state, ev.data.fighters);
    case 'eden.upkeep_resolved':
      return updateFighters(state, ev.data.fighters);
    case 'eden.victory_points_scored': {
      let next = state;
      for (const s of SIDES) next = mapBand(next, s, (b) => ({ ...b, victoryPoints: ev.data.totals[s] }));
      return next;
    }
    case 'eden.game_ended':
      return { ...state, phase: 'ended', result: { ...ev.data } };
    default:
      return { ...state, otherEvents: state.otherEvents + 1 };
  }
}
