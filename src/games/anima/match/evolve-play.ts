/**
 * The Move, Interaction and Exploration events of a full Ánima match (a Group goes, seeks new
 * horizons or rests; combats and trades between Groups; explorations and the rewards claimed):
 * each event type's data and its fold (fold.ts).
 */
import type { FoldTable } from '../../../kernel/folds.js';
import type { Exploration, GoneThroughPrior, GroupCombat, PriorEncounter } from '../rules/index.js';
import type { CreatureCombat } from '../rules/combat.js';
import type { SpeedTest } from '../rules/speed.js';
import type { EventsOf } from './events.js';
import { addCharacters, passGift, startResist, tableFolds } from './fold.js';
import { finish } from './rules.js';
import type { AnimaTable, GroupState } from './state.js';

export interface PlayEventData {
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
}

export type PlayEvent = EventsOf<PlayEventData>;

/** ANIMA-MOVE-3 / ANIMA-PRIOR-2..5: the Group met the Location's prior encounter (or none). */
function arrive(t: AnimaTable, player: string, location: string, prior: { card: number; result: PriorEncounter; drawn?: boolean } | null, recruited: number[]): void {
  const g = t.groupsInPlay[player]!;
  const here = t.locations.find((l) => l.name === location)!;
  if (prior) {
    const r = prior.result;
    if (prior.drawn) t.decks.encounters = t.decks.encounters.filter((c) => c !== prior.card);
    // ANIMA-PRIOR-5: a winning Creature stays (face up); anything else goes to the discard pile (ANIMA-OPT-TREE-2: a level-change card always).
    if (r.creatureStays && !prior.drawn) here.prior = { card: prior.card, faceDown: false };
    else {
      here.prior = null;
      t.discards.encounters.push(prior.card);
    }
    if (r.handSize !== undefined) g.handSize = r.handSize;
    addCharacters(t, g, recruited);
    if (r.losesNextTurn) g.losesNextTurn = true;
    if (r.characterDies) t.choosing = { kind: 'casualty', player };
    if (!r.arrives) {
      // ANIMA-MOVE-3 / ANIMA-LOSE-2: the Group is at no Location and does nothing more this turn.
      g.location = null;
      g.turnLost = true;
      g.arrived = false;
      return;
    }
  }
  g.location = location;
  g.arrived = true;
}

