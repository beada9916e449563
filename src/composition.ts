/**
 * The composition root: builds the services once, at start-up, from the ports (database, job
 * runner, clock, id source), and hands them to the Fastify app (`app.services`). `npm start`
 * (src/server.ts), the generated documents and the tests all build the app through `createApp`.
 * The only place where infra implementations meet the use cases.
 */
import { randomUUID } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import type { Config } from './config.js';
import type { AppDeps } from './app/deps.js';
import type { Clock, IdSource } from './app/ports.js';
import { buildServices, type Services } from './app/services.js';
import { SqlEventStore } from './infra/event-store/index.js';
import { PostgresAppendNotifications } from './infra/notify/postgres.js';
import { SqlSimulationStore } from './infra/simulation-store.js';
import { apiKeyStore } from './infra/keys.js';
import { memoryReceiptKeys, sqlReceiptKeys } from './infra/receipt-keys.js';
import { sqlRosterStore } from './infra/roster-store.js';
import { sqlCatalogStore } from './infra/catalog-store.js';
import { sqlBlindRollStore } from './infra/blind-roll-store.js';
import { memoryBlindRollStore } from './infra/memory/blind-roll-store.js';
import { buildApp } from './http/app.js';
import { RedisStreamSlots } from './transport/stream-slots-redis.js';

export const systemClock: Clock = { now: () => Date.now() };
export const randomIds: IdSource = { newId: () => randomUUID(), randomSeed: () => randomUUID() };

/** The services over `deps`: stores over the database, the simulation service over it and the runner. */
export function composeServices(deps: AppDeps, league: { signingKey?: string; issuer?: string; feedTokenTtlSeconds?: number } = {}): Services {
  const { database, stores } = deps;
  if (stores) {
    // one process holds every store: feeds are woken in-process
    return buildServices({
      ...stores,
      blindRolls: stores.blindRolls ?? memoryBlindRollStore(),
      clock: deps.clock ?? systemClock,
      ids: deps.ids ?? randomIds,
      jobs: deps.jobs,
      receiptIssuer: league.issuer ?? 'arbiter',
      feedTokenTtlSeconds: league.feedTokenTtlSeconds,
    });
  }
  return buildServices({
    clock: deps.clock ?? systemClock,
    ids: deps.ids ?? randomIds,
    apiKeys: database && apiKeyStore(database),
    events: database && SqlEventStore.over(database),
    // PostgreSQL may be shared by several API processes; PGlite has one (in-process wake-ups).
    notifications: database?.kind === 'postgres' ? new PostgresAppendNotifications(database) : undefined,
    simulations: database && new SqlSimulationStore(database),
    jobs: deps.jobs,
    receiptKeys: database ? sqlReceiptKeys(database, league.signingKey) : memoryReceiptKeys(league.signingKey),
    receiptIssuer: league.issuer ?? 'arbiter',
    rosters: database && sqlRosterStore(database),
    catalogs: database && sqlCatalogStore(database),
    // without a database blind rolls live as long as the process
    blindRolls: database ? sqlBlindRollStore(database) : memoryBlindRollStore(),
    feedTokenTtlSeconds: league.feedTokenTtlSeconds,
  });
}

/** The application over `deps` (absent parts disable the routes that need them). */
export async function createApp(config: Config, deps: AppDeps = {}): Promise<FastifyInstance> {
  const app = await buildApp(
    config,
    composeServices(deps, { signingKey: config.receiptSigningKey, issuer: config.receiptIssuer, feedTokenTtlSeconds: config.feedTokenTtlSeconds }),
    deps,
  );
  // with Redis, stream caps count every replica's streams (CONTRACT §9.4); without, this process's
  if (deps.redis) app.streams.shareSlots(new RedisStreamSlots(deps.redis, { replica: randomUUID(), log: app.log }));
  return app;
}
