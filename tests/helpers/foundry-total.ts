/**
 * A checker of Foundry VTT `Roll` JSON (CONTRACT §8.3, §9.3 `?rollFormat=foundry`), written from
 * Foundry's documented behaviour, independently of the service's code:
 * - `foundryTotal(roll)` evaluates a Roll's terms as Foundry does once `Roll.fromData` has rebuilt
 *   them (its AST evaluation, `Roll#_evaluateASTSync`): a dice term's total is the sum over its
 *   active results of `count` when set (success counting) else `result`; a `NumericTerm` its
 *   number; a `ParentheticalTerm` its inner roll; a `FunctionTerm` its Math function of its argument
 *   rolls; the operators by Foundry's precedence (`* / %` 20, `+ -` 10, left to right) with exact
 *   division. Every inner roll's declared total (and a function's `result`) is checked on the way.
 * - `parseFormula(formula)` parses a formula as Foundry's grammar reads it (dice with modifiers
 *   and `[flavor]`, numbers, parentheses, `fn(args)`, a leading minus folded into a negative
 *   number or written `(x * -1)`, runs of `+`/`-` collapsed), and `skeleton(terms)` gives the same
 *   structure from a Roll's terms, so that a test can check that the formula re-parses to the terms.
 */

type Json = Record<string, any>;

export interface TermSkeleton {
  class: string;
  number?: number;
  faces?: number;
  modifiers?: string[];
  flavor?: string;
  operator?: string;
  fn?: string;
  terms?: TermSkeleton[];
  args?: TermSkeleton[][];
}

const PRECEDENCE: Record<string, number> = { '+': 10, '-': 10, '*': 20, '/': 20, '%': 20 };

function fail(message: string): never {
  throw new Error(`Foundry roll check: ${message}`);
}

function apply(op: string, a: number, b: number): number {
  if (op === '-') return a - b;
  if (op === '*') return a * b;
  if (op === '/') return a / b;
  if (op === '%') return a % b;
  return a + b;
}

/** A dice term's total as Foundry's `DiceTerm#total`: active results, `count` over `result`. */
function diceTotal(term: Json): number {
  if (!Array.isArray(term.results) || term.results.length < term.number) fail(`${term.class} has fewer results than its number`);
  return term.results.reduce((t: number, r: Json) => (r.active ? t + (r.count !== undefined ? r.count : r.result) : t), 0);
}

function termTotal(term: Json): number {
  switch (term.class) {
    case 'Die':
    case 'FateDie':
      return diceTotal(term);
    case 'NumericTerm':
      return term.number;
    case 'ParentheticalTerm':
      if (term.term !== term.roll.formula) fail(`parenthetical term ${term.term} is not its roll's formula ${term.roll.formula}`);
      return foundryTotal(term.roll);
    case 'FunctionTerm': {
      const fn = (Math as unknown as Record<string, (...args: number[]) => number>)[term.fn];
      if (typeof fn !== 'function') fail(`unknown function ${term.fn}`);
      term.rolls.forEach((r: Json, i: number) => r.formula === term.terms[i] || fail(`function argument ${term.terms[i]} is not its roll's formula`));
      const result = fn(...term.rolls.map(foundryTotal));
      if (result !== term.result) fail(`${term.fn} gives ${result}, the term says ${term.result}`);
      return result;
    }
    default:
      return fail(`unknown term class ${term.class}`);
  }
}

/** The total Foundry computes from a Roll's terms (shunting-yard over Foundry's precedence). */
export function foundryTotal(roll: Json): number {
  if (roll.class !== 'Roll' || !Array.isArray(roll.terms) || roll.terms.length === 0) fail('not a Roll with terms');
  const values: number[] = [];
  const operators: string[] = [];
  const reduce = () => {
    const b = values.pop()!;
    const a = values.pop()!;
    values.push(apply(operators.pop()!, a, b));
  };
  roll.terms.forEach((term: Json, i: number) => {
    const expectOperator = i % 2 === 1;
    if ((term.class === 'OperatorTerm') !== expectOperator) fail(`term ${i} (${term.class}) breaks the operand/operator alternation`);
    if (!expectOperator) return values.push(termTotal(term));
    if (!(term.operator in PRECEDENCE)) fail(`unknown operator ${term.operator}`);
    while (operators.length && PRECEDENCE[operators.at(-1)!]! >= PRECEDENCE[term.operator]!) reduce();
    operators.push(term.operator);
  });
  if (roll.terms.length % 2 === 0) fail('the terms end with an operator');
  while (operators.length) reduce();
  const total = values[0]! === 0 ? 0 : values[0]!; // JSON has no −0
  if (total !== roll.total) fail(`the terms give ${total}, the roll says ${roll.total} (${roll.formula})`);
  return total;
}