export const PLAY_FOLDS: FoldTable<AnimaTable, PlayEvent> = tableFolds({
  'anima.went': (t, d) => {
    arrive(t, d.player, d.location, d.prior, d.recruited);
    finish(t, d.player);
  },
  'anima.sought': (t, d) => {
    // ANIMA-MOVE-7/8: a removal left open from the seats is settled by the seek.
    if (t.choosing?.kind === 'removal') t.choosing = null;
    const card = t.cards!.locations[d.location]!;
    t.decks.locations = t.decks.locations.filter((c) => c !== d.location);
    t.discards.locations = t.discards.locations.filter((c) => c !== d.location);
    t.decks.encounters = t.decks.encounters.filter((c) => c !== d.encounter);
    t.discards.encounters = t.discards.encounters.filter((c) => c !== d.encounter);
    // ANIMA-MOVE-8: each save costs its player one Gift.
    for (const s of d.saved) {
      t.groupsInPlay[s.by]!.handSize -= 1;
      if (s.gift !== undefined) passGift(t, t.groupsInPlay[s.by]!, null, s.gift);
    }
    // ANIMA-MOVE-7 / ANIMA-MOVE-9: the removed Location goes to the discard pile.
    const removed = t.locations.find((l) => l.name === d.removed);
    if (removed) {
      t.locations = t.locations.filter((l) => l !== removed);
      t.discards.locations.push(removed.card);
      if (removed.prior) t.discards.encounters.push(removed.prior.card);
    }
    // ANIMA-MOVE-5 / ANIMA-MOVE-10: active at once, with a face-up prior encounter.
    t.locations.push({ card: d.location, name: card.name, level: card.level, prior: { card: d.encounter, faceDown: false } });
    t.soughtBy = d.player;
    arrive(t, d.player, card.name, { card: d.encounter, result: d.result }, d.recruited);
    finish(t, d.player);
  },
  'anima.rested': (t, d) => {
    const g = t.groupsInPlay[d.player]!;
    // ANIMA-MOVE-11 / ANIMA-AMB-7: at no Location, no Interaction nor Exploration this turn.
    g.resting = true;
    g.location = null;
    g.arrived = false;
    finish(t, d.player);
  },
  'anima.group_combat': (t, d) => {
    const a = t.groupsInPlay[d.player]!;
    const b = t.groupsInPlay[d.opponent]!;
    const w = d.combat.winner;
    if (w === 'draw') {
      // ANIMA-INTERACT-5: no rematch this turn.
      a.drewWith.push(d.opponent);
      b.drewWith.push(d.player);
      return;
    }
    const [winner, loser, loserId] = w === 'group' ? [a, b, d.opponent] : [b, a, d.player];
    // ANIMA-INTERACT-5: one random Gift to the winner (ANIMA-AMB-9: discarded when the winner holds 5).
    if (loser.handSize > 0) loser.handSize -= 1;
    if (d.spoil) winner.handSize += 1;
    if (d.spoilCard != null) passGift(t, loser, d.spoil ? winner : null, d.spoilCard);
    loser.location = null;
    loser.turnLost = true;
    // ANIMA-MISSION-5: a Group defeated by a rival restarts its Resist mission from zero.
    loser.resist = null;
    if (d.combat.characterDies) t.choosing = { kind: 'casualty', player: loserId };
  },
  'anima.traded': (t, d) => {
    const a = t.groupsInPlay[d.player]!;
    const b = t.groupsInPlay[d.with]!;
    const move = (from: GroupState, to: GroupState, cards: number[]) => {
      for (const card of cards) {
        const c = from.characters.find((x) => x.card === card)!;
        from.characters = from.characters.filter((x) => x.card !== card);
        to.characters.push(c);
      }
    };
    move(a, b, d.gives.characters);
    move(b, a, d.receives.characters);
    for (const card of d.gives.cards ?? []) passGift(t, a, b, card);
    for (const card of d.receives.cards ?? []) passGift(t, b, a, card);
    a.handSize += d.receives.gifts - d.gives.gifts;
    b.handSize += d.gives.gifts - d.receives.gifts;
  },
  'anima.explored': (t, d) => {
    const g = t.groupsInPlay[d.player]!;
    const x = d.exploration;
    // ANIMA-EXPLORE-5d / ANIMA-DECK-1: every card drawn goes to the discard pile.
    t.decks.encounters = t.decks.encounters.filter((c) => !d.drawn.includes(c));
    t.discards.encounters.push(...d.drawn);
    if (x.handSize !== undefined) g.handSize = x.handSize;
    addCharacters(t, g, d.recruited);
    if (x.losesNextTurn) g.losesNextTurn = true;
    if (x.expelled) {
      g.location = null;
      g.turnLost = true;
    }
    if (x.characterDies) t.choosing = { kind: 'casualty', player: d.player };
    // ANIMA-REWARD-1: after a successful exploration the Group claims one reward.
    if (x.rewardAllowed) t.choosing = { kind: 'reward', player: d.player, location: d.location };
    else finish(t, d.player);
  },
  'anima.reward_claimed': (t, d) => {
    const g = t.groupsInPlay[d.player]!;
    t.choosing = null;
    if (d.giftsDrawn) g.handSize += d.giftsDrawn;
    if (d.recruited !== undefined) {
      addCharacters(t, g, [d.recruited]);
      g.lastRecruit = { location: d.location, turn: t.turn };
    }
    if (d.mission?.combat?.characterDies) t.choosing = { kind: 'casualty', player: d.player };
    // ANIMA-MISSION-5: a Resist mission starts at this Location with the count at zero.
    if (d.mission?.resistStarted) startResist(t, g, d.mission.name, d.mission.final, d.location);
    finish(t, d.player);
  },
});
