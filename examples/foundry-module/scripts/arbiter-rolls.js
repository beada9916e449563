/**
 * Arbiter → Foundry VTT rolls (an example module script).
 *
 * Any Arbiter endpoint that rolls accepts `?rollFormat=foundry`; its answer then carries
 * `foundryRolls` in the shape Foundry's `Roll#toJSON()` writes: a dice notation's roll as one
 * Roll (its formula, modifiers, constants and operators), any other transcript one Roll per entry.
 * `toRollData` checks one and returns exactly what `Roll.fromData()` reads (throwing on anything else, so a module never hands Foundry half a roll); `showArbiterRolls`
 * rebuilds each with `Roll.fromData` and posts them as one chat message, which Dice So Nice (and
 * any module listening to rolls) treats as a native roll. Nothing here needs Foundry except
 * `showArbiterRolls`, so the conversion is tested in plain Node.
 */

const DIE_CLASSES = new Set(['Die', 'FateDie']);
/** Foundry's operator precedence (`OperatorTerm.PRECEDENCE`). */
const PRECEDENCE = { '+': 10, '-': 10, '*': 20, '/': 20, '%': 20 };

function fail(path, what) {
  throw new TypeError(`foundryRolls${path}: ${what}`);
}

function integer(value, path) {
  if (!Number.isInteger(value)) fail(path, 'expected an integer');
  return value;
}

const flavorOf = (t) => (typeof t.options?.flavor === 'string' ? { flavor: t.options.flavor } : {});

/**
 * One result: `{result, active}` plus the flags Foundry knows (`discarded`, `rerolled`, `exploded`,
 * `failure`; `success` and `count` from success counting).
 */
function resultData(r, path) {
  if (!r || typeof r !== 'object') fail(path, 'expected a result object');
  const out = { result: integer(r.result, `${path}/result`), active: r.active !== false };
  for (const flag of ['discarded', 'rerolled', 'exploded', 'failure']) if (r[flag] === true) out[flag] = true;
  if (typeof r.success === 'boolean') out.success = r.success;
  if (r.count !== undefined) out.count = integer(r.count, `${path}/count`);
  return out;
}

/** One dice term as `DiceTerm.fromData` reads it. */
function diceTermData(t, path) {
  if (!Array.isArray(t.results)) fail(`${path}/results`, 'expected an array');
  const number = integer(t.number, `${path}/number`);
  if (t.results.length < number) fail(`${path}/results`, `expected at least ${number} results`);
  return {
    class: t.class,
    options: flavorOf(t),
    evaluated: true,
    number,
    faces: integer(t.faces, `${path}/faces`),
    modifiers: Array.isArray(t.modifiers) ? t.modifiers.filter((m) => typeof m === 'string') : [],
    results: t.results.map((r, i) => resultData(r, `${path}/results/${i}`)),
  };
}

/** One term as `RollTerm.fromData` reads it, with the total Foundry gives it. */
function termData(t, path) {
  if (!t || typeof t !== 'object') fail(path, 'expected a term object');
  if (DIE_CLASSES.has(t.class)) {
    const data = diceTermData(t, path);
    return { data, total: data.results.reduce((sum, r) => (r.active ? sum + (r.count ?? r.result) : sum), 0) };
  }
  switch (t.class) {
    case 'NumericTerm':
      return { data: { class: t.class, options: flavorOf(t), evaluated: true, number: integer(t.number, `${path}/number`) }, total: t.number };
    case 'OperatorTerm':
      if (!(t.operator in PRECEDENCE)) fail(`${path}/operator`, `expected one of + - * / %, not ${t.operator}`);
      return { data: { class: t.class, options: {}, evaluated: true, operator: t.operator }, operator: t.operator };
    case 'ParentheticalTerm': {
      const roll = rollData(t.roll, `${path}/roll`);
      return { data: { class: t.class, options: {}, evaluated: true, term: roll.formula, roll }, total: roll.total };
    }
    case 'FunctionTerm': {
      if (typeof Math[t.fn] !== 'function') fail(`${path}/fn`, `expected a Math function, not ${t.fn}`);
      const rolls = (Array.isArray(t.rolls) ? t.rolls : []).map((r, i) => rollData(r, `${path}/rolls/${i}`));
      const result = Math[t.fn](...rolls.map((r) => r.total));
      if (t.result !== result) fail(`${path}/result`, `expected ${result}, ${t.fn} of its arguments`);
      return { data: { class: t.class, options: {}, evaluated: true, fn: t.fn, terms: rolls.map((r) => r.formula), rolls, result }, total: result };
    }
    default:
      return fail(`${path}/class`, `expected Die, FateDie, NumericTerm, OperatorTerm, ParentheticalTerm or FunctionTerm, not ${t.class}`);
  }
}

