/**
 * The floor of a melee answer (bench/servers/bare.mjs POST /melee-rules, bench/instructions.bench.ts):
 * the service's own compiled rules core (dist/) called directly — no validation, hooks or request
 * context — and JSON.stringify of its answer, the bytes the service answers.
 */
import { edenMeleeOperation } from '../../dist/app/eden/melee.operation.js';
import { diceFor } from '../../dist/games/dice/index.js';

const rulesOnly = { lang: 'en', dice: (spec) => diceFor(spec, () => 'unseeded'), source: 'json' };

/** The melee answer to `body` (parsed JSON), as the service's bytes. */
export async function meleeFloorAnswer(body) {
  return JSON.stringify(await edenMeleeOperation.handle(body, rulesOnly));
}
