/**
 * Bounded validation on every transport (bounded cost): `validate` — used by GraphQL resolvers and
 * match commands as well as REST routes — refuses an array longer than its schema's `maxItems`
 * before a single item is checked, and a 400 lists at most MAX_LISTED_PROBLEMS problems with
 * `errorsOmitted` counting the rest.
 */
import { describe, expect, it } from 'vitest';
import { Type } from '@sinclair/typebox';
import { MAX_LISTED_PROBLEMS, validate } from '../../../src/kernel/validate.js';
import { InvalidInput } from '../../../src/kernel/errors.js';
import { testApp } from '../../helpers/app.js';

const Body = Type.Object({ fighters: Type.Array(Type.Object({ name: Type.String(), value: Type.Integer() }), { maxItems: 200 }) });

function refusal(input: unknown): InvalidInput {
  try {
    validate(Body, input);
  } catch (error) {
    if (error instanceof InvalidInput) return error;
    throw error;
  }
  throw new Error('accepted');
}

describe('validate: bounded before the work', () => {
  it('20,000 fighters against maxItems 200: one too_many_items problem, no item read', () => {
    let reads = 0;
    const item = new Proxy({}, { get: () => (reads++, undefined), has: () => (reads++, false), ownKeys: () => (reads++, []) });
    const error = refusal({ fighters: Array.from({ length: 20_000 }, () => item) });
    expect(error.code).toBe('too_many_items');
    expect(error.errors).toEqual([expect.objectContaining({ path: '/fighters', code: 'maxItems', limit: 200, count: 20_000 })]);
    expect(reads).toBe(0);
  });

  it(`500 bad fighters within the bound: the first ${MAX_LISTED_PROBLEMS} problems and errorsOmitted for the rest`, () => {
    const error = refusal({ fighters: Array.from({ length: 200 }, () => ({ name: 1, value: 'x', extra: true })) });
    expect(error.code).toBe('invalid_request');
    expect(error.errors).toHaveLength(MAX_LISTED_PROBLEMS);
    expect(error.errors[0]!.path).toBe('/fighters/0/name');
    expect(error.extra.errorsOmitted).toBe(400 - MAX_LISTED_PROBLEMS);
  });

  it('GraphQL: a roster of 20,000 fighters sent as a variable is refused as too_many_items, like REST', async () => {
    const app = await testApp();
    try {
      const fighters = Array.from({ length: 20_000 }, () => ({}));
      const rest = await app.inject({ method: 'POST', url: '/v1/eden/rosters/validate', payload: { bandType: 'faction', fighters } });
      expect(rest.statusCode).toBe(400);
      expect(rest.json().code).toBe('too_many_items');
      const query = 'query ($input: RosterInput!) { edenValidateRoster(input: $input) { __typename } }';
      const gql = await app.inject({ method: 'POST', url: '/graphql', payload: { query, variables: { input: { bandType: 'faction', fighters } } } });
      const errors = (gql.json() as { errors?: { extensions?: { code?: string } }[] }).errors ?? [];
      expect(
        errors.map((e) => e.extensions?.code),
        gql.body.slice(0, 500),
      ).toContain('too_many_items');
    } finally {
      await app.close();
    }
  });
});