/** The structure of a Roll's terms, as `parseFormula` reads a formula. */
export function skeleton(terms: Json[]): TermSkeleton[] {
  return terms.map((t): TermSkeleton => {
    const flavor = t.options?.flavor ? { flavor: t.options.flavor as string } : {};
    switch (t.class) {
      case 'Die':
      case 'FateDie':
        return { class: t.class, number: t.number, faces: t.faces, modifiers: t.modifiers, ...flavor };
      case 'NumericTerm':
        return { class: t.class, number: t.number, ...flavor };
      case 'OperatorTerm':
        return { class: t.class, operator: t.operator };
      case 'ParentheticalTerm':
        return { class: t.class, terms: skeleton(t.roll.terms) };
      case 'FunctionTerm':
        return { class: t.class, fn: t.fn, args: t.rolls.map((r: Json) => skeleton(r.terms)) };
      default:
        return fail(`unknown term class ${t.class}`);
    }
  });
}

/** Foundry's modifier split (`DiceTerm.MODIFIER_REGEXP`): a name of letters and its arguments. */
const MODIFIER = /([A-Za-z]+)([^A-Za-z\s()+\-*/]+)?/g;

/** A small reader of Foundry's formula grammar: terms, operators, parentheses, functions, flavor. */
class FormulaReader {
  private pos = 0;
  constructor(private readonly text: string) {}

  static read(formula: string): TermSkeleton[] {
    const reader = new FormulaReader(formula);
    const terms = reader.expression();
    reader.space();
    if (reader.pos !== formula.length) fail(`unexpected "${formula.slice(reader.pos)}" in ${formula}`);
    return terms;
  }

  private space(): void {
    while (this.text[this.pos] === ' ') this.pos++;
  }

  private take(re: RegExp): RegExpExecArray | null {
    re.lastIndex = this.pos;
    const m = re.exec(this.text);
    if (m) this.pos = re.lastIndex;
    return m;
  }

  /** `[+-]*` collapsed to one sign, and an optional multiplicative operator before it. */
  private operators(): { multiplicative?: string; additive?: string } {
    this.space();
    const mul = this.take(/[*/%]/y)?.[0];
    let additive: string | undefined;
    for (let m; (m = (this.space(), this.take(/[+-]/y)));) additive = additive === undefined ? m[0] : additive === m[0] ? '+' : '-';
    return { ...(mul ? { multiplicative: mul } : {}), ...(additive ? { additive } : {}) };
  }

  private expression(): TermSkeleton[] {
    const leading = this.operators();
    if (leading.multiplicative) fail(`a formula cannot start with ${leading.multiplicative}`);
    const out = [leading.additive === '-' ? negative(this.term()) : this.term()];
    for (;;) {
      const back = this.pos;
      const ops = this.operators();
      if (!ops.multiplicative && !ops.additive) {
        this.pos = back;
        return out;
      }
      const operator = ops.multiplicative ?? ops.additive!;
      const operand = this.term();
      out.push({ class: 'OperatorTerm', operator }, ops.multiplicative && ops.additive === '-' ? negative(operand) : operand);
    }
  }

  private flavor(): { flavor?: string } {
    const m = this.take(/\[([^\]]+)\]/y);
    return m ? { flavor: m[1]! } : {};
  }

  private term(): TermSkeleton {
    this.space();
    const fn = this.take(/([A-Za-z][A-Za-z0-9]*)\(/y);
    if (fn) {
      const args: TermSkeleton[][] = [this.expression()];
      while (this.take(/,/y)) args.push(this.expression());
      if (!this.take(/\)/y)) fail(`unclosed ${fn[1]}( in ${this.text}`);
      return { class: 'FunctionTerm', fn: fn[1]!, args };
    }
    if (this.take(/\(/y)) {
      const terms = this.expression();
      this.space();
      if (!this.take(/\)/y)) fail(`unclosed ( in ${this.text}`);
      return { class: 'ParentheticalTerm', terms };
    }
    const dice = this.take(/(\d+)?[dD](\d+|[A-Za-z])([^ (){}[\]+\-*/,]+)?/y);
    if (dice) {
      const fate = /^[fF]$/.test(dice[2]!);
      const modifiers = Array.from((dice[3] ?? '').matchAll(MODIFIER), (m) => m[0]);
      return { class: fate ? 'FateDie' : 'Die', number: dice[1] ? Number(dice[1]) : 1, faces: fate ? 3 : Number(dice[2]), modifiers, ...this.flavor() };
    }
    const number = this.take(/\d+(\.\d+)?/y);
    if (number) return { class: 'NumericTerm', number: Number(number[0]), ...this.flavor() };
    return fail(`expected a term at "${this.text.slice(this.pos)}" in ${this.text}`);
  }
}

/** A minus before a term, as Foundry's parser writes it: a negative number, else `(x * -1)`. */
function negative(term: TermSkeleton): TermSkeleton {
  if (term.class === 'NumericTerm') return { ...term, number: -term.number! };
  return { class: 'ParentheticalTerm', terms: [term, { class: 'OperatorTerm', operator: '*' }, { class: 'NumericTerm', number: -1 }] };
}

/** The terms Foundry's parser reads from `formula`. */
export function parseFormula(formula: string): TermSkeleton[] {
  return FormulaReader.read(formula);
}
