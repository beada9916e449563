/** Types of scripts/arbiter-rolls.js (the module itself is plain JavaScript, as Foundry loads it). */
export interface FoundryResultData {
  result: number;
  active: boolean;
  discarded?: true;
  rerolled?: true;
  exploded?: true;
  success?: boolean;
  failure?: true;
  count?: number;
}
export interface FoundryDiceTermData {
  class: 'Die' | 'FateDie';
  options: { flavor?: string };
  evaluated: true;
  number: number;
  faces: number;
  modifiers: string[];
  results: FoundryResultData[];
}
export interface FoundryNumericTermData {
  class: 'NumericTerm';
  options: { flavor?: string };
  evaluated: true;
  number: number;
}
export interface FoundryOperatorTermData {
  class: 'OperatorTerm';
  options: Record<string, never>;
  evaluated: true;
  operator: '+' | '-' | '*' | '/' | '%';
}
export interface FoundryParentheticalTermData {
  class: 'ParentheticalTerm';
  options: Record<string, never>;
  evaluated: true;
  term: string;
  roll: FoundryRollData;
}
export interface FoundryFunctionTermData {
  class: 'FunctionTerm';
  options: Record<string, never>;
  evaluated: true;
  fn: string;
  terms: string[];
  rolls: FoundryRollData[];
  result: number;
}
export type FoundryTermData = FoundryDiceTermData | FoundryNumericTermData | FoundryOperatorTermData | FoundryParentheticalTermData | FoundryFunctionTermData;
export interface FoundryRollData {
  class: 'Roll';
  options: Record<string, never>;
  dice: [];
  formula: string;
  terms: FoundryTermData[];
  total: number;
  evaluated: true;
}
export function toRollData(roll: unknown, index?: number): FoundryRollData;
export function rollDataOf(answer: unknown): FoundryRollData[];
export function showArbiterRolls(answer: unknown, options?: { flavor?: string; speaker?: unknown }): Promise<unknown>;
export function rollWithArbiter(baseUrl: string, notation: string, options?: { flavor?: string; speaker?: unknown }): Promise<unknown>;
