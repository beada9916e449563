/**
 * How a full Ánima match folds its events (the fold tables: evolve-turn.ts, evolve-play.ts,
 * evolve-cards.ts, evolve-missions.ts; composed in evolve.ts): each event is applied to a copy of
 * the table, then `advance` works out who acts next and moves to the next phase when every player
 * who can act in it is done (ANIMA-TURN-1). Also the card moves several folds share.
 */
import type { GameEvent } from '../../../kernel/decider.js';
import type { EventData, FoldTable } from '../../../kernel/folds.js';
import { holding } from './rules.js';
import type { AnimaPhase, AnimaTable, GroupCharacter, GroupState } from './state.js';

/** One event type's changes to the table (a copy: `tableFolds` makes it). */
type Step<D> = (t: AnimaTable, data: D) => void;

/** The fold table of `steps`: each fold applies its step to a copy of the table, then `advance`. */
export function tableFolds<E extends GameEvent>(steps: { [T in E['type']]: Step<EventData<E, T>> }): FoldTable<AnimaTable, E> {
  const fold =
    <D>(step: Step<D>) =>
    (table: AnimaTable, data: D): AnimaTable => {
      const t = structuredClone(table);
      step(t, data);
      advance(t);
      return t;
    };
  return Object.fromEntries(Object.entries<Step<unknown>>(steps).map(([type, step]) => [type, fold(step)])) as FoldTable<AnimaTable, E>;
}

const NEXT: Partial<Record<AnimaPhase, AnimaPhase>> = { start: 'move', move: 'interaction', interaction: 'exploration', exploration: 'turn_end' };

/** Who takes part in a phase (ANIMA-TURN-1, ANIMA-LOSE-2, ANIMA-EXPLORE-1, ANIMA-AMB-7). */
function takesPart(phase: AnimaPhase, g: GroupState): boolean {
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
function advance(t: AnimaTable): void {
  if (t.phase === 'ended') {
    t.toAct = null;
    return;
  }
  if (t.choosing) {
    t.toAct = t.choosing.player;
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
export function removeCharacter(g: GroupState, card: number): void {
  const i = g.characters.findIndex((c) => c.card === card);
  if (i >= 0) g.characters.splice(i, 1);
}

/** A Character card as it joins a Group: untapped and active (ANIMA-CARD-1/6). */
export function groupCharacter(t: AnimaTable, card: number): GroupCharacter {
  const c = t.cards!.characters[card]!;
  return { card, name: c.name, combat: c.combat, speed: c.speed, skills: c.skills ?? [], tapped: false, incapacitated: false };
}

export function addCharacters(t: AnimaTable, g: GroupState, cards: number[]): void {
  for (const card of cards) {
    const i = t.decks.characters.indexOf(card);
    if (i >= 0) t.decks.characters.splice(i, 1);
    g.characters.push(groupCharacter(t, card));
  }
}

/** A named Gift leaves a hand for another hand, or for the Gift discard pile (ANIMA-DECK-1). */
export function passGift(t: AnimaTable, from: GroupState, to: GroupState | null, card: number): void {
  from.hand = from.hand.filter((c) => c !== card);
  if (to) to.hand.push(card);
  else t.discards.gifts.push(card);
}

/** A card's `combat` / `speed` modifiers added to (or, with `sign` -1, taken from) `m`. */
export const addModifiers = (m: { combat: number; speed: number }, card: { combat?: number; speed?: number }, sign = 1) => {
  m.combat += sign * (card.combat ?? 0);
  m.speed += sign * (card.speed ?? 0);
};

/** ANIMA-HAND-2 / ANIMA-GROUP-5: the Organisation goes to the Gift discard pile, its modifiers with it. */
export function dropOrganisation(t: AnimaTable, g: GroupState): void {
  if (g.organisation === null) return;
  addModifiers(g.lasting, t.cards!.gifts![g.organisation]!, -1);
  t.discards.gifts.push(g.organisation);
  g.organisation = null;
}

/** ANIMA-MISSION-5: the Resist mission starts with the count at zero. */
export function startResist(t: AnimaTable, g: GroupState, mission: string, final: boolean, location: string): void {
  const card = [...t.cards!.basicMissions, ...t.cards!.finalMissions].find((m) => m.name === mission);
  const rounds = card?.test.kind === 'resist' ? card.test.rounds : 1;
  g.resist = { mission, final, location, progress: 0, rounds };
}
