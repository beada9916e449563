/**
 * The setup, deck and Start-phase events of a full Ánima match (the Characters kept, reshuffles, a
 * new turn, discards and dismissals, a Group replaced, a player done with a phase): each event
 * type's data and its fold (fold.ts).
 */
import type { FoldTable } from '../../../kernel/folds.js';
import type { SpeedRun, TieBreak } from '../rules/index.js';
import type { EventsOf } from './events.js';
import { addCharacters, dropOrganisation, groupCharacter, passGift, removeCharacter, tableFolds } from './fold.js';
import { finish, holding } from './rules.js';
import type { AnimaTable } from './state.js';

export interface TurnEventData {
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
}

export type TurnEvent = EventsOf<TurnEventData>;

export const TURN_FOLDS: FoldTable<AnimaTable, TurnEvent> = tableFolds({
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
});
