/**
 * Acceptance — CONTRACT §2 (EDEN Fighter shape and semantics): the example fighter accepted as
 * printed, defaults, `outOfAction` in responses, Wounded limbs on the red value, poison counted
 * once, rage, protection, `aim` (limb and `{shift}`) and 422 `illegal_shift`.
 * Characteristics are observed through the dice they make a melee strike consume.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { testApp } from '../helpers/app.js';
import { YURI, bareYuri, call, expectFighterShape, expectProblem, yuri } from '../fixtures/acceptance.js';

let app: FastifyInstance;
beforeAll(async () => {
  app = await testApp();
});
afterAll(async () => app.close());

const melee = (body: Record<string, unknown>, values: number[]) => call(app, '/v1/eden/attacks/melee', { reaction: 'passive', ...body, dice: { values } });

describe('CONTRACT §2 Fighter shape', () => {
  it("the contract's Yûri is accepted exactly as printed, and comes back in the same shape with outOfAction", async () => {
    const res = await melee({ attacker: YURI, target: { ...YURI, id: 'yuri-2' } }, [1, 1, 1, 1]);
    expect(res.status).toBe(200);
    expectFighterShape(res.body.attacker);
    expectFighterShape(res.body.target);
    const { outOfAction, ap, ...rest } = res.body.attacker;
    const { ap: _ap, ...sent } = YURI;
    expect(rest).toEqual(sent);
    expect(outOfAction).toBe(false);
    expect(ap).toBe(2); // EDEN-ATTACK-1: 1 AP
  });

  it('wounds, markers and ap default to zero / zero / 3 when absent', async () => {
    const res = await melee({ attacker: bareYuri('a'), target: bareYuri('t') }, [1, 1, 1, 1]);
    expect(res.status).toBe(200);
    expect(res.body.target.wounds).toEqual({ head: 0, arms: 0, torso: 0, legs: 0 });
    expect(res.body.target.markers).toEqual({ fire: 0, fear: 0, rage: 0, slow: 0, poison: 0 });
    expect(res.body.target.ap).toBe(3);
    expect(res.body.attacker.ap).toBe(2);
    expect(res.body.target.outOfAction).toBe(false);
  });

  it('EDEN-WOUND-4: out of action when any limb has wounds ≥ white + red (outOfAction: true)', async () => {
    // legs 2 white + 1 red, 1 already marked: 2 more wounds mark the last box
    const res = await melee({ attacker: YURI, target: yuri('t', { wounds: { legs: 1 } }) }, [6, 6, 1, 1, 6]);
    expect(res.body.target.wounds.legs).toBe(3);
    expect(res.body.target.outOfAction).toBe(true);
  });

  it('EDEN-WOUND-3: a limb with red 0 is never Wounded; wounds ≥ white put the fighter out of action', async () => {
    const t = yuri('t');
    (t.limbs as any).torso = { white: 2, red: 0, faces: [4, 5], normal: 4, wounded: 4 };
    const res = await melee({ attacker: YURI, target: t }, [6, 6, 1, 1, 4]);
    expect(res.body.target.wounds.torso).toBe(2);
    expect(res.body.target.outOfAction).toBe(true);
  });
});

describe('CONTRACT §2 current characteristics (EDEN-CHAR-1)', () => {
  it('EDEN-WOUND-2: Wounded arms (wounds ≥ white, red > 0) use the red CBT: 3 dice instead of 4', async () => {
    const res = await melee({ attacker: yuri('a', { wounds: { arms: 2 } }), target: YURI }, [1, 1, 1]);
    expect(res.status).toBe(200);
    expect(res.body.exchanges[0].roll.values).toHaveLength(3);
  });

  it('EDEN-WOUND-2: one wound on a 2-white limb is still Normal (white value)', async () => {
    const res = await melee({ attacker: yuri('a', { wounds: { arms: 1 } }), target: YURI }, [1, 1, 1, 1]);
    expect(res.status).toBe(200);
    expect(res.body.exchanges[0].roll.values).toHaveLength(4);
  });

  it('EDEN-WOUND-2: a Wounded torso lowers VIG, the difficulty of the strike (threshold 3)', async () => {
    const res = await melee({ attacker: YURI, target: yuri('t', { wounds: { torso: 3 } }) }, [3, 1, 1, 1, 2]);
    expect(res.body.exchanges[0].roll.successes).toBe(1);
  });

  it('EDEN-STATE-POISON-1: poison counts once — 1 or 3 markers both give CBT 3', async () => {
    for (const poison of [1, 3]) {
      const res = await melee({ attacker: yuri('a', { markers: { poison } }), target: YURI }, [1, 1, 1]);
      expect(res.status, `poison ${poison}`).toBe(200);
      expect(res.body.exchanges[0].roll.values).toHaveLength(3);
    }
  });

  it('EDEN-STATE-RAGE-1: rage N adds N to CBT (attacker rage 1 → 5 dice) and takes N from VIG (target rage 2 → difficulty 2)', async () => {
    const res = await melee({ attacker: yuri('a', { markers: { rage: 1 } }), target: yuri('t', { markers: { rage: 2 } }) }, [2, 1, 1, 1, 1, 4]);
    expect(res.status).toBe(200);
    expect(res.body.exchanges[0].roll.values).toHaveLength(5);
    expect(res.body.exchanges[0].roll.successes).toBe(1);
  });

  it('EDEN-STATE-RAGE-1: rage adds to RAP (a dodging target with rage 1 rolls 6 dice)', async () => {
    const res = await call(app, '/v1/eden/attacks/melee', {
      attacker: YURI,
      target: yuri('t', { markers: { rage: 1 } }),
      reaction: 'dodge',
      dice: { values: [1, 1, 1, 6, 4, 1, 1, 1, 1, 1, 1] },
    });
    expect(res.status).toBe(200);
    expect(res.body.dice.rolls[2].values).toHaveLength(6);
  });

  it('request modifiers are added: modifiers.attacker.CBT +2 → 6 dice', async () => {
    const res = await call(app, '/v1/eden/attacks/melee', {
      attacker: YURI,
      target: yuri('t'),
      modifiers: { attacker: { CBT: 2 } },
      dice: { values: [1, 1, 1, 1, 1, 1] },
    });
    expect(res.status).toBe(200);
    expect(res.body.exchanges[0].roll.values).toHaveLength(6);
  });
  it('EDEN-ROUND-1: fractions round up — CBT 4 + 0.5 → 5 dice, 4 − 0.5 → 4 dice', async () => {
    for (const [mod, n] of [
      [0.5, 5],
      [-0.5, 4],
    ] as const) {
      const res = await call(app, '/v1/eden/attacks/melee', {
        attacker: YURI,
        target: yuri('t'),
        modifiers: { attacker: { CBT: mod } },
        dice: { values: Array(n).fill(1) },
      });
      expect(res.status, `CBT ${mod}`).toBe(200);
      expect(res.body.exchanges[0].roll.values).toHaveLength(n);
    }
  });

  it("EDEN-EQUIP-4: a shooting weapon's bonus (CBT +1) adds to the shooter's CBT; its fire (1) marks the fighter hit", async () => {
    const s = yuri('s');
    (s.equipment as any[]).push({ name: 'Flare gun', categories: ['shooting'], bonus: { CBT: 1 }, range: 40, potency: 1, fire: 1 });
    const res = await call(app, '/v1/eden/attacks/ranged', {
      shooter: s,
      weapon: 'Flare gun',
      candidates: [{ id: 't', fighter: yuri('t'), distance: 35, lineOfSight: true, obstacles: 0, engagedWith: [] }],
      dice: { values: [5, 1, 1, 1, 1, 1, 1, 1] },
    });
    expect(res.status).toBe(200);
    expect(res.body.roll.values).toHaveLength(5);
    expect(res.body.potency.value).toBe(2);
    expect(res.body.hit.fighter.markers.fire).toBe(1);
  });
});

describe('CONTRACT §2 protection (EDEN-EQUIP-3)', () => {
  it('EDEN-EX-8: Helmet head +1 — 3 wounds on the head mark 2', async () => {
    const res = await melee({ attacker: YURI, target: yuri('t') }, [6, 6, 6, 1, 1]);
    expect(res.body.exchanges[0]).toMatchObject({ inflicted: 3, protection: 1, marked: 2 });
    expect(res.body.target.wounds.head).toBe(2);
  });

  it('EDEN-EX-8 / EDEN-WOUND-6: 1 wound on the helmeted head marks 0 and the attack fails', async () => {
    const res = await melee({ attacker: YURI, target: yuri('t') }, [6, 1, 1, 1, 1]);
    expect(res.body.exchanges[0]).toMatchObject({ inflicted: 1, protection: 1, marked: 0 });
    expect(res.body.success).toBe(false);
  });

  it('protection "all" covers every limb', async () => {
    const t = yuri('t');
    (t.equipment as any[]).push({ name: 'Armour', categories: ['protection'], protection: { limbs: 'all', value: 1 } });
    const res = await melee({ attacker: YURI, target: t }, [6, 6, 1, 1, 6]);
    expect(res.body.exchanges[0]).toMatchObject({ inflicted: 2, protection: 1, marked: 1 });
  });

  it('EDEN-SPRAY-2: spray ignores protection (the helmeted head still takes 1)', async () => {
    const a = yuri('a');
    (a.equipment as any[]).push({ name: 'Flamer', categories: ['spray'] });
    const res = await call(app, '/v1/eden/attacks/spray', { attacker: a, weapon: 'Flamer', covered: [{ id: 't', fighter: yuri('t') }] });
    expect(res.status).toBe(200);
    expect(res.body.results[0].fighter.wounds).toEqual({ head: 1, arms: 1, torso: 1, legs: 1 });
  });
});

describe('CONTRACT §2 aim (EDEN-MELEE-3 step 5, EDEN-RANGED-5)', () => {
  it('aim "legs": from 5, spend 1 of 3 successes → face 6, 2 wounds remain', async () => {
    const res = await melee({ attacker: YURI, target: yuri('t'), aim: 'legs' }, [6, 6, 6, 1, 5]);
    expect(res.body.exchanges[0].location).toMatchObject({ face: 6, shift: 1, limb: 'legs' });
    expect(res.body.exchanges[0].inflicted).toBe(2);
    expect(res.body.target.wounds.legs).toBe(2);
  });

  it('aim uses the fewest successes: from 4 aiming "arms" moves to 3, not 2', async () => {
    const res = await melee({ attacker: YURI, target: yuri('t'), aim: 'arms' }, [6, 6, 6, 6, 4]);
    expect(res.body.exchanges[0].location).toMatchObject({ face: 3, shift: -1, limb: 'arms' });
    expect(res.body.exchanges[0].inflicted).toBe(3);
  });

  it('aim on the limb already hit spends nothing', async () => {
    const res = await melee({ attacker: YURI, target: yuri('t'), aim: 'torso' }, [6, 6, 1, 1, 4]);
    expect(res.body.exchanges[0].location).toMatchObject({ face: 4, shift: 0, limb: 'torso' });
    expect(res.body.exchanges[0].inflicted).toBe(2);
  });

  it('aim that would spend every success is impossible: the die stays where it fell', async () => {
    // 2 successes: at most 1 may be spent; head (face 1) is 3 steps from 4
    const res = await melee({ attacker: YURI, target: yuri('t'), aim: 'head' }, [6, 6, 1, 1, 4]);
    expect(res.body.exchanges[0].location).toMatchObject({ face: 4, shift: 0, limb: 'torso' });
    expect(res.body.exchanges[0].inflicted).toBe(2);
  });

  it('aim with one success never moves the die (at least one success must remain)', async () => {
    const res = await melee({ attacker: YURI, target: yuri('t'), aim: 'legs' }, [6, 1, 1, 1, 5]);
    expect(res.body.exchanges[0].location).toMatchObject({ face: 5, shift: 0, limb: 'torso' });
  });

  it('{shift: -1} from 2 with 2 successes → face 1 (head), 1 wound left (absorbed by the helmet)', async () => {
    const res = await melee({ attacker: YURI, target: yuri('t'), aim: { shift: -1 } }, [6, 6, 1, 1, 2]);
    expect(res.status).toBe(200);
    expect(res.body.exchanges[0].location).toMatchObject({ face: 1, shift: -1, limb: 'head' });
    expect(res.body.exchanges[0]).toMatchObject({ inflicted: 1, protection: 1, marked: 0 });
  });

  it('422 illegal_shift: {shift: 2} with 2 successes would spend them all', async () => {
    const res = await melee({ attacker: YURI, target: yuri('t'), aim: { shift: 2 } }, [6, 6, 1, 1, 2]);
    expectProblem(res, 422);
    expect(res.body.code).toBe('illegal_shift');
  });

  it('422 illegal_shift: {shift: 1} from 6 would leave 1..6', async () => {
    const res = await melee({ attacker: YURI, target: yuri('t'), aim: { shift: 1 } }, [6, 6, 6, 1, 6]);
    expectProblem(res, 422);
    expect(res.body.code).toBe('illegal_shift');
  });

  it('EDEN-RANGED-5/6: aim in a shot spends successes, so Potency gets fewer dice', async () => {
    const res = await call(app, '/v1/eden/attacks/ranged', {
      shooter: YURI,
      weapon: 'Pistol',
      aim: 'legs',
      candidates: [{ id: 't', fighter: yuri('t'), distance: 10, lineOfSight: true, obstacles: 0, engagedWith: [] }],
      dice: { values: [5, 6, 1, 1, 5, 6, 6, 1, 1] },
    });
    expect(res.status).toBe(200);
    expect(res.body.location).toMatchObject({ face: 6, shift: 1, limb: 'legs' });
    expect(res.body.potency.value).toBe(4);
    expect(res.body.hit.fighter.wounds.legs).toBe(2);
  });
});
