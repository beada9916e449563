/**
 * evolve(state, event) → state: the pure fold of an EDEN match log. Never throws on an event the
 * decider wrote; events of unknown types are counted and otherwise ignored.
 */
import { isOutOfAction, normalizeFighter, type Fighter } from '../fighter.js';
import type { Band, EdenEvent, EdenMatchState, FighterEntry, Side } from './state.js';
import { SIDES } from './state.js';

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
  return {
    game: 'eden',
    edition,
    // EDEN-GAME-1: exactly 5 turns (an agreed other number may be set in options.turns)
    maxTurns: typeof turns === 'number' && Number.isInteger(turns) && turns >= 1 ? turns : 5,
    phase: 'preparation',
    prep: 'bands',
    turn: 0,
    firstPlayer: null,
    bands: { A: emptyBand(a ?? { id: 'A', name: 'A' }), B: emptyBand(b ?? { id: 'B', name: 'B' }) },
    fighters: {},
    tactical: { acted: [] },
    activation: { opening: true, lastWasPass: false, active: null, lastActivatedSide: null },
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
    if (next.bands[side].leader === u.id && !isOutOfAction(before.fighter) && isOutOfAction(fighter as Fighter)) {
      next = { ...next, leaderLostTurn: { ...next.leaderLostTurn, [side]: next.turn } };
    }
  }
  return next;
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
      return SIDES.every((s) => next.bands[s].mission) ? { ...next, prep: 'deployment' } : next;
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
      return { ...state, phase: 'upkeep', firstPlayer: ev.data.firstPlayer, activation: { ...state.activation, active: null } };
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
