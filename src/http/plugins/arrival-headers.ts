/**
 * The headers every answer carries, set on arrival (the first step of the one `onRequest` hook,
 * ./arrival.ts), so problems, streams (src/http/sse.ts sends the reply's headers) and pages have
 * them too: the request id, the security headers (./security-headers.ts) and CORS (./cors.ts; a
 * preflight is answered here).
 *
 * The fixed part is computed once, and the reply's header store is made in one step: an object
 * literal compiled from the fixed set with the request id (one allocation of one known shape),
 * where adding ~15 headers one by one to the reply's empty store cost a property transition each,
 * through Fastify's shared (megamorphic) header code.
 */
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { securityHeaders } from './security-headers.js';
import { allowedOrigin, answerPreflight, CORS_HEADERS, registerPreflightRoute } from './cors.js';
import { ANSWERED, registerArrival, type ArrivalStep } from './arrival.js';

export type HeaderStore = Record<string, unknown>;

/**
 * Fastify keeps a reply's headers in a plain object (names in lower case) under a private symbol,
 * found once. Undefined when a Fastify version keeps them elsewhere: the public `reply.header()` is
 * used then.
 */
let storeKey: symbol | null | undefined;
function storeKeyOf(reply: FastifyReply): symbol | null {
  if (storeKey === undefined) {
    storeKey = Object.getOwnPropertySymbols(reply).find((s) => s.description === 'fastify.reply.headers') ?? null;
    if (storeKey && !isStore((reply as unknown as Record<symbol, unknown>)[storeKey])) storeKey = null;
  }
  return storeKey;
}

const isStore = (value: unknown): value is HeaderStore => value !== null && typeof value === 'object' && !Array.isArray(value);

/** The reply's own header store (to write a header already in lower case), or undefined. */
export function headerStore(reply: FastifyReply): HeaderStore | undefined {
  const key = storeKeyOf(reply);
  return key ? ((reply as unknown as Record<symbol, HeaderStore>)[key] ?? undefined) : undefined;
}

function isEmpty(store: HeaderStore): boolean {
  for (const _ in store) return false;
  return true;
}

/**
 * A maker of the arrival headers: `fixed` and the request id, as one object literal compiled
 * from the fixed set (names and values written as JSON string literals).
 */
function storeMaker(fixed: Readonly<Record<string, string>>): (id: string) => HeaderStore {
  const members = Object.entries(fixed).map(([name, value]) => `${JSON.stringify(name)}: ${JSON.stringify(value)}`);
  return new Function('id', `return { ${[...members, '"x-request-id": id'].join(', ')} };`) as (id: string) => HeaderStore;
}

/** `privateNetwork`: answer Private Network Access preflights (./cors.ts); by default the app's CORS_PRIVATE_NETWORK. */
export interface ArrivalHeaderOptions {
  privateNetwork?: boolean;
}

/** The arrival step setting the headers (and answering CORS preflights). */
export function arrivalHeaders(app: FastifyInstance, options: ArrivalHeaderOptions = {}): ArrivalStep {
  const privateNetwork = options.privateNetwork ?? (app.hasDecorator('config') ? app.config.corsPrivateNetwork === true : false);
  const fixed: Readonly<Record<string, string>> = { ...securityHeaders(), ...CORS_HEADERS };
  const make = storeMaker(fixed);
  registerPreflightRoute(app);
  return (request: FastifyRequest, reply: FastifyReply) => {
    const key = storeKeyOf(reply);
    const replyHeaders = key ? (reply as unknown as Record<symbol, HeaderStore>)[key] : undefined;
    // the reply's store is replaced only while nothing has been set in it
    if (key && replyHeaders !== undefined && isEmpty(replyHeaders)) (reply as unknown as Record<symbol, HeaderStore>)[key] = make(String(request.id));
    else reply.headers(fixed).header('x-request-id', request.id);
    const origin = allowedOrigin(request);
    if (origin !== undefined) reply.header('access-control-allow-origin', origin);
    if (request.raw.method !== 'OPTIONS') return undefined;
    answerPreflight(request, reply, privateNetwork);
    return ANSWERED;
  };
}

/** The arrival headers as the only step of the arrival hook (an app without rate limiting or shedding: tests, tools). */
export function registerArrivalHeaders(app: FastifyInstance, options: ArrivalHeaderOptions = {}): void {
  registerArrival(app, [arrivalHeaders(app, options)]);
}
