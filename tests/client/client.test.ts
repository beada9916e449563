/**
 * The TypeScript client (clients/typescript) against the real app listening on 127.0.0.1: an API
 * key from the admin token, rules calls, typed problems, league tools, a match followed live over
 * SSE (and resumed with Last-Event-ID), and a simulation's progress.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { memoryApp } from '../helpers/app.js';
import { openRunner } from '../helpers/job-runner.js';
import { operationById } from '../../src/app/registry.js';
import { statusExamples } from '../../src/games/spirit-of-eden/operations/examples.js';
import { fighter, preparation } from '../fixtures/eden-match.js';
import { meleeRequest } from '../fixtures/simulate.js';
import {
  ArbiterProblem,
  createArbiterClient,
  type ArbiterClient,
  type MatchEvent,
  type MeleeRequest,
  type RosterValidateRequest,
  type SimulationUpdate,
} from '../../clients/typescript/src/index.js';

const ADMIN_TOKEN = 'client-test-admin-token';
let app: FastifyInstance;
let runner: Awaited<ReturnType<typeof openRunner>>;
let baseUrl: string;
let client: ArbiterClient;

beforeAll(async () => {
  // in-memory stores; the in-process job runner, or BullMQ when REDIS_URL is set
  runner = await openRunner();
  app = await memoryApp({ adminToken: ADMIN_TOKEN }, { jobs: runner.jobs });
  baseUrl = await app.listen({ host: '127.0.0.1', port: 0 });
  const open = createArbiterClient({ baseUrl });
  const { key } = await open.createApiKey('client tests', ADMIN_TOKEN);
  client = createArbiterClient({ baseUrl, apiKey: key });
});
afterAll(async () => {
  await app?.close();
  await runner?.close();
});

/** Takes `n` items from an async iterable, failing after `ms`. */
async function take<T>(source: AsyncIterable<T>, n: number, ms = 15_000): Promise<T[]> {
  const out: T[] = [];
  const timeout = new Promise<never>((_, reject) => setTimeout(() => reject(new Error(`only ${out.length} of ${n} items in ${ms} ms`)), ms));
  const run = (async () => {
    for await (const item of source) {
      out.push(item);
      if (out.length === n) break;
    }
    return out;
  })();
  return Promise.race([run, timeout]);
}

describe('rules calls', () => {
  it('resolves the documented melee example and answers the typed result with its dice transcript', async () => {
    const example = operationById('eden.melee')!.examples![0]!.value as MeleeRequest;
    const result = await client.melee(example);
    expect(typeof result.success).toBe('boolean');
    expect(result.dice.rolls.length).toBeGreaterThan(0);
    expect(result.summary).toMatch(/EDEN-MELEE/);
    // the same answer through the generic rules call
    expect(await client.rules('/v1/eden/attacks/melee', example)).toEqual(result);
  });

  it('summary language follows the client option', async () => {
    const es = createArbiterClient({ baseUrl, language: 'es' });
    expect((await es.rules('/v1/eden/weather', { dice: { values: [3, 4] } })).condition).toBe('normal');
    const example = operationById('eden.melee')!.examples![0]!.value as MeleeRequest;
    const res = await es.raw.POST('/v1/eden/attacks/melee', { body: example });
    expect(res.data!.summary).not.toEqual((await client.melee(example)).summary);
  });

  it('a rule violation is an ArbiterProblem with status 422, code and request id', async () => {
    const example = operationById('eden.melee')!.examples![0]!.value as MeleeRequest;
    const error = await client.melee({ ...example, dice: { values: [6] } }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ArbiterProblem);
    const problem = error as ArbiterProblem;
    expect(problem.status).toBe(422);
    expect(problem.code).toBe('dice_exhausted');
    expect(problem.problem.code).toBe('dice_exhausted');
    expect(problem.message).toBe(problem.detail);
    expect(problem.requestId).toMatch(/\S+/);
  });
});

