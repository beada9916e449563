/**
 * CONTRACT §9.3 on GraphQL: `gameState` of `match` and of `runCommand` is `state` typed — the
 * union `MatchGameState` of every game's `<Game>MatchState`, the member being the match's game —
 * and, with every field selected, reads back as `state` (JSON) does — its declared members; an open
 * part keeps its other members in `state` only — for the owner, each
 * seat and a spectator (their redacted parts are the `Hidden` member of their unions), at several
 * versions of every game's table script. `MatchEvent.gameData` is each event's `data` typed by its type.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import type { GraphQLOutputType } from 'graphql';
import { apiKey, memoryApp } from '../helpers/app.js';
import { asRest, withoutNulls } from '../helpers/graphql-selection.js';
import { gql } from '../../src/graphql/types/graphql-js.js';
import { buildSchema } from '../../src/graphql/schema.js';
import { loadConfig } from '../../src/config.js';
import { Value } from '@sinclair/typebox/value';
import { publishedMatchTypes } from '../../src/app/matches/published-types.js';
import type { TableScript } from '../fixtures/tables/script.js';
import { script as eden } from '../fixtures/tables/eden.js';
import { script as anima } from '../fixtures/tables/anima.js';
import { script as exsilium } from '../fixtures/tables/exsilium.js';
import { script as spirit } from '../fixtures/tables/spirit-of-eden.js';

const SCRIPTS: TableScript[] = [eden, anima, exsilium, spirit];
const TITLES = { eden: 'EdenMatchState', anima: 'AnimaMatchState', exsilium: 'ExsiliumMatchState', 'spirit-of-eden': 'SpiritOfEdenMatchState' };

/**
 * Every field of `type`; inside a union's members each field is aliased `<Member>__<field>`, as
 * GraphQL asks where members have fields of one name and different types (`unaliased` reads it back).
 */
function selectAll(type: GraphQLOutputType, member?: string): string {
  const named = gql.getNamedType(type);
  if (gql.isUnionType(named))
    return `{ __typename ${named
      .getTypes()
      .map((m) => `... on ${m.name} ${selectAll(m, m.name)}`)
      .join(' ')} }`;
  if (!gql.isObjectType(named)) return '';
  return `{ ${Object.values(named.getFields())
    .map((f) => `${member ? `${member}__${f.name}: ` : ''}${f.name} ${selectAll(f.type)}`.trim())
    .join(' ')} }`;
}

function unaliased(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(unaliased);
  if (!value || typeof value !== 'object') return value;
  const field = (k: string) => (k !== '__typename' && k.includes('__') ? k.slice(k.indexOf('__') + 2) : k);
  return Object.fromEntries(Object.entries(value).map(([k, v]) => [field(k), unaliased(v)]));
}

let app: FastifyInstance;
let gameState: GraphQLOutputType;
/** Every field of one game's member of the union (members' fields of one name may differ in type: one member per query). */
let everyField: (game: TableScript['game']) => string;
let gameData: GraphQLOutputType;
let eventFields: string;
let typedEvents: Set<string>;

beforeAll(async () => {
  // every field of every game's state at once nests deeper than GRAPHQL_MAX_DEPTH's default (8) and
  // spends more than its token budget: a client selects what it reads; this test selects everything
  const defaults = loadConfig({}).graphql;
  app = await memoryApp({ graphql: { ...defaults, maxDepth: 32, maxTokens: 1_000_000, maxAliases: 10_000 } });
  gameState = buildSchema().getQueryType()!.getFields().match!.type;
  const field =
    (gameState as { ofType?: { getFields(): Record<string, { type: GraphQLOutputType }> } }).ofType ??
    (gameState as never as { getFields(): Record<string, { type: GraphQLOutputType }> });
  gameState = field.getFields().gameState!.type;
  const union = (gameState as { ofType?: unknown }).ofType as { getTypes(): { name: string }[] };
  const named = (t: GraphQLOutputType) => gql.getNamedType(t) as unknown as { getFields(): Record<string, { type: GraphQLOutputType }> };
  const page = named(buildSchema().getQueryType()!.getFields().matchEvents!.type);
  gameData = named(page.getFields().events!.type).getFields().gameData!.type;
  eventFields = selectAll(gameData);
  typedEvents = new Set(publishedMatchTypes().flatMap((g) => g.events.map((e) => e.type)));
  everyField = (game) => `{ __typename ... on ${TITLES[game]} ${selectAll(union.getTypes().find((t) => t.name === TITLES[game]) as never)} }`;
});
afterAll(async () => app?.close());

/** `state` with only the members its game's schema declares (a GraphQL type has no others: the rest is in `state`, JSON). */
const declared = (game: string, state: unknown) => Value.Clean(publishedMatchTypes().find((g) => g.game === game)!.state, structuredClone(state));

const bearer = (token: string) => ({ authorization: `Bearer ${token}` });

async function rest(method: 'GET' | 'POST', url: string, token: string, payload?: object) {
  const res = await app.inject({ method, url, headers: bearer(token), ...(payload ? { payload } : {}) });
  return { status: res.statusCode, text: res.body, json: () => res.json() };
}

