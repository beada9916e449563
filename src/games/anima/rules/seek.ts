/** Ánima "Seek new horizons" and the active-Location cap (ANIMA-MOVE-2/4..10, ANIMA-DECK-3, ANIMA-AMB-6/14). */
import type { Dice } from '../../../kernel/dice/index.js';
import { InvalidInput, RuleViolation, pointer, type InputProblem } from '../../../kernel/errors.js';
import type { EncounterCard } from './exploration.js';
import type { Group } from './group.js';
import { facePrior, type PriorEncounter } from './prior.js';

/** ANIMA-MOVE-2: at most 2 × players active Locations. */
export function maxLocations(players: number): number {
  return 2 * players;
}

export interface ActiveLocation {
  name: string;
  /** A Group's token is on it (ANIMA-MOVE-7: not eligible for removal). */
  occupied?: boolean;
  /** Its prior encounter is still there: face down, or an undefeated Creature (ANIMA-MOVE-7). */
  priorPending?: boolean;
}

export interface SeekInput {
  players: number;
  /** Someone earlier in turn order already sought this turn (ANIMA-MOVE-4). */
  seekTakenThisTurn?: boolean;
  /** ANIMA-OPT-TREE-1: with the tree rule Seek is not used. */
  tree?: boolean;
  /** Cards left in the Location deck (ANIMA-DECK-3). */
  deckSize?: number;
  /** Where the new Location comes from (ANIMA-MOVE-5.1). */
  source: 'deck' | 'discard';
  /** The Location card drawn or taken. */
  location: { name: string; level: number };
  /** Names in the Location discard pile (checked when given). */
  discardPile?: string[];
  /** The Locations on the table before the new one. */
  active: ActiveLocation[];
  /** The seeking player's removal choices, in order (ANIMA-MOVE-7). */
  removal?: string[];
  /** Locations a player saved by discarding a Gift (ANIMA-MOVE-8). */
  saves?: { location: string; by: string }[];
  /** The face-up prior encounter drawn for the new Location (ANIMA-MOVE-5.2). */
  encounter: EncounterCard;
}

export interface SeekResult extends PriorEncounter {
  location: string;
  source: 'deck' | 'discard';
  /** Active Locations after placement and removal, table order, the new one last. */
  active: string[];
  maximum: number;
  removed: string | null;
  saved: { location: string; by: string }[];
  /** ANIMA-AMB-6: no eligible Location was left to remove; the table stays over the maximum. */
  overCap: boolean;
  /** Where the Group is afterwards (null: it did not arrive). */
  at: string | null;
}

function sourceCheck(q: SeekInput): void {
  // ANIMA-OPT-TREE-1: all Locations are on the table; Seek new horizons is not used.
  if (q.tree) throw new RuleViolation('seek_unavailable', 'With Locations as a tree, Seek new horizons is not used (ANIMA-OPT-TREE-1).');
  // ANIMA-MOVE-4: only the first player in turn order who chooses it, once per turn.
  if (q.seekTakenThisTurn) throw new RuleViolation('seek_taken', 'Another player already sought new horizons this turn (ANIMA-MOVE-4).');
  const discard = q.discardPile;
  // ANIMA-DECK-3: the Location deck is never reshuffled; with it empty, take a Location from the discard pile.
  if (q.source === 'deck' && q.deckSize === 0) {
    if (discard && discard.length === 0)
      throw new RuleViolation('no_location', 'The Location deck and its discard pile are both empty: Seek new horizons is not possible (ANIMA-DECK-3).');
    throw new RuleViolation('location_deck_empty', 'The Location deck is empty: take a Location of your choice from the discard pile (ANIMA-DECK-3).');
  }
  // ANIMA-MOVE-5.1: any Location of the player's choice from the discard pile.
  if (q.source === 'discard' && discard && !discard.includes(q.location.name)) {
    throw new RuleViolation('not_in_discard', `${q.location.name} is not in the Location discard pile (ANIMA-MOVE-5).`, { discardPile: discard });
  }
}

