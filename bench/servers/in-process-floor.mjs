/**
 * The floor inside the service's own process (bench/http.bench.ts): preloaded into a service
 * started as usual (NODE_OPTIONS=--import=<this file>, IN_PROCESS_FLOOR_PORT=<port>), it serves
 * the compiled-serializer floor of bench/servers/bare.mjs (POST /melee-rules-compiled: the
 * service's rules core and serializer, no validation, hooks or extra headers) on a bare Fastify
 * instance of its own, once the service has started and warmed up (and POST /melee-rules-headers:
 * the same answering the ~20 headers the service answers melee with, melee-floor.mjs
 * SERVICE_HEADERS). Same handler as the bare floor,
 * but in a process that has loaded and run the whole service: what that costs the floor (shared
 * code warmed by the service's other routes, a larger heap) is no cost of the service's own work.
 * Main thread only (the database thread loads nothing of this). Loopback only.
 */
import { isMainThread } from 'node:worker_threads';

const port = Number(process.env.IN_PROCESS_FLOOR_PORT);
if (isMainThread && port > 0) {
  // after the service's own start (its warm-up included): its /health answering is the signal
  const { default: Fastify } = await import('fastify');
  const servicePort = Number(process.env.PORT);
  const started = async () => {
    for (;;) {
      const ok = await fetch(`http://127.0.0.1:${servicePort}/health`).then(
        (r) => r.ok,
        () => false,
      );
      if (ok) return;
      await new Promise((r) => setTimeout(r, 100));
    }
  };
  void started().then(async () => {
    const { floorHandler, meleeFloorAnswerCompiled, SERVICE_HEADERS } = await import('./melee-floor.mjs');
    const app = Fastify({ logger: false });
    app.post('/melee-rules-compiled', floorHandler(meleeFloorAnswerCompiled));
    app.post('/melee-rules-headers', floorHandler(meleeFloorAnswerCompiled, SERVICE_HEADERS));
    await app.listen({ host: '127.0.0.1', port });
  });
}
