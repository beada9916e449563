import { describe, expect, it } from 'vitest';
import { strategyPoints, validateRoster, type RosterInput } from '../../../src/games/eden/rules/roster.js';
import type { FighterInput } from '../../../src/games/eden/rules/fighter.js';
import { grunt, yuri } from '../../fixtures/eden-fighters.js';

const joker = (id: string, value: number, psi = 3, extra: Partial<FighterInput> = {}) => grunt(id, { PSI: psi }, { faction: 'jokers', stigma: 'chaos', value, ...extra });
const roster = (fighters: RosterInput['fighters'], extra: Partial<RosterInput> = {}): RosterInput => ({ bandType: 'faction', fighters, ...extra });
const codes = (r: ReturnType<typeof validateRoster>) => r.errors.map((e) => `${e.code} ${e.path}`);

describe('EDEN roster (EDEN-ROSTER-1..6, EDEN-PREP-2)', () => {
  it('EDEN-ROSTER-1/2/3: a faction band sharing one symbol within 100 points is valid', () => {
    const r = validateRoster(roster([joker('a', 40), joker('b', 60)]));
    expect(r.valid).toBe(true);
    expect(r.errors).toEqual([]);
    expect(r.affiliation).toBe('jokers');
    expect(r.totals).toEqual({ value: 100, budget: 100, strategyPoints: 6 });
  });

  it('EDEN-ROSTER-3: exactly the budget is legal, one point over is over_budget at /fighters', () => {
    expect(validateRoster(roster([joker('a', 50), joker('b', 50)])).valid).toBe(true);
    const r = validateRoster(roster([joker('a', 50), joker('b', 51)]));
    expect(codes(r)).toEqual(['over_budget /fighters']);
    expect(r.errors[0]!.message).toContain('101');
  });

  it('EDEN-ROSTER-5: an agreed budget replaces 100; ES warns only above 200, DE already at 200', () => {
    const band = [joker('a', 90), joker('b', 90)];
    expect(validateRoster(roster(band, { budget: 180 })).valid).toBe(true);
    expect(validateRoster(roster(band, { budget: 200 })).warnings).toEqual([]);
    expect(validateRoster(roster(band, { budget: 200, edition: 'de' })).warnings.map((w) => w.code)).toEqual(['budget_above_advice']);
    const es = validateRoster(roster(band, { budget: 201 }));
    expect(es.valid).toBe(true);
    expect(es.warnings).toEqual([expect.objectContaining({ code: 'budget_above_advice', path: '/budget' })]);
  });

  it('EDEN-ROSTER-4: a second fighter with the same proper name is duplicate_name (accents and case ignored)', () => {
    const r = validateRoster(roster([joker('a', 10, 3, { name: 'Yûri' }), joker('b', 10, 3, { name: 'yuri' }), joker('c', 10, 3, { name: 'YURI' })]));
    expect(codes(r)).toEqual(['duplicate_name /fighters/1/name', 'duplicate_name /fighters/2/name']);
  });

  it('EDEN-ROSTER-4 EDITION NOTE: uniqueness is enforced in the DE printing too', () => {
    const r = validateRoster(roster([joker('a', 10, 3, { name: 'Vlädd' }), joker('b', 10, 3, { name: 'Vladd' })], { edition: 'de' }));
    expect(codes(r)).toEqual(['duplicate_name /fighters/1/name']);
  });

  it('EDEN-ROSTER-2: with a chosen affiliation each off-symbol fighter is wrong_faction, and the mix is mixed_band (problems in path order, CONTRACT §8.4)', () => {
    const r = validateRoster(roster([joker('a', 10), grunt('b', {}, { faction: 'Clan Bamaka', stigma: 'chaos', value: 10 })], { affiliation: 'Jokergang' }));
    expect(codes(r)).toEqual(['mixed_band /fighters', 'wrong_faction /fighters/1/faction']);
    expect(r.affiliation).toBe('jokers');
  });

  it('EDEN-ROSTER-2: without an affiliation a mixed faction band is one mixed_band listing the symbols', () => {
    const r = validateRoster(roster([joker('a', 10), grunt('b', {}, { faction: 'isc', value: 10 })]));
    expect(codes(r)).toEqual(['mixed_band /fighters']);
    expect(r.errors[0]!.message).toMatch(/jokers, isc/);
    expect(r.affiliation).toBeNull();
  });

  it('EDEN-ROSTER-2: a fighter without the symbol cannot join (wrong_stigma for a stigma band)', () => {
    const r = validateRoster(roster([joker('a', 10), grunt('b', {}, { faction: 'jokers', value: 10 })], { bandType: 'stigma' }));
    expect(codes(r)).toEqual(['wrong_stigma /fighters/1/stigma']);
  });

  it('EDEN-ROSTER-1: a stigma band may mix factions when the stigma is shared', () => {
    const r = validateRoster(roster([joker('a', 10), grunt('b', {}, { faction: 'bamaka', stigma: 'Caos', value: 10 })], { bandType: 'stigma' }));
    expect(r.valid).toBe(true);
    expect(r.affiliation).toBe('chaos');
  });

  it('EDEN-ROSTER-6 / EDEN-NPC-1: NPCs (flag, type or NPC faction symbol) are not_recruitable', () => {
    const r = validateRoster(roster([joker('a', 10), joker('b', 10, 3, { npc: true }), joker('c', 10, 3, { types: ['npc'] }), grunt('d', {}, { faction: 'CNJ', value: 5 })]));
    expect(codes(r)).toEqual(['not_recruitable /fighters/1', 'not_recruitable /fighters/2', 'not_recruitable /fighters/3']);
    expect(r.totals.value).toBe(10);
  });

  it('EDEN-ROSTER-1: an empty band is empty_roster with a zero SP pool', () => {
    const r = validateRoster(roster([]));
    expect(codes(r)).toEqual(['empty_roster /fighters']);
    expect(r.totals).toEqual({ value: 0, budget: 100, strategyPoints: 0 });
  });

  it("EDEN-CARD-PROFILE-9: a catalog ref resolves with the printing's Value (Yuri 25 ES, 20 DE)", () => {
    const es = validateRoster(roster([{ ref: 'yuri' }]));
    expect(es.valid).toBe(true);
    expect(es.totals).toEqual({ value: 25, budget: 100, strategyPoints: 4 });
    expect(es.fighters[0]!.name).toBe('Yûri');
    const de = validateRoster(roster([{ ref: 'yuri' }], { edition: 'de' }));
    expect(de.totals.value).toBe(20);
    expect(de.fighters[0]!.name).toBe('Yuri');
  });

  it('CONTRACT §3 refs: unknown catalog refs are unknown_fighter; example fighters without a printed profile are incomplete_profile', () => {
    const r = validateRoster(roster([{ ref: 'nobody' }, { ref: 'vladd' }, { ref: 'yuri' }]));
    expect(codes(r)).toEqual(['unknown_fighter /fighters/0/ref', 'incomplete_profile /fighters/1/ref']);
  });

  it('CONTRACT §3 refs: a request catalog entry is found by id before the built-in catalog', () => {
    const mine = joker('yuri', 99, 2, { name: 'My Yuri' });
    const r = validateRoster(roster([{ ref: 'yuri' }], { catalog: [mine] }));
    expect(r.totals.value).toBe(99);
    expect(r.fighters[0]!.name).toBe('My Yuri');
  });

  it('EDEN-ROSTER-1..6: every problem is reported at once, each with its own path', () => {
    const r = validateRoster(
      roster(
        [joker('a', 60, 3, { name: 'Twin' }), joker('b', 60, 3, { name: 'Twin' }), { ref: 'ghost' }, grunt('c', {}, { faction: 'isc', value: 1 }), joker('d', 1, 3, { npc: true })],
        { affiliation: 'jokers' },
      ),
    );
    expect(r.valid).toBe(false);
    expect(codes(r).sort()).toEqual(
      [
        'duplicate_name /fighters/1/name',
        'mixed_band /fighters',
        'not_recruitable /fighters/4',
        'over_budget /fighters',
        'unknown_fighter /fighters/2/ref',
        'wrong_faction /fighters/3/faction',
      ].sort(),
    );
  });

  it('EDEN-PREP-2: SP pool is the sum of current PSI (wounded head uses the red value)', () => {
    const hurt = yuri({ wounds: { head: 2 } });
    expect(strategyPoints([yuri(), hurt], 'faction')).toBe(4 + 3);
  });

  it('EDEN-EX-12 / EDEN-PREP-2: a stigma band halves the total and rounds up (4+3+4 = 11 → 6)', () => {
    const band = [joker('a', 10, 4), joker('b', 10, 3), joker('c', 10, 4)];
    expect(strategyPoints(band, 'stigma')).toBe(6);
    expect(validateRoster(roster(band, { bandType: 'stigma' })).totals.strategyPoints).toBe(6);
    expect(strategyPoints(band, 'faction')).toBe(11);
  });

  it('EDEN-PREP-2: the pool never goes below 0', () => {
    expect(strategyPoints([joker('a', 10, -3)], 'faction')).toBe(0);
  });

  it('EDEN-CARD-PROFILE-2 EDITION NOTE: Convoy is a DE faction; an ES band of it is valid with a warning', () => {
    const convoy = [grunt('a', {}, { faction: 'Konvoi', value: 10 })];
    expect(validateRoster(roster(convoy, { edition: 'de' })).warnings).toEqual([]);
    const es = validateRoster(roster(convoy));
    expect(es.valid).toBe(true);
    expect(es.warnings.map((w) => w.code)).toEqual(['faction_not_in_edition']);
  });
});

describe('EDEN roster: Values', () => {
  it('EDEN-CARD-PROFILE-9: an inline fighter without a Value is missing_value at its /value', () => {
    const g = grunt('g', {}, { faction: 'jokers' }) as unknown as Record<string, unknown>;
    delete g.value;
    const r = validateRoster({ bandType: 'faction', fighters: [g as never] });
    expect(r.errors.map((e) => `${e.code} ${e.path}`)).toEqual(['missing_value /fighters/0/value']);
  });

  it('EDEN-CARD-PROFILE-9: a request-catalog profile without a Value is missing_value at its /catalog path', () => {
    const g = grunt('mine', {}, { faction: 'jokers' }) as unknown as Record<string, unknown>;
    delete g.value;
    const r = validateRoster({ bandType: 'faction', catalog: [grunt('other'), g as never], fighters: [{ ref: 'mine' }] });
    expect(r.errors.map((e) => `${e.code} ${e.path}`)).toEqual(['missing_value /catalog/1/value']);
  });
});
