/**
 * Foundry VTT's `Roll` JSON (CONTRACT §8.3, §9.3, `?rollFormat=foundry`): the shapes Foundry's
 * `Roll.toJSON()` writes and `Roll.fromData()` reads — `{class: "Roll", options, dice: [], formula,
 * terms, total, evaluated: true}`, each term `{class, options, evaluated: true, …}` with the members
 * its class serializes: a dice term (`Die`, `FateDie`) its `number`, `faces`, `modifiers` and
 * `results`; a `NumericTerm` its `number`; an `OperatorTerm` its `operator`; a `ParentheticalTerm`
 * its inner formula `term` and evaluated `roll`; a `FunctionTerm` its `fn`, argument formulas
 * `terms`, evaluated argument `rolls` and `result`.
 *
 * A dice notation rebuilds as one Roll per roll it makes (foundry-notation.ts). Any other
 * transcript (a game rule's: attack dice, location dice…) has no formula beyond `NdS`: each of its
 * entries is one Roll of one dice term, every die active (`foundryRolls` below).
 */
import type { DiceRoll, DiceTranscript } from './index.js';

export interface FoundryResult {
  result: number;
  active: boolean;
  /** Dropped by keep/drop (`kh`, `kl`, `dh`, `dl`). */
  discarded?: true;
  /** Rolled again (`r`, `rr`): a later result replaces it. */
  rerolled?: true;
  /** Exploded (`x`): a later result adds to it. */
  exploded?: true;
  /** Success counting (`cs`): whether it met the target; a `FateDie` result +1 without counting. */
  success?: boolean;
  /** A counted failure (`df`); a `FateDie` result −1 without counting. */
  failure?: true;
  /** What it adds to its term instead of `result` (success counting: 1, 0 or −1). */
  count?: number;
}

export interface FoundryDieTerm {
  class: 'Die' | 'FateDie';
  options: { flavor?: string };
  evaluated: true;
  number: number;
  faces: number;
  modifiers: string[];
  results: FoundryResult[];
}

export interface FoundryNumericTerm {
  class: 'NumericTerm';
  options: { flavor?: string };
  evaluated: true;
  number: number;
}

export type FoundryOperator = '+' | '-' | '*' | '/';

export interface FoundryOperatorTerm {
  class: 'OperatorTerm';
  options: Record<string, never>;
  evaluated: true;
  operator: FoundryOperator;
}

/** A parenthesised part the order of operations needs: `(2d6 + 3) * 2`. */
export interface FoundryParentheticalTerm {
  class: 'ParentheticalTerm';
  options: Record<string, never>;
  evaluated: true;
  /** The inner formula (the `roll`'s). */
  term: string;
  roll: FoundryRoll;
}

/** `floor(a / b)`: the notation's integer division (Foundry's `/` alone divides exactly). */
export interface FoundryFunctionTerm {
  class: 'FunctionTerm';
  options: Record<string, never>;
  evaluated: true;
  fn: 'floor';
  /** The argument's formula (the `rolls`'). */
  terms: [string];
  rolls: [FoundryRoll];
  result: number;
}

export type FoundryTerm = FoundryDieTerm | FoundryNumericTerm | FoundryOperatorTerm | FoundryParentheticalTerm | FoundryFunctionTerm;

export interface FoundryRoll<T extends FoundryTerm[] = FoundryTerm[]> {
  class: 'Roll';
  options: Record<string, never>;
  dice: [];
  formula: string;
  terms: T;
  total: number;
  evaluated: true;
}

/** A transcript entry's Roll: one dice term. */
export type TranscriptRoll = FoundryRoll<[FoundryDieTerm]>;

/** How Foundry writes a term in a formula (`Roll.getFormula`: the terms' formulas joined). */
function termFormula(term: FoundryTerm): string {
  const flavor = 'flavor' in term.options && term.options.flavor ? `[${term.options.flavor}]` : '';
  switch (term.class) {
    case 'Die':
    case 'FateDie':
      return `${term.number}d${term.class === 'FateDie' ? 'F' : term.faces}${term.modifiers.join('')}${flavor}`;
    case 'NumericTerm':
      return `${term.number}${flavor}`;
    case 'OperatorTerm':
      return ` ${term.operator} `;
    case 'ParentheticalTerm':
      return `(${term.term})`;
    case 'FunctionTerm':
      return `${term.fn}(${term.terms.join(',')})`;
  }
}

/** An evaluated Roll of `terms`. */
export function foundryRoll<T extends FoundryTerm[]>(terms: T, total: number): FoundryRoll<T> {
  return { class: 'Roll', options: {}, dice: [], formula: terms.map(termFormula).join(''), terms, total: total === 0 ? 0 : total, evaluated: true };
}

/** Foundry reads `[...]` in a formula as flavor: the purpose loses its brackets there. */
const flavorOf = (purpose: string) => purpose.replace(/[[\]]/g, '').slice(0, 200);

/** A FateDie result as Foundry marks it when rolled: −1 a failure, +1 a success. */
export function fateResult(result: number): FoundryResult {
  if (result === 1) return { result, active: true, success: true };
  return result === -1 ? { result, active: true, failure: true } : { result, active: true };
}

/** One transcript entry as a Foundry Roll of one dice term, every die active. */
function transcriptRoll(entry: DiceRoll): TranscriptRoll {
  const fate = entry.fudge === true;
  const results = entry.values.map((result) => (fate ? fateResult(result) : { result, active: true }));
  const die: FoundryDieTerm = {
    class: fate ? 'FateDie' : 'Die',
    options: { flavor: flavorOf(entry.purpose) },
    evaluated: true,
    number: entry.values.length,
    faces: entry.sides,
    modifiers: [],
    results,
  };
  // the formula stays `NdS`: the purpose is the term's flavor only (it is no part of a rule's roll)
  return {
    ...foundryRoll<[FoundryDieTerm]>(
      [die],
      entry.values.reduce((sum, v) => sum + v, 0),
    ),
    formula: `${die.number}d${fate ? 'F' : die.faces}`,
  };
}

/** Every entry of a transcript that is not a dice notation's, as a Foundry Roll, in consumption order. */
export function foundryRolls(transcript: DiceTranscript): TranscriptRoll[] {
  return transcript.rolls.map(transcriptRoll);
}

/**
 * Where an answer keeps the Foundry form of its own rolls when it knows more than its transcript (a
 * dice notation: its formula, modifiers and flat terms): a symbol, never serialised, copied by
 * object spread; its value builds the rolls when asked.
 */
export const FOUNDRY_ROLLS: unique symbol = Symbol('arbiter.foundryRolls');

/** `answer` carrying `rolls`, the Foundry form of its rolls, built only when asked. */
export function withFoundryRolls<T extends object>(answer: T, rolls: () => FoundryRoll[]): T {
  Object.defineProperty(answer, FOUNDRY_ROLLS, { value: rolls, enumerable: true, configurable: true, writable: true });
  return answer;
}
