/**
 * A dice notation's roll as one Foundry VTT `Roll` (CONTRACT §9.3, `?rollFormat=foundry`): the
 * notation in Foundry's formula syntax, its terms as Foundry parses that formula, its `total` the
 * answer's. Every dice term is one `Die` / `FateDie` with its modifiers and all its draws
 * (foundry-die.ts); a constant is a `NumericTerm` and each `+ - *` an `OperatorTerm` between them,
 * so that Foundry's order of operations (`*` `/` before `+` `-`, left to right) gives the total:
 * - a part the order of operations needs grouped is a `ParentheticalTerm` (`(2d6 + 3) * 2`), as is
 *   a minus before anything but a constant, which Foundry writes `(x * -1)` (`-1d6` → `(1d6 * -1)`);
 *   a minus before a constant is a negative `NumericTerm`, and `a + -b` is written `a - b`;
 * - `/` is the notation's integer division rounding down: `floor(a / b)`, a `FunctionTerm` (Foundry's
 *   `/` alone divides exactly).
 * Labels are the terms' flavor: `4d6[fire]` → `options: {flavor: "fire"}`, written `4d6[fire]`.
 */
import type { DiceExpression, NotationRoll } from './notation/index.js';
import { foundryDieTerm } from './foundry-die.js';
import { foundryRoll, type FoundryNumericTerm, type FoundryOperator, type FoundryOperatorTerm, type FoundryRoll, type FoundryTerm } from './foundry.js';

/** A part of a formula in infix order: its terms and its value. */
interface Part {
  terms: FoundryTerm[];
  value: number;
}

const plain = (n: number) => (n === 0 ? 0 : n);

const operator = (op: FoundryOperator): FoundryOperatorTerm => ({ class: 'OperatorTerm', options: {}, evaluated: true, operator: op });

const numeric = (number: number, label?: string): FoundryNumericTerm => ({
  class: 'NumericTerm',
  options: label === undefined ? {} : { flavor: label },
  evaluated: true,
  number: plain(number),
});

/** `node` without pairs of unary minus (`--x` is `x`). */
function unwrapped(node: DiceExpression): DiceExpression {
  let n = node;
  while (n.kind === 'negate' && n.operand.kind === 'negate') n = n.operand.operand;
  return n;
}

const isBinary = (node: DiceExpression, ...ops: string[]) => {
  const n = unwrapped(node);
  return n.kind === 'binary' && ops.includes(n.op);
};

/** `terms` in parentheses: one `ParentheticalTerm` holding their evaluated Roll. */
function parenthetical(inner: Part): Part {
  const roll = foundryRoll(inner.terms, inner.value);
  return { terms: [{ class: 'ParentheticalTerm', options: {}, evaluated: true, term: roll.formula, roll }], value: inner.value };
}

const joined = (left: Part, op: FoundryOperator, right: Part, value: number): Part => ({ terms: [...left.terms, operator(op), ...right.terms], value });

/**
 * Walks the notation's tree in the order it was rolled, taking each constant's and dice term's
 * rolled term and each dice term's draws in turn.
 */
class Rebuild {
  private term = 0;
  private dice = 0;

  constructor(private readonly rolled: NotationRoll) {}

  /** `node` as a formula of its own (the whole notation, or what parentheses hold). */
  infix(node: DiceExpression): Part {
    const n = unwrapped(node);
    if (n.kind !== 'binary' || n.op === '/') return this.operand(n);
    const left = isBinary(n.left, '+', '-') && n.op === '*' ? this.grouped(n.left) : this.infix(n.left);
    if (n.op === '*') {
      // a right operand that is itself a sum or a product was grouped as written
      const right = isBinary(n.right, '+', '-', '*') ? this.grouped(n.right) : this.infix(n.right);
      return joined(left, '*', right, left.value * right.value);
    }
    // a + -b is a - b, a - -b is a + b (Foundry's parser folds the signs the same way)
    let op: '+' | '-' = n.op;
    let rightNode = n.right;
    for (; rightNode.kind === 'negate'; rightNode = rightNode.operand) op = op === '+' ? '-' : '+';
    let right = isBinary(rightNode, '+', '-') ? this.grouped(rightNode) : this.infix(rightNode);
    // a + -2 * x reads a - 2 * x in Foundry's formula: the sign moves to the operator
    const [head, ...rest] = right.terms;
    if (head?.class === 'NumericTerm' && head.number < 0) {
      op = op === '+' ? '-' : '+';
      right = { terms: [{ ...head, number: -head.number }, ...rest], value: plain(-right.value) };
    }
    return joined(left, op, right, op === '+' ? left.value + right.value : left.value - right.value);
  }

  private grouped(node: DiceExpression): Part {
    return parenthetical(this.infix(node));
  }

  /** One operand: a dice term, a constant, a negation or an integer division. */
  private operand(n: DiceExpression): Part {
    switch (n.kind) {
      case 'number':
        this.term++;
        return { terms: [numeric(n.value, n.label)], value: n.value };
      case 'dice': {
        const rolled = this.rolled.terms[this.term++]!;
        return { terms: [foundryDieTerm(n, this.rolled.draws[this.dice++]!)], value: rolled.total };
      }
      case 'negate': {
        const inner = unwrapped(n.operand);
        if (inner.kind === 'number') {
          this.term++;
          return { terms: [numeric(-inner.value, inner.label)], value: plain(-inner.value) };
        }
        // Foundry writes a minus before anything but a constant as (x * -1)
        const x = isBinary(inner, '+', '-') ? this.grouped(inner) : this.infix(inner);
        return parenthetical({ terms: [...x.terms, operator('*'), numeric(-1)], value: plain(-x.value) });
      }
      case 'binary':
        return this.floorDivision(n.left, n.right);
    }
  }

  /** CONTRACT §7.3: `/` is integer division rounding down — Foundry's `floor(a / b)`. */
  private floorDivision(leftNode: DiceExpression, rightNode: DiceExpression): Part {
    const left = isBinary(leftNode, '+', '-') ? this.grouped(leftNode) : this.infix(leftNode);
    const right = isBinary(rightNode, '+', '-', '*') ? this.grouped(rightNode) : this.infix(rightNode);
    const quotient = left.value / right.value;
    const argument = foundryRoll([...left.terms, operator('/'), ...right.terms], quotient);
    const result = plain(Math.floor(quotient));
    return { terms: [{ class: 'FunctionTerm', options: {}, evaluated: true, fn: 'floor', terms: [argument.formula], rolls: [argument], result }], value: result };
  }
}

/** The roll `rolled` of the notation `expression` as one Foundry Roll whose total is the roll's. */
export function notationFoundryRoll(expression: DiceExpression, rolled: NotationRoll): FoundryRoll {
  return foundryRoll(new Rebuild(rolled).infix(expression).terms, rolled.total);
}
