/**
 * The floor of a melee answer (bench/servers/bare.mjs POST /melee-rules and /melee-rules-compiled,
 * bench/instructions.bench.ts): the service's own compiled rules core (dist/) called directly — no
 * validation, hooks or request context — and its answer serialized by JSON.stringify, or by the
 * compiled serializer of the operation's response schema the service itself uses.
 */
import { edenMeleeOperation } from '../../dist/games/eden/operations/melee.operation.js';
import { diceFor } from '../../dist/games/dice/index.js';
import { responseSerializer } from '../../dist/http/plugins/serializer.js';

const rulesOnly = { lang: 'en', dice: (spec) => diceFor(spec, () => 'unseeded'), source: 'json' };
const compiled = responseSerializer(edenMeleeOperation.response);

/** The melee answer to `body` (parsed JSON), as the service's bytes (JSON.stringify). */
export async function meleeFloorAnswer(body) {
  return JSON.stringify(await edenMeleeOperation.handle(body, rulesOnly));
}

/** The same answer serialized by the compiled serializer of the melee response schema. */
export async function meleeFloorAnswerCompiled(body) {
  return compiled(await edenMeleeOperation.handle(body, rulesOnly));
}
