/**
 * The folds of the Gift, Organisation and Resist-mission events of a full Ánima match (see
 * evolve.ts): named Gifts moving between hands and piles, cards played, Resist rounds.
 */
import type { AnimaEventData } from './events.js';
import { finish } from './rules.js';
import type { AnimaTable, GroupState } from './state.js';

type CardEvent = 'anima.gifts_drawn' | 'anima.gifts_lost' | 'anima.gift_played' | 'anima.organisation_left' | 'anima.location_left' | 'anima.resisted';

/** A named Gift leaves a hand for another hand, or for the Gift discard pile (ANIMA-DECK-1). */
export function passGift(t: AnimaTable, from: GroupState, to: GroupState | null, card: number): void {
  from.hand = from.hand.filter((c) => c !== card);
  if (to) to.hand.push(card);
  else t.discards.gifts.push(card);
}

const add = (m: { combat: number; speed: number }, card: { combat?: number; speed?: number }, sign = 1) => {
  m.combat += sign * (card.combat ?? 0);
  m.speed += sign * (card.speed ?? 0);
};

/** ANIMA-HAND-2 / ANIMA-GROUP-5: the Organisation goes to the Gift discard pile, its modifiers with it. */
export function dropOrganisation(t: AnimaTable, g: GroupState): void {
  if (g.organisation === null) return;
  add(g.lasting, t.cards!.gifts![g.organisation]!, -1);
  t.discards.gifts.push(g.organisation);
  g.organisation = null;
}

/** ANIMA-MISSION-5: the Resist mission starts with the count at zero. */
export function startResist(t: AnimaTable, g: GroupState, mission: string, final: boolean, location: string): void {
  const card = [...t.cards!.basicMissions, ...t.cards!.finalMissions].find((m) => m.name === mission);
  const rounds = card?.test.kind === 'resist' ? card.test.rounds : 1;
  g.resist = { mission, final, location, progress: 0, rounds };
}

export const CARD_FOLDS: { [T in CardEvent]: (t: AnimaTable, d: AnimaEventData[T]) => void } = {
  'anima.gifts_drawn': (t, d) => {
    const g = t.groupsInPlay[d.player]!;
    t.decks.gifts = t.decks.gifts.filter((c) => !d.cards.includes(c));
    t.discards.gifts = t.discards.gifts.filter((c) => !d.cards.includes(c));
    g.hand.push(...d.cards);
    // ANIMA-DECK-2: a dry deck and discard pile draw fewer.
    g.handSize = g.hand.length;
  },
  'anima.gifts_lost': (t, d) => {
    const g = t.groupsInPlay[d.player]!;
    for (const card of d.cards) passGift(t, g, null, card);
  },
  'anima.gift_played': (t, d) => {
    const g = t.groupsInPlay[d.player]!;
    const card = t.cards!.gifts![d.gift]!;
    g.hand = g.hand.filter((c) => c !== d.gift);
    g.handSize -= 1;
    // ANIMA-TIMING-4 / ANIMA-CARD-6: the Character powering an Ability card is tapped.
    const powering = g.characters.find((c) => c.card === d.character);
    if (powering) powering.tapped = true;
    if (d.target) {
      // ANIMA-INCAP-1: face down until the next Start phase.
      const c = t.groupsInPlay[d.target.player]!.characters.find((x) => x.card === d.target!.character);
      if (c) c.incapacitated = true;
    }
    if (card.organisation) {
      // ANIMA-HAND-2: the Group joins the Organisation (persistent).
      g.organisation = d.gift;
      add(g.lasting, card);
    } else if (card.persistent && !d.forCombat) {
      g.inPlay.push(d.gift);
      add(g.lasting, card);
    } else {
      // ANIMA-TIMING-4: used Gifts go to the discard pile; a Combat card's modifier was for that combat only.
      if (!d.forCombat) add(g.bonus, card);
      t.discards.gifts.push(d.gift);
    }
  },
  'anima.organisation_left': (t, d) => dropOrganisation(t, t.groupsInPlay[d.player]!),
  'anima.location_left': (t, d) => {
    t.groupsInPlay[d.player]!.resist = null;
  },
  'anima.resisted': (t, d) => {
    const g = t.groupsInPlay[d.player]!;
    if (d.expelled) {
      // ANIMA-MISSION-5: expelled, the count back to zero (the Mission must be started again).
      g.location = null;
      g.turnLost = true;
      g.arrived = false;
      g.resist = null;
      if (d.combat?.characterDies) t.pending = { kind: 'casualty', player: d.player };
    } else if (d.completed) g.resist = null;
    else g.resist = { ...g.resist!, progress: d.progress };
    finish(t, d.player);
  },
};
