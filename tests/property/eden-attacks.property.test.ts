import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import fc from 'fast-check';
import type { FastifyInstance } from 'fastify';
import { testApp } from '../helpers/app.js';
import { SeededDice } from '../../src/kernel/dice/index.js';
import { resolveMelee, type Reaction } from '../../src/games/eden/rules/melee.js';
import { resolveShot } from '../../src/games/eden/rules/ranged.js';
import { aimLocation } from '../../src/games/eden/rules/location.js';
import { LIMBS, boxes, isOutOfAction, normalizeFighter, type Fighter, type Limb } from '../../src/games/eden/rules/fighter.js';

const limbArb = fc.constantFrom<Limb>('head', 'arms', 'torso', 'legs');

/** A profile whose faces partition 1..6 (each face to a random limb). */
const profileArb = (id: string) =>
  fc
    .record({
      owners: fc.array(limbArb, { minLength: 6, maxLength: 6 }),
      white: fc.array(fc.integer({ min: 1, max: 4 }), { minLength: 4, maxLength: 4 }),
      red: fc.array(fc.integer({ min: 0, max: 2 }), { minLength: 4, maxLength: 4 }),
      normal: fc.array(fc.integer({ min: -1, max: 8 }), { minLength: 4, maxLength: 4 }),
      wounds: fc.array(fc.integer({ min: 0, max: 3 }), { minLength: 4, maxLength: 4 }),
      markers: fc.record({ fear: fc.constantFrom(0, 0, 0, 1), rage: fc.integer({ min: 0, max: 2 }), poison: fc.integer({ min: 0, max: 2 }), fire: fc.nat(2), slow: fc.nat(1) }),
      ap: fc.integer({ min: 0, max: 3 }),
      helmet: fc.integer({ min: 0, max: 2 }),
      npc: fc.boolean(),
    })
    .map((r) => {
      const limbs = {} as Record<Limb, { white: number; red: number; faces: number[]; normal: number; wounded: number }>;
      LIMBS.forEach((l, i) => {
        const white = r.white[i]!;
        const red = r.red[i]!;
        limbs[l] = { white, red, faces: [], normal: r.normal[i]!, wounded: r.normal[i]! - 1 };
      });
      r.owners.forEach((l, i) => limbs[l].faces.push(i + 1));
      const wounds = {} as Record<Limb, number>;
      // keep every limb below its boxes so the fighter starts in action
      LIMBS.forEach((l, i) => (wounds[l] = Math.min(r.wounds[i]!, limbs[l].white + limbs[l].red - 1)));
      return {
        id,
        name: id,
        limbs,
        wounds,
        markers: r.markers,
        ap: r.ap,
        npc: r.npc && id === 't',
        equipment: [
          { name: 'Helmet', categories: ['protection'], protection: { limbs: ['head'], value: r.helmet } },
          { name: 'Pistol', categories: ['shooting'], range: 30, potency: 3 },
        ],
      };
    });

const aimArb = fc.option(fc.oneof(limbArb, fc.record({ shift: fc.integer({ min: -5, max: 5 }) })), { nil: undefined });
const reactionArb = fc.constantFrom<Reaction>('passive', 'dodge', 'response');
const meleeArb = fc.record({
  attacker: profileArb('a'),
  target: profileArb('t'),
  reaction: reactionArb,
  aim: aimArb,
  targetAim: aimArb,
  via: fc.constantFrom('attack', 'engage', 'disengage'),
  seed: fc.string({ minLength: 1, maxLength: 12 }),
});

type MeleeBody = typeof meleeArb extends fc.Arbitrary<infer T> ? T : never;

function tryMelee(body: MeleeBody) {
  const input = { ...body, attacker: normalizeFighter(body.attacker as never), target: normalizeFighter(body.target as never) } as never;
  try {
    return resolveMelee(input, new SeededDice(body.seed));
  } catch (e) {
    if ((e as { status?: number }).status === 422) return null;
    throw e;
  }
}

