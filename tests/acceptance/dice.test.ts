/**
 * Acceptance — CONTRACT §1 (dice): fixed `values` consumed left to right in exactly the documented
 * order for every kind of roll, 422 `dice_exhausted`, 400 for a value that is not a face of its die,
 * `seed` determinism, the transcript shape, and the random seed reported when no dice are given.
 * Every fixed-dice case supplies exactly the dice the order needs: one more would be left over
 * (caught by comparing the transcript to the values), one fewer is a 422.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { testApp } from '../helpers/app.js';
import { YURI, call, consumed, expectProblem, expectTranscript, yuri } from '../fixtures/acceptance.js';

let app: FastifyInstance;
beforeAll(async () => {
  app = await testApp();
});
afterAll(async () => app.close());

/** POST with fixed values; expects 200, a fixed transcript (seed null) that consumed exactly `values`. */
async function fixed(url: string, body: Record<string, unknown>, values: number[]) {
  const res = await call(app, url, { ...body, dice: { values } });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  expectTranscript(res.body.dice, null);
  expect(consumed(res.body.dice)).toEqual(values);
  // one value fewer must run out
  if (values.length > 0) {
    const short = await call(app, url, { ...body, dice: { values: values.slice(0, -1) } });
    expectProblem(short, 422);
    expect(short.body.code).toBe('dice_exhausted');
  }
  return res.body;
}

const rollSizes = (dice: { rolls: { values: number[]; sides: number }[] }) => dice.rolls.map((r) => `${r.values.length}d${r.sides}`);

describe('CONTRACT §1 characteristic roll (EDEN-ROLL-1/2/3)', () => {
  it('EDEN-EX-1: PSI 4 vs 5 consumes 4 dice; 1,4,5,6 → 2 successes', async () => {
    const b = await fixed('/v1/eden/rolls', { kind: 'characteristic', value: 4, difficulty: 5 }, [1, 4, 5, 6]);
    expect(b.successes).toBe(2);
  });

  it('EDEN-ROLL-2 / EDEN-EX-2: difficulty 7 → 6 and the pool loses 1: 3 dice, 6,4,3 → 1 success', async () => {
    const b = await fixed('/v1/eden/rolls', { kind: 'characteristic', value: 4, difficulty: 7 }, [6, 4, 3]);
    expect(b.successes).toBe(1);
  });

  it('EDEN-ROLL-3: a pool ≤ 0 after the cap consumes nothing and fails', async () => {
    const b = await fixed('/v1/eden/rolls', { kind: 'characteristic', value: 3, difficulty: 9 }, []);
    expect(b.successes).toBe(0);
    expect(b.dice.rolls).toEqual([]);
    const zero = await fixed('/v1/eden/rolls', { kind: 'characteristic', value: 0, difficulty: 2 }, []);
    expect(zero.successes).toBe(0);
  });
});

describe("CONTRACT §1 opposed roll (EDEN-ROLL-5): first party's die, then second's; full ties re-roll a pair", () => {
  it('EDEN-EX-3: a 6 rolls 1, b 4 rolls 4 → b wins (7 < 8)', async () => {
    const b = await fixed('/v1/eden/rolls', { kind: 'opposed', a: { value: 6 }, b: { value: 4 } }, [1, 4]);
    expect(b.winner).toBe('b');
  });

  it("order matters: a 4 with 5, b 4 with 2 → a wins (the first value is a's die)", async () => {
    const b = await fixed('/v1/eden/rolls', { kind: 'opposed', a: { value: 4 }, b: { value: 4 } }, [5, 2]);
    expect(b.winner).toBe('a');
  });

  it('equal totals, different characteristic: higher characteristic wins, no re-roll', async () => {
    const b = await fixed('/v1/eden/rolls', { kind: 'opposed', a: { value: 5 }, b: { value: 4 } }, [3, 4]);
    expect(b.winner).toBe('a');
  });

  it('full tie (same total, same characteristic) consumes another pair, repeatedly', async () => {
    const b = await fixed('/v1/eden/rolls', { kind: 'opposed', a: { value: 4 }, b: { value: 4 } }, [3, 3, 6, 6, 2, 5]);
    expect(b.winner).toBe('b');
  });
});

