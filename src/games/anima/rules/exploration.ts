/** Ánima exploration: one d10 on the Location's table, then encounters in draw order (ANIMA-EXPLORE). */
import type { Dice } from '../../../kernel/dice/index.js';
import { InvalidInput, RuleViolation, pointer, type InputProblem } from '../../../kernel/errors.js';
import { type CreatureCombat, d10, fightCreature } from './combat.js';
import { applyEvent, effectCounts, type EventEffects, type EventState } from './events.js';
import { type Group, groupSize, withCombatCards } from './group.js';

export interface TableRow {
  min: number;
  max: number;
  result: 'nothing' | 'encounter' | 'special';
  /** Encounter(n): how many cards to draw. */
  count?: number;
  /** Special(text): the Location card's text. */
  text?: string;
  /** Special: the card's text expels the Group (ANIMA-EXPLORE-6). */
  expels?: boolean;
  /** Special: whether the card's text still lets the Group claim its reward (default: when not expelled). */
  rewardAllowed?: boolean;
  /** Special: the card's text makes the player lose this many Gift cards (ANIMA-EXPLORE-6). */
  losesGifts?: number;
}

export interface Location {
  name: string;
  level: number;
  table: TableRow[];
}

/** An Encounter card; an Event's effects are described with EventEffects (card data the caller supplies). */
export interface EncounterCard extends EventEffects {
  name: string;
  kind: 'creature' | 'event';
  level: number;
  combat?: number;
}

export interface EncounterOutcome {
  card: EncounterCard;
  resolution: 'discarded_level' | 'won' | 'lost' | 'event';
  combat?: CreatureCombat;
  /** Event Gifts actually drawn (ANIMA-EXPLORE-7). */
  giftsDrawn?: number;
  /** Event Gifts actually lost (ANIMA-EXPLORE-6). */
  giftsLost?: number;
  /** Event Characters actually joining the Group (ANIMA-GROUP-6). */
  recruited?: number;
}

export interface Exploration {
  roll: number;
  row: TableRow;
  encounters: EncounterOutcome[];
  characterDies: boolean;
  expelled: boolean;
  rewardAllowed: boolean;
  /** Characters in the Group after the encounters, before any death (ANIMA-GROUP-6). */
  groupSize: number;
  /** The last Character died: the player starts a new Group and discards any Organisation (ANIMA-GROUP-5). */
  groupEliminated: boolean;
  /** An Event or Special result also costs the next turn (ANIMA-LOSE-1). */
  losesNextTurn: boolean;
  /** Gifts in hand after the encounters (when handSize was given). */
  handSize?: number;
}

/** Problems in a Location's table: rows must give every face 1..10 exactly one result. */
export function tableProblems(table: readonly TableRow[], base: (string | number)[] = ['location', 'table']): InputProblem[] {
  const problems: InputProblem[] = [];
  const owner = new Map<number, number>();
  table.forEach((row, i) => {
    if (row.min > row.max) {
      problems.push({ path: pointer(...base, i, 'max'), code: 'min_above_max', message: `max ${row.max} is below min ${row.min}.` });
    }
    if (row.result === 'encounter' && row.count === undefined) {
      problems.push({ path: pointer(...base, i, 'count'), code: 'missing_count', message: 'An encounter row needs `count` (ANIMA-CARD-2).' });
    }
    for (let face = row.min; face <= row.max; face++) {
      const prev = owner.get(face);
      if (prev !== undefined) {
        problems.push({ path: pointer(...base, i), code: 'overlap', message: `Face ${face} is already covered by row ${prev}.` });
        break;
      }
      owner.set(face, i);
    }
  });
  const gaps: number[] = [];
  for (let face = 1; face <= 10; face++) if (!owner.has(face)) gaps.push(face);
  if (gaps.length > 0) {
    problems.push({ path: pointer(...base), code: 'gap', message: `No row covers face(s) ${gaps.join(', ')} of the d10.` });
  }
  return problems;
}

/** Problems in the encounter cards: every Creature needs a Combat value (ANIMA-CARD-3). */
export function encounterProblems(cards: readonly EncounterCard[]): InputProblem[] {
  const problems: InputProblem[] = [];
  cards.forEach((card, i) => {
    if (card.kind === 'creature' && card.combat === undefined) {
      problems.push({ path: pointer('encounters', i, 'combat'), code: 'missing_combat', message: `Creature ${card.name} needs \`combat\`.` });
    }
  });
  return problems;
}

