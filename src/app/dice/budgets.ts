/**
 * The budgets of the dice-notation operations (README "Budgets"): what each one bounds, as the
 * operations document it, and what one call may cost, estimated from its input before it runs —
 * where calls share one request (the root fields of a GraphQL document, src/graphql/cost.ts) their
 * estimates are added up and checked against the same budgets before any of them runs.
 */
import {
  MAX_DRAWS,
  MAX_EXPLOSIONS,
  MAX_RANGE,
  MAX_REROLLS,
  MAX_TRANSCRIPT_ENTRIES,
  WORK_BUDGET,
  distributionCost,
  parseNotation,
  rollCost,
  type BudgetName,
} from '../../kernel/dice/notation/index.js';

export type { BudgetName } from '../../kernel/dice/notation/index.js';
export { BUDGET_LIMITS } from '../../kernel/dice/notation/index.js';

const n = (x: number) => x.toLocaleString('en');

const GRAPHQL_SUM =
  '- GraphQL: a document is one request. The estimated costs of its root fields (aliases included) are added up per budget, each field counting at most its budget (one over it is refused by its own check), and a document whose sum passes a budget is refused before any field runs: HTTP 400, one error with `extensions: {code: "query_too_complex", status: 400, measure: "cost", limit, measured, budget: {name, limit, needed}}`.';

/** Markdown for the descriptions of POST /v1/dice/rolls. */
export const ROLL_BUDGETS = [
  `**Budgets** (checked from the notation before the first die is drawn; over one → 422 \`too_complex\` with \`budget: {name, limit, needed}\`):`,
  `- \`dice.draws\` = ${n(MAX_DRAWS)}: dice drawn in the worst case, every die × (1 + ${MAX_EXPLOSIONS} explosions if it can explode) × (1 + ${MAX_REROLLS} rerolls per draw for \`r<n\`, 1 for \`ro<n\`, if a face can be rerolled). \`1000d6!\` needs 11,000, \`1000d6!r<2\` 121,000 (refused);`,
  `- \`dice.transcriptEntries\` = ${n(MAX_TRANSCRIPT_ENTRIES)}: entries of \`dice.rolls\` in the worst case, one per term plus one per reroll or explosion draw (the answer's size);`,
  '- with `repeat`, both count every set: `repeat` × the worst case of one (`100` × `1000d6!` needs 1,100,000 draws, refused);',
  GRAPHQL_SUM,
].join('\n');

/** Markdown for the descriptions of POST /v1/dice/distribution. */
export const DISTRIBUTION_BUDGETS = [
  `**Budgets** (over one → 422 \`too_complex\` with \`budget: {name, limit, needed, operations, range}\`):`,
  `- \`dice.distributionWork\` = ${n(WORK_BUDGET)} big-integer operations (weighted by the size of the numbers), charged before each step that does them, tables included (keep/drop's binomial table and the least work of its passes are checked before the table is built);`,
  `- \`dice.distributionRange\` = ${n(MAX_RANGE)}: integers the values may span;`,
  GRAPHQL_SUM,
  'For scale: `100d6`, `10d10!`, `20d6kh3` fit; `1000d6`, `1000d2kh500` and `3d1000000` do not.',
].join('\n');

/** Markdown for the description of POST /v1/dice/compare. */
export const COMPARE_BUDGETS = [
  `**Budgets**: the same as one distribution's (\`dice.distributionWork\` = ${n(WORK_BUDGET)}, \`dice.distributionRange\` = ${n(MAX_RANGE)}), shared by both notations and the comparison pass: a comparison fits when both distributions together do. Over it → 422 \`too_complex\` with \`budget: {name, limit, needed}\`.`,
  GRAPHQL_SUM,
].join('\n');

/** What one call may cost per budget, from its input alone; {} when the input does not parse (refused cheaply). */
export type CostEstimate = Partial<Record<BudgetName, number>>;

function notationOf(input: unknown, key = 'notation'): string | undefined {
  const notation = (input as Record<string, unknown> | null)?.[key];
  return typeof notation === 'string' && notation.length <= 500 ? notation : undefined;
}

/** `repeat` as sent when it is a valid count of sets, else 1. */
function repeatOf(input: unknown): number {
  const repeat = (input as { repeat?: unknown } | null)?.repeat;
  return typeof repeat === 'number' && Number.isInteger(repeat) && repeat >= 1 && repeat <= 100 ? repeat : 1;
}

/**
 * A roll costs its worst case; a roll over a budget costs nothing, as it is refused before the
 * first draw.
 */
function rollEstimate(input: unknown): CostEstimate {
  const notation = notationOf(input);
  if (notation === undefined) return {};
  try {
    const one = rollCost(parseNotation(notation));
    const times = repeatOf(input);
    const cost = { draws: one.draws * times, entries: one.entries * times };
    if (cost.draws > MAX_DRAWS || cost.entries > MAX_TRANSCRIPT_ENTRIES) return {};
    return { 'dice.draws': cost.draws, 'dice.transcriptEntries': cost.entries };
  } catch {
    return {};
  }
}

/** A distribution costs the work it is charged, at most its budget (where it is stopped). */
function distributionEstimate(input: unknown): CostEstimate {
  const notation = notationOf(input);
  if (notation === undefined) return {};
  try {
    return { 'dice.distributionWork': Math.min(WORK_BUDGET, distributionCost(parseNotation(notation))) };
  } catch {
    return {};
  }
}

/** A comparison costs both distributions (and its linear pass), at most the budget. */
function compareEstimate(input: unknown): CostEstimate {
  const a = notationOf(input, 'a');
  const b = notationOf(input, 'b');
  if (a === undefined || b === undefined) return {};
  try {
    const spent = distributionCost(parseNotation(a));
    return { 'dice.distributionWork': Math.min(WORK_BUDGET, spent + distributionCost(parseNotation(b), WORK_BUDGET - spent)) };
  } catch {
    return {};
  }
}

/** Cost estimates by operation id. */
export const OPERATION_COSTS: ReadonlyMap<string, (input: unknown) => CostEstimate> = new Map([
  ['dice.roll', rollEstimate],
  ['dice.distribution', distributionEstimate],
  ['dice.compare', compareEstimate],
]);
