/** Health, readiness and discovery (CONTRACT §0). */
import type { FastifyInstance } from 'fastify';
import { Type } from '@sinclair/typebox';
import { problem } from '../../transport/problem.js';
import { sendProblem } from '../problem.js';

const HEALTHY = Object.freeze({ status: 'ok' as const });

export async function systemRoutes(app: FastifyInstance): Promise<void> {
  app.get(
    '/health',
    {
      schema: { tags: ['system'], operationId: 'system.health', security: [], summary: 'Liveness', response: { 200: Type.Object({ status: Type.Literal('ok') }) } },
      // the answer is 15 bytes, never worth compressing: no compression hooks on the liveness probe
      compress: false,
    },
    // synchronous: no promise per probe
    () => HEALTHY,
  );

  app.get(
    '/ready',
    {
      schema: {
        tags: ['system'],
        operationId: 'system.ready',
        security: [],
        summary: 'Readiness: 200 when the database (and Redis, if configured) answer and requests are not being shed, else 503',
        response: { 200: Type.Object({ status: Type.Literal('ready'), checks: Type.Record(Type.String(), Type.String({ description: '`ok` or what failed.' })) }) },
      },
    },
    async (_request, reply) => {
      const { database, jobs, redis } = app.deps;
      const checks: Record<string, string> = {};
      let ok = true;
      for (const [name, ping] of [
        ['database', database ? () => database.ping() : undefined],
        ['queue', jobs ? () => jobs.ping() : undefined],
        ['redis', redis ? () => (redis as { ping(): Promise<unknown> }).ping() : undefined],
      ] as const) {
        if (!ping) continue;
        try {
          await Promise.race([ping(), new Promise((_, reject) => setTimeout(() => reject(new Error('timeout')), 2000))]);
          checks[name] = 'ok';
        } catch (error) {
          ok = false;
          checks[name] = (error as Error).message || 'down';
        }
      }
      // SIGTERM (CONTRACT §9.4): a balancer polling /ready stops sending here while in-flight and late requests are still served
      if (app.lifecycle.draining) {
        ok = false;
        checks.shutdown = 'draining';
      }
      // the same pressure state that sheds requests (src/http/plugins/load-shedding.ts)
      if (app.pressure.overloaded()) {
        ok = false;
        checks.eventLoop = `overloaded (delay ${Math.round(app.pressure.eventLoopDelay)} ms)`;
      }
      if (!ok) {
        reply.header('retry-after', '5');
        return sendProblem(reply, problem(503, 'not_ready', 'A dependency does not answer.', { checks }));
      }
      return { status: 'ready', checks };
    },
  );

  // CONTRACT §7.5: the root sends a visitor to the human docs page
  app.get('/', { schema: { hide: true } }, async (_request, reply) => reply.redirect('/docs', 302));

  app.get('/openapi.json', { schema: { hide: true } }, async () => app.swagger());
}
