/**
 * EDEN matches: replaying the log equals the live state (CONTRACT §5, event sourcing). Random
 * sequences of EDEN commands, chosen from what the current state allows (plus wrong ones: other
 * player, unknown fighter, wrong phase), with seeded dice and every optional rule (Weather,
 * Territory, Infestation). Rejected commands throw RuleViolation/InvalidInput only, append nothing
 * and leave the state untouched; the fold of the JSON-stored log equals the live state; deciding
 * again with the same seed gives the same events.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import fc from 'fast-check';
import type { FastifyInstance } from 'fastify';
import { SeededDice } from '../../src/kernel/dice/index.js';
import { InvalidInput, RuleViolation } from '../../src/kernel/errors.js';
import { decide, evolve, initialState, type EdenMatchState } from '../../src/games/eden/match/index.js';
import { SCENERY } from '../../src/games/eden/rules/catalog/scenery.js';
import { gameMatch } from '../../src/app/matches/games.js';
import type { Command } from '../../src/kernel/match-game.js';
import { apiKey, sharedApp } from '../helpers/app.js';
import { fighter, preparation } from '../fixtures/eden-match.js';

type Cmd = { type: string; [k: string]: unknown };
const bandA = [fighter('a1'), fighter('a2')];
const bandB = [fighter('b1', { faction: 'jokers' }), fighter('b2')];
const PREP = preparation(bandA, bandB);
const players = [
  { id: 'p1', name: 'Ana' },
  { id: 'p2', name: 'Ben' },
];
const IDS = ['a1', 'a2', 'b1', 'b2', 'n1', 'n2', 'zz'];

/** Commands worth trying in `state`: mostly legal ones for the phase, some wrong on purpose. */
function menu(s: EdenMatchState, pick: number): Cmd[] {
  const first = s.firstPlayer ?? 'A';
  const other = first === 'A' ? 'B' : 'A';
  const any = <T>(xs: readonly T[]) => xs[pick % xs.length]!;
  const prepCmd = (type: string, player: string) => PREP.find((c) => c.type === type && c.player === player)!;
  if (s.phase === 'preparation') {
    switch (s.prep) {
      case 'weather':
        return [{ type: 'eden.roll_weather' }, prepCmd('eden.register_band', 'A')];
      case 'bands':
        return [prepCmd('eden.register_band', s.bands.A.bandType ? 'B' : 'A'), prepCmd('eden.register_band', 'A')];
      case 'bid':
        return [{ type: 'eden.bid', bids: { A: pick % 3, B: (pick >> 2) % 3 }, choice: any(['A', 'B']) }];
      case 'leaders':
      case 'missions':
      case 'tactic_hands': {
        const type = { leaders: 'eden.choose_leader', missions: 'eden.play_mission', tactic_hands: 'eden.choose_tactic_hand' }[s.prep];
        const done = s.prep === 'leaders' ? s.bands[first].leader : s.prep === 'missions' ? s.bands[first].mission : s.bands[first].tacticHand;
        return [prepCmd(type, done ? other : first), prepCmd(type, done ? first : other)];
      }
      case 'scenery': {
        const next = s.territory!.next ?? 'A';
        const affordable = SCENERY.filter((e) => e.cost <= s.territory!.points[next]);
        return [
          { type: 'eden.place_scenery', player: next, element: any(affordable.length ? affordable : SCENERY).id },
          { type: 'eden.place_scenery', player: next === 'A' ? 'B' : 'A', element: 'tree' },
        ];
      }
      case 'infestation': {
        const inf = s.infestation!;
        if (inf.level === null)
          return [
            { type: 'eden.set_infestation_level', level: 1 + (pick % 3) },
            { type: 'eden.place_npc', player: 'A', npc: fighter('n1', { types: ['npc'] }), level: 1 },
          ];
        const next = inf.next ?? 'A';
        const id = Object.keys(s.npcs).length ? 'n2' : 'n1';
        return [
          { type: 'eden.place_npc', player: next, npc: fighter(id, { types: ['npc'] }), level: 1 + (pick % Math.max(1, inf.points[next])) },
          { type: 'eden.stop_npc_placement', player: next },
          { type: 'eden.place_npc', player: next, npc: fighter('a1'), level: 1 },
        ];
      }
      case 'deployment': {
        const m = s.mistDeployment;
        if (m) {
          const own = s.bands[m.next].fighterIds.filter((id) => !m.deployed[m.next].includes(id));
          return [
            { type: 'eden.deploy', player: m.next, fighterId: any(own.length ? own : ['a1']) },
            { type: 'eden.deploy', player: m.next },
          ];
        }
        return [prepCmd('eden.deploy', s.bands[first].deployment ? other : first), prepCmd('eden.deploy', 'B')];
      }
      default:
        return [{ type: 'eden.pass', player: 'A' }];
    }
  }
  const fighterIds = Object.keys(s.fighters);
  const active = s.activation.active;
  switch (s.phase) {
    case 'first_player':
      return [{ type: 'eden.bid', bids: { A: pick % 2, B: (pick >> 1) % 2 }, choice: any(['A', 'B']) }];
    case 'tactical': {
      const who = s.tactical.acted.includes(first) ? other : first;
      return [
        { type: 'eden.skip_tactic', player: who },
        { type: 'eden.play_tactic', player: who, card: any(['Fury', 'Rally', 'Nope']) },
        { type: 'eden.skip_tactic', player: other },
      ];
    }
    case 'activation': {
      if (!active) {
        const own = s.bands[first].fighterIds;
        return [
          { type: 'eden.activate', player: first, fighterId: any(own) },
          { type: 'eden.pass', player: first },
          { type: 'eden.activate', player: first, fighterId: any(IDS) },
        ];
      }
      const target = any(fighterIds.filter((id) => id !== active));
      const sceneryId = any([...Object.keys(s.scenery), 'nowhere']);
      return [
        { type: 'eden.end_activation' },
        { type: 'eden.move', fighterId: active },
        { type: 'eden.melee', attacker: active, target, reaction: any(['passive', 'dodge', 'response']) },
        { type: 'eden.ranged', shooter: active, weapon: 'Pistol', candidates: [{ id: target, distance: pick % 40, lineOfSight: true }] },
        { type: 'eden.spray', attacker: active, weapon: 'Flamer', covered: [target] },
        { type: 'eden.douse_fire', fighterId: active },
        { type: 'eden.attack_scenery', attacker: active, sceneryId, distance: pick % 30 },
        { type: 'eden.ignite_scenery', fighterId: active, sceneryId },
        { type: 'eden.scenery_contact', fighterId: active, sceneryId },
        { type: 'eden.melee', attacker: any(IDS), target: any(IDS) },
      ];
    }
    case 'upkeep': {
      const pending = Object.keys(s.npcs).filter((id) => !s.upkeep.npcsActivated.includes(id));
      const npcCmd = pending.length
        ? [
            {
              type: 'eden.activate_npc',
              player: s.upkeep.npcNext ?? 'A',
              npcId: any(pending),
              contacts: pick % 2 ? [any(['a1', 'b1'])] : [],
              visible: [{ id: any(['a2', 'b2']), distance: pick % 12, lineOfSight: true }],
            },
          ]
        : [];
      return [...npcCmd, { type: 'eden.upkeep', victoryPoints: { A: pick % 3, B: -(pick % 2) }, removeRage: pick % 5 ? [] : ['a1'] }, { type: 'eden.upkeep', engaged: [any(IDS)] }];
    }
    default:
      return [{ type: 'eden.upkeep' }];
  }
}

