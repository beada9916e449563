/**
 * Typed GraphQL (CONTRACT §7.1): operations are Query fields with input and result types from the
 * REST schemas, enums carry the REST strings, errors are per field, and queries work over GET.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { operations } from '../../src/app/registry.js';
import { apiKey, sharedApp } from '../helpers/app.js';
import { buildSchema } from '../../src/graphql/schema.js';

interface TypeRef {
  kind: string;
  name: string | null;
  ofType: TypeRef | null;
}
const named = (t: TypeRef): TypeRef => (t.ofType ? named(t.ofType) : t);

describe('typed GraphQL', () => {
  let app: FastifyInstance;
  let key: string;
  beforeAll(async () => {
    app = await sharedApp();
    key = await apiKey(app, 'typed');
  });

  const gql = async (query: string, variables: Record<string, unknown> = {}) => {
    const res = await app.inject({ method: 'POST', url: '/graphql', payload: { query, variables }, headers: { authorization: `Bearer ${key}` } });
    return { status: res.statusCode, body: res.json() as { data?: Record<string, any> | null; errors?: { message: string; path?: string[]; extensions?: Record<string, any> }[] } };
  };

  it('introspection: every operation is a Query field with an input type and an object result, none of them JSON', async () => {
    const { body } = await gql(`{
      query: __type(name: "Query") { fields { name type { kind name ofType { kind name } } args { name type { kind name ofType { kind name } } } } }
      mutation: __type(name: "Mutation") { fields { name } }
      melee: __type(name: "MeleeResult") { fields { name type { kind name ofType { kind name ofType { kind name ofType { kind name } } } } } }
    }`);
    expect(body.errors).toBeUndefined();
    const fields = new Map<string, { type: TypeRef; args: { name: string; type: TypeRef }[] }>(body.data!.query.fields.map((f: { name: string }) => [f.name, f]));
    for (const op of operations) {
      const field = fields.get(op.graphql.name);
      expect(field, op.graphql.name).toBeDefined();
      // a text/plain answer (the roster format) is a String; every other result an object type
      expect(named(field!.type).name, op.graphql.name).not.toBe('JSON');
      if (op.body) expect(named(field!.args[0]!.type).name, op.graphql.name).toMatch(/Input$/);
    }
    expect(named(fields.get('edenMelee')!.type)).toMatchObject({ kind: 'OBJECT', name: 'MeleeResult' });
    expect(fields.get('edenMelee')!.type.kind, 'root fields are nullable (per-field errors)').toBe('OBJECT');
    expect(fields.get('edenMelee')!.args[0]!.type).toMatchObject({ kind: 'NON_NULL', ofType: { kind: 'INPUT_OBJECT', name: 'MeleeAttackInput' } });
    expect(fields.has('apiVersion')).toBe(true);
    // only what changes stored state is a mutation
    expect(body.data!.mutation.fields.map((f: { name: string }) => f.name).sort()).toEqual([
      'appendEvents',
      'cancelSimulation',
      'correctMatch',
      'createEdenLeagueCatalog',
      'createMatch',
      'playCommand',
      'revealEdenRoster',
      'runCommand',
      'storeEdenRoster',
      'submitSimulation',
      'updateEdenLeagueCatalog',
    ]);
    const melee = new Map<string, TypeRef>(body.data!.melee.fields.map((f: { name: string; type: TypeRef }) => [f.name, f.type]));
    expect(melee.get('success')).toMatchObject({ kind: 'NON_NULL', ofType: { kind: 'SCALAR', name: 'Boolean' } });
    expect(named(melee.get('exchanges')!)).toMatchObject({ kind: 'OBJECT' });
    // the opposed roll (EDEN-ROLL-5) is described in the REST schema, so it is typed here (nullable: no Response, no roll)
    expect(melee.get('opposed')).toMatchObject({ kind: 'OBJECT', name: 'OpposedRoll' });
  });

  it('JSON stays only where the REST body has no fixed shape, and each such field says why (CONTRACT §7.1)', () => {
    const schema = buildSchema();
    const unexplained: string[] = [];
    const json: string[] = [];
    for (const type of Object.values(schema.getTypeMap())) {
      // the typed view of an event's data (MatchEvent.gameData, CONTRACT §9.3) is the event's open `data` itself: where the
      // game's TypeScript event type says `unknown` or keys a map by ids, it stays JSON there as it does in `data`
      if (type.name.startsWith('__') || !('getFields' in type) || /EventData/.test(type.name)) continue;
      for (const field of Object.values(type.getFields())) {
        if (String(field.type).replace(/[[\]!]/g, '') !== 'JSON') continue;
        json.push(`${type.name}.${field.name}`);
        // event `data` and match `options` are open maps by definition; every other JSON field names its reason
        if (!['data', 'options'].includes(field.name) && !field.description?.includes('(GraphQL: JSON')) unexplained.push(`${type.name}.${field.name}`);
      }
    }
    expect(unexplained).toEqual([]);
    // issue 25.6: the whole list — open data (event data, match options and states), members whose shape depends on
    // a discriminator the schema does not express (a command's `type`, a simulation's `kind`, a change's `path`),
    // and what a receipt's hash or signature covers as sent (an unverified payload, a list with members no schema declares)
    expect(json.sort()).toEqual([
      // each game's typed state (CONTRACT §9.3): a resolution log's maps keyed by operation id, what a player sent as sent, a member never present
      'AnimaMatchState.byKind',
      'AnimaMatchState.latest',
      'CreateMatchRequestInput.options',
      'EdenDeployCommandInput.placement',
      'EdenDeployCommandInput.placements',
      'EdenMatchStateBandsADeployment.placements',
      'ExsiliumMatchState.byKind',
      'ExsiliumMatchState.latest',
      'ExsiliumMatchStateTableBoardNodeOption2.hidden',
      'ExsiliumMatchStateTableBoardTileOption2.hidden',
      'MatchCommandRequestInput.command',
      'MatchCommandResult.state',
      'MatchCorrection.state',
      'MatchCreated.options',
      'MatchEvent.data',
      'MatchView.options',
      'MatchView.state',
      'NewMatchEventInput.data',
      'ReceiptVerification.claims',
      'RosterChange.from',
      'RosterChange.to',
      'SimulationRequestInput.request',
      'SpiritOfEdenMatchState.byKind',
      'SpiritOfEdenMatchState.latest',
      'VerifyReceiptRequestInput.roster',
    ]);
    // shapes the REST schemas now describe are typed
    for (const typed of [
      'MeleeResult.opposed',
      'StoredRoster.validation',
      'StoredRoster.roster',
      'RosterValidation.roster',
      'RosterDiffAddedItem.entry',
      'RosterDiffSideInput.fighters',
      'LeagueCatalog.catalog',
      'AnimaCombatResult.consequences',
      'ExsiliumDeckTranscriptDraw.card',
      'ExsiliumDeckTranscriptShuffle.order',
      'MatchResult.score',
      'EdenCatalogResult.fighters',
      'EdenUpkeepResult.log',
      'EdenWeatherEffectsResult.log',
      'SimulationResultConfidence.byLimb',
    ]) {
      expect(json).not.toContain(typed);
      const [type, field] = typed.split('.') as [string, string];
      expect((schema.getType(type) as { getFields?: () => Record<string, unknown> } | undefined)?.getFields?.()[field], typed).toBeDefined();
    }
  });

  it('an enum with a hyphenated value round-trips: spirit_of_eden in GraphQL, spirit-of-eden in REST and in variables', async () => {
    const values = await gql('{ __type(name: "Game") { enumValues { name } } }');
    expect(values.body.data!.__type.enumValues.map((v: { name: string }) => v.name)).toEqual(['eden', 'anima', 'exsilium', 'spirit_of_eden']);
    const literal = await gql('mutation { createMatch(input: {game: spirit_of_eden, players: [{id: "p1", name: "Ana"}]}) { id game } }');
    expect(literal.body.errors).toBeUndefined();
    expect(literal.body.data!.createMatch.game).toBe('spirit_of_eden');
    const id = literal.body.data!.createMatch.id as string;
    const rest = await app.inject({ method: 'GET', url: `/v1/matches/${id}`, headers: { authorization: `Bearer ${key}` } });
    expect(rest.json().game).toBe('spirit-of-eden');
    const read = await gql('query($id: ID!) { match(id: $id) { game } }', { id });
    expect(read.body.data!.match.game).toBe('spirit_of_eden');
    // a REST body sent as the variable, unchanged, is accepted (the enum also takes its REST string)
    const variable = await gql('mutation($i: CreateMatchRequestInput!) { createMatch(input: $i) { game } }', {
      i: { game: 'spirit-of-eden', players: [{ id: 'p1', name: 'Ana' }] },
    });
    expect(variable.body.data!.createMatch.game).toBe('spirit_of_eden');
    const wrong = await gql('mutation($i: CreateMatchRequestInput!) { createMatch(input: $i) { game } }', { i: { game: 'chess', players: [{ id: 'p1', name: 'Ana' }] } });
    expect(wrong.body.errors?.[0]?.message).toMatch(/chess/);
  });

  it('one failing alias keeps the other alias its data; the error has its path and the REST problem code', async () => {
    const res = await gql('{ ok: diceRoll(input: {notation: "2d6", dice: {values: [3, 4]}}) { total } bad: diceRoll(input: {notation: "2d"}) { total } }');
    expect(res.status).toBe(200);
    expect(res.body.data).toEqual({ ok: { total: 7 }, bad: null });
    expect(res.body.errors).toHaveLength(1);
    expect(res.body.errors![0]).toMatchObject({ path: ['bad'], extensions: { code: 'bad_notation', status: 400 } });
    const rest = await app.inject({ method: 'POST', url: '/v1/dice/rolls', payload: { notation: '2d' } });
    expect(rest.json().code).toBe(res.body.errors![0]!.extensions!.code);
    // a schema problem carries the same `errors` (JSON-pointer paths) as the REST 400
    const invalid = await gql('{ ok: apiVersion bad: diceRoll(input: {notation: ""}) { total } }');
    expect(invalid.body.data).toEqual({ ok: '1', bad: null });
    const restInvalid = await app.inject({ method: 'POST', url: '/v1/dice/rolls', payload: { notation: '' } });
    expect(invalid.body.errors![0]!.extensions).toMatchObject({ code: restInvalid.json().code, status: 400, errors: restInvalid.json().errors });
  });

  it('a Query can be sent over GET; a mutation cannot', async () => {
    const query = '{ diceRoll(input: {notation: "1d6+1", dice: {values: [5]}}) { total terms { values } } }';
    const res = await app.inject({ method: 'GET', url: `/graphql?query=${encodeURIComponent(query)}` });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ data: { diceRoll: { total: 6, terms: [{ values: [5] }, { values: [] }] } } });
    const mutation = 'mutation { createMatch(input: {game: eden, players: [{id: "a", name: "A"}]}) { id } }';
    const refused = await app.inject({ method: 'GET', url: `/graphql?query=${encodeURIComponent(mutation)}`, headers: { authorization: `Bearer ${key}` } });
    expect(refused.statusCode).toBe(405);
  });

  it('CONTRACT §7.5: a Fighter sent by reference alone ({ref}) is accepted through GraphQL as through REST', async () => {
    const input = { attacker: { ref: 'yuri' }, target: { ref: 'yuri', id: 'yuri-2' }, dice: { seed: 'ref-gql' } };
    const { body } = await gql('query($i: MeleeAttackInput!) { edenMelee(input: $i) { attacker { id name } target { id } } }', { i: input });
    expect(body.errors).toBeUndefined();
    const rest = await app.inject({ method: 'POST', url: '/v1/eden/attacks/melee', payload: input });
    expect(rest.statusCode).toBe(200);
    expect(body.data!.edenMelee).toEqual({ attacker: { id: rest.json().attacker.id, name: rest.json().attacker.name }, target: { id: 'yuri-2' } });
    const unknown = await gql('query($i: MeleeAttackInput!) { edenMelee(input: $i) { attacker { id } } }', { i: { ...input, attacker: { ref: 'nobody' } } });
    expect(unknown.body.errors?.[0]?.extensions).toMatchObject({ status: 400, errors: [expect.objectContaining({ path: '/attacker/ref' })] });
  });
});
