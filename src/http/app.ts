/**
 * The Fastify application. Plugins in a known order: external plugins (security, CORS, rate
 * limiting, compression, SSE, load shedding, OpenAPI), then the error mapping, then routes and GraphQL.
 * It receives the services built once by the composition root (src/composition.ts) and decorates
 * them (`app.services`); the ports stay reachable as `app.deps` for readiness checks.
 */
import Fastify, { type FastifyInstance } from 'fastify';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import { fastifySSE } from '@fastify/sse';
import type { Config } from '../config.js';
import type { AppDeps } from '../app/deps.js';
import type { Services } from '../app/services.js';
import { compile } from '../kernel/validate.js';
import { toProblem } from '../transport/problem.js';
import '../transport/services.js';
import { StreamRegistry } from '../transport/streams.js';
import { registerProblemHandlers, sendProblem } from './problem.js';
import { operationRoutes } from './routes/operations.js';
import { systemRoutes } from './routes/system.js';
import { adminRoutes } from './routes/admin.js';
import { matchRoutes } from './routes/matches.js';
import { seatRoutes } from './routes/seats.js';
import { simulationRoutes } from './routes/simulations.js';
import { matchListRoutes } from './routes/match-list.js';
import { simulationListRoutes } from './routes/simulation-list.js';
import { leagueRoutes } from './routes/league.js';
import { gameRoutes } from './routes/games.js';
import { graphiqlRoutes } from './routes/graphiql.js';
import { graphqlPlugin } from '../graphql/index.js';
import { documentGraphqlRoutes, openApiInfo } from './openapi-info.js';
import { finishDocument } from './openapi/document.js';
import { registerJsonBodyParser } from './plugins/json-body.js';
import { rateLimiting } from './plugins/rate-limit.js';
import { registerLoadShedding, shedding, shedWhenOverloaded } from './plugins/load-shedding.js';
import { registerArrival } from './plugins/arrival.js';
import { timeoutOptions } from './plugins/timeouts.js';
import { registerPageCsp } from './plugins/csp.js';
import { requestLogValue } from './log-redaction.js';
import { OneLinePerRequest } from './request-log.js';
import { registerCompression } from './plugins/compression.js';
import { arrivalHeaders } from './plugins/arrival-headers.js';
import { requestId } from './plugins/request-id.js';
import { registerFoundryRolls } from './plugins/foundry-rolls.js';
import { registerTextInputCheck } from './plugins/text-input.js';
import { diceRoutes } from './routes/dice.js';
import { serializerCompiler, type ResponseSchema } from './plugins/serializer.js';

/** Trust the nearest `n` proxies (TRUST_PROXY as a hop count): the address `n` hops back in X-Forwarded-For is the client's. */
const hops =
  (n: number) =>
  (_address: string, hop: number): boolean =>
    hop < n;

/** How long open streams get on close to send their last event and end before they are dropped. */
const STREAMS_SETTLE_MS = 1000;

