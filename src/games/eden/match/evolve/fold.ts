/**
 * What the folds of every event family share: the small immutable updates of the match state (a
 * band, a fighter, a scenery element, the preparation step).
 */
import { isOutOfAction, type Fighter } from '../../rules/fighter.js';
import type { SceneryState } from '../../rules/scenery.js';
import { otherSide, own, setOwn, type Band, type EdenMatchState, type FighterChanges, type FighterEntry, type Placement, type Side } from '../state.js';

export const freshTurn = () => ({ activated: false, moves: 0, attacks: 0, engages: 0 });

export function mapBand(state: EdenMatchState, side: Side, fn: (b: Band) => Band): EdenMatchState {
  return { ...state, bands: { ...state.bands, [side]: fn(state.bands[side]) } };
}

export function mapFighter(state: EdenMatchState, id: string, fn: (e: FighterEntry) => FighterEntry): EdenMatchState {
  const e = own(state.fighters, id);
  if (!e) return state;
  return { ...state, fighters: { ...state.fighters, [id]: fn(e) } };
}

/** One more Attack this turn for the fighter (EDEN-ATTACK-2). */
export const countAttack = (state: EdenMatchState, id: string): EdenMatchState => mapFighter(state, id, (e) => ({ ...e, turn: { ...e.turn, attacks: e.turn.attacks + 1 } }));

/** Replace fighters by their updated versions; note a Leader put out of action (EDEN-FIRST-2). */
function updateFighters(state: EdenMatchState, updates: { id: string; fighter: Fighter }[]): EdenMatchState {
  let next = state;
  for (const u of updates) {
    const before = own(next.fighters, u.id);
    if (!before) continue;
    const { outOfAction: _ignored, ...fighter } = u.fighter;
    next = mapFighter(next, u.id, (e) => ({ ...e, fighter: fighter as Fighter, outOfAction: isOutOfAction(fighter as Fighter) }));
    const side = before.side;
    if (side !== 'npc' && next.bands[side].leader === u.id && !isOutOfAction(before.fighter) && isOutOfAction(fighter as Fighter)) {
      next = { ...next, leaderLostTurn: { ...next.leaderLostTurn, [side]: next.turn } };
    }
  }
  return next;
}

/** Apply what an event changed on fighters (wounds, markers, AP by fighter id; the rest of each fighter stays as it is). */
export function applyChanges(state: EdenMatchState, changes: Readonly<FighterChanges>): EdenMatchState {
  const changed: { id: string; fighter: Fighter }[] = [];
  for (const [id, c] of Object.entries(changes)) {
    const e = own(state.fighters, id);
    if (!e) continue;
    const f = e.fighter;
    changed.push({ id, fighter: { ...f, wounds: c.wounds ?? f.wounds, markers: c.markers ?? f.markers, ap: c.ap ?? f.ap } });
  }
  return updateFighters(state, changed);
}

/** Update a scenery element; a destroyed one is replaced by its Devastated zone (EDEN-TERRAIN-R-DESTRUCTION). */
export function withScenery(state: EdenMatchState, id: string, change: { attacks?: number; fire?: number }, destroyed: boolean, replacedBy: SceneryState | null): EdenMatchState {
  const s = own(state.scenery, id);
  if (!s) return state;
  const scenery = { ...state.scenery, [id]: { ...s, ...change, ...(destroyed ? { destroyed: true } : {}) } };
  if (replacedBy) setOwn(scenery, replacedBy.id, { ...replacedBy, rules: replacedBy.rules.map((r) => ({ ...r })), owner: null, cost: 0 });
  return { ...state, scenery };
}

/** The preparation step after the missions (EDEN-PREP-5 → 6 → 6bis → 7). */
export function afterMissions(state: EdenMatchState): EdenMatchState['prep'] {
  if (state.options.territory) return 'scenery';
  return afterScenery(state);
}
export function afterScenery(state: EdenMatchState): EdenMatchState['prep'] {
  return state.options.infestation ? 'infestation' : 'deployment';
}

/** Alternating placement: whose turn after `side` placed (the other if he still places, EDEN-AMB-29 / EDEN-NPC-2). */
export function nextPlacer(p: Placement, side: Side): Side | null {
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
export function enterPrep(state: EdenMatchState, step: EdenMatchState['prep']): EdenMatchState {
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
