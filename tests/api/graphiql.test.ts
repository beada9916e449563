/**
 * GraphiQL at /graphiql is served from the service's own assets (no CDN): the page's CSP allows only
 * 'self', and its example tabs are valid documents built from the schema and the operations'
 * examples. The browser check is tests/api/graphiql-browser.test.ts.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { buildSchema, parse, validate } from 'graphql';
import { readFileSync } from 'node:fs';
import { apiKey, memoryApp } from '../helpers/app.js';
import { API_KEY_PLACEHOLDER, exampleTabs } from '../../src/http/graphiql-examples.js';
import { servedSchema } from '../../src/graphql/schema.js';
import { restAsInput } from '../../src/graphql/types/rest-shape.js';
import { operations } from '../../src/app/registry.js';

let app: FastifyInstance;

beforeAll(async () => {
  app = await memoryApp();
});
afterAll(async () => app?.close());

describe('GraphiQL page and assets', () => {
  it('the page loads only same-origin scripts and styles, and its CSP allows no other host', async () => {
    const res = await app.inject({ method: 'GET', url: '/graphiql' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-type']).toMatch(/text\/html/);
    const csp = String(res.headers['content-security-policy']);
    expect(csp).toContain("script-src 'self'");
    expect(csp).not.toMatch(/https?:|unpkg|jsdelivr|'unsafe-inline'|'unsafe-eval'/);
    const refs = [...res.body.matchAll(/(?:src|href)="([^"]+)"/g)].map((m) => m[1]!);
    expect(refs.length).toBe(6);
    for (const ref of refs) {
      expect(ref.startsWith('/graphiql/assets/')).toBe(true);
      const asset = await app.inject({ method: 'GET', url: ref });
      expect(asset.statusCode, ref).toBe(200);
      expect(asset.headers['content-type']).toMatch(ref.endsWith('.css') ? /text\/css/ : /javascript/);
    }
    expect((await app.inject({ method: 'GET', url: '/graphiql/assets/package.json' })).statusCode).toBe(404);
    expect((await app.inject({ method: 'GET', url: '/graphiql/assets/..%2Fpackage.json' })).statusCode).toBe(404);
  });

  it('example tabs are built from the schema and the operations’ documented examples, then a match, a command and a subscription', async () => {
    const served = buildSchema(readFileSync(new URL('../../schema.graphql', import.meta.url), 'utf8'));
    const tabs = exampleTabs(served, operations);
    expect(tabs[0]!.query).toContain('health');
    const melee = tabs.find((t) => t.query.includes('edenMelee('))!;
    expect(melee).toBeDefined();
    // the REST example as GraphQL input (several-kinds members such as protection `limbs` as their alternative)
    const input = servedSchema().getQueryType()!.getFields().edenMelee!.args[0]!.type;
    expect(JSON.parse(melee.variables!).input).toEqual(restAsInput(operations.find((o) => o.graphql.name === 'edenMelee')!.examples![0]!.value, input));
    expect(tabs.map((t) => /\n(?:query|mutation|subscription) (\w+)/.exec(t.query)![1])).toEqual([
      'Health',
      'EdenMelee',
      'AnimaExplore',
      'ExsiliumNewaruAction',
      'SoeGoomzPhase',
      'DiceRoll',
      'CreateMatch',
      'RunCommand',
      'MatchEvents',
    ]);
    // every generated document is valid, and every query and mutation runs against the real service
    // without errors: the match tabs with an API key in place of the placeholder, RunCommand on the
    // match CreateMatch made
    const key = await apiKey(app);
    let matchId = '';
    for (const tab of tabs) {
      expect(validate(served, parse(tab.query)), tab.query).toEqual([]);
      if (tab.query.includes('\nsubscription ')) continue;
      const headers = tab.headers ? { authorization: `Bearer ${key}` } : {};
      expect(tab.headers ? JSON.parse(tab.headers) : {}).toEqual(tab.headers ? { authorization: API_KEY_PLACEHOLDER } : {});
      const variables = tab.variables ? JSON.parse(tab.variables.replace('<the id CreateMatch answered>', matchId)) : undefined;
      const res = await app.inject({ method: 'POST', url: '/graphql', headers, payload: { query: tab.query, variables } });
      expect(res.json().errors, tab.query.split('\n')[0]).toBeUndefined();
      expect(res.statusCode).toBe(200);
      if (tab.query.includes('createMatch(')) matchId = res.json().data.createMatch.id;
    }
    expect(matchId).not.toBe('');
  });
});

describe('example documents for a typed schema', () => {
  // the shape the typed GraphQL schema takes (input types, enums, object and union results)
  const typed = buildSchema(`
    scalar JSON
    enum Reaction { passive dodge response }
    input DiceInput { seed: String, values: [Int!] }
    input EdenMeleeInput { attacker: JSON!, target: JSON!, reaction: Reaction!, dice: DiceInput }
    input DiceRollInput { notation: String!, dice: DiceInput }
    type TranscriptRoll { purpose: String!, sides: Int!, values: [Int!]! }
    type Transcript { seed: String, rolls: [TranscriptRoll!]! }
    type Roll { values: [Int!]!, successes: Int! }
    type Location { face: Int!, limb: String! }
    type Exchange { striker: String!, roll: Roll!, location: Location, inflicted: Int! }
    type MeleeResult { success: Boolean!, exchanges: [Exchange!]!, dice: Transcript!, summary: String! }
    type Constant { value: Int! }
    type Rolled { values: [Int!]!, kept: [Int!]!, total: Int! }
    union DiceTerm = Constant | Rolled
    type Deep { a: Deeper }
    type Deeper { b: Deepest }
    type Deepest { c: Deepest2 }
    type Deepest2 { d: Deepest3 }
    type Deepest3 { e: Int }
    type DiceRollResult { total: Int!, terms: [DiceTerm!]!, deep: Deep }
    type Query { health: String! }
    type Mutation { edenMelee(input: EdenMeleeInput!): MeleeResult!, diceRoll(input: DiceRollInput!): DiceRollResult!, animaExplore(input: JSON!): Deep! }
  `);

  it('are valid documents: typed variables, leaf selections, union fragments, never an empty selection', () => {
    const tabs = exampleTabs(typed, operations);
    // the match tabs need createMatch, runCommand and the matchEvents subscription, which this schema has not
    expect(tabs.map((t) => /\n(?:query|mutation) (\w+)/.exec(t.query)![1])).toEqual(['Health', 'EdenMelee', 'AnimaExplore', 'DiceRoll']);
    for (const tab of tabs) expect(validate(typed, parse(tab.query)), tab.query).toEqual([]);
    const melee = tabs[1]!.query;
    expect(melee).toContain('mutation EdenMelee($input: EdenMeleeInput!)');
    expect(melee).toMatch(/exchanges \{\n\s+striker\n\s+roll \{\n\s+values/);
    expect(tabs[3]!.query).toContain('... on Rolled {');
    expect(tabs[2]!.query).toContain('__typename');
  });
});
