/** Ánima Move phase: Go / Rest (ANIMA-MOVE-1/3/11/12), the optional tree of Locations (ANIMA-OPT-TREE-1..5). */
import type { Dice } from '../../../kernel/dice/index.js';
import { RuleViolation } from '../../../kernel/errors.js';
import type { EncounterCard } from './exploration.js';
import type { Group } from './group.js';
import { facePrior, type PriorEncounter } from './prior.js';

export interface Place {
  name: string;
  level: number;
}

export interface GoQuery {
  /** Where the Group is now; null when it is at no Location (game start, defeat, expulsion, Rest). */
  from: Place | null;
  to: Place;
  /** ANIMA-OPT-TREE: the optional "Locations as a tree" rule. */
  tree?: boolean;
  /** ANIMA-OPT-TREE-5: Zeppelin Travel (Viaje en zepelín) played for this move. */
  zeppelin?: boolean;
}

/** none: arrive at once; prior: face the Location's prior encounter if it has one; level_change: draw one (tree). */
export type EncounterNeed = 'none' | 'prior' | 'level_change';

/** Legality of a Go declaration and which encounter it meets. Throws RuleViolation when illegal. */
export function goNeeds(q: GoQuery): EncounterNeed {
  // ANIMA-MOVE-3 / ANIMA-AMB-5: choosing the current Location again means staying; no prior encounter can be there.
  if (q.from && q.from.name === q.to.name) return 'none';
  if (!q.tree) return 'prior';
  // ANIMA-OPT-TREE-5: Zeppelin Travel goes to any Location whatever its level.
  if (q.zeppelin) {
    // RECOMMENDED: the card lifts the level restriction, not the level-change encounter (ANIMA-OPT-TREE-2).
    return q.from && q.from.level !== q.to.level ? 'level_change' : 'none';
  }
  if (!q.from) {
    // ANIMA-OPT-TREE-3: from no Location only level 1 may be entered, without an encounter.
    if (q.to.level !== 1) {
      throw new RuleViolation('tree_start_level_1', `A Group at no Location may only enter a level-1 Location; ${q.to.name} is level ${q.to.level} (ANIMA-OPT-TREE-3).`, {
        level: q.to.level,
      });
    }
    return 'none';
  }
  const step = q.to.level - q.from.level;
  // ANIMA-OPT-TREE-2: one level up or down at a time.
  if (Math.abs(step) > 1) {
    throw new RuleViolation(
      'tree_level_jump',
      `From level ${q.from.level} a Group may only reach levels ${q.from.level - 1}..${q.from.level + 1}; ${q.to.name} is level ${q.to.level} (ANIMA-OPT-TREE-2).`,
      {
        from: q.from.level,
        to: q.to.level,
      },
    );
  }
  // ANIMA-OPT-TREE-2: changing level draws an Encounter card as a prior encounter; the same level is free.
  return step === 0 ? 'none' : 'level_change';
}

export interface GoResult extends Partial<PriorEncounter> {
  need: EncounterNeed;
  arrives: boolean;
  /** The Location the Group is at afterwards (null: at no Location). */
  at: string | null;
  turnLost: boolean;
  /** ANIMA-OPT-TREE-4: defeated while changing level → next turn it must start again at level 1. */
  restartAtLevel1: boolean;
}

/** A move that faced a prior encounter: every member of the encounter's outcome is there. */
export type GoneThroughPrior = GoResult & PriorEncounter;

/** The move faced a prior encounter (`go` was given a card and one applied). */
export function facedPrior(r: GoResult): r is GoneThroughPrior {
  return r.encounter !== undefined;
}

/**
 * ANIMA-MOVE-3: go to an active Location, facing `encounter` when one applies: the prior encounter in
 * front of it (absent → none), or in the tree the card drawn for the level change (required).
 */
export function go(q: GoQuery, group: Group, encounter: EncounterCard | undefined, dice: Dice): GoResult {
  const need = goNeeds(q);
  if (need === 'level_change' && !encounter) {
    throw new RuleViolation('encounters_exhausted', 'Changing level draws an Encounter card as a prior encounter: send it as `encounter` (ANIMA-OPT-TREE-2).', {
      needed: 1,
      supplied: 0,
    });
  }
  if (need === 'none' || !encounter) {
    return { need, arrives: true, at: q.to.name, turnLost: false, restartAtLevel1: false };
  }
  // ANIMA-PRIOR / ANIMA-OPT-TREE-2: the level filter is judged against the destination's level.
  const prior = facePrior(q.to, group, encounter, dice);
  return {
    ...prior,
    need,
    at: prior.arrives ? q.to.name : null,
    // ANIMA-OPT-TREE-4: a defeat while changing level puts the Group out of all Locations; it restarts at level 1.
    restartAtLevel1: need === 'level_change' && !prior.arrives,
  };
}
