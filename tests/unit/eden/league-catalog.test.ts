/**
 * League additions in the pure rules core (CONTRACT §8.4): a league catalog's own checks and its
 * lookups, references resolved in it (EDEN-ROSTER-*), problems in path order, the places of a text
 * list's parts, and diffs between two lists.
 */
import { describe, expect, it } from 'vitest';
import { leagueCatalogProblems, leagueFighter, leagueItem, type LeagueCatalog } from '../../../src/games/eden/rules/catalog/league.js';
import { byPath, comparePaths, validateRoster } from '../../../src/games/eden/rules/roster.js';
import { formatRosterText, parseRosterText, parseRosterTextPlaced, textPosition } from '../../../src/games/eden/rules/roster-text.js';
import { changes, diffRosters } from '../../../src/games/eden/rules/roster-diff.js';
import { resolveFighterRef } from '../../../src/games/eden/rules/fighter-ref.js';

const limbs = {
  head: { white: 2, red: 1, faces: [1], normal: 3, wounded: 2 },
  arms: { white: 2, red: 1, faces: [2, 3], normal: 6, wounded: 5 },
  torso: { white: 2, red: 1, faces: [4, 5], normal: 4, wounded: 3 },
  legs: { white: 2, red: 1, faces: [6], normal: 4, wounded: 3 },
};
const profile = (id: string, name: string, value: number) => ({ id, name, faction: 'jokers', stigma: 'chaos', value, limbs });
const LEAGUE: LeagueCatalog = { name: 'L', fighters: [profile('vladd', 'Vladd', 30), profile('elenia', 'Élenia', 15)], equipment: [{ name: 'Chain', categories: [] }] };

describe('league catalogs (CONTRACT §8.4)', () => {
  it('finds a profile by id, else by printed name with case and accents ignored', () => {
    expect(leagueFighter(LEAGUE, 'vladd')?.value).toBe(30);
    expect(leagueFighter(LEAGUE, 'ELENIA')?.id).toBe('elenia');
    expect(leagueFighter(LEAGUE, 'yuri')).toBeUndefined();
    expect(leagueFighter(undefined, 'vladd')).toBeUndefined();
    expect(leagueItem(LEAGUE, 'chain')).toEqual({ name: 'Chain', categories: [] });
  });

  it('lists every problem a schema cannot see: ids, names (EDEN-ROSTER-4), faces partitioning 1..6, items', () => {
    const bad: LeagueCatalog = {
      name: 'L',
      fighters: [profile('a', 'Ana', 1), profile('a', 'ANA', 1), { ...profile('b', 'B', 1), limbs: { ...limbs, legs: { ...limbs.legs, faces: [1] } } }],
      equipment: [
        { name: 'Chain', categories: [] },
        { name: 'chain', categories: [] },
      ],
    };
    expect(byPath(leagueCatalogProblems(bad)).map((p) => `${p.code} ${p.path}`)).toEqual([
      'duplicate_equipment /equipment/1/name',
      'duplicate_id /fighters/1/id',
      'duplicate_name /fighters/1/name',
      'incomplete_index /fighters/2/limbs',
      'duplicate_face /fighters/2/limbs/legs/faces',
    ]);
    expect(leagueCatalogProblems(LEAGUE)).toEqual([]);
  });

  it('EDEN-ROSTER-3: a band counts the league Value of a referenced fighter; the request catalog comes first, the built-in catalog last', () => {
    const r = validateRoster({ bandType: 'faction', league: LEAGUE, fighters: [{ ref: 'vladd' }, { ref: 'Élenia' }, { ref: 'yuri' }] });
    expect(r).toMatchObject({ valid: true, totals: { value: 70 } });
    const own = validateRoster({ bandType: 'faction', league: LEAGUE, catalog: [profile('vladd', 'Vladd', 5)], fighters: [{ ref: 'vladd' }] });
    expect(own.totals.value).toBe(5);
    const missing = validateRoster({ bandType: 'faction', league: LEAGUE, fighters: [{ ref: 'nobody' }] });
    expect(missing.errors).toEqual([expect.objectContaining({ code: 'unknown_fighter', path: '/fighters/0/ref', message: expect.stringContaining('league catalog') })]);
  });

  it('a {ref} fighter of an attack takes the league profile with the state sent beside it (CONTRACT §7.5)', () => {
    const resolved = resolveFighterRef({ ref: 'vladd', id: 'v1', wounds: { arms: 1 } }, 'de', LEAGUE);
    expect(resolved).toMatchObject({ fighter: { id: 'v1', name: 'Vladd', value: 30, wounds: { head: 0, arms: 1, torso: 0, legs: 0 }, ap: 3 } });
    expect(resolveFighterRef({ ref: 'nobody' }, 'es', LEAGUE)).toMatchObject({ code: 'unknown_fighter' });
  });
});

