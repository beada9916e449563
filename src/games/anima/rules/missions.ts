/** Ánima Missions: access to the Final Mission and Resist missions (ANIMA-MISSION-2/3/5, ANIMA-OPT-MULTI-1). */

export interface FinalAccess {
  /** Basic Missions this player must have completed (1, or 2 with ANIMA-OPT-MULTI-1). */
  required: number;
  /** ANIMA-MISSION-2: this is the first completion in the game — draw one of the 3 Final Missions at random, face up. */
  revealNow: boolean;
  /** ANIMA-MISSION-3: the player may attempt the Final Mission. */
  canAttempt: boolean;
}

export function finalMissionAccess(completedBasic: number, finalRevealed: boolean, multipleMissions = false): FinalAccess {
  // ANIMA-MISSION-3 / ANIMA-OPT-MULTI-1: one Basic Mission, or both with the optional rule.
  const required = multipleMissions ? 2 : 1;
  // ANIMA-MISSION-2: only the first completion by anyone reveals the Final Mission; later ones reveal nothing.
  const revealNow = completedBasic >= 1 && !finalRevealed;
  return { required, revealNow, canAttempt: completedBasic >= required };
}

export interface ResistStep {
  progress: number;
  completed: boolean;
  /** ANIMA-MISSION-5: defeated → expelled from the Location, the mission restarts from zero. */
  expelled: boolean;
}

/**
 * ANIMA-MISSION-5: one round of a Resist mission, resolved in the Exploration phase. The Group stays at
 * the Location automatically; a defeat (by the mission's enemies or a rival) expels it and resets the count.
 */
export function resistStep(progress: number, rounds: number, defeated: boolean): ResistStep {
  if (defeated) return { progress: 0, completed: false, expelled: true };
  const next = progress + 1;
  return { progress: next, completed: next >= rounds, expelled: false };
}
