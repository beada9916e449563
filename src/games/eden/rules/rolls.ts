/** EDEN rolls (digest §4): characteristic roll, opposed roll, location roll. */
import type { Dice } from '../../../kernel/dice/index.js';

export interface CharacteristicRoll {
  /** Characteristic as called for, before EDEN-ROLL-2. */
  value: number;
  /** Difficulty as called for. */
  difficulty: number;
  /** Dice rolled (after EDEN-ROLL-2; 0 when ≤ 0). */
  pool: number;
  /** Difficulty after the cap at 6. */
  threshold: number;
  values: number[];
  successes: number;
}

const NO_VALUES: number[] = [];

/**
 * EDEN-ROLL-1: roll `value` D6, every die ≥ difficulty is a success. Also used for Potency and
 * Explosive pools (EDEN-ROLL-4).
 */
export function characteristicRoll(dice: Dice, purpose: string, value: number, difficulty: number): CharacteristicRoll {
  let pool = value;
  let threshold = difficulty;
  // EDEN-ROLL-2: difficulty above 6 → 6, and the pool shrinks by the excess
  if (threshold > 6) {
    pool -= threshold - 6;
    threshold = 6;
  }
  // EDEN-ROLL-3: a pool ≤ 0 fails without rolling
  if (pool <= 0) return { value, difficulty, pool: 0, threshold, values: NO_VALUES, successes: 0 };
  const values = dice.roll(purpose, pool, 6);
  let successes = 0;
  for (let i = 0; i < values.length; i++) if (values[i]! >= threshold) successes++;
  return { value, difficulty, pool, threshold, values, successes };
}

export interface OpposedRound {
  a: number;
  b: number;
}

export interface OpposedRoll {
  a: { value: number; total: number };
  b: { value: number; total: number };
  /** Every pair rolled; all but the last were full ties. */
  rounds: OpposedRound[];
  winner: 'a' | 'b';
  /** How the winner was found: higher total, or higher characteristic on equal totals. */
  by: 'total' | 'characteristic';
}

/**
 * EDEN-ROLL-5: each rolls 1D6 + value (EDEN-AMB-4: also when the value is ≤ 0); higher total wins,
 * then higher characteristic; a full tie re-rolls (first party's die, then second's: CONTRACT §1).
 */
export function opposedRoll(dice: Dice, purposeA: string, purposeB: string, a: number, b: number): OpposedRoll {
  const rounds: OpposedRound[] = [];
  for (;;) {
    const da = dice.roll(purposeA, 1, 6)[0]!;
    const db = dice.roll(purposeB, 1, 6)[0]!;
    rounds.push({ a: da, b: db });
    const ta = a + da;
    const tb = b + db;
    if (ta !== tb) {
      return { a: { value: a, total: ta }, b: { value: b, total: tb }, rounds, winner: ta > tb ? 'a' : 'b', by: 'total' };
    }
    // EDEN-ROLL-5 step 3: equal totals → the higher characteristic wins
    if (a !== b) {
      return { a: { value: a, total: ta }, b: { value: b, total: tb }, rounds, winner: a > b ? 'a' : 'b', by: 'characteristic' };
    }
    // EDEN-ROLL-5 step 4: full tie → both re-roll
  }
}

/** EDEN-ROLL-6: one die. */
export function locationDie(dice: Dice, purpose: string): number {
  return dice.roll(purpose, 1, 6)[0]!;
}

/** EDEN-ROLL-7: a modified location result is clamped to 1..6. */
export function clampFace(face: number): number {
  return face < 1 ? 1 : face > 6 ? 6 : face;
}
