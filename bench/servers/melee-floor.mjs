/**
 * The floor of a melee answer (bench/servers/bare.mjs POST /melee-rules and /melee-rules-compiled,
 * bench/instructions.bench.ts): the service's own compiled rules core (dist/) called directly — no
 * validation, hooks or request context — and its answer serialized by JSON.stringify, or as the
 * service itself serializes it: the compiled serializer of the operation's response schema, written
 * as UTF-8 bytes (the serializer compiler the service gives Fastify).
 */
import { edenMeleeOperation } from '../../dist/games/eden/operations/melee.operation.js';
import { diceFor } from '../../dist/kernel/dice/index.js';
import { serializerCompiler } from '../../dist/http/plugins/serializer.js';
import { securityHeaders } from '../../dist/http/plugins/security-headers.js';
import { CORS_HEADERS } from '../../dist/http/plugins/cors.js';

const rulesOnly = { lang: 'en', dice: (spec) => diceFor(spec, () => 'unseeded'), source: 'json' };
const compiled = serializerCompiler({ schema: edenMeleeOperation.response });

/** The melee answer to `body` (parsed JSON), as the service's bytes (JSON.stringify). */
export async function meleeFloorAnswer(body) {
  return JSON.stringify(await edenMeleeOperation.handle(body, rulesOnly));
}

/** The same answer as the service's bytes: the compiled serializer of the melee response schema, as UTF-8. */
export async function meleeFloorAnswerCompiled(body) {
  return compiled(await edenMeleeOperation.handle(body, rulesOnly));
}

/**
 * The Fastify handler of a floor route (bench/servers/bare.mjs, bench/servers/in-process-floor.mjs):
 * a body that is no object is a bare 400, else `answer(body)` as JSON, with `headers` besides.
 */
export function floorHandler(answer, headers) {
  return async (request, reply) => {
    if (!request.body || typeof request.body !== 'object') return reply.code(400).send();
    if (headers) reply.headers(headers);
    reply.header('content-type', 'application/json; charset=utf-8');
    return answer(request.body);
  };
}

/**
 * The headers the service sends with a melee answer besides Content-Type (and what Node adds):
 * the security headers and CORS (set on arrival), a request id, the three RateLimit headers and
 * the summary's language — the floor with them measures what ~20 headers cost on this framework.
 */
export const SERVICE_HEADERS = {
  ...securityHeaders(),
  ...CORS_HEADERS,
  'x-request-id': 'Fa6DOLb2Kx1y-1r3k',
  'ratelimit-limit': 1_000_000_000,
  'ratelimit-remaining': 999_999_000,
  'ratelimit-reset': 59,
  'content-language': 'en',
  vary: 'Origin, Accept-Language',
};