describe('CONTRACT §1 location roll (EDEN-ROLL-6): one die', () => {
  it("one die, looked up on the fighter's index", async () => {
    const b = await fixed('/v1/eden/rolls', { kind: 'location', fighter: YURI }, [3]);
    expect(b.face).toBe(3);
    expect(b.limb).toBe('arms');
  });

  it('without a fighter: one die, the face', async () => {
    const b = await fixed('/v1/eden/rolls', { kind: 'location' }, [6]);
    expect(b.face).toBe(6);
  });
});

describe('CONTRACT §1 melee (EDEN-MELEE-3/4/5)', () => {
  it('EDEN-MELEE-3 passive: attacker CBT roll (4 dice vs VIG 4), then the location die', async () => {
    const b = await fixed('/v1/eden/attacks/melee', { attacker: YURI, target: yuri('t'), reaction: 'passive' }, [6, 5, 1, 2, 4]);
    expect(rollSizes(b.dice)).toEqual(['4d6', '1d6']);
    expect(b.exchanges[0].roll.successes).toBe(2);
    expect(b.exchanges[0].location).toMatchObject({ face: 4, limb: 'torso' });
    expect(b.target.wounds.torso).toBe(2);
  });

  it("EDEN-MELEE-5 dodge: attacker CBT roll, location die, then the target's RAP roll (5 dice vs CBT 4)", async () => {
    const b = await fixed('/v1/eden/attacks/melee', { attacker: YURI, target: yuri('t'), reaction: 'dodge' }, [6, 6, 6, 1, 5, 4, 1, 1, 1, 1]);
    expect(rollSizes(b.dice)).toEqual(['4d6', '1d6', '5d6']);
    // 3 successes, location 5 (torso), one cancelled by the dodge's single 4
    expect(b.exchanges[0].inflicted).toBe(2);
    expect(b.target.wounds.torso).toBe(2);
    expect(b.apSpent).toEqual({ attacker: 1, target: 1 });
  });

  it('EDEN-MELEE-4 response: opposed CBT pair(s) (full tie re-rolled), winner CBT + location, then loser CBT + location', async () => {
    // opposed 3/3 (full tie) then 5/2 → attacker wins; attacker 6,1,1,1 → 1 success, location 4 (torso);
    // target 1,1,1,4 → 1 success, location 6 (legs)
    const values = [3, 3, 5, 2, 6, 1, 1, 1, 4, 1, 1, 1, 4, 6];
    const b = await fixed('/v1/eden/attacks/melee', { attacker: YURI, target: yuri('t'), reaction: 'response' }, values);
    expect(rollSizes(b.dice)).toEqual(['1d6', '1d6', '1d6', '1d6', '4d6', '1d6', '4d6', '1d6']);
    expect(b.exchanges.map((e: { striker: string }) => e.striker)).toEqual(['attacker', 'target']);
    expect(b.target.wounds.torso).toBe(1);
    expect(b.attacker.wounds.legs).toBe(1);
    expect(b.apSpent).toEqual({ attacker: 1, target: 1 });
  });

  it('EDEN-MELEE-4 response: when the target wins the opposed roll it strikes first', async () => {
    const values = [1, 6, 4, 4, 1, 1, 2, 6, 1, 1, 6];
    const b = await fixed('/v1/eden/attacks/melee', { attacker: YURI, target: yuri('t'), reaction: 'response' }, values);
    expect(b.exchanges.map((e: { striker: string }) => e.striker)).toEqual(['target', 'attacker']);
    // target: 2 successes on face 2 (arms) of the attacker; attacker (now Wounded arms: CBT 3) rolls 3 dice
    expect(b.attacker.wounds.arms).toBe(2);
    expect(rollSizes(b.dice)).toEqual(['1d6', '1d6', '4d6', '1d6', '3d6', '1d6']);
  });

  it('EDEN-MELEE-4 response: a loser put out of action consumes no further dice', async () => {
    // target's legs already Wounded (2 of 3 boxes); attacker wins 5/2, 2 successes on the legs → out
    const b = await fixed('/v1/eden/attacks/melee', { attacker: YURI, target: yuri('t', { wounds: { legs: 2 } }), reaction: 'response' }, [5, 2, 6, 6, 1, 1, 6]);
    expect(b.exchanges).toHaveLength(1);
    expect(b.target.outOfAction).toBe(true);
  });

  it('EDEN-AMB-39: a strike with zero successes ends there — no location die', async () => {
    const b = await fixed('/v1/eden/attacks/melee', { attacker: YURI, target: yuri('t'), reaction: 'passive' }, [1, 2, 3, 1]);
    expect(rollSizes(b.dice)).toEqual(['4d6']);
    expect(b.exchanges[0].location).toBeNull();
    expect(b.success).toBe(false);
  });

  it('EDEN-MELEE-5: a dodged strike with zero successes consumes no location and no RAP die', async () => {
    const b = await fixed('/v1/eden/attacks/melee', { attacker: YURI, target: yuri('t'), reaction: 'dodge' }, [1, 1, 1, 1]);
    expect(rollSizes(b.dice)).toEqual(['4d6']);
  });
});

