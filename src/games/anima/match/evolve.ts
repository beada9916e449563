/**
 * evolve(table, event) → table: the pure fold of a full Ánima match. Each event is applied to a copy,
 * then `advance` works out who acts next and moves to the next phase when every player who can act
 * in it is done (ANIMA-TURN-1).
 */
import type { AnimaEvent, AnimaEventData } from './events.js';
import { CARD_FOLDS, dropOrganisation, passGift, startResist } from './evolve-cards.js';
import { finish, holding } from './rules.js';
import { own, type AnimaPhase, type AnimaTable, type GroupCharacter, type GroupState } from './state.js';
import type { PriorEncounter } from '../rules/index.js';

const NEXT: Partial<Record<AnimaPhase, AnimaPhase>> = { start: 'move', move: 'interaction', interaction: 'exploration', exploration: 'turn_end' };

/** Who takes part in a phase (ANIMA-TURN-1, ANIMA-LOSE-2, ANIMA-EXPLORE-1, ANIMA-AMB-7). */
export function takesPart(phase: AnimaPhase, g: GroupState): boolean {
  switch (phase) {
    case 'start':
      return true;
    case 'move':
      // ANIMA-MISSION-5: a Group holding its Resist mission's Location stays there on its own.
      return !g.turnLost && !holding(g);
    case 'interaction':
      return g.location !== null && !g.turnLost;
    case 'exploration':
      return g.arrived && g.location !== null && !g.turnLost;
    default:
      return false;
  }
}

/** ANIMA-TURN-1: players act in turn order; a phase ends when all who take part are done. */
export function advance(t: AnimaTable): void {
  if (t.phase === 'ended') {
    t.toAct = null;
    return;
  }
  if (t.pending) {
    t.toAct = t.pending.player;
    return;
  }
  if (t.phase === 'setup') {
    const waiting = t.turnOrder.find((p) => t.groupsInPlay[p]!.characters.length === 0);
    t.toAct = waiting ?? null;
    if (!waiting && t.cards) t.phase = 'turn_end';
    return;
  }
  while (NEXT[t.phase]) {
    const next = t.turnOrder.find((p) => !t.done.includes(p) && takesPart(t.phase, t.groupsInPlay[p]!));
    if (next) {
      t.toAct = next;
      return;
    }
    t.phase = NEXT[t.phase]!;
    t.done = [];
  }
  t.toAct = null;
}

/** A Character dying or leaving: the discard pile (ANIMA-GROUP-4). */
function removeCharacter(g: GroupState, card: number): void {
  const i = g.characters.findIndex((c) => c.card === card);
  if (i >= 0) g.characters.splice(i, 1);
}

/** A Character card as it joins a Group: untapped and active (ANIMA-CARD-1/6). */
export function groupCharacter(t: AnimaTable, card: number): GroupCharacter {
  const c = t.cards!.characters[card]!;
  return { card, name: c.name, combat: c.combat, speed: c.speed, skills: c.skills ?? [], tapped: false, incapacitated: false };
}

function addCharacters(t: AnimaTable, g: GroupState, cards: number[]): void {
  for (const card of cards) {
    const i = t.decks.characters.indexOf(card);
    if (i >= 0) t.decks.characters.splice(i, 1);
    g.characters.push(groupCharacter(t, card));
  }
}

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
    if (r.characterDies) t.pending = { kind: 'casualty', player };
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

type Folds = { [T in AnimaEvent['type']]: (t: AnimaTable, d: AnimaEventData[T]) => void };