/** `match` as `token` reads it: `state` and `gameState` with every field. */
async function typed(game: TableScript['game'], matchId: string, token: string) {
  const query = `query($id: ID!) { match(id: $id) { state gameState ${everyField(game)} } }`;
  const res = await app.inject({ method: 'POST', url: '/graphql', headers: bearer(token), payload: { query, variables: { id: matchId } } });
  const body = res.json() as { data?: { match: { state: unknown; gameState: { __typename: string } } }; errors?: unknown[] };
  expect(body.errors, JSON.stringify(body.errors)?.slice(0, 2000)).toBeUndefined();
  return body.data!.match;
}

for (const script of SCRIPTS) {
  describe(`${script.game}: gameState is state, typed as ${TITLES[script.game]} (CONTRACT §9.3)`, () => {
    let key: string;
    let matchId: string;
    const tokens: Record<string, string> = {};

    beforeAll(async () => {
      key = await apiKey(app, `typed ${script.game}`);
      const created = await rest('POST', '/v1/matches', key, { game: script.game, players: script.players, options: script.options });
      expect(created.status, created.text).toBe(201);
      matchId = created.json().id;
      for (const p of script.players) tokens[p.id] = (await rest('POST', `/v1/matches/${matchId}/seats/${p.id}/tokens`, key, { ttlSeconds: 3600 })).json().token;
      tokens.spectator = (await rest('POST', `/v1/matches/${matchId}/spectator-tokens`, key, {})).json().token;
    });

    it('reads back as state for the owner, each seat and a spectator, at the start, midway and at the end', async () => {
      const checkpoints = new Set([0, Math.floor(script.steps.length / 2), script.steps.length]);
      let version = 0;
      for (let i = 0; i <= script.steps.length; i++) {
        if (checkpoints.has(i)) {
          for (const token of [key, ...Object.values(tokens)]) {
            const match = await typed(script.game, matchId, token);
            expect(match.gameState.__typename).toBe(TITLES[script.game]);
            expect(withoutNulls(asRest(unaliased(match.gameState), gameState))).toEqual(withoutNulls(declared(script.game, match.state)));
          }
        }
        const step = script.steps[i];
        if (!step) break;
        const answer = await rest('POST', `/v1/matches/${matchId}/commands`, step.by === 'owner' ? key : tokens[step.by]!, { expectedVersion: version, command: step.command });
        expect(answer.status, answer.text).toBe(201);
        version = answer.json().version;
      }
    });

    it('every event of the match answers gameData: its data typed by its type (eventType says which), the same values as data', async () => {
      const query = `query($id: ID!) { matchEvents(id: $id, from: 1, limit: 1000) { events { type data gameData ${eventFields} } } }`;
      for (const token of [key, ...Object.values(tokens)]) {
        const res = await app.inject({ method: 'POST', url: '/graphql', headers: bearer(token), payload: { query, variables: { id: matchId } } });
        const body = res.json() as { data?: { matchEvents: { events: { type: string; data: unknown; gameData: Record<string, unknown> | null }[] } }; errors?: unknown[] };
        expect(body.errors, JSON.stringify(body.errors)?.slice(0, 2000)).toBeUndefined();
        const events = body.data!.matchEvents.events;
        expect(events.length).toBeGreaterThan(0);
        for (const e of events) {
          if (!e.gameData) {
            // only an event whose data is not an object, of no game's type, or hidden in part from this reader has none
            const hidden = JSON.stringify(e.data).includes('{"hidden":true}');
            expect(typeof e.data === 'object' && e.data !== null && !Array.isArray(e.data) && typedEvents.has(e.type) && !hidden, e.type).toBe(false);
            if (token === key) expect(hidden, `${e.type}: the owner reads every event typed`).toBe(false);
            continue;
          }
          const { eventType, ...typed } = withoutNulls(asRest(unaliased(e.gameData), gameData)) as Record<string, unknown>;
          expect(eventType).toBe(e.type);
          expect(e.gameData.__typename).toMatch(/EventData$/);
          expect(e.data, e.type).toMatchObject(typed);
        }
      }
    });

    it('runCommand answers gameState too: the first step of a new match', async () => {
      const created = await rest('POST', '/v1/matches', key, { game: script.game, players: script.players, options: script.options });
      const step = script.steps[0]!;
      const query = `mutation($id: ID!, $input: MatchCommandRequestInput!, $as: String) { runCommand(id: $id, input: $input, as: $as) { version state gameState ${everyField(script.game)} } }`;
      const variables = { id: created.json().id, input: { expectedVersion: 0, command: step.command }, as: step.by === 'owner' ? null : step.by };
      const res = await app.inject({ method: 'POST', url: '/graphql', headers: bearer(key), payload: { query, variables } });
      const body = res.json() as { data?: { runCommand: { version: number; state: unknown; gameState: { __typename: string } } }; errors?: unknown[] };
      expect(body.errors, JSON.stringify(body.errors)?.slice(0, 2000)).toBeUndefined();
      expect(body.data!.runCommand.version).toBeGreaterThan(0);
      expect(body.data!.runCommand.gameState.__typename).toBe(TITLES[script.game]);
      expect(withoutNulls(asRest(unaliased(body.data!.runCommand.gameState), gameState))).toEqual(withoutNulls(declared(script.game, body.data!.runCommand.state)));
    });
  });
}