/** ANIMA-EXPLORE-3: the table row for a face. */
export function rowFor(table: readonly TableRow[], roll: number): TableRow {
  const row = table.find((r) => roll >= r.min && roll <= r.max);
  if (!row) throw new InvalidInput([{ path: '/location/table', code: 'gap', message: `No row covers face ${roll}.` }]);
  return row;
}

/**
 * Explore `location` with `group`, drawing from `deck` (the Encounter cards in draw order).
 * Dice order (CONTRACT §1): the exploration d10, then per Creature the group's d10 and the creature's d10.
 */
export function explore(location: Location, group: Group, deck: readonly EncounterCard[], dice: Dice): Exploration {
  const problems = [...tableProblems(location.table), ...encounterProblems(deck)];
  if (problems.length > 0) throw new InvalidInput(problems);

  // ANIMA-EXPLORE-3: one d10 on the table.
  const roll = d10(dice, `exploration (${location.name})`);
  const row = rowFor(location.table, roll);
  const encounters: EncounterOutcome[] = [];
  const state: EventState = { hand: group.handSize, characters: groupSize(group) };
  let losesNextTurn = false;
  let fought = false;
  const done = (expelled: boolean, rewardAllowed: boolean, characterDies = false): Exploration => ({
    roll,
    row,
    encounters,
    characterDies,
    expelled,
    rewardAllowed,
    groupSize: state.characters,
    // ANIMA-GROUP-5: losing the last Character starts a new Group.
    groupEliminated: characterDies && state.characters <= 1,
    losesNextTurn,
    ...(state.hand !== undefined ? { handSize: state.hand } : {}),
  });

  // ANIMA-EXPLORE-4: Nothing → straight to the reward.
  if (row.result === 'nothing') return done(false, true);

  // ANIMA-EXPLORE-6: Special → the Location card's own text decides (described on the row).
  if (row.result === 'special') {
    const expelled = row.expels ?? false;
    // ANIMA-EXPLORE-6: "perder una carta" — Gifts lost from the hand.
    if (row.losesGifts !== undefined) applyEvent({ losesGifts: row.losesGifts }, state);
    return done(expelled, !expelled && (row.rewardAllowed ?? true));
  }

  // ANIMA-EXPLORE-5: Encounter(n), drawn and resolved strictly in order.
  const count = row.count ?? 1;
  for (let i = 0; i < count; i++) {
    const card = deck[i];
    if (!card) {
      // Like dice: the request must supply every card the resolution reaches.
      throw new RuleViolation('encounters_exhausted', `The roll calls for ${count} encounter card(s); only ${deck.length} supplied.`, {
        needed: count,
        supplied: deck.length,
      });
    }
    // ANIMA-EXPLORE-5a / ANIMA-PRIOR-3: a card above the Location's level is discarded; it still counts.
    if (card.level > location.level) {
      encounters.push({ card, resolution: 'discarded_level' });
      continue;
    }
    if (card.kind === 'creature') {
      // ANIMA-TIMING-3: committed Combat cards go to the first Creature combat (they leave the hand then).
      const fighter = fought ? group : withCombatCards(group);
      if (!fought && state.hand !== undefined && group.combatCards) state.hand = Math.max(0, state.hand - group.combatCards.count);
      fought = true;
      // ANIMA-EXPLORE-5b / 5d: combat; the Creature goes to the discard pile either way.
      const combat = fightCreature(fighter, { name: card.name, combat: card.combat ?? 0 }, dice);
      if (combat.winner === 'creature') {
        encounters.push({ card, resolution: 'lost', combat });
        // Defeat: expelled, no reward, the remaining cards are not drawn.
        return done(true, false, combat.characterDies);
      }
      encounters.push({ card, resolution: 'won', combat });
      continue;
    }
    // ANIMA-EXPLORE-5c: an Event applies its text (ANIMA-EXPLORE-7 caps its Gifts, ANIMA-GROUP-6 its recruits).
    const effect = applyEvent(card, state);
    const outcome: EncounterOutcome = { card, resolution: 'event', ...effectCounts(effect) };
    encounters.push(outcome);
    // ANIMA-LOSE-1: a card that costs the next turn says so.
    if (effect.losesNextTurn) losesNextTurn = true;
    // ANIMA-EXPLORE-5c: losing the turn or being expelled stops the exploration without reward.
    if (effect.stopped) return done(true, false);
  }
  // ANIMA-EXPLORE-5: all n survived → reward.
  return done(false, true);
}