describe('problems in path order (CONTRACT §8.4)', () => {
  it('compares segment by segment, array indexes as numbers, a pointer before what is under it', () => {
    const paths = ['/fighters/10/name', '/fighters/2/ref', '/budget', '/fighters', '', '/fighters/2', '/affiliation', '/fighters/2/equipment/10', '/fighters/2/equipment/9'];
    expect([...paths].sort(comparePaths)).toEqual([
      '',
      '/affiliation',
      '/budget',
      '/fighters',
      '/fighters/2',
      '/fighters/2/equipment/9',
      '/fighters/2/equipment/10',
      '/fighters/2/ref',
      '/fighters/10/name',
    ]);
  });

  it('EDEN-ROSTER-4: a later duplicate at /fighters/10 comes after one at /fighters/2, whatever order the checks ran in', () => {
    const fighters = Array.from({ length: 11 }, () => ({ ref: 'yuri' }));
    const r = validateRoster({ bandType: 'faction', budget: 1000, fighters });
    expect(r.errors.map((e) => e.path)).toEqual(Array.from({ length: 10 }, (_, i) => `/fighters/${i + 1}/ref`));
  });
});

describe('text lists: where each part is (CONTRACT §8.4)', () => {
  const text = '# league\n  Band: faction Jokers, catalog cat-1 version 2\n- Yûri [Casco, Chain]\n\n  Vladd\n';
  it('keeps the band line and each fighter line, with each item column; parseRosterText is unchanged', () => {
    const placed = parseRosterTextPlaced(text);
    expect(placed).toMatchObject({
      ok: true,
      positions: {
        band: { line: 2, column: 3 },
        fighters: [
          { line: 3, column: 3, equipment: [9, 16] },
          { line: 5, column: 3, equipment: [] },
        ],
      },
    });
    expect(parseRosterText(text)).toEqual({ ok: true, roster: (placed as { roster: unknown }).roster });
    const positions = (placed as Extract<typeof placed, { ok: true }>).positions;
    expect(textPosition(positions, '/fighters/1/name')).toEqual({ line: 5, column: 3 });
    expect(textPosition(positions, '/fighters/0/equipment/1/name')).toEqual({ line: 3, column: 16 });
    expect(textPosition(positions, '/fighters')).toEqual({ line: 2, column: 3 });
    expect(textPosition(positions, '/budget')).toEqual({ line: 2, column: 3 });
  });

  it('reads `catalog <id> [version <n>]` on the band line as catalogRef, and writes it back', () => {
    const parsed = parseRosterText(text);
    expect(parsed).toMatchObject({ ok: true, roster: { catalogRef: { id: 'cat-1', version: 2 } } });
    expect(parseRosterText('Band: faction, catalog x1')).toMatchObject({ roster: { catalogRef: { id: 'x1' } } });
    expect(parseRosterText('Band: faction, catalog')).toMatchObject({ ok: false, errors: [{ code: 'bad_catalog', path: '/catalogRef', line: 1 }] });
    expect(parseRosterText('Band: faction, catalog x version 0')).toMatchObject({ ok: false, errors: [{ code: 'bad_catalog' }] });
    const written = formatRosterText({ bandType: 'faction', catalogRef: { id: 'cat-1', version: 2 }, fighters: [{ ref: 'yuri' }] });
    expect(written).toEqual({ ok: true, text: 'Band: faction, catalog cat-1 version 2\nYûri\n' });
    expect(formatRosterText({ bandType: 'faction', catalogRef: { id: 'a b' }, fighters: [] })).toMatchObject({ ok: false, errors: [{ path: '/catalogRef' }] });
  });
});

describe('diffs (CONTRACT §8.4)', () => {
  const side = (fighters: unknown[], band: Record<string, unknown> = { bandType: 'faction' }) => ({ league: LEAGUE, fighters: fighters as never[], band });
  it('EDEN-ROSTER-4: matches fighters by proper name (case and accents ignored), a repeated name in order', () => {
    const d = diffRosters(side([{ ref: 'vladd' }, { ref: 'yuri' }, { ref: 'yuri' }]), side([{ ref: 'yuri' }, { ...profile('x', 'Vlädd', 30) }, { ref: 'elenia' }]));
    expect(d.removed).toEqual([{ name: 'Yûri', index: 2, entry: { ref: 'yuri' } }]);
    expect(d.added).toEqual([{ name: 'Élenia', index: 2, entry: { ref: 'elenia' } }]);
    expect(d.changed).toEqual([
      {
        name: 'Vlädd',
        from: 0,
        to: 1,
        changes: [
          { path: '/id', from: 'vladd', to: 'x' },
          { path: '/name', from: 'Vladd', to: 'Vlädd' },
        ],
      },
    ]);
  });

  it('compares leaves by JSON pointer, arrays by index, a missing member as null; band members apart', () => {
    expect(changes({ a: [1, { b: 2 }], c: 'x' }, { a: [1, { b: 3 }, 4] })).toEqual([
      { path: '/a/1/b', from: 2, to: 3 },
      { path: '/a/2', from: null, to: 4 },
      { path: '/c', from: 'x', to: null },
    ]);
    expect(diffRosters(side([], { bandType: 'faction', budget: 100 }), side([], { bandType: 'stigma' })).band).toEqual([
      { path: '/bandType', from: 'faction', to: 'stigma' },
      { path: '/budget', from: 100, to: null },
    ]);
  });
});