const optionsArb = fc.record({
  weather: fc.constantFrom(false, true, 2, 3),
  territory: fc.boolean(),
  infestation: fc.constantFrom(false, true, 2, { level: 3 }),
  turns: fc.integer({ min: 1, max: 3 }),
});
const stepsArb = fc.array(fc.tuple(fc.nat(1000), fc.nat(1000)), { minLength: 40, maxLength: 200, size: 'max' });

/** Play the steps, checking each command; returns the live state and the log. */
function play(options: Record<string, unknown>, steps: [number, number][], seed: string) {
  const match = gameMatch('eden')!;
  let state = initialState({ players, options });
  const log: { type: string; data: unknown }[] = [];
  const stats = { accepted: 0, rejected: 0 };
  for (const [i, [choice, pick]] of steps.entries()) {
    const options = menu(state, pick);
    const cmd = options[choice % options.length]!;
    const before = JSON.stringify(state);
    const diceSeed = `${seed}-${i}`;
    let events: { type: string; data: unknown }[];
    try {
      const command = match.validate(structuredClone(cmd) as Command);
      events = decide(command, state, new SeededDice(diceSeed));
    } catch (error) {
      // a rejected command: a rules or input problem (422/400), never a crash, state untouched
      if (!(error instanceof RuleViolation || error instanceof InvalidInput)) throw new Error(`${JSON.stringify(cmd)} crashed: ${String((error as Error).stack)}`);
      expect(JSON.stringify(state)).toBe(before);
      stats.rejected++;
      continue;
    }
    expect(JSON.stringify(state)).toBe(before);
    // same seed, same events (the service retries a command with its request's seed)
    expect(JSON.stringify(decide(match.validate(structuredClone(cmd) as Command), state, new SeededDice(diceSeed)))).toBe(JSON.stringify(events));
    for (const e of events) {
      state = evolve(state, e);
      log.push(e);
    }
    stats.accepted++;
  }
  return { state, log, stats };
}