export async function buildApp(config: Config, services: Services, deps: AppDeps = {}): Promise<FastifyInstance> {
  const app = Fastify({
    logger: config.logLevel === 'silent' ? false : { level: config.logLevel, serializers: { req: requestLogValue }, ...(config.logStream ? { stream: config.logStream } : {}) },
    genReqId: requestId,
    // one line per request, when it is answered (./request-log.ts)
    logController: new OneLinePerRequest(),
    bodyLimit: 5 * 1024 * 1024,
    // TRUST_PROXY (CONTRACT §9.4): behind a balancer, request.ip — every per-IP limit and log line — is the client's address
    trustProxy: typeof config.trustProxy === 'number' ? hops(config.trustProxy) : (config.trustProxy ?? false),
    ...timeoutOptions(config.requestTimeoutMs),
    return503OnClosing: true,
    forceCloseConnections: 'idle',
    ajv: { customOptions: { allErrors: true } },
    // Errors raised before routing (bad percent-encoding, over-long ids) are problems too.
    frameworkErrors: (error, request, reply) => {
      const p = toProblem(error);
      reply.header('x-request-id', request.id);
      void sendProblem(reply, { ...p, instance: request.url, requestId: request.id });
    },
  });

  // One validator for every transport (src/app/validate.ts); answers serialized by the compiled
  // serializer of their response schema (./plugins/serializer.ts), each recorded in `responseSchemas`.
  app.setValidatorCompiler(({ schema, httpPart }) => compile(schema, httpPart === 'body' ? 'body' : 'other'));
  const responseSchemas: ResponseSchema[] = [];
  app.decorate('responseSchemas', responseSchemas);
  app.setSerializerCompiler((route) => {
    responseSchemas.push(route as ResponseSchema);
    // the answer's UTF-8 bytes: Fastify sends a Buffer payload as it sends a string (its type names only strings)
    return serializerCompiler(route) as unknown as (data: unknown) => string;
  });
  // JSON only: any other body is a 415 problem rather than a string reaching a handler.
  app.removeContentTypeParser(['text/plain']);
  registerJsonBodyParser(app);
  app.decorate('deps', deps);
  app.decorate('config', config);
  app.decorate('services', services);
  app.decorate('lifecycle', { draining: false });
  app.decorateRequest('apiKeyOwner', null);
  app.addHook('onClose', async () => services.close());
  // Open SSE feeds and GraphQL subscriptions: capped per key and per address; on close (SIGTERM)
  // they are ended first — `event: shutdown` / completed — so the drain does not wait for them.
  app.decorate('streams', new StreamRegistry({ perKey: config.maxStreamsPerKey, perIp: config.maxStreamsPerIp }));
  // keep-alive connections close as soon as their last answer is sent, not after keepAliveTimeout
  let closeIdle: NodeJS.Timeout | undefined;
  app.addHook('preClose', async () => {
    closeIdle = setInterval(() => app.server.closeIdleConnections(), 50).unref();
    await app.streams.shutdown(STREAMS_SETTLE_MS);
  });
  app.addHook('onClose', async () => clearInterval(closeIdle));
  // One onRequest hook for everything done on arrival, in this order: x-request-id, the security
  // headers and CORS (so every answer carries them), rate limiting, load shedding (./plugins/arrival.ts).
  registerLoadShedding(app, config.maxEventLoopDelayMs);
  registerArrival(app, [arrivalHeaders(app), rateLimiting(app, config.rateLimitPerMinute, deps.redis), shedding(app)]);
  registerPageCsp(app);
  await registerCompression(app);
  await app.register(fastifySSE);
  await app.register(swagger, { openapi: openApiInfo(config.publicUrl) as never, transform: documentGraphqlRoutes as never, transformObject: finishDocument as never });
  await app.register(swaggerUi, { routePrefix: '/docs', uiConfig: { docExpansion: 'list', deepLinking: true } });

  registerProblemHandlers(app);
  // NUL and lone surrogates in any parameter or body string → 400, before schemas and handlers
  registerTextInputCheck(app);
  // ?rollFormat=foundry on every route that rolls (CONTRACT §8.3): before the routes, which it documents
  registerFoundryRolls(app);

  // Liveness and readiness answer even under pressure; everything else is shed first.
  await app.register(systemRoutes);
  await app.register(async (api) => {
    // the API's routes are shed under pressure (liveness, readiness and the documents are not)
    shedWhenOverloaded(api);
    await api.register(operationRoutes);
    await api.register(adminRoutes);
    await api.register(matchRoutes);
    await api.register(seatRoutes);
    await api.register(matchListRoutes);
    await api.register(simulationRoutes);
    await api.register(simulationListRoutes);
    await api.register(leagueRoutes);
    await api.register(gameRoutes);
    await api.register(diceRoutes);
    await api.register(graphqlPlugin, { graphiql: !config.production });
    // GraphiQL from the package's own assets (no CDN), outside production only.
    if (!config.production) await api.register(graphiqlRoutes);
  });

  return app;
}

declare module 'fastify' {
  interface FastifyInstance {
    deps: AppDeps;
    config: Config;
    /** Every route's declared response schemas (method, url, status, media type), as compiled into serializers. */
    responseSchemas: readonly ResponseSchema[];
    /** The process is draining before it stops (SIGTERM, CONTRACT §9.4): /ready answers 503 while requests are still served. */
    lifecycle: { draining: boolean };
  }
}
