/**
 * A small recursive-descent parser for dice notation (CONTRACT §7.3):
 *
 *   expression := product (('+' | '-') product)*
 *   product    := unary (('*' | '/') unary)*
 *   unary      := '-' unary | primary
 *   primary    := integer [label] | dice [label] | '(' expression ')'
 *   dice       := [integer] 'd' (integer | '%' | 'F') modifier*
 *   modifier   := ('kh' | 'kl' | 'dh' | 'dl') [integer]   keep / drop (default 1)
 *               | '!' ['!'] ['>=' integer]              exploding (default: the highest face); '!!' compounding
 *               | 'r' ['o'] '<' integer                 reroll below n (`ro`: once)
 *               | ('>=' | '<=') integer                 success counting
 *               | 'f' ('<=' | '>=') integer             failures, after a success test
 *   label      := '[' text ']'                          1..100 characters, no brackets (CONTRACT §8.3)
 *
 * Letters are case-insensitive and spaces between tokens are ignored (not inside a dice term).
 * Each modifier may appear once per term. Errors are `BadNotation` (400 `bad_notation`) with the
 * 0-based character position. Written here rather than taken from a library so that every die
 * is drawn from the request's `Dice` source in a documented order and errors carry positions.
 */
import { InvalidInput } from '../../errors.js';
import {
  MAX_CONSTANT,
  MAX_DICE_PER_TERM,
  MAX_DICE_TOTAL,
  MAX_LABEL,
  MAX_NESTING,
  MAX_SIDES,
  highestFace,
  type Binary,
  type DiceExpression,
  type DiceTerm,
  type KeepMode,
} from './ast.js';

/** 400 `bad_notation`: `position` is the 0-based index of the offending character. */
export class BadNotation extends InvalidInput {
  constructor(
    readonly position: number,
    readonly detail: string,
  ) {
    const message = detail;
    const text = `${message} (at position ${position})`;
    super([{ path: '/notation', code: 'bad_notation', message: text, position } as never], text, 'bad_notation', { position });
  }
}

class Parser {
  private pos = 0;
  private depth = 0;
  private diceTotal = 0;
  private readonly text: string;

  constructor(private readonly source: string) {
    this.text = source.toLowerCase();
  }

  parse(): DiceExpression {
    this.skipSpaces();
    if (this.pos >= this.text.length) throw new BadNotation(0, 'The notation is empty');
    const expr = this.expression();
    this.skipSpaces();
    if (this.pos < this.text.length) this.fail(`Unexpected '${this.source[this.pos]}': expected an operator (+ - * /) or the end`);
    return expr;
  }

  private fail(message: string, at = this.pos): never {
    throw new BadNotation(at, message);
  }

  private skipSpaces(): void {
    while (this.pos < this.text.length && /\s/.test(this.text[this.pos]!)) this.pos++;
  }

  private peek(): string {
    return this.text[this.pos] ?? '';
  }

  private expression(): DiceExpression {
    return this.chain('+-', () => this.product());
  }

  private product(): DiceExpression {
    return this.chain('*/', () => this.unary());
  }

  /** Left-associative operators of one precedence level. */
  private chain(ops: '+-' | '*/', operand: () => DiceExpression): DiceExpression {
    let left = operand();
    for (;;) {
      this.skipSpaces();
      const op = this.peek() as Binary['op'];
      if (op === ('' as never) || !ops.includes(op)) return left;
      this.pos++;
      const right = operand();
      left = { kind: 'binary', op, left, right, start: left.start, end: right.end };
    }
  }

  private nested<T>(fn: () => T): T {
    if (++this.depth > MAX_NESTING) this.fail(`Nested more than ${MAX_NESTING} levels deep`);
    try {
      return fn();
    } finally {
      this.depth--;
    }
  }

  private unary(): DiceExpression {
    this.skipSpaces();
    const start = this.pos;
    if (this.peek() === '-') {
      this.pos++;
      const operand = this.nested(() => this.unary());
      return { kind: 'negate', operand, start, end: operand.end };
    }
    return this.primary();
  }

  private primary(): DiceExpression {
    this.skipSpaces();
    const start = this.pos;
    const c = this.peek();
    if (c === '(') {
      const inner = this.nested(() => {
        this.pos++; // '('
        return this.expression();
      });
      this.skipSpaces();
      if (this.peek() !== ')') this.fail(this.pos >= this.text.length ? "Missing ')'" : `Unexpected '${this.source[this.pos]}': expected ')'`);
      this.pos++;
      return { ...inner, start, end: this.pos };
    }
    if (c === 'd' || /[0-9]/.test(c)) {
      const count = /[0-9]/.test(c) ? this.integer('a number') : undefined;
      const term: DiceExpression = this.peek() !== 'd' ? { kind: 'number', value: count!, start, end: this.pos } : this.dice(start, count);
      const label = this.label();
      return label === undefined ? term : { ...term, label };
    }
    this.fail(c === '' ? 'The notation ends too early: expected a number, a die or (' : `Unexpected '${this.source[this.pos]}': expected a number, a die or (`);
  }

  private integer(what: string, max = MAX_CONSTANT): number {
    const start = this.pos;
    while (/[0-9]/.test(this.peek())) this.pos++;
    if (this.pos === start) this.fail(`Expected ${what}`);
    const digits = this.text.slice(start, this.pos);
    if (digits.length > 10 || Number(digits) > max) this.fail(`${digits} is too large (at most ${max.toLocaleString('en')})`, start);
    return Number(digits);
  }