describe('roster validation and league tools', () => {
  const roster: RosterValidateRequest = { bandType: 'faction', fighters: [{ ref: 'yuri' }], budget: 100 };

  it('validates JSON and plain-text lists; an invalid band is an answer, malformed input a typed 400 problem with every path', async () => {
    const ok = await client.validateRoster(roster);
    expect(ok.valid).toBe(true);
    expect(ok.totals.budget).toBe(100);
    const over = await client.validateRoster({ ...roster, budget: 1 });
    expect(over.valid).toBe(false);
    expect(over.errors.map((e) => e.code)).toContain('over_budget');

    const text = await client.validateRoster('Band: faction Jokers; 100 points, edition es\n- Yuri [helmet]\n');
    expect(text.valid).toBe(true);
    expect(text.roster).toMatchObject({ bandType: 'faction', affiliation: 'Jokers', fighters: [{ ref: 'yuri' }] });

    const bad = await client.validateRoster({ bandType: 'warband', fighters: 'none' } as unknown as RosterValidateRequest).catch((e: unknown) => e);
    expect(bad).toBeInstanceOf(ArbiterProblem);
    const problem = bad as ArbiterProblem;
    expect(problem.status).toBe(400);
    expect([...new Set(problem.errors.map((e) => e.path))].sort()).toEqual(['/bandType', '/fighters']);
  });

  it('signed receipts verify against the JWKS; format, store and read back a list', async () => {
    const signed = await client.validateRoster({ ...roster, receipt: true });
    expect(signed.receipt).toMatch(/^[\w-]+\.[\w-]+\.[\w-]+$/);
    const jwks = await client.jwks();
    expect(jwks.keys.length).toBeGreaterThan(0);
    const verified = await client.verifyReceipt({ receipt: signed.receipt!, roster });
    expect(verified).toMatchObject({ valid: true, rosterMatches: true });
    expect((await client.verifyReceipt({ receipt: signed.receipt!, roster: { ...roster, budget: 99 } })).rosterMatches).toBe(false);

    const text = await client.formatRoster(roster);
    expect(text).toMatch(/Y[uû]ri/);
    expect((await client.validateRoster(text)).roster).toMatchObject({ fighters: [{ ref: 'yuri' }] });

    const stored = await client.storeRoster(roster);
    expect(stored.url).toContain(stored.id);
    const shared = await createArbiterClient({ baseUrl }).getRoster(stored.id);
    expect(shared).toMatchObject({ id: stored.id, validation: { valid: true } });
    const missing = await client.getRoster('nope-nope').catch((e: unknown) => e);
    expect((missing as ArbiterProblem).status).toBe(404);
  });

  it('corrections and signed results', async () => {
    const m = await client.createMatch({ game: 'anima', players: [{ id: 'p1', name: 'Ana' }] });
    const note = (text: string) => ({ type: 'match.note', data: { text, author: null } });
    await client.appendEvents(m.id, { expectedVersion: 0, events: [note('a'), note('b')] });
    const corrected = await client.correctMatch(m.id, { expectedVersion: 2, reason: 'misclick', undo: 1 });
    expect(corrected.events[0]).toMatchObject({ type: 'match.corrected', data: { withdraws: [2] } });
    const stale = await client.correctMatch(m.id, { expectedVersion: 2, reason: 'again', undo: 1 }).catch((e: unknown) => e);
    expect(stale).toMatchObject({ status: 409, problem: { currentVersion: 3 } });

    const soe = await client.createMatch({ game: 'spirit-of-eden', players: [{ id: 'p1', name: 'Ana' }] });
    await client.runCommand(soe.id, { command: { type: 'soe.status', ...(statusExamples[0]!.value as object) } as never });
    const result = await client.matchResult(soe.id);
    // a lost solo game (CONTRACT §8.2): ended, no winner
    expect(result).toMatchObject({ ended: true, winner: null, winners: [], version: 1 });
    expect(result.receipt).toMatch(/^[\w-]+\.[\w-]+\.[\w-]+$/);
  });
});