describe('CONTRACT §1 ranged shot (EDEN-RANGED-3/5/6)', () => {
  const shot = (target: Record<string, unknown> = yuri('t')) => ({
    shooter: YURI,
    weapon: 'Pistol',
    candidates: [{ id: 't', fighter: target, distance: 10, lineOfSight: true, obstacles: 0, engagedWith: [] }],
  });

  it('shooter CBT (4 dice vs RAP 5), location die, Potency roll (Pot 3 + 2 successes = 5 dice vs VIG 4)', async () => {
    const b = await fixed('/v1/eden/attacks/ranged', shot(), [5, 6, 1, 1, 2, 4, 4, 1, 1, 1]);
    expect(rollSizes(b.dice)).toEqual(['4d6', '1d6', '5d6']);
    expect(b.potency.value).toBe(5);
    expect(b.hit.fighter.wounds.arms).toBe(2);
  });

  it('EDEN-RANGED-3: zero successes end the shot — no location and no Potency die', async () => {
    const b = await fixed('/v1/eden/attacks/ranged', shot(), [4, 4, 1, 1]);
    expect(rollSizes(b.dice)).toEqual(['4d6']);
    expect(b.success).toBe(false);
    expect(b.location).toBeNull();
    expect(b.potency).toBeNull();
  });
});

describe('CONTRACT §1 explosion (EDEN-EFFECT-EXPLOSIVE): X dice per affected fighter, in request order', () => {
  it('Grenade Explosive (3): 3 dice for "b", then 3 for "a", as listed', async () => {
    const body = {
      attacker: YURI,
      weapon: 'Grenade',
      point: { distance: 10, lineOfSight: true },
      affected: [
        { id: 'b', fighter: yuri('b') },
        { id: 'a', fighter: yuri('a') },
      ],
    };
    const b = await fixed('/v1/eden/attacks/thrown', body, [1, 1, 1, 4, 1, 1]);
    expect(rollSizes(b.dice)).toEqual(['3d6', '3d6']);
    expect(b.results.map((r: { id: string }) => r.id)).toEqual(['b', 'a']);
    expect(b.results[0].marked).toBe(0);
    expect(b.results[1].marked).toBe(4);
  });
});

