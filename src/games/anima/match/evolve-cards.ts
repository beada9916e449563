/**
 * The Gift, Organisation and Resist-mission events of a full Ánima match (named Gifts moving between
 * hands and piles, cards played, a Location left, Resist rounds): each event type's data and its
 * fold (fold.ts).
 */
import type { FoldTable } from '../../../kernel/folds.js';
import type { CreatureCombat } from '../rules/combat.js';
import type { EventsOf } from './events.js';
import { addModifiers, dropOrganisation, passGift, tableFolds } from './fold.js';
import { finish } from './rules.js';
import type { AnimaTable } from './state.js';

export interface CardEventData {
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
}

export type CardEvent = EventsOf<CardEventData>;

export const CARD_FOLDS: FoldTable<AnimaTable, CardEvent> = tableFolds({
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
      addModifiers(g.lasting, card);
    } else if (card.persistent && !d.forCombat) {
      g.inPlay.push(d.gift);
      addModifiers(g.lasting, card);
    } else {
      // ANIMA-TIMING-4: used Gifts go to the discard pile; a Combat card's modifier was for that combat only.
      if (!d.forCombat) addModifiers(g.bonus, card);
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
      if (d.combat?.characterDies) t.choosing = { kind: 'casualty', player: d.player };
    } else if (d.completed) g.resist = null;
    else g.resist = { ...g.resist!, progress: d.progress };
    finish(t, d.player);
  },
});
