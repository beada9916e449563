/** The preparation events (EDEN-PREP-1..8, EDEN-WEATHER-6 under Mist): their data and their folds. */
import type { FoldTable } from '../../../../kernel/folds.js';
import type { DiceFact } from '../../../../kernel/dice/facts.js';
import { isOutOfAction, normalizeFighter, type Fighter } from '../../rules/fighter.js';
import { SIDES, otherSide, setOwn, type EdenMatchState, type FighterEntry, type Mission, type Side } from '../state.js';
import { afterMissions, enterPrep, freshTurn, mapBand } from './fold.js';

export type PreparationEvent =
  | { type: 'eden.band_registered'; data: { player: Side; bandType: 'faction' | 'stigma'; affiliation: string | null; fighters: Fighter[]; strategyPoints: number } }
  | {
      type: 'eden.first_player_determined';
      data: {
        turn: number;
        winner: Side;
        by: string;
        /** Null: the winner's choice was left open (bids sent from the seats, EDEN-PREP-3 step 3): `eden.first_player_chosen` follows. */
        firstPlayer: Side | null;
        bids: Record<Side, number>;
        pools: Record<Side, number>;
        rollOff: unknown[];
        rule: string;
        dice: DiceFact;
      };
    }
  /** EDEN-PREP-3 step 3 / EDEN-FIRST-2: the player who decides names the First player (after bids revealed with his choice left open). */
  | { type: 'eden.first_player_chosen'; data: { player: Side; firstPlayer: Side; rule: string } }
  | { type: 'eden.leader_chosen'; data: { player: Side; fighterId: string } }
  | { type: 'eden.mission_played'; data: { player: Side; mission: Mission } }
  | { type: 'eden.band_deployed'; data: { player: Side; zone: string; placements: unknown } }
  | { type: 'eden.fighter_deployed'; data: { player: Side; fighterId: string; zone: string; placement: unknown } }
  | { type: 'eden.tactic_hand_chosen'; data: { player: Side; cards: string[] } };

/** The First player named: the preparation goes on with the Leaders (EDEN-PREP-4), a turn with its Tactical phase (EDEN-TURN-1). */
function firstPlayerNamed(state: EdenMatchState, firstPlayer: Side): EdenMatchState {
  const next: EdenMatchState = { ...state, firstPlayer };
  if (state.phase === 'preparation') return { ...next, prep: 'leaders' };
  return { ...next, phase: 'tactical', tactical: { acted: [] } };
}

export const PREPARATION_FOLDS: FoldTable<EdenMatchState, PreparationEvent> = {
  'eden.band_registered': (state, d) => {
    let next = mapBand(state, d.player, (b) => ({
      ...b,
      bandType: d.bandType,
      affiliation: d.affiliation,
      fighterIds: d.fighters.map((f) => f.id),
      strategyPoints: d.strategyPoints,
    }));
    const fighters: Record<string, FighterEntry> = { ...next.fighters };
    for (const f of d.fighters) {
      const fighter = normalizeFighter(f);
      setOwn(fighters, f.id, { side: d.player, fighter, outOfAction: isOutOfAction(fighter), turn: freshTurn(), itemUses: {} });
    }
    next = { ...next, fighters };
    const both = SIDES.every((s) => next.bands[s].bandType !== null);
    return both ? { ...next, prep: 'bid' } : next;
  },
  // EDEN-PREP-3 in preparation; EDEN-FIRST-1 each turn, then the Tactical phase
  'eden.first_player_determined': (state, d) => {
    let next: EdenMatchState = state;
    for (const s of SIDES) next = mapBand(next, s, (b) => ({ ...b, strategyPoints: d.pools[s] }));
    // EDEN-PREP-3 step 3: the winner's choice left open: he names the First player next
    if (d.firstPlayer === null) return { ...next, choosingFirst: { side: d.winner, rule: d.rule } };
    return firstPlayerNamed(next, d.firstPlayer);
  },
  'eden.first_player_chosen': (state, d) => {
    const { choosingFirst: _named, ...next } = state;
    return firstPlayerNamed(next, d.firstPlayer);
  },
  'eden.leader_chosen': (state, d) => {
    const next = mapBand(state, d.player, (b) => ({ ...b, leader: d.fighterId }));
    return SIDES.every((s) => next.bands[s].leader) ? { ...next, prep: 'missions' } : next;
  },
  'eden.mission_played': (state, d) => {
    const next = mapBand(state, d.player, (b) => ({ ...b, mission: d.mission }));
    return SIDES.every((s) => next.bands[s].mission) ? enterPrep(next, afterMissions(next)) : next;
  },
  'eden.band_deployed': (state, d) => {
    const next = mapBand(state, d.player, (b) => ({ ...b, deployment: { zone: d.zone, placements: d.placements } }));
    return SIDES.every((s) => next.bands[s].deployment) ? { ...next, prep: 'tactic_hands' } : next;
  },
  'eden.fighter_deployed': (state, d) => {
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
  },
  'eden.tactic_hand_chosen': (state, d) => {
    const next = mapBand(state, d.player, (b) => ({ ...b, tacticHand: [...d.cards] }));
    return SIDES.every((s) => next.bands[s].tacticHand) ? { ...next, prep: 'done' } : next;
  },
};
