/**
 * The framework's ceiling for the benchmarks: a bare Fastify server with no plugins, validation or
 * hooks. GET /hello answers a tiny JSON; POST /echo parses the JSON body and answers the bytes of
 * RESPONSE_FILE (the app's own answer to the same request), so both sides move the same bytes.
 * POST /melee-rules is the floor any melee endpoint has on this framework: the same parse, then
 * the service's own rules core for the answer (the compiled dist/ operation, called directly:
 * no validation, hooks, extra headers or context) and JSON.stringify — the bytes the service
 * answers, computed per request. POST /melee-rules-compiled is the same floor with the answer
 * serialized as the service does: by the compiled serializer of the melee response schema, as UTF-8
 * bytes. POST /melee-rules-headers is that floor with the ~20 headers the service answers melee with
 * (melee-floor.mjs SERVICE_HEADERS): what the headers alone cost. Prints its port on stdout.
 * Loopback only.
 */
import Fastify from 'fastify';
import { readFileSync } from 'node:fs';
import { floorHandler, meleeFloorAnswer, meleeFloorAnswerCompiled, SERVICE_HEADERS } from './melee-floor.mjs';

const response = process.env.RESPONSE_FILE ? readFileSync(process.env.RESPONSE_FILE) : Buffer.from('{}');
const app = Fastify({ logger: false });
app.get('/hello', async () => ({ hello: 'world' }));
app.post('/echo', (request, reply) => {
  if (!request.body || typeof request.body !== 'object') return reply.code(400).send();
  reply.header('content-type', 'application/json; charset=utf-8').send(response);
});
app.post('/melee-rules', floorHandler(meleeFloorAnswer));
app.post('/melee-rules-compiled', floorHandler(meleeFloorAnswerCompiled));
app.post('/melee-rules-headers', floorHandler(meleeFloorAnswerCompiled, SERVICE_HEADERS));
await app.listen({ host: '127.0.0.1', port: 0 });
console.log(JSON.stringify({ port: app.server.address().port }));
process.on('SIGTERM', () => app.close().then(() => process.exit(0)));
