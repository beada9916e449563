/**
 * Start-up warm-up (src/server.ts, before the server listens): each operation route is called once
 * through `app.inject` with its first documented example, and each operation's GraphQL field with
 * the same input, so the code each route runs is compiled before the first client request (the
 * body validators are compiled once for both, src/app/validate.ts). It also waits out the load
 * shedding that the start-up's own event-loop stall triggers (@fastify/under-pressure measures
 * it): when the port opens and /ready says 200, the routes answer at once, not 503.
 * Warm-up requests are not logged and count against no client's rate limit; none of them writes.
 */
import { operationDocument } from '../graphql/operation-document.js';
import { restAsInput } from '../graphql/types/rest-shape.js';
import { servedSchema } from '../graphql/schema.js';
import type { FastifyInstance, InjectOptions } from 'fastify';
import { operations } from '../app/registry.js';

export interface WarmUpReport {
  routes: number;
  ms: number;
  /** Routes that did not answer 200 (a warm-up failure is reported, never fatal). */
  failed: string[];
}

const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/** Injects `request`, retrying while the app sheds load (503), until `deadline` (ms since epoch). */
async function answer(app: FastifyInstance, request: InjectOptions, deadline: number): Promise<number> {
  for (;;) {
    const res = await app.inject({ ...request, remoteAddress: 'warm-up' });
    if (res.statusCode !== 503 || Date.now() >= deadline) return res.statusCode;
    await sleep(50);
  }
}

/** `database`: the database answers, so routes that read it are warmed too (else they are skipped). */
export async function warmUp(app: FastifyInstance, options: { timeoutMs?: number; database?: boolean } = {}): Promise<WarmUpReport> {
  const began = Date.now();
  const deadline = began + (options.timeoutMs ?? 10_000);
  const requests: InjectOptions[] = operations.map((op) =>
    op.method === 'GET'
      ? { method: 'GET', url: op.path }
      : { method: 'POST', url: op.path, headers: { 'content-type': 'application/json' }, payload: JSON.stringify(op.examples?.[0]?.value ?? {}) },
  );
  // GraphQL: each operation's field once (its validator is the REST route's, src/app/validate.ts),
  // which also compiles the GraphQL request path itself.
  const graphql = (query: string, variables?: unknown): InjectOptions => ({
    method: 'POST',
    url: '/graphql',
    headers: { 'content-type': 'application/json' },
    payload: JSON.stringify({ query, variables }),
  });
  requests.push(graphql('{ health }'));
  const schema = servedSchema();
  for (const op of operations) {
    // the REST example as GraphQL input (maps as entries, several-kinds members as their alternative)
    const input = schema
      .getQueryType()
      ?.getFields()
      [op.graphql.name]?.args.find((a) => a.name === 'input');
    requests.push(graphql(operationDocument(schema, op.graphql.name), op.body ? { input: input ? restAsInput(op.examples?.[0]?.value ?? {}, input.type) : {} } : undefined));
  }
  // The league's public key set: its first call loads (or makes) the receipt signing key.
  const optional = new Set<InjectOptions>(options.database ? [{ method: 'GET', url: '/.well-known/jwks.json' }] : []);
  requests.push(...optional);
  // An API key nobody holds: the key store's first lookup starts its database client (Prisma),
  // about 150 ms that the first authenticated request would otherwise pay. Answered 401. Sent
  // first and awaited last: much of that start waits on the database thread and on WebAssembly
  // compilation, which overlap the other warm-up requests.
  const unknownKey: InjectOptions = { method: 'GET', url: '/v1/matches/00000000-0000-4000-8000-000000000000', headers: { authorization: `Bearer arb_${'A'.repeat(43)}` } };
  const level = app.log.level;
  app.log.level = 'warn';
  const failed: string[] = [];
  const check = (request: InjectOptions, status: number, expected: number) => {
    // an optional route is absent (404) when its port is (no database)
    if (status !== expected && !(optional.has(request) && status === 404)) failed.push(`${request.method} ${request.url} → ${status}`);
  };
  try {
    // settled here (status 0 when it throws): it is awaited only after the loop
    const keyLookup = options.database
      ? app.inject({ ...unknownKey, remoteAddress: 'warm-up' }).then(
          (res) => res.statusCode,
          () => 0,
        )
      : undefined;
    for (const request of requests) check(request, await answer(app, request, deadline), 200);
    if (keyLookup) check(unknownKey, await keyLookup, 401);
  } finally {
    app.log.level = level;
  }
  return { routes: requests.length + (options.database ? 1 : 0), ms: Date.now() - began, failed };
}
