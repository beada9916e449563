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
/** Longest label `[text]` after a term (CONTRACT §8.3). */
export const MAX_LABEL = 100;

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
  /** dF: a fudge die with the faces −1, 0, +1 (the seeded generator draws a d3 and reads face − 2). */
  fudge: boolean;
  /** `[text]` written after the term (CONTRACT §8.3), as written. */
  label?: string;
  /** Keep/drop: `kh`/`kl` keep, `dh`/`dl` drop the highest/lowest `count` dice (default 1). */
  keep?: { mode: KeepMode; count: number };
  /** Reroll a draw below `below`: once (`ro<n`) or up to MAX_REROLLS times (`r<n`). */
  reroll?: { below: number; once: boolean };
  /**
   * Exploding: a draw showing `atLeast` or more adds another draw (`!` = the highest face). The
   * die's value is the sum of its draws; `compound` records that it was written `!!` (compounding,
   * CONTRACT §8.3), which counts the same way.
   */
  explode?: { atLeast: number; compound: boolean };
  /** Success counting: the term's total is the number of kept dice meeting the target. */
  success?: { op: '>=' | '<='; target: number };
  /** Failures (`f<=n`, `f>=n`) after a success test: each kept die meeting it takes one success away. */
  failure?: { op: '>=' | '<='; target: number };
}

export interface NumberTerm extends Span {
  kind: 'number';
  value: number;
  /** `[text]` written after the constant. */
  label?: string;
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

/** A kept die's score under success counting: +1 for a success, −1 for a failure (both: 0). */
export function successScore(term: Pick<DiceTerm, 'success' | 'failure'>, value: number): number {
  const meets = (test: { op: '>=' | '<='; target: number } | undefined) => (test ? (test.op === '>=' ? value >= test.target : value <= test.target) : false);
  return (meets(term.success) ? 1 : 0) - (meets(term.failure) ? 1 : 0);
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