describe('EDEN attacks — properties', () => {
  it('CONTRACT §1: the same seed gives the same melee result', () => {
    fc.assert(
      fc.property(meleeArb, (body) => {
        expect(tryMelee(body)).toEqual(tryMelee(body));
      }),
      { numRuns: 300 },
    );
  });

  it('EDEN-ROLL-7 / EDEN-MELEE-3 step 5: a location stays within 1..6 and shifting keeps at least one success', () => {
    fc.assert(
      fc.property(profileArb('t'), fc.integer({ min: 1, max: 6 }), fc.integer({ min: 1, max: 8 }), aimArb, (p, rolled, s, aim) => {
        let loc;
        try {
          loc = aimLocation(normalizeFighter(p as never), rolled, s, aim);
        } catch (e) {
          expect((e as { code?: string }).code).toBe('illegal_shift');
          return;
        }
        expect(loc.face).toBeGreaterThanOrEqual(1);
        expect(loc.face).toBeLessThanOrEqual(6);
        expect(s - Math.abs(loc.shift)).toBeGreaterThanOrEqual(1);
        expect(p.limbs[loc.limb].faces).toContain(loc.face);
      }),
      { numRuns: 1000 },
    );
  });

  it('EDEN-WOUND-5: marked wounds never exceed the successes left, the free boxes, or what the dice allow', () => {
    fc.assert(
      fc.property(meleeArb, (body) => {
        const r = tryMelee(body);
        if (!r) return;
        for (const e of r.exchanges) {
          expect(e.marked).toBeLessThanOrEqual(e.inflicted);
          expect(e.inflicted).toBeLessThanOrEqual(e.roll.successes);
          if (e.location) expect(e.inflicted).toBeLessThanOrEqual(e.roll.successes - Math.abs(e.location.shift));
          else expect(e.marked).toBe(0);
        }
        for (const f of [r.attacker, r.target]) for (const l of LIMBS) expect(f.wounds[l]).toBeLessThanOrEqual(boxes(f, l));
      }),
      { numRuns: 500 },
    );
  });

  it('EDEN-WOUND-4: a fighter is out of action exactly when some limb is full', () => {
    fc.assert(
      fc.property(meleeArb, (body) => {
        const r = tryMelee(body);
        if (!r) return;
        for (const f of [r.attacker, r.target] as Fighter[]) {
          expect(f.outOfAction).toBe(LIMBS.some((l) => f.wounds[l] >= f.limbs[l].white + f.limbs[l].red));
          expect(f.outOfAction).toBe(isOutOfAction(f));
        }
      }),
      { numRuns: 500 },
    );
  });

  it('EDEN-RANGED-2: a shot hits only a legal target or the fighter it was redirected to', () => {
    fc.assert(
      fc.property(
        profileArb('s'),
        fc.array(fc.record({ p: profileArb('c'), distance: fc.integer({ min: 0, max: 40 }), los: fc.boolean(), engaged: fc.boolean() }), { maxLength: 4 }),
        fc.string({ minLength: 1 }),
        (s, cs, seed) => {
          const shooter = normalizeFighter({ ...s, markers: {}, ap: 3 } as never);
          const candidates = cs.map((c, i) => ({
            id: 'c' + i,
            fighter: normalizeFighter({ ...c.p, id: 'c' + i } as never),
            distance: c.distance,
            lineOfSight: c.los,
            engagedWith: c.engaged ? [{ id: 'e' + i, fighter: normalizeFighter({ ...c.p, id: 'e' + i } as never), distanceToShooter: c.distance + 1 }] : [],
          }));
          const r = resolveShot({ shooter, weapon: 'Pistol', candidates }, new SeededDice(seed));
          if (r.targetId === null) expect(r.legalTargets).toEqual([]);
          else expect(r.legalTargets).toContain(r.targetId);
          if (r.hit && r.redirectedTo) expect(r.hit.id).toBe(r.redirectedTo);
        },
      ),
      { numRuns: 300 },
    );
  });
});