function inputProblems(q: SeekInput): InputProblem[] {
  const problems: InputProblem[] = [];
  const names = new Set<string>();
  q.active.forEach((l, i) => {
    if (names.has(l.name)) problems.push({ path: pointer('active', i, 'name'), code: 'duplicate_location', message: `${l.name} is listed twice.` });
    if (l.name === q.location.name) problems.push({ path: pointer('active', i, 'name'), code: 'already_active', message: `${l.name} is already on the table.` });
    names.add(l.name);
  });
  (q.removal ?? []).forEach((n, i) => {
    if (!names.has(n) && n !== q.location.name) problems.push({ path: pointer('removal', i), code: 'unknown_location', message: `${n} is not an active Location.` });
  });
  return problems;
}

/** ANIMA-MOVE-7: the Locations that may be removed — not one with a Group on it, nor one whose prior encounter is pending (the new one included). */
export function removable(active: readonly ActiveLocation[]): string[] {
  return active.filter((l) => !l.occupied && !l.priorPending).map((l) => l.name);
}

/** The checks of a seek before anything is placed or removed: its input and its source (ANIMA-MOVE-4/5, ANIMA-DECK-3, ANIMA-OPT-TREE-1). */
export function seekCheck(q: SeekInput): void {
  const problems = inputProblems(q);
  if (problems.length > 0) throw new InvalidInput(problems);
  sourceCheck(q);
}

/** ANIMA-MOVE-7/8, ANIMA-AMB-6: walk the seeking player's choices; saved Locations are skipped and excluded. */
function removeExcess(q: SeekInput, max: number): { removed: string | null; saved: { location: string; by: string }[]; overCap: boolean } {
  if (q.active.length + 1 <= max) return { removed: null, saved: [], overCap: false };
  const eligible = removable(q.active);
  const saves = q.saves ?? [];
  const saved: { location: string; by: string }[] = [];
  for (const choice of q.removal ?? []) {
    if (!eligible.includes(choice)) {
      throw new RuleViolation('not_eligible', `${choice} cannot be removed: a Group is there or its prior encounter is still pending (ANIMA-MOVE-7).`, { eligible });
    }
    // ANIMA-AMB-6: a saved Location cannot be chosen again in the same removal.
    if (saved.some((s) => s.location === choice)) throw new RuleViolation('already_saved', `${choice} was already saved in this removal (ANIMA-AMB-6).`, { eligible });
    // ANIMA-MOVE-8 / ANIMA-AMB-14: any player may discard one Gift to save the chosen Location.
    const save = saves.find((s) => s.location === choice);
    if (save) {
      saved.push(save);
      continue;
    }
    return { removed: choice, saved, overCap: false };
  }
  const left = eligible.filter((n) => !saved.some((s) => s.location === n));
  // ANIMA-AMB-6: nothing eligible and unsaved is left → nothing is removed; the excess stays for now.
  if (left.length === 0) return { removed: null, saved, overCap: true };
  throw new RuleViolation('removal_choice_needed', `The table is over its maximum of ${max}: choose a Location to remove (ANIMA-MOVE-7).`, { eligible: left });
}

/**
 * ANIMA-MOVE-5: place the new Location (active at once, ANIMA-MOVE-6) with a face-up prior encounter
 * (ANIMA-MOVE-10), enforce the maximum, then resolve the prior encounter against the seeking Group.
 */
export function seek(q: SeekInput, group: Group, dice: Dice): SeekResult {
  seekCheck(q);
  const maximum = maxLocations(q.players);
  const { removed, saved, overCap } = removeExcess(q, maximum);
  const active = [...q.active.map((l) => l.name).filter((n) => n !== removed), q.location.name];
  // ANIMA-MOVE-5.4: the Location stays on the table whatever happens to the Group.
  const prior = facePrior(q.location, group, q.encounter, dice);
  return { ...prior, location: q.location.name, source: q.source, active, maximum, removed, saved, overCap, at: prior.arrives ? q.location.name : null };
}