const FOLDS: Folds = {
  ...CARD_FOLDS,
  'anima.character_kept': (t, d) => {
    const g = t.groupsInPlay[d.player]!;
    g.characters = [groupCharacter(t, d.kept)];
    g.dealt = [];
    if (d.gifts) {
      // ANIMA-SETUP-3: three Gifts kept; the fourth goes back (the shuffle event orders the deck).
      g.hand = [...d.gifts];
      g.giftsDealt = [];
    }
  },
  'anima.deck_shuffled': (t, d) => {
    t.decks[d.deck] = [...d.order];
    t.discards[d.deck] = t.discards[d.deck].filter((c) => !d.order.includes(c));
  },
  'anima.turn_started': (t, d) => {
    t.turn = d.turn;
    t.turnOrder = d.order;
    t.tieBreaks = d.tieBreaks;
    t.phase = 'start';
    t.done = [];
    t.soughtBy = null;
    for (const g of Object.values(t.groupsInPlay)) {
      // ANIMA-MOVE-12: the Rest bonus holds for the turn after Rest only.
      g.rested = g.resting;
      g.resting = false;
      g.arrived = false;
      g.drewWith = [];
      // ANIMA-LOSE-1: a card that costs the next turn.
      g.turnLost = g.losesNextTurn;
      g.losesNextTurn = false;
      // ANIMA-START-1 / ANIMA-CARD-6 / ANIMA-INCAP-1: everything untapped and active again; this turn's cards expire.
      for (const c of g.characters) Object.assign(c, { tapped: false, incapacitated: false });
      g.bonus = { combat: 0, speed: 0 };
      // ANIMA-MISSION-5: a Group on a Resist mission stays at its Location on its own.
      g.arrived = holding(g);
    }
  },
  'anima.gifts_discarded': (t, d) => {
    t.groupsInPlay[d.player]!.handSize -= d.count;
    if (d.takenBy) t.groupsInPlay[d.takenBy]!.handSize += d.count;
    for (const card of d.cards ?? []) passGift(t, t.groupsInPlay[d.player]!, d.takenBy ? t.groupsInPlay[d.takenBy]! : null, card);
  },
  'anima.character_dismissed': (t, d) => {
    const g = t.groupsInPlay[d.player]!;
    const c = g.characters.find((x) => x.card === d.character)!;
    removeCharacter(g, d.character);
    if (d.takenBy) t.groupsInPlay[d.takenBy]!.characters.push(c);
    else t.discards.characters.push(d.character);
  },
  'anima.group_replaced': (t, d) => {
    const g = t.groupsInPlay[d.player]!;
    addCharacters(t, g, [d.character]);
    // ANIMA-GROUP-5: the player discards their Organisation.
    if (d.organisationDiscarded != null) dropOrganisation(t, g);
  },
  'anima.phase_finished': (t, d) => finish(t, d.player),
  'anima.went': (t, d) => {
    arrive(t, d.player, d.location, d.prior, d.recruited);
    finish(t, d.player);
  },
  'anima.sought': (t, d) => {
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
    if (d.combat.characterDies) t.pending = { kind: 'casualty', player: loserId };
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
    if (x.characterDies) t.pending = { kind: 'casualty', player: d.player };
    // ANIMA-REWARD-1: after a successful exploration the Group claims one reward.
    if (x.rewardAllowed) t.pending = { kind: 'reward', player: d.player, location: d.location };
    else finish(t, d.player);
  },
  'anima.reward_claimed': (t, d) => {
    const g = t.groupsInPlay[d.player]!;
    t.pending = null;
    if (d.giftsDrawn) g.handSize += d.giftsDrawn;
    if (d.recruited !== undefined) {
      addCharacters(t, g, [d.recruited]);
      g.lastRecruit = { location: d.location, turn: t.turn };
    }
    if (d.mission?.combat?.characterDies) t.pending = { kind: 'casualty', player: d.player };
    // ANIMA-MISSION-5: a Resist mission starts at this Location with the count at zero.
    if (d.mission?.resistStarted) startResist(t, g, d.mission.name, d.mission.final, d.location);
    finish(t, d.player);
  },
  'anima.mission_completed': (t, d) => {
    const g = t.groupsInPlay[d.player]!;
    const m = g.missions.find((x) => x.name === d.mission && !x.completed);
    if (m) m.completed = true;
    // ANIMA-MISSION-4: the Benefit (Gifts drawn are then dealt by name with a Gift deck, ANIMA-HAND-1).
    g.handSize += d.benefit?.giftsDrawn ?? 0;
    g.lasting.combat += d.benefit?.combat ?? 0;
    g.lasting.speed += d.benefit?.speed ?? 0;
  },
  'anima.final_mission_revealed': (t, d) => {
    t.finalMission = { card: d.card, name: d.name };
    t.finalDeck = t.finalDeck.filter((c) => c !== d.card);
  },
  'anima.character_lost': (t, d) => {
    removeCharacter(t.groupsInPlay[d.player]!, d.character);
    t.discards.characters.push(d.character);
    if (t.pending?.kind === 'casualty' && t.pending.player === d.player) t.pending = null;
  },
  'anima.game_won': (t, d) => {
    // ANIMA-MISSION-3: the player who completes the Final Mission wins at once (CONTRACT §8.2 outcome)
    t.outcome = { ended: true, winners: [d.player], reason: 'ANIMA-MISSION-3', winner: d.player, mission: d.mission };
    t.phase = 'ended';
    t.pending = null;
  },
};

export function evolveTable(table: AnimaTable, e: { type: string; data: unknown }): AnimaTable {
  const fold = own(FOLDS as Record<string, (t: AnimaTable, d: unknown) => void>, e.type);
  if (!fold) return table;
  const t = structuredClone(table);
  fold(t, e.data);
  advance(t);
  return t;
}
