/**
 * Rate limiting of GraphQL by root field: a document costs one unit per root field of the operation
 * it runs (50 root fields cost 50), not one per HTTP request. The request was charged once on
 * arrival; the rest is charged before Mercurius runs anything, and past the limit the answer is
 * the same 429 problem as REST (src/transport/rate-limit.ts). A document that does not parse costs
 * one unit and is left to Mercurius to refuse.
 */
import type { FastifyInstance, FastifyReply, FastifyRequest, RouteOptions } from 'fastify';
import { Kind, parse, type DocumentNode, type SelectionSetNode } from 'graphql';
import { chargeExtra } from '../transport/rate-limit.js';

interface GraphqlBody {
  query?: unknown;
  operationName?: unknown;
}

/** Root fields of the operation `operationName` (or the only one) selects, fragments expanded. */
function rootFieldCount(document: DocumentNode, operationName?: string): number {
  const operations = document.definitions.filter((d) => d.kind === Kind.OPERATION_DEFINITION);
  const operation = operationName ? operations.find((o) => o.name?.value === operationName) : operations[0];
  if (!operation) return 0;
  const fragments = new Map(document.definitions.flatMap((d) => (d.kind === Kind.FRAGMENT_DEFINITION ? [[d.name.value, d] as const] : [])));
  const seen = new Set<string>();
  const pending: SelectionSetNode[] = [operation.selectionSet];
  let count = 0;
  while (pending.length) {
    for (const selection of pending.pop()!.selections) {
      if (selection.kind === Kind.FIELD) count++;
      else if (selection.kind === Kind.INLINE_FRAGMENT) pending.push(selection.selectionSet);
      else if (!seen.has(selection.name.value)) {
        seen.add(selection.name.value);
        const fragment = fragments.get(selection.name.value);
        if (fragment) pending.push(fragment.selectionSet);
      }
    }
  }
  return count;
}

function costOf(payload: GraphqlBody): number {
  if (typeof payload?.query !== 'string') return 1;
  try {
    const name = typeof payload.operationName === 'string' ? payload.operationName : undefined;
    return Math.max(1, rootFieldCount(parse(payload.query), name));
  } catch {
    return 1;
  }
}

async function chargeRootFields(request: FastifyRequest, reply: FastifyReply): Promise<void> {
  if (!request.server.rateLimiter) return;
  const payloads = (request.method === 'GET' ? [request.query] : [request.body].flat()) as GraphqlBody[];
  const cost = payloads.reduce((sum, p) => sum + costOf(p), 0);
  await chargeExtra(request, reply, cost - 1);
}

/** Register before Mercurius: its /graphql routes get the per-root-field charge as a preHandler. */
export function chargePerRootField(app: FastifyInstance): void {
  app.addHook('onRoute', (route: RouteOptions) => {
    if (route.url !== '/graphql') return;
    route.preHandler = [...[route.preHandler ?? []].flat(), chargeRootFields];
  });
}
