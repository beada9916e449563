/**
 * Dice Maiden's repeat form (CONTRACT §9.3): `6 4d6` — what bot users type — means `4d6` with
 * `"repeat": 6` (issue: it was refused).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { memoryApp } from '../helpers/app.js';

describe('POST /v1/dice/rolls with `N <notation>`', () => {
  let app: FastifyInstance;
  beforeAll(async () => {
    app = await memoryApp();
  });
  afterAll(async () => app?.close());
  const roll = (payload: object) => app.inject({ method: 'POST', url: '/v1/dice/rolls', payload });

  it('6 4d6 is 4d6 with repeat 6: the same answer, die for die', async () => {
    const typed = await roll({ notation: '6 4d6', dice: { seed: 'maiden' } });
    const explicit = await roll({ notation: '4d6', repeat: 6, dice: { seed: 'maiden' } });
    expect(typed.statusCode, typed.body).toBe(200);
    expect(typed.json()).toEqual(explicit.json());
    expect(typed.json().sets).toHaveLength(6);
  });

  it('a repeat beside it must agree; a count out of 1–100 is refused; 6 + 4d6 stays an addition', async () => {
    expect((await roll({ notation: '6 4d6', repeat: 6, dice: { seed: 'x' } })).statusCode).toBe(200);
    const conflict = await roll({ notation: '6 4d6', repeat: 3 });
    expect([conflict.statusCode, conflict.json().errors[0].path, conflict.json().errors[0].code]).toEqual([400, '/repeat', 'repeat_conflict']);
    const tooMany = await roll({ notation: '101 4d6' });
    expect([tooMany.statusCode, tooMany.json().errors[0].code]).toEqual([400, 'bad_repeat']);
    const sum = await roll({ notation: '6 + 4d6', dice: { values: [1, 2, 3, 4] } });
    expect([sum.statusCode, sum.json().total, sum.json().sets]).toEqual([200, 16, undefined]);
  });
});
