/**
 * `?rollFormat=foundry` (CONTRACT §8.3) on every route that rolls, in one place: a route rolls
 * when its answer documents a dice transcript (`dice`, the shared `DiceTranscript` shape: every
 * rules operation that rolls, the dice routes) or it is a match command (its events carry the
 * transcripts). Such a route takes the query parameter `rollFormat` (`foundry`; anything else is
 * 400) and documents `foundryRolls`. When asked, the answer gains `foundryRolls`, Foundry VTT's
 * `Roll` JSON (src/kernel/dice/foundry.ts), in consumption order — the answer's own rolls, else (a
 * match command) each event's, in event order; the projected `state` is not searched (it repeats
 * what the events hold). A dice notation's answer carries its own Foundry rolls (CONTRACT §9.3: one
 * per roll the notation makes, with its formula, modifiers and flat terms); any other transcript
 * gives one Roll per entry, every die active.
 */
import type { FastifyInstance, FastifyReply, FastifyRequest, RouteOptions } from 'fastify';
import { Type } from '@sinclair/typebox';
import type { DiceTranscript } from '../../kernel/dice/index.js';
import { FOUNDRY_ROLLS, foundryRolls, type FoundryRoll } from '../../kernel/dice/foundry.js';
import { FoundryRollsMember } from '../../app/dice/foundry-schema.js';

/** Hand-written routes whose answers carry transcripts deeper than a top-level `dice`. */
const ROLLING_ROUTES = new Set(['matches.runCommand']);

const RollFormatSchema = Type.Literal('foundry', {
  description: '`foundry`: the answer also has `foundryRolls`, its dice as Foundry VTT `Roll` JSON (CONTRACT §8.3).',
});

type Json = Record<string, any>;

const isTranscript = (v: unknown): v is DiceTranscript =>
  !!v &&
  typeof v === 'object' &&
  'seed' in v &&
  Array.isArray((v as DiceTranscript).rolls) &&
  (v as DiceTranscript).rolls.every((r) => r && typeof r.sides === 'number' && Array.isArray(r.values));

/** Whether a documented answer has a top-level dice transcript (itself, or one of its `allOf` parts). */
function documentsTranscript(schema: unknown): boolean {
  const s = schema as Json | undefined;
  if (s?.properties?.dice?.title === 'DiceTranscript') return true;
  return Array.isArray(s?.allOf) && s.allOf.some(documentsTranscript);
}

/** Every transcript of `node` as Foundry rolls, in document order (see the file comment). */
function collect(node: unknown, out: FoundryRoll[], depth = 0): void {
  if (depth > 64 || !node || typeof node !== 'object') return;
  if (Array.isArray(node)) {
    for (const item of node) collect(item, out, depth + 1);
    return;
  }
  const o = node as Json;
  const own = o[FOUNDRY_ROLLS as never] as (() => FoundryRoll[]) | undefined;
  if (typeof own === 'function') {
    out.push(...own());
    return;
  }
  if (isTranscript(o.dice)) {
    out.push(...foundryRolls(o.dice));
    return;
  }
  for (const [key, value] of Object.entries(o)) if (key !== 'state') collect(value, out, depth + 1);
}

/**
 * A match command's answer with each stored resolution's transcript in place: a `<op>.resolved`
 * event keeps only the faces drawn (`dice: {seed, values}`, the facts), the transcript (sides,
 * purposes) is its answer's, derived into `state.latest[kind].result.dice`.
 */
function withResolutionTranscripts(answer: unknown): unknown {
  const a = answer as Json | null;
  if (!a || typeof a !== 'object' || !Array.isArray(a.events)) return answer;
  const latest = a.state?.latest as Json | undefined;
  if (!latest || typeof latest !== 'object') return answer;
  const events = a.events.map((e: Json) => {
    const kind = e?.data?.kind;
    const transcript = typeof kind === 'string' && Object.hasOwn(latest, kind) ? latest[kind]?.result?.dice : undefined;
    return isTranscript(transcript) && !isTranscript(e.data.dice) ? { ...e, data: { ...e.data, dice: transcript } } : e;
  });
  return { ...a, events };
}

/** The Foundry rolls of an answer. */
function foundryRollsOf(answer: unknown): FoundryRoll[] {
  const out: FoundryRoll[] = [];
  collect(withResolutionTranscripts(answer), out);
  return out;
}

/** The route takes `rollFormat` and documents `foundryRolls` on its answers with a body. */
function patch(route: RouteOptions): void {
  route.config = { ...(route.config as Json | undefined), foundryRolls: true } as never;
  const schema = route.schema as Json;
  const query = schema.querystring as Json | undefined;
  schema.querystring = query ? { ...query, properties: { ...query.properties, rollFormat: RollFormatSchema } } : Type.Object({ rollFormat: Type.Optional(RollFormatSchema) });
  const responses = schema.response as Json;
  for (const status of ['200', '201']) {
    const answer = responses[status];
    if (!answer || answer.content) continue;
    // the answer keeps its title (its shared component); the member is added beside it
    if (Array.isArray(answer.allOf)) responses[status] = { ...answer, allOf: [...answer.allOf, FoundryRollsMember] };
    else if (answer.type === 'object') responses[status] = { allOf: [answer, FoundryRollsMember], ...(answer.description ? { description: answer.description } : {}) };
  }
}

/** Adds `foundryRolls` to a rolling route's answer when asked (`?rollFormat=foundry`); a callback hook, so the common answer costs no promise. */
function addFoundryRolls(request: FastifyRequest, reply: FastifyReply, payload: unknown, done: (error: null, payload: unknown) => void): void {
  if ((request.query as Json | undefined)?.rollFormat !== 'foundry' || reply.statusCode >= 300) return done(null, payload);
  if (!payload || typeof payload !== 'object' || Array.isArray(payload) || Buffer.isBuffer(payload)) return done(null, payload);
  done(null, { ...payload, foundryRolls: foundryRollsOf(payload as Json) });
}

export function registerFoundryRolls(app: FastifyInstance): void {
  app.addHook('onRoute', (route) => {
    const schema = route.schema as Json | undefined;
    if (!schema?.response || schema.hide) return;
    const responses = schema.response as Json;
    if (!(ROLLING_ROUTES.has(schema.operationId) || documentsTranscript(responses['200']) || documentsTranscript(responses['201']))) return;
    patch(route);
    // only the routes that roll run the hook (every other answer skips it)
    const given = route.preSerialization;
    route.preSerialization = [...(Array.isArray(given) ? given : given ? [given] : []), addFoundryRolls as never];
  });
}
