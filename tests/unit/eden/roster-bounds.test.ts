/**
 * Array lengths before items (README "Roster budgets"): the JSON body check that refuses an array
 * longer than its schema's `maxItems` before the validator checks a single item, shown on the
 * EDEN roster bodies (EDEN-ROSTER-1..6) and the band of `eden.register_band` (EDEN-PREP-1). Items
 * are read through a Proxy that counts reads, so "no item was validated" is observed, not assumed.
 */
import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { overLongArrays, tooManyItems, MAX_LISTED_ARRAYS } from '../../../src/http/plugins/json-body.js';
import { RosterBodySchema } from '../../../src/games/eden/operations/roster.operation.js';
import { StoreRosterBody } from '../../../src/app/league/schemas.js';
import { compile } from '../../../src/kernel/validate.js';
import { gameMatch } from '../../../src/app/matches/games.js';
import type { Command } from '../../../src/kernel/match-game.js';
import { InvalidInput } from '../../../src/kernel/errors.js';

/** An array whose item reads are counted (Array.isArray and `length` see the array). */
function counted<T>(items: T[]): { array: T[]; reads: () => number } {
  let reads = 0;
  const array = new Proxy(items, {
    get(target, key, receiver) {
      if (typeof key === 'string' && /^\d+$/.test(key)) reads++;
      return Reflect.get(target, key, receiver);
    },
  });
  return { array, reads: () => reads };
}

const accepts = (schema: object, body: unknown) => compile(schema)(structuredClone(body));

