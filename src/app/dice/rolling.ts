/**
 * One roll answer of a notation (CONTRACT §7.3, §8.3), shared by POST /v1/dice/rolls and the
 * reveal of a blind roll: with `repeat`, one set after the other from the same dice source, each
 * with its own answer, and the sum of their totals. The answer carries the Foundry form of its rolls
 * under a symbol, for `?rollFormat=foundry` (CONTRACT §9.3): one Foundry `Roll` per set, rebuilt
 * from the notation and the set's draws, built only when asked.
 */
import type { Dice, DiceTranscript } from '../../kernel/dice/index.js';
import { withFoundryRolls } from '../../kernel/dice/foundry.js';
import { notationFoundryRoll } from '../../kernel/dice/foundry-notation.js';
import { InvalidInput, RuleViolation } from '../../kernel/errors.js';
import { checkRollBudget, parseNotation, rollNotation, type DiceExpression, type NotationRoll, type RolledTerm } from '../../kernel/dice/notation/index.js';
import type { Lang } from '../../kernel/i18n.js';
import { rollText, setsText, shortText } from './summaries.js';

export interface RollSet {
  notation: string;
  total: number;
  terms: RolledTerm[];
  dice: DiceTranscript;
  summary: string;
  summaryShort: string;
}

export interface RollAnswer extends RollSet {
  sets?: RollSet[];
}

/** Sets one roll may ask for (`repeat`, and Dice Maiden's `N <notation>`). */
const MAX_SETS = 100;

/**
 * Dice Maiden's repeat form (CONTRACT §9.3): `6 4d6` — a count, a space, then a notation — means
 * `4d6` with `"repeat": 6`. A `repeat` sent beside it must say the same (else 400 at `/repeat`);
 * a count out of 1–100 is 400 at `/notation`. Any other notation is returned as sent.
 */
export function repeatForm(notation: string, repeat: number | undefined): { notation: string; repeat: number | undefined } {
  const m = /^\s*(\d{1,4})\s+([^\s+\-*/].*)$/s.exec(notation);
  if (!m) return { notation, repeat };
  const count = Number(m[1]);
  if (count < 1 || count > MAX_SETS) {
    throw new InvalidInput([{ path: '/notation', code: 'bad_repeat', message: `"${m[1]} <notation>" repeats the notation 1 to ${MAX_SETS} times` }]);
  }
  if (repeat !== undefined && repeat !== count) {
    throw new InvalidInput([{ path: '/repeat', code: 'repeat_conflict', message: `the notation "${notation.trim()}" repeats ${count} times, "repeat" says ${repeat}` }]);
  }
  return { notation: m[2]!.trim(), repeat: count };
}

/** Parse `notation` and check its budgets for `repeat` sets, before any die is drawn. */
export function preparedNotation(notation: string, repeat = 1): DiceExpression {
  const expression = parseNotation(notation);
  checkRollBudget(expression, repeat);
  return expression;
}

export function rollAnswer(notation: string, expression: DiceExpression, repeat: number | undefined, dice: Dice, lang: Lang): RollAnswer {
  const rolls: NotationRoll[] = [];
  const sets: RollSet[] = [];
  for (let i = 0; i < (repeat ?? 1); i++) {
    const before = dice.transcript().rolls.length;
    const rolled = rollNotation(expression, dice);
    rolls.push(rolled);
    const all = dice.transcript();
    const summary = rollText(notation, rolled, lang);
    sets.push({ notation, total: rolled.total, terms: rolled.terms, dice: { seed: all.seed, rolls: all.rolls.slice(before) }, summary, summaryShort: shortText(summary) });
  }
  const transcript = dice.transcript();
  const foundry = () => rolls.map((rolled) => notationFoundryRoll(expression, rolled));
  if (repeat === undefined) return withFoundryRolls({ ...sets[0]!, dice: transcript }, foundry);
  const total = sets.reduce((sum, s) => sum + s.total, 0);
  if (!Number.isSafeInteger(total)) throw new RuleViolation('out_of_range', 'The sum of the sets is beyond ±9,007,199,254,740,991.');
  const summary = setsText(
    notation,
    sets.map((s) => s.total),
    total,
    lang,
  );
  return withFoundryRolls({ notation, total, terms: sets.flatMap((s) => s.terms), dice: transcript, summary, summaryShort: shortText(summary), sets }, foundry);
}
