/**
 * The syntax tree of a dice notation (CONTRACT §7.3). Every node keeps the character span it was
 * parsed from (`start` inclusive, `end` exclusive, 0-based), so errors and term notations point
 * back into the caller's text.
 */

/** Bounds documented in the operations (CONTRACT §7.3). */
export const MAX_DICE_PER_TERM = 1000;
export const MAX_SIDES = 1_000_000;
/** Dice in the whole notation, all terms together. */
export const MAX_DICE_TOTAL = 10_000;
/** Largest integer constant or modifier number. */
export const MAX_CONSTANT = 1_000_000_000;
/** Parentheses and unary minus nested deeper than this are refused. */
export const MAX_NESTING = 50;
/**
 * A die explodes at most this many times: the roll made at this depth is kept as rolled, even when
 * it shows an exploding face (it is not rolled again). The distribution counts the same way.
 */
export const MAX_EXPLOSIONS = 10;
/** `r<n` rerolls one draw at most this many times; the last reroll is kept whatever it shows. */
export const MAX_REROLLS = 10;

export interface Span {
  start: number;
  end: number;
}

export type KeepMode = 'kh' | 'kl' | 'dh' | 'dl';

export interface DiceTerm extends Span {
  kind: 'dice';
  /** The term as written (lower-cased), e.g. `4d6kh3`. */
  notation: string;
  count: number;
  /** Faces of the die drawn from the dice source: `M` for dM, 100 for d%, 3 for dF. */
  sides: number;
  /** dF: a d3 is drawn and read as 1 → −1, 2 → 0, 3 → +1. */
  fudge: boolean;
  /** Keep/drop: `kh`/`kl` keep, `dh`/`dl` drop the highest/lowest `count` dice (default 1). */
  keep?: { mode: KeepMode; count: number };
  /** Reroll a draw below `below`: once (`ro<n`) or up to MAX_REROLLS times (`r<n`). */
  reroll?: { below: number; once: boolean };
  /** Exploding: a draw showing `atLeast` or more adds another draw (`!` = the highest face). */
  explode?: { atLeast: number };
  /** Success counting: the term's total is the number of kept dice meeting the target. */
  success?: { op: '>=' | '<='; target: number };
}

export interface NumberTerm extends Span {
  kind: 'number';
  value: number;
}

export interface Binary extends Span {
  kind: 'binary';
  op: '+' | '-' | '*' | '/';
  left: DiceExpression;
  right: DiceExpression;
}

export interface Negate extends Span {
  kind: 'negate';
  operand: DiceExpression;
}

export type DiceExpression = DiceTerm | NumberTerm | Binary | Negate;

/** The face a drawn value shows: dF reads a d3 as −1/0/+1; other dice show what was drawn. */
export function faceOf(term: Pick<DiceTerm, 'fudge'>, drawn: number): number {
  return term.fudge ? drawn - 2 : drawn;
}

export function lowestFace(term: Pick<DiceTerm, 'fudge'>): number {
  return term.fudge ? -1 : 1;
}

export function highestFace(term: Pick<DiceTerm, 'fudge' | 'sides'>): number {
  return term.fudge ? 1 : term.sides;
}

/** Every dice term, left to right. */
export function diceTerms(node: DiceExpression): DiceTerm[] {
  switch (node.kind) {
    case 'dice':
      return [node];
    case 'number':
      return [];
    case 'negate':
      return diceTerms(node.operand);
    case 'binary':
      return [...diceTerms(node.left), ...diceTerms(node.right)];
  }
}
