/**
 * The Fastify application. Plugins in a known order: external plugins (security, CORS, rate
 * limiting, SSE, load shedding, OpenAPI), then the error mapping, then routes and GraphQL.
 * It receives the services built once by the composition root (src/composition.ts) and decorates
 * them (`app.services`); the ports stay reachable as `app.deps` for readiness checks.
 */
import Fastify, { type FastifyInstance } from 'fastify';
import cors from '@fastify/cors';
import helmet from '@fastify/helmet';
import rateLimit from '@fastify/rate-limit';
import underPressure from '@fastify/under-pressure';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import { fastifySSE } from '@fastify/sse';
import { createHash, randomUUID } from 'node:crypto';
import type { Config } from '../config.js';
import type { AppDeps } from '../app/deps.js';
import type { Services } from '../app/services.js';
import { compile } from '../app/validate.js';
import { problem, toProblem } from '../transport/problem.js';
import '../transport/services.js';
import { registerProblemHandlers, sendProblem } from './problem.js';
import { operationRoutes } from './routes/operations.js';
import { systemRoutes } from './routes/system.js';
import { adminRoutes } from './routes/admin.js';
import { matchRoutes } from './routes/matches.js';
import { simulationRoutes } from './routes/simulations.js';
import { leagueRoutes } from './routes/league.js';
import { graphqlPlugin } from '../graphql/index.js';
import { documentGraphqlRoutes, openApiInfo } from './openapi-info.js';

export async function buildApp(config: Config, services: Services, deps: AppDeps = {}): Promise<FastifyInstance> {
  const app = Fastify({
    logger: config.logLevel === 'silent' ? false : { level: config.logLevel },
    genReqId: (req) => {
      const given = req.headers['x-request-id'];
      return typeof given === 'string' && /^[\w.-]{1,128}$/.test(given) ? given : randomUUID();
    },
    bodyLimit: 5 * 1024 * 1024,
    return503OnClosing: true,
    forceCloseConnections: 'idle',
    ajv: { customOptions: { allErrors: true } },
    // Errors raised before routing (bad percent-encoding, over-long ids) are problems too.
    frameworkErrors: (error, request, reply) => {
      const p = toProblem(error);
      void sendProblem(reply, { ...p, instance: request.url, requestId: request.id });
    },
  });

  // One validator for every transport (src/app/validate.ts); responses are serialised as returned.
  app.setValidatorCompiler(({ schema, httpPart }) => compile(schema, httpPart === 'body' ? 'body' : 'other'));
  app.setSerializerCompiler(() => (data) => JSON.stringify(data));
  // JSON only: any other body is a 415 problem rather than a string reaching a handler.
  app.removeContentTypeParser(['text/plain']);
  app.decorate('deps', deps);
  app.decorate('config', config);
  app.decorate('services', services);
  app.decorateRequest('apiKeyOwner', null);
  app.addHook('onClose', async () => services.close());
  // Set on arrival so streams carry it too; again on send for answers that skipped onRequest.
  app.addHook('onRequest', async (request, reply) => {
    reply.header('x-request-id', request.id);
  });
  app.addHook('onSend', async (request, reply) => {
    reply.header('x-request-id', request.id);
  });

  await app.register(helmet, { contentSecurityPolicy: false, crossOriginResourcePolicy: { policy: 'cross-origin' } });
  await app.register(cors, { origin: true, exposedHeaders: ['x-request-id', 'retry-after', 'ratelimit-limit', 'ratelimit-remaining', 'ratelimit-reset'] });
  if (config.rateLimitPerMinute > 0) {
    await app.register(rateLimit, {
      max: config.rateLimitPerMinute,
      timeWindow: '1 minute',
      allowList: (req) => req.url === '/health' || req.url === '/ready',
      keyGenerator: (req) => {
        const auth = req.headers.authorization;
        // Keys are counted by a hash, so no credential is kept in the limiter's store.
        return auth?.startsWith('Bearer ') ? 'key:' + createHash('sha256').update(auth.slice(7)).digest('base64url') : 'ip:' + req.ip;
      },
      // With Redis the limit is shared by every instance; a Redis outage lets requests through.
      ...(deps.redis ? { redis: deps.redis as never, nameSpace: 'arbiter-rl-', skipOnError: true } : {}),
      errorResponseBuilder: (_req, ctx) => ({
        ...problem(429, 'rate_limited', `Rate limit of ${ctx.max} requests per minute exceeded; retry in ${Math.ceil(ctx.ttl / 1000)} s.`),
        statusCode: 429,
      }),
    });
  }
  await app.register(fastifySSE);
  await app.register(swagger, { openapi: openApiInfo() as never, transform: documentGraphqlRoutes as never });
  await app.register(swaggerUi, { routePrefix: '/docs', uiConfig: { docExpansion: 'list', deepLinking: true } });

  registerProblemHandlers(app);

  // Liveness and readiness answer even under pressure; everything else is shed first.
  await app.register(systemRoutes);
  await app.register(async (api) => {
    await api.register(underPressure, {
      maxEventLoopDelay: config.maxEventLoopDelayMs,
      retryAfter: 5,
      exposeStatusRoute: false,
      pressureHandler: (_req, reply, type, value) => {
        reply.header('retry-after', '5');
        void sendProblem(reply, problem(503, 'overloaded', `The server is overloaded (${type}: ${value}); retry later.`));
      },
    });
    await api.register(operationRoutes);
    await api.register(adminRoutes);
    await api.register(matchRoutes);
    await api.register(simulationRoutes);
    await api.register(leagueRoutes);
    await api.register(graphqlPlugin, { graphiql: !config.production });
  });

  return app;
}

declare module 'fastify' {
  interface FastifyInstance {
    deps: AppDeps;
    config: Config;
  }
}