describe('CONTRACT §1 upkeep: fire (per fighter in processing order: 3 dice then 1 location die), then fear (PSI roll each)', () => {
  it("EDEN-UPKEEP-3/4: First player B → fire order b1, a1, a2; then a1's fear roll", async () => {
    const body = {
      firstPlayer: 'B',
      bands: {
        A: [yuri('a1', { markers: { fire: 1, fear: 1 } }), yuri('a2', { markers: { fire: 1 } })],
        B: [yuri('b1', { markers: { fire: 1 } })],
      },
    };
    // b1: 5,6,1 (> VIG 4: 2 wounds) on face 4 (torso); a1: 1,1,1 on 1; a2: 6,1,1 on 6 (legs); a1 PSI 5,1,1,1
    const values = [5, 6, 1, 4, 1, 1, 1, 1, 6, 1, 1, 6, 5, 1, 1, 1];
    const b = await fixed('/v1/eden/upkeep', body, values);
    expect(rollSizes(b.dice)).toEqual(['3d6', '1d6', '3d6', '1d6', '3d6', '1d6', '4d6']);
    expect(b.bands.B[0].wounds.torso).toBe(2);
    expect(b.bands.A[0].wounds).toEqual({ head: 0, arms: 0, torso: 0, legs: 0 });
    expect(b.bands.A[1].wounds.legs).toBe(1);
    expect(b.bands.A[0].markers.fear).toBe(0);
  });
});

describe('CONTRACT §1 upkeep fear: one PSI roll per frightened fighter, alternating from the First player', () => {
  it('EDEN-UPKEEP-4: First player A → a1, b1, a2', async () => {
    const body = {
      firstPlayer: 'A',
      bands: { A: [yuri('a1', { markers: { fear: 1 } }), yuri('a2', { markers: { fear: 1 } })], B: [yuri('b1', { markers: { fear: 2 } })] },
    };
    const b = await fixed('/v1/eden/upkeep', body, [1, 1, 1, 1, 5, 5, 1, 1, 5, 1, 1, 1]);
    expect(rollSizes(b.dice)).toEqual(['4d6', '4d6', '4d6']);
    expect(b.bands.A[0].markers.fear).toBe(1);
    expect(b.bands.B[0].markers.fear).toBe(0);
    expect(b.bands.A[1].markers.fear).toBe(0);
  });
});

describe('CONTRACT §1 weather and initiative', () => {
  it('EDEN-WEATHER-1: two dice, summed', async () => {
    const b = await fixed('/v1/eden/weather', {}, [5, 6]);
    expect(b.total).toBe(11);
    expect(rollSizes(b.dice).join('+')).toMatch(/^(2d6|1d6\+1d6)$/);
  });

  it("EDEN-PREP-3: equal bids → A's die, B's die, repeated on ties", async () => {
    const b = await fixed('/v1/eden/initiative', { pools: { A: 5, B: 5 }, bids: { A: 2, B: 2 } }, [4, 4, 3, 5]);
    expect(b.winner).toBe('B');
    expect(b.by).toBe('roll');
  });

  it('EDEN-PREP-3: different bids roll nothing', async () => {
    const b = await fixed('/v1/eden/initiative', { pools: { A: 5, B: 5 }, bids: { A: 3, B: 1 } }, []);
    expect(b.winner).toBe('A');
  });
});

describe("CONTRACT §1 Ánima exploration: the d10 exploration die, then per creature the group's d10 and the creature's d10", () => {
  it('ANIMA-EXPLORE-3/5: 3 d10 for one creature fought; a card above the level rolls nothing', async () => {
    const body = {
      location: {
        name: 'Bosque',
        level: 2,
        table: [
          { min: 1, max: 5, result: 'nothing' },
          { min: 6, max: 10, result: 'encounter', count: 2 },
        ],
      },
      group: {
        characters: [
          { name: 'Ana', combat: 5, speed: 3 },
          { name: 'Bo', combat: 4, speed: 2 },
        ],
      },
      encounters: [
        { name: 'Dragón', kind: 'creature', level: 3, combat: 10 },
        { name: 'Lobo', kind: 'creature', level: 1, combat: 6 },
      ],
    };
    const b = await fixed('/v1/anima/explorations', body, [7, 3, 8]);
    expect(rollSizes(b.dice)).toEqual(['1d10', '1d10', '1d10']);
    expect(b.encounters[1].combat.group.roll).toBe(3);
    expect(b.encounters[1].combat.creature.roll).toBe(8);
  });

  it('a d10 accepts 10 and refuses 11 (400)', async () => {
    const body = { location: { name: 'X', level: 1, table: [{ min: 1, max: 10, result: 'nothing' }] }, group: { characters: [{ name: 'A', combat: 1, speed: 1 }] } };
    const ok = await call(app, '/v1/anima/explorations', { ...body, dice: { values: [10] } });
    expect(ok.status).toBe(200);
    expect(ok.body.roll).toBe(10);
    const bad = await call(app, '/v1/anima/explorations', { ...body, dice: { values: [11] } });
    expectProblem(bad, 400);
  });
});

