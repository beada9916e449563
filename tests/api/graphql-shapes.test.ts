/**
 * GraphQL types what REST leaves without a GraphQL counterpart (src/graphql/types/rest-shape.ts):
 * maps keyed by data are lists of `{key, value}` entries, members of several kinds are objects with
 * one field per alternative, result enums are the input enums; both ways through the real app.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { testApp } from '../helpers/app.js';
import { buildSchema } from '../../src/graphql/schema.js';
import { operationById } from '../../src/app/registry.js';
import { inputAsRest, restAsInput } from '../../src/graphql/types/rest-shape.js';

const schema = buildSchema();
let app: FastifyInstance;
beforeAll(async () => {
  app = await testApp();
});
afterAll(async () => app?.close());

const typeOf = (type: string, field: string) => {
  const t = schema.getType(type) as { getFields(): Record<string, { type: unknown }> } | undefined;
  return String(t?.getFields()[field]?.type);
};

describe('GraphQL shapes of maps and several-kinds members', () => {
  it('types the fields that were JSON: maps as entry lists, alternatives as objects, result enums as input enums', () => {
    expect(typeOf('SoeGoomzPhaseInput', 'cards')).toMatch(/^\[\w+EntryInput!\]!$/);
    expect(typeOf('SoeGoomzPhaseResult', 'cards')).toMatch(/^\[\w+Entry!\]!$/);
    expect(typeOf('AnimaTurnOrderResultRun', 'rolls')).toMatch(/^\[\w+Entry!\]$/);
    expect(typeOf('MeleeAttackInput', 'aim')).not.toBe('JSON');
    expect(typeOf('RangedAttackInput', 'weather')).not.toBe('JSON');
    expect(typeOf('EquipmentProtection', 'limbs')).not.toMatch(/JSON/);
    expect(typeOf('MeleeResult', 'reaction')).toBe(`${typeOf('MeleeAttackInput', 'reaction')}!`);
    expect(typeOf('MeleeResult', 'via')).toBe(`${typeOf('MeleeAttackInput', 'via')}!`);
    // what stays JSON is open data or data no schema describes, and each field says why
    const json: string[] = [];
    for (const type of Object.values(schema.getTypeMap())) {
      if (type.name.startsWith('__') || !('getFields' in type)) continue;
      for (const field of Object.values(type.getFields())) if (String(field.type).replace(/[[\]!]/g, '') === 'JSON') json.push(`${type.name}.${field.name}`);
    }
    for (const typed of [
      'SoeGoomzPhaseInput.cards',
      'MeleeAttackInput.aim',
      'RangedAttackInput.weather',
      'EquipmentProtectionInput.limbs',
      'MatchResult.score',
      'MatchResult.players',
    ])
      expect(json).not.toContain(typed);
    expect(json).toEqual(expect.arrayContaining(['MatchEvent.data', 'MatchView.options', 'MatchView.state']));
  });

  it('a REST body and its GraphQL input convert both ways unchanged', () => {
    const input = schema.getQueryType()!.getFields().soeGoomzPhase!.args[0]!.type;
    for (const example of operationById('soe.goomzPhase')!.examples!) {
      const graphql = restAsInput(example.value, input) as { cards: { key: string }[] };
      expect(Array.isArray(graphql.cards)).toBe(true);
      expect(inputAsRest(graphql, input)).toEqual(example.value);
    }
  });

  it('aim as {value: head} or {shift: n}, weather as {value} or {list}, protection limbs as {all: true} or {list}: answered as REST answers the REST shapes', async () => {
    const melee = operationById('eden.melee')!.examples![0]!.value as Record<string, unknown>;
    const query = `query($input: MeleeAttackInput!) { edenMelee(input: $input) { success reaction via attacker { equipment { protection { limbs { all list } } } } } }`;
    const input = restAsInput({ ...melee, aim: 'head', reaction: 'dodge', dice: { seed: 'shapes' } }, schema.getQueryType()!.getFields().edenMelee!.args[0]!.type) as Record<
      string,
      any
    >;
    expect(input.aim).toEqual({ value: 'head' });
    const gqlAnswer = await app.inject({ method: 'POST', url: '/graphql', payload: { query, variables: { input } } });
    expect(gqlAnswer.json().errors).toBeUndefined();
    const rest = await app.inject({ method: 'POST', url: '/v1/eden/attacks/melee', payload: { ...melee, aim: 'head', reaction: 'dodge', dice: { seed: 'shapes' } } });
    const data = gqlAnswer.json().data.edenMelee;
    expect([data.success, data.reaction, data.via]).toEqual([rest.json().success, 'dodge', 'attack']);
    const limbs = data.attacker.equipment.map((e: { protection: { limbs: unknown } | null }) => e.protection?.limbs ?? null);
    expect(limbs).toContainEqual({ all: null, list: ['head'] });
    // {shift} and a weather list go through too
    const shifted = await app.inject({
      method: 'POST',
      url: '/graphql',
      payload: { query: 'query($input: MeleeAttackInput!) { edenMelee(input: $input) { success } }', variables: { input: { ...input, aim: { shift: 1 } } } },
    });
    expect(shifted.statusCode).toBe(200);
    expect(shifted.json().errors?.[0]?.extensions?.code ?? 'ok').not.toBe('graphql_validation_failed');
  });
});