/** The value of terms in infix order, by Foundry's precedence (left to right within one level). */
function evaluate(terms, path) {
  const values = [];
  const operators = [];
  const apply = () => {
    const b = values.pop();
    const a = values.pop();
    const op = operators.pop();
    values.push(op === '-' ? a - b : op === '*' ? a * b : op === '/' ? a / b : op === '%' ? a % b : a + b);
  };
  terms.forEach((t, i) => {
    if ((t.operator !== undefined) !== (i % 2 === 1)) fail(`${path}/terms/${i}`, 'expected terms and operators in turn');
    if (t.operator === undefined) return values.push(t.total);
    while (operators.length && PRECEDENCE[operators.at(-1)] >= PRECEDENCE[t.operator]) apply();
    operators.push(t.operator);
  });
  if (terms.length % 2 === 0) fail(`${path}/terms`, 'expected a term after the last operator');
  while (operators.length) apply();
  return values[0];
}

/** One Roll as `Roll.fromData` reads it, its total checked against what its terms give. */
function rollData(roll, path) {
  if (!roll || typeof roll !== 'object' || roll.class !== 'Roll') fail(`${path}/class`, 'expected class Roll');
  if (typeof roll.formula !== 'string' || roll.formula === '') fail(`${path}/formula`, 'expected the formula');
  if (!Array.isArray(roll.terms) || roll.terms.length === 0) fail(`${path}/terms`, 'expected the terms');
  const terms = roll.terms.map((t, i) => termData(t, `${path}/terms/${i}`));
  const total = evaluate(terms, path);
  // JSON has no −0
  if (roll.total !== total && !(roll.total === 0 && total === 0)) fail(`${path}/total`, `expected ${total}, what its terms give`);
  return { class: 'Roll', options: {}, dice: [], formula: roll.formula, terms: terms.map((t) => t.data), total: roll.total, evaluated: true };
}

/**
 * One entry of `foundryRolls` as the data `Roll.fromData(data)` accepts: `{class: "Roll", options,
 * dice: [], formula, terms, total, evaluated: true}` with `total` what its terms give in Foundry
 * (dice terms: their active results, `count` instead of the face when counting successes).
 */
export function toRollData(roll, index = 0) {
  const data = rollData(roll, `/${index}`);
  integer(data.total, `/${index}/total`);
  return data;
}

/** Every roll of an Arbiter answer asked with `?rollFormat=foundry`, as `Roll.fromData` data. */
export function rollDataOf(answer) {
  if (!Array.isArray(answer?.foundryRolls)) throw new TypeError('the answer has no foundryRolls: ask with ?rollFormat=foundry');
  return answer.foundryRolls.map(toRollData);
}

/**
 * In Foundry: rebuild the rolls of an answer and post them as one chat message (Dice So Nice
 * animates them). `flavor`: the message's text, e.g. the answer's summary.
 */
export async function showArbiterRolls(answer, { flavor = answer?.summary, speaker } = {}) {
  const rolls = rollDataOf(answer).map((data) => globalThis.Roll.fromData(data));
  return globalThis.ChatMessage.create({ rolls, flavor, speaker, content: String(answer?.total ?? rolls.reduce((n, r) => n + r.total, 0)) });
}

/** In Foundry: ask Arbiter to roll a notation and show it (`baseUrl`: where Arbiter listens, over https). */
export async function rollWithArbiter(baseUrl, notation, options = {}) {
  const res = await fetch(`${baseUrl.replace(/\/+$/, '')}/v1/dice/rolls?rollFormat=foundry`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...(globalThis.game?.i18n?.lang ? { 'accept-language': globalThis.game.i18n.lang } : {}) },
    body: JSON.stringify({ notation }),
  });
  const answer = await res.json();
  if (!res.ok) throw new Error(answer.detail ?? `Arbiter answered ${res.status}`);
  return showArbiterRolls(answer, options);
}