describe('CONTRACT §1 failures', () => {
  it('422 dice_exhausted when the values run out', async () => {
    const res = await call(app, '/v1/eden/attacks/melee', { attacker: YURI, target: yuri('t'), dice: { values: [6, 6, 6, 6] } });
    expectProblem(res, 422);
    expect(res.body.code).toBe('dice_exhausted');
  });

  it('400 when a value is not a face of its d6 (7), with a JSON pointer into dice/values', async () => {
    const res = await call(app, '/v1/eden/rolls', { kind: 'characteristic', value: 2, difficulty: 4, dice: { values: [3, 7] } });
    expectProblem(res, 400);
    expect(res.body.errors.map((e: { path: string }) => e.path)).toContain('/dice/values/1');
  });

  it('400 for 0, which no die has', async () => {
    const res = await call(app, '/v1/eden/weather', { dice: { values: [0, 3] } });
    expectProblem(res, 400);
  });
});

describe('CONTRACT §1 seeds and transcripts', () => {
  const melee = { attacker: YURI, target: yuri('t'), reaction: 'response' };

  it('same request with the same seed → the same answer; the transcript reports the seed', async () => {
    const a = await call(app, '/v1/eden/attacks/melee', { ...melee, dice: { seed: 'acceptance' } });
    const b = await call(app, '/v1/eden/attacks/melee', { ...melee, dice: { seed: 'acceptance' } });
    expect(a.status).toBe(200);
    expect(b.body).toEqual(a.body);
    expectTranscript(a.body.dice, 'acceptance');
    expect(a.body.dice.rolls.length).toBeGreaterThan(0);
  });

  it('different seeds eventually differ (the seed is used)', async () => {
    const answers = new Set<string>();
    for (const s of ['s1', 's2', 's3', 's4', 's5', 's6']) {
      const r = await call(app, '/v1/eden/rolls', { kind: 'characteristic', value: 6, difficulty: 4, dice: { seed: s } });
      answers.add(JSON.stringify(consumed(r.body.dice)));
    }
    expect(answers.size).toBeGreaterThan(1);
  });

  it('without dice the server picks a random seed, reports it, and re-running with it reproduces the answer', async () => {
    const a = await call(app, '/v1/eden/attacks/melee', melee);
    expect(a.status).toBe(200);
    expect(typeof a.body.dice.seed).toBe('string');
    expect(a.body.dice.seed.length).toBeGreaterThan(0);
    expectTranscript(a.body.dice, a.body.dice.seed);
    const b = await call(app, '/v1/eden/attacks/melee', { ...melee, dice: { seed: a.body.dice.seed } });
    expect(b.body).toEqual(a.body);
  });

  it("a disputed result re-runs with `values` = the transcript's values", async () => {
    const a = await call(app, '/v1/eden/attacks/melee', { ...melee, dice: { seed: 'league' } });
    const b = await call(app, '/v1/eden/attacks/melee', { ...melee, dice: { values: consumed(a.body.dice) } });
    expect(b.status).toBe(200);
    const { dice: da, summary: _sa, ...ra } = a.body;
    const { dice: db, summary: _sb, ...rb } = b.body;
    expect(rb).toEqual(ra);
    expect(db.rolls).toEqual(da.rolls);
    expect(db.seed).toBeNull();
  });
});