describe('EDEN matches: replay equals live state', () => {
  it('for random command sequences with rejected commands in between (pure decide/evolve)', () => {
    let accepted = 0;
    let rejected = 0;
    fc.assert(
      fc.property(optionsArb, stepsArb, fc.string({ maxLength: 8 }), (options, steps, seed) => {
        const { state, log, stats } = play(options, steps, seed);
        accepted += stats.accepted;
        rejected += stats.rejected;
        const stored = JSON.parse(JSON.stringify(log)) as { type: string; data: unknown }[];
        let replay = initialState({ players, options });
        for (const e of stored) replay = evolve(replay, e);
        expect(replay).toEqual(JSON.parse(JSON.stringify(state)));
        // any prefix of the log replays too (GET ?version=n)
        const n = log.length ? steps[0]![0] % (log.length + 1) : 0;
        let prefix = initialState({ players, options });
        for (const e of stored.slice(0, n)) prefix = evolve(prefix, e);
        expect(prefix.turn).toBeLessThanOrEqual(state.turn);
      }),
      { numRuns: 150 },
    );
    // the generator really exercises both paths
    expect(accepted).toBeGreaterThan(500);
    expect(rejected).toBeGreaterThan(50);
  });

  it('reaches play and the optional rules (the generator is not stuck in preparation)', () => {
    const phases = new Set<string>();
    const types = new Set<string>();
    fc.assert(
      fc.property(optionsArb, stepsArb, fc.string({ maxLength: 4 }), (options, steps, seed) => {
        const { state, log } = play({ ...options }, steps, seed);
        phases.add(state.phase);
        for (const e of log) types.add(e.type);
      }),
      { numRuns: 150, seed: 42 },
    );
    expect([...phases]).toEqual(expect.arrayContaining(['activation', 'upkeep']));
    expect([...types]).toEqual(
      expect.arrayContaining([
        'eden.weather_rolled',
        'eden.scenery_placed',
        'eden.npc_placed',
        'eden.melee_resolved',
        'eden.upkeep_resolved',
        'eden.turn_started',
        'eden.npc_activated',
        'eden.fighter_deployed',
        'eden.weather_effects_resolved',
        'eden.scenery_attacked',
      ]),
    );
  });
});

describe('EDEN matches through the API: GET state equals the command answers', () => {
  let app: FastifyInstance;
  let key: string;
  beforeAll(async () => {
    app = await sharedApp();
    key = await apiKey(app, 'replay');
  });

  it('live (command response) and replayed (GET, GET ?version=n) states agree; rejected commands leave the version', async () => {
    const headers = { authorization: `Bearer ${key}` };
    await fc.assert(
      fc.asyncProperty(
        optionsArb,
        fc.array(fc.tuple(fc.nat(1000), fc.nat(1000)), { minLength: 20, maxLength: 45, size: 'max' }),
        fc.string({ maxLength: 6 }),
        async (options, steps, seed) => {
          const created = await app.inject({ method: 'POST', url: '/v1/matches', headers, payload: { game: 'eden', players, options } });
          expect(created.statusCode).toBe(201);
          const id = created.json().id as string;
          let live: unknown = initialState({ players, options });
          let version = 0;
          // Version 0 as the API shows it (the kernel adds `pending`, whom the table waits for).
          const start = await app.inject({ method: 'GET', url: `/v1/matches/${id}?version=0`, headers });
          const states: unknown[] = [start.json().state];
          for (const [i, [choice, pick]] of steps.entries()) {
            const cmds = menu(live as EdenMatchState, pick);
            const command = { ...cmds[choice % cmds.length]!, dice: { seed: `${seed}-${i}` } };
            const res = await app.inject({ method: 'POST', url: `/v1/matches/${id}/commands`, headers, payload: { expectedVersion: version, command } });
            expect([201, 400, 422], res.body).toContain(res.statusCode);
            if (res.statusCode === 201) {
              const body = res.json();
              expect(body.version).toBe(version + body.events.length);
              for (let k = 0; k < body.events.length; k++) states.push(undefined);
              version = body.version;
              live = body.state;
              states[version] = live;
            }
          }
          const got = await app.inject({ method: 'GET', url: `/v1/matches/${id}`, headers });
          expect(got.json().version).toBe(version);
          expect(got.json().state).toEqual(live);
          const at = steps[0]![1] % (version + 1);
          if (states[at] !== undefined) {
            const past = await app.inject({ method: 'GET', url: `/v1/matches/${id}?version=${at}`, headers });
            expect(past.json().state).toEqual(JSON.parse(JSON.stringify(states[at])));
          }
        },
      ),
      { numRuns: 8 },
    );
  });
});
