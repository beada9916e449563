/**
 * Arbiter → Foundry VTT rolls (an example module script).
 *
 * Any Arbiter endpoint that rolls accepts `?rollFormat=foundry`; its answer then carries
 * `foundryRolls`, one object per die group of the transcript in the shape Foundry's
 * `Roll#toJSON()` writes. `toRollData` checks one and returns exactly what `Roll.fromData()` reads
 * (throwing on anything else, so a module never hands Foundry half a roll); `showArbiterRolls`
 * rebuilds each with `Roll.fromData` and posts them as one chat message, which Dice So Nice (and
 * any module listening to rolls) treats as a native roll. Nothing here needs Foundry except
 * `showArbiterRolls`, so the conversion is tested in plain Node.
 */

const DIE_CLASSES = new Set(['Die', 'FateDie']);

function fail(path, what) {
  throw new TypeError(`foundryRolls${path}: ${what}`);
}

function integer(value, path) {
  if (!Number.isInteger(value)) fail(path, 'expected an integer');
  return value;
}

/** One result: `{result, active}` plus the flags Foundry knows (`discarded`, `rerolled`, `exploded`). */
function resultData(r, path) {
  if (!r || typeof r !== 'object') fail(path, 'expected a result object');
  const out = { result: integer(r.result, `${path}/result`), active: r.active !== false };
  for (const flag of ['discarded', 'rerolled', 'exploded']) if (r[flag] === true) out[flag] = true;
  return out;
}

/** One dice term as `DiceTerm.fromData` reads it. */
function termData(t, path) {
  if (!t || typeof t !== 'object') fail(path, 'expected a term object');
  if (!DIE_CLASSES.has(t.class)) fail(`${path}/class`, `expected Die or FateDie, not ${t.class}`);
  if (!Array.isArray(t.results)) fail(`${path}/results`, 'expected an array');
  const number = integer(t.number, `${path}/number`);
  if (t.results.length < number) fail(`${path}/results`, `expected at least ${number} results`);
  return {
    class: t.class,
    options: { ...(typeof t.options?.flavor === 'string' ? { flavor: t.options.flavor } : {}) },
    evaluated: true,
    number,
    faces: integer(t.faces, `${path}/faces`),
    modifiers: Array.isArray(t.modifiers) ? t.modifiers.filter((m) => typeof m === 'string') : [],
    results: t.results.map((r, i) => resultData(r, `${path}/results/${i}`)),
  };
}

/**
 * One entry of `foundryRolls` as the data `Roll.fromData(data)` accepts: `{class: "Roll", options,
 * dice: [], formula, terms, total, evaluated: true}` with `total` the sum of the active results.
 */
export function toRollData(roll, index = 0) {
  const path = `/${index}`;
  if (!roll || typeof roll !== 'object' || roll.class !== 'Roll') fail(`${path}/class`, 'expected class Roll');
  if (typeof roll.formula !== 'string' || roll.formula === '') fail(`${path}/formula`, 'expected the formula');
  if (!Array.isArray(roll.terms) || roll.terms.length === 0) fail(`${path}/terms`, 'expected the terms');
  const terms = roll.terms.map((t, i) => termData(t, `${path}/terms/${i}`));
  const total = terms.flatMap((t) => t.results).reduce((sum, r) => (r.active ? sum + r.result : sum), 0);
  if (roll.total !== total) fail(`${path}/total`, `expected ${total}, the sum of the active results`);
  return { class: 'Roll', options: {}, dice: [], formula: roll.formula, terms, total, evaluated: true };
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
