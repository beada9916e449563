/** Ánima Event effects (ANIMA-PRIOR-4, ANIMA-EXPLORE-5c/6/7, ANIMA-GROUP-6, ANIMA-LOSE-1). */
import { MAX_CHARACTERS, giftDraw } from './group.js';

/**
 * What an Event card (or a Location's Special text) does to the Group. The rulebook text names these
 * effects but not the per-card data, so the caller describes each card with them.
 */
export interface EventEffects {
  /** The Group loses (the rest of) its turn (ANIMA-EXPLORE-5c, ANIMA-PRIOR-4). */
  losesTurn?: boolean;
  /** The Group is expelled (ANIMA-EXPLORE-5c). */
  expels?: boolean;
  /** Gifts drawn, capped by the hand limit (ANIMA-EXPLORE-7, e.g. Tesoro: 2). */
  gifts?: number;
  /** Characters joining the Group from the Character deck (e.g. La Posada), capped at 4 (ANIMA-GROUP-6). */
  recruits?: number;
  /** Gift cards the player must lose ("perder una carta", ANIMA-EXPLORE-6). */
  losesGifts?: number;
  /** The card costs the NEXT turn too; the card says so explicitly (ANIMA-LOSE-1). */
  losesNextTurn?: boolean;
}

/** The Group's counters an Event changes. `hand` undefined: the hand size is not tracked. */
export interface EventState {
  hand: number | undefined;
  characters: number;
}

export interface EventResult {
  giftsDrawn?: number;
  giftsLost?: number;
  recruited?: number;
  /** The Group lost its turn or was expelled: it stops here (ANIMA-EXPLORE-5c, ANIMA-PRIOR-4). */
  stopped: boolean;
  losesNextTurn: boolean;
}

/** Applies the effects in a fixed order (draws, losses, recruits) and updates `state` in place. */
export function applyEvent(card: EventEffects, state: EventState): EventResult {
  const out: EventResult = { stopped: Boolean(card.losesTurn || card.expels), losesNextTurn: Boolean(card.losesNextTurn) };
  if (card.gifts !== undefined) {
    // ANIMA-EXPLORE-7 / ANIMA-HAND-1: Gifts gained inside encounters obey the hand cap.
    out.giftsDrawn = giftDraw(card.gifts, state.hand ?? 0);
    if (state.hand !== undefined) state.hand += out.giftsDrawn;
  }
  if (card.losesGifts !== undefined) {
    // ANIMA-EXPLORE-6: a lost card can only come from the hand (all of it when the hand size is not tracked).
    out.giftsLost = state.hand === undefined ? card.losesGifts : Math.min(card.losesGifts, state.hand);
    if (state.hand !== undefined) state.hand -= out.giftsLost;
  }
  if (card.recruits !== undefined) {
    // ANIMA-GROUP-6: no addition may take a Group above 4 Characters.
    out.recruited = Math.max(0, Math.min(card.recruits, MAX_CHARACTERS - state.characters));
    state.characters += out.recruited;
  }
  return out;
}

/** The counts an Event result adds to its EncounterOutcome (only those its card has). */
export function effectCounts(r: EventResult): Pick<EventResult, 'giftsDrawn' | 'giftsLost' | 'recruited'> {
  const out: Pick<EventResult, 'giftsDrawn' | 'giftsLost' | 'recruited'> = {};
  if (r.giftsDrawn !== undefined) out.giftsDrawn = r.giftsDrawn;
  if (r.giftsLost !== undefined) out.giftsLost = r.giftsLost;
  if (r.recruited !== undefined) out.recruited = r.recruited;
  return out;
}
