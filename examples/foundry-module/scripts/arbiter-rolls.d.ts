/** Types of scripts/arbiter-rolls.js (the module itself is plain JavaScript, as Foundry loads it). */
export interface FoundryResultData {
  result: number;
  active: boolean;
  discarded?: true;
  rerolled?: true;
  exploded?: true;
}
export interface FoundryTermData {
  class: 'Die' | 'FateDie';
  options: { flavor?: string };
  evaluated: true;
  number: number;
  faces: number;
  modifiers: string[];
  results: FoundryResultData[];
}
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