describe('EDEN attacks API — no input yields a 5xx', () => {
  let app: FastifyInstance;
  beforeAll(async () => {
    app = await testApp();
  });
  afterAll(async () => app.close());

  const diceArb = fc.oneof(fc.record({ values: fc.array(fc.integer({ min: 1, max: 7 }), { maxLength: 30 }) }), fc.record({ seed: fc.string({ minLength: 1, maxLength: 10 }) }));
  const anyFaces = fc.array(fc.integer({ min: 1, max: 6 }), { maxLength: 3 });

  it('random melee, ranged, thrown, spray and roll bodies answer 200, 400 or 422 — never 5xx', async () => {
    const statuses: Record<number, number> = {};
    await fc.assert(
      fc.asyncProperty(
        meleeArb,
        diceArb,
        fc.boolean(),
        anyFaces,
        fc.integer({ min: 0, max: 4 }),
        fc.integer({ min: -3, max: 60 }),
        async (body, dice, breakFaces, faces, kind, n) => {
          const attacker = breakFaces ? { ...body.attacker, limbs: { ...body.attacker.limbs, head: { ...body.attacker.limbs.head, faces } } } : body.attacker;
          const requests: [string, unknown][] = [
            ['/v1/eden/attacks/melee', { ...body, attacker, dice, modifiers: { attacker: { CBT: (n % 7) - 3 } } }],
            [
              '/v1/eden/attacks/ranged',
              {
                shooter: attacker,
                weapon: n % 2 ? 'Pistol' : 'Helmet',
                candidates: [
                  {
                    id: 't',
                    fighter: body.target,
                    distance: n,
                    lineOfSight: true,
                    obstacles: n % 3,
                    concealed: n % 7 === 0,
                    nearEnergyBeacon: n % 3 === 1,
                    engagedWith: n % 2 ? [{ id: 'x', fighter: body.attacker, distanceToShooter: 3, nearEnergyBeacon: n % 5 === 0 }] : [],
                  },
                ],
                aim: body.aim,
                weather: n % 11 === 0 ? 'thick_fog' : ['normal'],
                dice,
              },
            ],
            [
              '/v1/eden/attacks/thrown',
              {
                attacker: { ...attacker, equipment: [{ name: 'G', categories: ['thrown'], range: 20, explosive: n % 5 }] },
                weapon: 'G',
                point: { distance: n % 25, lineOfSight: n % 4 !== 0 },
                affected: [{ id: 't', fighter: body.target }],
                weather: n % 9 === 0 ? ['thick_fog'] : undefined,
                dice,
              },
            ],
            [
              '/v1/eden/attacks/spray',
              { attacker: { ...attacker, equipment: [{ name: 'F', categories: ['spray'], fire: 1 }] }, weapon: 'F', covered: [{ id: 't', fighter: body.target }] },
            ],
            [
              '/v1/eden/rolls',
              [
                { kind: 'characteristic', value: n - 10, difficulty: n },
                { kind: 'opposed', a: { value: n % 5 }, b: { value: 2 } },
                { kind: 'location', fighter: attacker, successes: 1 + (n % 4), aim: body.aim },
                { kind: 'location' },
                { kind: 'nope' },
              ][kind],
            ],
          ];
          const [url, payload] = requests[kind]!;
          const withDice = url === '/v1/eden/rolls' ? { ...(payload as object), dice } : payload;
          const res = await app.inject({ method: 'POST', url, payload: withDice as object });
          statuses[res.statusCode] = (statuses[res.statusCode] ?? 0) + 1;
          expect([200, 400, 422]).toContain(res.statusCode);
        },
      ),
      { numRuns: 400 },
    );
    // the generator must reach every kind of answer, or the property proves little
    expect(statuses[200]).toBeGreaterThan(30); // about 45–60 of 400: 50 made the test flaky
    expect(statuses[400]).toBeGreaterThan(10);
    expect(statuses[422]).toBeGreaterThan(10);
  });
});