describe('matches and their live feed', () => {
  it('creates a match, runs commands and follows the feed; resumes with Last-Event-ID', async () => {
    const match = await client.createMatch({
      game: 'eden',
      players: [
        { id: 'p1', name: 'Ana' },
        { id: 'p2', name: 'Ben' },
      ],
    });
    expect(match.version).toBe(0);
    const commands = preparation([fighter('a1'), fighter('a2')], [fighter('b1'), fighter('b2')]);
    const feed = take(client.followMatch(match.id, { from: 1 }), 3);
    let last = 0;
    for (const command of commands.slice(0, 3)) last = (await client.runCommand(match.id, { command: command as never })).version;
    const events: MatchEvent[] = await feed;
    expect(events.map((e) => e.version)).toEqual([1, 2, 3]);
    expect(last).toBe(3);
    expect(events[0]!.type).toBe('eden.band_registered');
    expect((await client.getMatch(match.id)).version).toBe(3);

    // resume after version 2: only what came later, and what is appended next
    const resumed = take(client.followMatch(match.id, { lastEventId: 2 }), 2);
    await client.runCommand(match.id, { expectedVersion: 3, command: commands[3] as never });
    expect((await resumed).map((e) => e.version)).toEqual([3, 4]);

    // what exists, then the end (follow: false)
    const all = [] as MatchEvent[];
    for await (const e of client.followMatch(match.id, { from: 1, follow: false })) all.push(e);
    expect(all.map((e) => e.version)).toEqual([1, 2, 3, 4]);

    const page = await client.matchEvents(match.id, { from: 2, limit: 2 });
    expect(page.events.map((e) => e.version)).toEqual([2, 3]);
  });

  it('match routes need the key: a typed 401 problem', async () => {
    const anonymous = createArbiterClient({ baseUrl });
    const error = await anonymous.createMatch({ game: 'anima', players: [{ id: 'p1', name: 'Ana' }] }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ArbiterProblem);
    expect((error as ArbiterProblem).status).toBe(401);
    const feed = await take(anonymous.followMatch('whatever'), 1).catch((e: unknown) => e);
    expect((feed as ArbiterProblem).status).toBe(401);
  });
});

describe('simulations', () => {
  it('submits a simulation and follows its progress to the completed result', { timeout: 60_000 }, async () => {
    const submitted = await client.submitSimulation({ kind: 'eden.melee', request: meleeRequest('passive') as never, iterations: 2000, seed: 'client' });
    expect(submitted.status).toBe('queued');
    const updates: SimulationUpdate[] = [];
    for await (const update of client.followSimulation(submitted.id)) updates.push(update);
    const final = updates.at(-1)!;
    expect(final.event).toBe('completed');
    expect(final.simulation.status).toBe('completed');
    expect(final.simulation.result?.iterations).toBe(2000);
    expect(updates.every((u, i) => i === 0 || u.simulation.progress >= updates[i - 1]!.simulation.progress)).toBe(true);
    expect(await client.getSimulation(submitted.id)).toMatchObject({ status: 'completed', progress: 1 });
  });
});

describe('decisions from their own seats (contract §9.1)', () => {
  it('runCommand({as}) relays one player; getPending and getMoves say whom the table waits for', async () => {
    const players = [
      { id: 'p1', name: 'Ana' },
      { id: 'p2', name: 'Ben' },
    ];
    const { id } = await client.createMatch({ game: 'eden', players });
    for (const [player, fighter] of [
      ['A', 'a1'],
      ['B', 'b1'],
    ] as const) {
      await client.runCommand(id, { command: { type: 'eden.register_band', player, bandType: 'faction', fighters: [{ ref: 'yuri', id: fighter }] } });
    }
    const sealed = await client.runCommand(id, { command: { type: 'eden.bid', bids: { A: 2 } } }, { as: 'p1' });
    expect(sealed.events.map((e) => e.type)).toEqual(['match.part_sealed']);
    expect(await client.getPending(id)).toEqual([
      { player: 'p1', kind: 'sealed', types: ['eden.bid'], rule: 'EDEN-PREP-3', since: 3, decided: true },
      { player: 'p2', kind: 'sealed', types: ['eden.bid'], rule: 'EDEN-PREP-3', since: 3 },
    ]);
    expect(await client.getMoves(id)).toMatchObject({ version: 3, activePlayers: ['p2'], moves: [{ player: 'p2', type: 'eden.bid' }] });
    // the relayed seat may not decide for the other
    await expect(client.runCommand(id, { command: { type: 'eden.bid', bids: { B: 1 } } }, { as: 'p1' })).rejects.toMatchObject({ status: 403, code: 'not_your_seat' });
    await client.runCommand(id, { command: { type: 'eden.bid', bids: { B: 1 } } }, { as: 'p2' });
    // EDEN-PREP-3: p1 won and its part named no first player: its choice is the next pending decision
    expect(await client.getPending(id)).toEqual([{ player: 'p1', kind: 'choice', types: ['eden.choose_first'], rule: 'EDEN-PREP-3', since: 5 }]);
    await client.runCommand(id, { command: { type: 'eden.choose_first', player: 'A', choice: 'A' } }, { as: 'p1' });
    expect(await client.getPending(id)).toEqual([]);
  });
});
