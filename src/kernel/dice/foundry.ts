/**
 * Foundry VTT's `Roll` JSON (CONTRACT §8.3, `?rollFormat=foundry`): one evaluated Roll per entry of
 * a dice transcript, in the shape Foundry's `Roll.toJSON()` writes and `Roll.fromData()` reads —
 * `{class: "Roll", options, dice: [], formula, terms: [<one Die term>], total, evaluated: true}`,
 * the term `{class: "Die" | "FateDie", options: {flavor}, evaluated: true, number, faces, modifiers: [],
 * results: [{result, active, …}]}`. Where the roll that made the transcript knows more (dice
 * notation: keep/drop, rerolls, explosions), its marks add Foundry's result flags: a dropped die
 * `active: false, discarded: true`, a draw rolled again `active: false, rerolled: true`, a draw
 * that exploded `exploded: true`. `total` is the sum of the active results.
 */
import type { DiceRoll, DiceTranscript } from './index.js';

/** How one draw counts, as the roll that drew it knows (all absent: an ordinary, active die). */
export interface DrawMark {
  dropped?: boolean;
  rerolled?: boolean;
  exploded?: boolean;
}

export interface FoundryResult {
  result: number;
  active: boolean;
  discarded?: true;
  rerolled?: true;
  exploded?: true;
}

export interface FoundryDieTerm {
  class: 'Die' | 'FateDie';
  options: { flavor: string };
  evaluated: true;
  number: number;
  faces: number;
  modifiers: string[];
  results: FoundryResult[];
}

export interface FoundryRoll {
  class: 'Roll';
  options: Record<string, never>;
  dice: [];
  formula: string;
  terms: [FoundryDieTerm];
  total: number;
  evaluated: true;
}

/** Foundry reads `[...]` in a formula as flavor: the purpose loses its brackets there. */
const flavorOf = (purpose: string) => purpose.replace(/[[\]]/g, '').slice(0, 200);

function result(value: number, mark: DrawMark | undefined): FoundryResult {
  const out: FoundryResult = { result: value, active: !(mark?.dropped || mark?.rerolled) };
  if (mark?.dropped) out.discarded = true;
  if (mark?.rerolled) out.rerolled = true;
  if (mark?.exploded) out.exploded = true;
  return out;
}

/** One transcript entry as a Foundry Roll; `marks` (one per value) from the roll that drew it. */
function foundryRoll(entry: DiceRoll, marks?: readonly DrawMark[]): FoundryRoll {
  const fate = entry.fudge === true;
  const results = entry.values.map((v, i) => result(v, marks?.[i]));
  const total = results.reduce((sum, r) => (r.active ? sum + r.result : sum), 0);
  const number = entry.values.length;
  return {
    class: 'Roll',
    options: {},
    dice: [],
    formula: `${number}d${fate ? 'F' : entry.sides}`,
    terms: [{ class: fate ? 'FateDie' : 'Die', options: { flavor: flavorOf(entry.purpose) }, evaluated: true, number, faces: entry.sides, modifiers: [], results }],
    total: total === 0 ? 0 : total,
    evaluated: true,
  };
}

/** Every entry of `transcript` as a Foundry Roll, in consumption order; `marks` by entry index. */
export function foundryRolls(transcript: DiceTranscript, marks?: ReadonlyMap<number, readonly DrawMark[]>): FoundryRoll[] {
  return transcript.rolls.map((entry, i) => foundryRoll(entry, marks?.get(i)));
}

/**
 * Where an answer keeps the marks of its top-level transcript (a symbol: never serialised, copied
 * by object spread), for the Foundry form of the answer.
 */
export const DRAW_MARKS: unique symbol = Symbol('arbiter.drawMarks');

/** `answer` carrying `marks` for its `dice` transcript. */
export function withDrawMarks<T extends object>(answer: T, marks: ReadonlyMap<number, readonly DrawMark[]>): T {
  Object.defineProperty(answer, DRAW_MARKS, { value: marks, enumerable: true, configurable: true, writable: true });
  return answer;
}