describe('EDEN-ROSTER-1..6: roster arrays are measured before their items', () => {
  it('refuses 20,000 fighters with one problem, reading none of them', () => {
    const { array, reads } = counted(Array<unknown>(20_000).fill(1));
    expect(overLongArrays(RosterBodySchema, { bandType: 'faction', fighters: array })).toEqual([
      { path: '/fighters', code: 'maxItems', message: expect.stringContaining('200 items (20000 sent'), limit: 200, count: 20_000 },
    ]);
    expect(reads()).toBe(0);
  });

  it('names every over-long array (catalog and fighters, nested equipment), under the store body too', () => {
    const equipment = Array.from({ length: 51 }, () => ({ name: 'x', categories: [] }));
    const body = { bandType: 'faction', catalog: Array(201).fill({}), fighters: [{ id: 'a', equipment }, { ref: 'yuri' }] };
    expect(overLongArrays(RosterBodySchema, body).map((p) => [p.path, p.limit, p.count])).toEqual([
      ['/catalog', 200, 201],
      ['/fighters/0/equipment', 50, 51],
    ]);
    expect(overLongArrays(StoreRosterBody, { roster: body }).map((p) => p.path)).toEqual(['/roster/catalog', '/roster/fighters/0/equipment']);
    const categories = { bandType: 'faction', fighters: [], catalog: [{ equipment: [{ categories: Array(11).fill('c') }] }] };
    expect(overLongArrays(RosterBodySchema, categories).map((p) => p.path)).toEqual(['/catalog/0/equipment/0/categories']);
  });

  it('leaves a union to the validator while one branch may accept the entry', () => {
    const equipment = Array(51).fill(1);
    // {ref} accepts any other member: the validator decides (and does accept it)
    const byRef = { bandType: 'faction', fighters: [{ ref: 'yuri', equipment }] };
    expect(overLongArrays(RosterBodySchema, byRef)).toEqual([]);
    expect(accepts(RosterBodySchema, byRef)).toBe(true);
    // without `ref` only the Fighter branch could: its over-long equipment is the problem
    const inline = { bandType: 'faction', fighters: [{ id: 'a', equipment }] };
    expect(overLongArrays(RosterBodySchema, inline).map((p) => p.path)).toEqual(['/fighters/0/equipment']);
    expect(accepts(RosterBodySchema, inline)).toBe(false);
    // nothing over its bound: no problem, whatever else is wrong
    expect(overLongArrays(RosterBodySchema, { fighters: Array(200).fill(1), catalog: 'x' })).toEqual([]);
    expect(overLongArrays(undefined, { fighters: Array(5000).fill(1) })).toEqual([]);
  });

  it('refuses only what the validator refuses (property)', () => {
    const list = <T>(item: fc.Arbitrary<T>) =>
      fc.oneof(
        fc.array(item, { maxLength: 3 }),
        fc.integer({ min: 48, max: 52 }).chain((n) => fc.array(item, { minLength: n, maxLength: n })),
      );
    const equipmentItem = fc.oneof(fc.constant(1), fc.record({ name: fc.constant('x'), categories: fc.oneof(fc.constant([]), fc.constant(Array(11).fill('c'))) }));
    const entry = fc.oneof(
      fc.constant(1),
      fc.record({ ref: fc.constant('yuri'), equipment: list(equipmentItem) }, { requiredKeys: ['ref'] }),
      fc.record({ id: fc.constant('a'), equipment: list(equipmentItem) }, { requiredKeys: [] }),
    );
    const many = fc.integer({ min: 198, max: 202 }).chain((n) => fc.array(entry, { minLength: n, maxLength: n }));
    const body = fc.record(
      { bandType: fc.constant('faction'), fighters: fc.oneof(fc.array(entry, { maxLength: 4 }), many), catalog: fc.option(fc.array(entry, { maxLength: 3 }), { nil: undefined }) },
      { requiredKeys: ['bandType', 'fighters'] },
    );
    let refused = 0;
    fc.assert(
      fc.property(body, (b) => {
        if (overLongArrays(RosterBodySchema, b).length === 0) return;
        refused++;
        expect(accepts(RosterBodySchema, b)).toBe(false);
      }),
      { numRuns: 200 },
    );
    expect(refused).toBeGreaterThan(20);
  });

  it(`lists at most ${MAX_LISTED_ARRAYS} arrays, counting the rest in errorsOmitted`, () => {
    const catalog = Array.from({ length: 150 }, () => ({ equipment: Array(51).fill(1) }));
    const over = overLongArrays(RosterBodySchema, { bandType: 'faction', fighters: [], catalog });
    expect(over).toHaveLength(150);
    const problem = tooManyItems(over);
    expect(problem).toMatchObject({ status: 400, code: 'too_many_items', extra: { errorsOmitted: 50 } });
    expect((problem.extra.errors as unknown[]).length).toBe(MAX_LISTED_ARRAYS);
    expect(problem.message).toContain('150 arrays');
    expect(tooManyItems(over.slice(0, 1)).extra).not.toHaveProperty('errorsOmitted');
  });
});

describe('EDEN-PREP-1: eden.register_band measures the band before its fighters', () => {
  const eden = gameMatch('eden')!;

  it('refuses 50,000 fighters under /command with one problem, reading none of them', () => {
    const { array, reads } = counted(Array<unknown>(50_000).fill(1));
    let error: unknown;
    try {
      eden.validate({ type: 'eden.register_band', player: 'A', bandType: 'faction', fighters: array } as unknown as Command);
    } catch (e) {
      error = e;
    }
    expect(error).toBeInstanceOf(InvalidInput);
    expect(error).toMatchObject({ code: 'too_many_items', errors: [{ path: '/command/fighters', code: 'maxItems', limit: 50, count: 50_000 }] });
    expect(reads()).toBe(0);
  });

  it('validates a band within the bound as before, every problem at once', () => {
    let error: unknown;
    try {
      eden.validate({ type: 'eden.register_band', player: 'A', bandType: 'faction', fighters: [1, 2] } as unknown as Command);
    } catch (e) {
      error = e;
    }
    expect(error).toMatchObject({ code: 'invalid_request', errors: [{ path: '/command/fighters/0' }, { path: '/command/fighters/1' }] });
    expect(() => eden.validate({ type: 'eden.register_band', player: 'A', bandType: 'faction', fighters: [{ ref: 'yuri' }] } as unknown as Command)).not.toThrow();
  });
});
