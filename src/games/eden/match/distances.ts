/**
 * Distances a caller measured on the table and sends with a command (like a shot's line of sight):
 * checked against the printed limits, with the wording of the match's edition where it differs.
 */
import { violation } from './rules.js';
import type { EdenMatchState } from './state.js';

/** EDEN-MOVE-ACT-1: 10 cm per Move; EDEN-WEATHER-3 (Headwind): 8 cm (EDEN-AMB-26: Engage keeps 10). */
export function moveAllowance(state: EdenMatchState): number {
  return state.weather.includes('headwind') ? 8 : 10;
}

/** EDEN-MOVE-ACT-1 / EDEN-MOVE-1: the whole move (every straight segment) is at most the allowance. */
export function checkMoveDistance(state: EdenMatchState, distance: number | undefined): void {
  const allowance = moveAllowance(state);
  if (distance !== undefined && distance > allowance) {
    const why = allowance === 8 ? 'Headwind: a Move covers 8 cm (EDEN-WEATHER-3)' : 'a Move covers at most 10 cm (EDEN-MOVE-ACT-1)';
    violation('move_too_far', `The move measures ${distance} cm; ${why}.`, { distance, allowance });
  }
}

/**
 * A minimum spacing printed as "más de X cm" (ES: strictly more) and "mindestens X cm" /
 * "Mindestabstand von X cm" (DE: at least); true when `distance` keeps it.
 */
function keepsSpacing(state: EdenMatchState, distance: number, limit: number): boolean {
  return state.edition === 'de' ? distance >= limit : distance > limit;
}

const spacingWords = (state: EdenMatchState, limit: number) => (state.edition === 'de' ? `at least ${limit} cm (DE «Mindestabstand»)` : `more than ${limit} cm (ES «a más de»)`);

/** EDEN-PREP-7: Confrontation > 20 cm from the centre line, Ambush > 20 cm from the centre (DE: ≥ 20 cm). */
const DEPLOYMENT_SPACING = 20;

export function checkDeploymentDistances(state: EdenMatchState, zone: 'confrontation' | 'ambush', distances: readonly { fighterId: string; distance: number }[]): void {
  const from = zone === 'confrontation' ? 'the centre line' : 'the centre of the table';
  for (const d of distances) {
    if (!keepsSpacing(state, d.distance, DEPLOYMENT_SPACING)) {
      violation(
        'deployment_too_close',
        `Fighter ${d.fighterId} is ${d.distance} cm from ${from}; ${zone} deployment needs ${spacingWords(state, DEPLOYMENT_SPACING)} (EDEN-PREP-7).`,
        {
          fighterId: d.fighterId,
          distance: d.distance,
          minimum: DEPLOYMENT_SPACING,
          zone,
        },
      );
    }
  }
}

/** EDEN-PREP-6 / EDEN-AMB-29: an element > 5 cm from other elements, the table edges and mission objectives (DE: ≥ 5 cm). */
const SCENERY_SPACING = 5;

export function checkSceneryDistance(state: EdenMatchState, distance: number | undefined): void {
  if (distance !== undefined && !keepsSpacing(state, distance, SCENERY_SPACING)) {
    violation(
      'scenery_too_close',
      `The element is ${distance} cm from the nearest element, edge or objective; it must be ${spacingWords(state, SCENERY_SPACING)} (EDEN-PREP-6, EDEN-AMB-29).`,
      {
        distance,
        minimum: SCENERY_SPACING,
      },
    );
  }
}
