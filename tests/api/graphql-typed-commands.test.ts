/**
 * CONTRACT §9.3 on GraphQL: `playCommand` takes a command as its own input type — `MatchCommandInput`
 * (`@oneOf`: one field per command type, `eden.bid` → `edenBid`) — and runs it as `runCommand` does:
 * every step of every game's table script is accepted from it (the owner relaying each seat with `as`,
 * the REST body turned into GraphQL input, members no schema declares left out), and the match ends
 * where the same steps sent over REST end.
 * A command with no field or two fields, or a member of the wrong type, is refused before it runs.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import type { GraphQLInputObjectType, GraphQLInputType } from 'graphql';
import { apiKey, memoryApp } from '../helpers/app.js';
import { buildSchema } from '../../src/graphql/schema.js';
import { restAsInput } from '../../src/graphql/types/rest-shape.js';
import { gql } from '../../src/graphql/types/graphql-js.js';
import type { TableScript } from '../fixtures/tables/script.js';
import { script as eden } from '../fixtures/tables/eden.js';
import { script as anima } from '../fixtures/tables/anima.js';
import { script as exsilium } from '../fixtures/tables/exsilium.js';
import { script as spirit } from '../fixtures/tables/spirit-of-eden.js';

const SCRIPTS: TableScript[] = [eden, anima, exsilium, spirit];
const MUTATION = `mutation($id: ID!, $command: MatchCommandInput!, $expectedVersion: Int, $as: String) {
  playCommand(id: $id, command: $command, expectedVersion: $expectedVersion, as: $as) { version events { type } gameState { __typename } }
}`;

let app: FastifyInstance;
let key: string;
let commandInput: GraphQLInputObjectType;

beforeAll(async () => {
  app = await memoryApp();
  key = await apiKey(app, 'typed commands');
  commandInput = buildSchema().getType('MatchCommandInput') as GraphQLInputObjectType;
});
afterAll(async () => app?.close());

const headers = () => ({ authorization: `Bearer ${key}` });
const fieldName = (type: string) => type.replace(/[._-]+([a-zA-Z0-9])/g, (_, c: string) => c.toUpperCase());

/** `value` with only the fields `type` declares (an input type has no open members: what a REST body may add beside them, a mission card's `effect`, GraphQL cannot carry). */
function declaredOnly(value: unknown, type: GraphQLInputType): unknown {
  const named = gql.getNullableType(type);
  if (gql.isListType(named)) return Array.isArray(value) ? value.map((v) => declaredOnly(v, named.ofType)) : value;
  if (!gql.isInputObjectType(named) || value === null || typeof value !== 'object') return value;
  const fields = named.getFields();
  return Object.fromEntries(Object.entries(value).flatMap(([k, v]) => (fields[k] ? [[k, declaredOnly(v, fields[k]!.type)]] : [])));
}

/** A REST command as `MatchCommandInput`: its type as the field, its other members as that field's input. */
function asTypedInput(command: Record<string, unknown>): Record<string, unknown> {
  const { type, ...members } = command;
  const field = commandInput.getFields()[fieldName(String(type))];
  if (!field) throw new Error(`no MatchCommandInput field for ${String(type)}`);
  const fieldType = field.type as GraphQLInputType;
  return { [field.name]: String(fieldType) === 'Boolean' ? true : declaredOnly(restAsInput(members, fieldType), fieldType) };
}

async function create(script: TableScript): Promise<string> {
  const res = await app.inject({ method: 'POST', url: '/v1/matches', headers: headers(), payload: { game: script.game, players: script.players, options: script.options } });
  expect(res.statusCode, res.body).toBe(201);
  return res.json().id;
}

async function eventTypes(matchId: string): Promise<string[]> {
  const res = await app.inject({ method: 'GET', url: `/v1/matches/${matchId}/events?limit=1000`, headers: headers() });
  return (res.json().events as { type: string }[]).map((e) => e.type);
}

for (const script of SCRIPTS) {
  describe(`${script.game}: playCommand runs each command typed (CONTRACT §9.3)`, () => {
    it('accepts every step of the table script and ends where REST ends', async () => {
      const typed = await create(script);
      const rest = await create(script);
      let version = 0;
      for (const [i, step] of script.steps.entries()) {
        const variables = { id: typed, command: asTypedInput(step.command), expectedVersion: version, as: step.by === 'owner' ? null : step.by };
        const res = await app.inject({ method: 'POST', url: '/graphql', headers: headers(), payload: { query: MUTATION, variables } });
        const body = res.json() as { data?: { playCommand: { version: number; gameState: { __typename: string } } }; errors?: unknown[] };
        expect(body.errors, `step ${i} (${String(step.command.type)}): ${JSON.stringify(body.errors)}`).toBeUndefined();
        expect(body.data!.playCommand.version).toBeGreaterThan(version);
        version = body.data!.playCommand.version;
        const sent = await app.inject({
          method: 'POST',
          url: `/v1/matches/${rest}/commands${step.by === 'owner' ? '' : `?as=${step.by}`}`,
          headers: headers(),
          payload: { command: step.command },
        });
        expect(sent.statusCode, sent.body).toBe(201);
      }
      expect(await eventTypes(typed)).toEqual(await eventTypes(rest));
    });
  });
}

describe('MatchCommandInput is one command', () => {
  it('no field, two fields, or a member of the wrong type: refused before it runs, nothing appended', async () => {
    const id = await create(eden);
    const first = eden.steps[0]!.command;
    const bad = [{}, { ...asTypedInput(first), edenBid: { bids: { A: 1 } } }, { edenBid: { bids: { A: 'two' } } }];
    for (const command of bad) {
      const res = await app.inject({ method: 'POST', url: '/graphql', headers: headers(), payload: { query: MUTATION, variables: { id, command } } });
      const body = res.json() as { data?: unknown; errors?: unknown[] };
      expect(body.errors?.length, JSON.stringify(command)).toBeGreaterThan(0);
    }
    expect(await eventTypes(id)).toEqual([]);
  });
});