  private dice(start: number, written: number | undefined): DiceTerm {
    const count = written ?? 1;
    if (count < 1 || count > MAX_DICE_PER_TERM) this.fail(`A term rolls 1 to ${MAX_DICE_PER_TERM.toLocaleString('en')} dice, not ${count}`, start);
    this.diceTotal += count;
    if (this.diceTotal > MAX_DICE_TOTAL) this.fail(`At most ${MAX_DICE_TOTAL.toLocaleString('en')} dice in the whole notation`, start);
    this.pos++; // 'd'
    let sides: number;
    let fudge = false;
    if (this.peek() === '%') {
      this.pos++;
      sides = 100;
    } else if (this.peek() === 'f') {
      this.pos++;
      sides = 3;
      fudge = true;
    } else {
      const at = this.pos;
      sides = this.integer("the number of sides, % or F after 'd'", MAX_SIDES);
      if (sides < 1) this.fail('A die has at least 1 side', at);
    }
    const term: DiceTerm = { kind: 'dice', notation: '', count, sides, fudge, start, end: 0 };
    this.modifiers(term);
    term.end = this.pos;
    term.notation = this.text.slice(start, this.pos);
    return term;
  }

  /** An optional `[text]` after a term (spaces before it allowed): the text as written. */
  private label(): string | undefined {
    const back = this.pos;
    this.skipSpaces();
    if (this.peek() !== '[') {
      this.pos = back;
      return undefined;
    }
    const open = this.pos;
    const close = this.text.indexOf(']', open + 1);
    const nested = this.text.indexOf('[', open + 1);
    if (close < 0 || (nested >= 0 && nested < close)) this.fail("A label '[' needs its closing ']' (labels hold no brackets)", open);
    const text = this.source.slice(open + 1, close);
    if (text.trim().length === 0) this.fail('A label needs some text between [ and ]', open);
    if (text.length > MAX_LABEL) this.fail(`A label holds at most ${MAX_LABEL} characters`, open);
    this.pos = close + 1;
    return text;
  }

  private once(term: DiceTerm, key: 'keep' | 'reroll' | 'explode' | 'success' | 'failure', at: number, what: string): void {
    if (term[key]) this.fail(`Only one ${what} modifier per term`, at);
  }

  private modifiers(term: DiceTerm): void {
    for (;;) {
      const at = this.pos;
      const two = this.text.slice(this.pos, this.pos + 2);
      if (two === 'kh' || two === 'kl' || two === 'dh' || two === 'dl') {
        this.once(term, 'keep', at, 'keep/drop');
        this.pos += 2;
        const count = /[0-9]/.test(this.peek()) ? this.integer('a count') : 1;
        term.keep = { mode: two as KeepMode, count };
      } else if (this.peek() === '!') {
        this.once(term, 'explode', at, 'exploding');
        this.pos++;
        const compound = this.peek() === '!';
        if (compound) this.pos++;
        let atLeast = highestFace(term);
        if (this.text.startsWith('>=', this.pos)) {
          this.pos += 2;
          atLeast = this.signed('the face that explodes');
        }
        term.explode = { atLeast, compound };
      } else if (this.peek() === 'r') {
        this.once(term, 'reroll', at, 'reroll');
        this.pos++;
        const once = this.peek() === 'o';
        if (once) this.pos++;
        if (this.peek() !== '<') this.fail(`Expected '<' after '${once ? 'ro' : 'r'}' (reroll below n: r<n or ro<n)`);
        this.pos++;
        const below = this.signed('the value to reroll below');
        term.reroll = { below, once };
      } else if (two === '>=' || two === '<=') {
        this.once(term, 'success', at, 'success-counting');
        this.pos += 2;
        term.success = { op: two, target: this.signed('the target number') };
      } else if (this.peek() === 'f') {
        this.once(term, 'failure', at, 'failure-counting');
        if (!term.success) this.fail('f<=n counts failures after a success test: write the success test first (10d10>=8f<=1)');
        this.pos++;
        const op = this.text.slice(this.pos, this.pos + 2);
        if (op !== '<=' && op !== '>=') this.fail("Expected '<=' or '>=' after 'f' (failures: f<=n or f>=n)");
        this.pos += 2;
        term.failure = { op, target: this.signed('the failure target') };
      } else if (/[a-z!<>=%]/.test(this.peek())) {
        this.fail(`Unknown modifier '${this.source[this.pos]}' after ${this.text.slice(term.start, this.pos)}: expected kh, kl, dh, dl, !, !!, r<, ro<, >=, <= or f<=`);
      } else {
        return;
      }
    }
    // (unreachable)
  }

  /** A modifier number; dF thresholds may be −1. */
  private signed(what: string): number {
    const negative = this.peek() === '-';
    if (negative) this.pos++;
    const n = this.integer(what);
    return negative ? -n : n;
  }
}

/**
 * Parse `notation`, or throw BadNotation with the position of the first problem. A notation that
 * fails where a `+` decoded from a query string (it arrives as a space) would explain it says so
 * (CONTRACT §9.3): `GET …?notation=1d20+5` unencoded is `1d20 5`.
 */
export function parseNotation(notation: string): DiceExpression {
  try {
    return new Parser(notation).parse();
  } catch (error) {
    if (!(error instanceof BadNotation) || !/\S\s+\S/.test(notation.trim())) throw error;
    try {
      new Parser(notation.trim().replace(/\s+/g, '+')).parse();
    } catch {
      throw error;
    }
    throw new BadNotation(error.position, `${error.detail}; in a URL's query string a '+' arrives as a space: send it as %2B (${notation.trim().replace(/\s+/g, '%2B')})`);
  }
}
