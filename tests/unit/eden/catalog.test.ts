import { describe, expect, it } from 'vitest';
import {
  EXAMPLE_FIGHTERS,
  SCENERY,
  SCENERY_POINTS,
  STIGMAS,
  WEATHER_TABLE,
  canonicalFaction,
  canonicalStigma,
  catalogFighter,
  catalogFighterById,
  edenCatalog,
  factionsOf,
  sceneryById,
  sceneryRuleValue,
  weatherForTotal,
} from '../../../src/games/eden/rules/catalog/index.js';
import { characteristic } from '../../../src/games/eden/rules/fighter.js';

describe('EDEN catalog', () => {
  it('EDEN-CARD-PROFILE-2 EDITION NOTE: ES has 4 recruitable factions, DE 6 (plus Konvoi and Resistance)', () => {
    const ids = (e: 'es' | 'de') =>
      factionsOf(e)
        .filter((f) => f.recruitable)
        .map((f) => f.id);
    expect(ids('es')).toEqual(['jokers', 'bamaka', 'isc', 'matriarchy']);
    expect(ids('de')).toEqual(['jokers', 'bamaka', 'isc', 'matriarchy', 'convoy', 'resistance']);
  });

  it('EDEN-NPC-1: the NPC symbol is ES only and not recruitable', () => {
    const npc = factionsOf('es').find((f) => f.id === 'npc');
    expect(npc).toMatchObject({ recruitable: false, editions: ['es'] });
  });

  it('EDEN-DOC-4: printed faction spellings of both books map to one id', () => {
    expect(canonicalFaction('Banda de los Jokers')).toBe('jokers');
    expect(canonicalFaction('Jokergang')).toBe('jokers');
    expect(canonicalFaction('Matriarchat')).toBe('matriarchy');
    expect(canonicalFaction('Konvoi')).toBe('convoy');
    expect(canonicalFaction('Unknown Raiders')).toBe('unknown raiders');
  });

  it('EDEN-CARD-PROFILE-10: five stigmas with the DE «Leitmotiv» names', () => {
    expect(STIGMAS.map((s) => [s.id, s.names.es, s.names.de])).toEqual([
      ['destruction', 'Destrucción', 'Zerstörung'],
      ['order', 'Orden', 'Ordnung'],
      ['protection', 'Protección', 'Beschützen'],
      ['change', 'Cambio', 'Veränderung'],
      ['chaos', 'Caos', 'Chaos'],
    ]);
    expect(canonicalStigma('Veränderung')).toBe('change');
  });

  it('EDEN-TERRAIN-LIST-1..13: names, costs and rule values as printed; 8 Scenery Points each (EDEN-TERRAIN-3)', () => {
    expect(SCENERY_POINTS).toBe(8);
    expect(SCENERY.map((s) => [s.names.es, s.cost])).toEqual([
      ['Árbol', 1],
      ['Matorrales', 1],
      ['Murete', 1],
      ['Pared en ruinas', 1],
      ['Restos de coche', 1],
      ['Bosque sombrío', 2],
      ['Estanque', 2],
      ['Zona devastada', 2],
      ['Montón de residuos', 3],
      ['Baliza energética', 3],
      ['Ídolo Cuatrística', 3],
      ['Lago', 4],
      ['Río profundo', 5],
    ]);
    const forest = sceneryById('dark_forest')!;
    expect(forest.rules).toEqual([
      { rule: 'destruction', value: 6 },
      { rule: 'inflammable' },
      { rule: 'obstacle', value: 3 },
      { rule: 'obstruction', value: 2 },
      { rule: 'occupation' },
      { rule: 'hostile_presence', value: 1 },
    ]);
    expect(sceneryRuleValue(sceneryById('car_wreck')!, 'destruction')).toBe(8);
    expect(sceneryRuleValue(sceneryById('lake')!, 'swim')).toBe(4);
    expect(sceneryRuleValue(sceneryById('deep_river')!, 'swim')).toBe(5);
    expect(sceneryRuleValue(sceneryById('deep_river')!, 'hostile_presence')).toBeUndefined();
    expect(SCENERY.every((s) => s.editions.length === 1 && s.editions[0] === 'es')).toBe(true);
  });

  it('EDEN-TERRAIN-2: a rule printed without a value counts as 1', () => {
    expect(sceneryRuleValue(sceneryById('tree')!, 'inflammable')).toBe(1);
  });

  it('EDEN-WEATHER-1..8: every 2D6 total 2..12 maps to exactly one row', () => {
    const got = [];
    for (let t = 2; t <= 12; t++) got.push(weatherForTotal(t).condition);
    expect(got).toEqual(['ionic_storm', 'headwind', 'thick_fog', 'thick_fog', 'normal', 'normal', 'mist', 'mist', 'acid_rain', 'acid_rain', 'snowstorm']);
    expect(() => weatherForTotal(13)).toThrow();
    expect(WEATHER_TABLE.find((w) => w.condition === 'snowstorm')!.effect.tacticCost).toBe(3);
    expect(WEATHER_TABLE.find((w) => w.condition === 'ionic_storm')!.effect).toMatchObject({
      roll: { difficulty: 6, npcsImmune: true },
      onFailure: { limb: 'torso', ignoreProtection: true },
    });
    expect(WEATHER_TABLE.find((w) => w.condition === 'acid_rain')!.effect).toMatchObject({ roll: { difficulty: 5, who: 'free_fighters' }, onFailure: { poison: 1 } });
  });

  it('EDEN-CARD-PROFILE-9 EDITION NOTE: Yuri costs 25 in ES and 20 in DE', () => {
    const entry = catalogFighterById('yuri')!;
    const es = catalogFighter(entry, 'es')!;
    const de = catalogFighter(entry, 'de')!;
    expect([es.value, es.name, de.value, de.name]).toEqual([25, 'Yûri', 20, 'Yuri']);
    expect(es).toMatchObject({ faction: 'jokers', stigma: 'chaos', types: ['human'] });
    expect(es.equipment.map((e) => e.name)).toEqual(['Molotov', 'Throwing knives']);
  });

  it('Yuri test fixture: PSI 4 (3 wounded), CBT 4, VIG 4, RAP 5, head 2 white + 2 red with face 1', () => {
    const y = catalogFighter(catalogFighterById('yuri')!, 'es')!;
    expect(y.limbs.head).toEqual({ white: 2, red: 2, faces: [1], normal: 4, wounded: 3 });
    expect(['PSI', 'CBT', 'VIG', 'RAP'].map((c) => characteristic(y, c as 'PSI'))).toEqual([4, 4, 4, 5]);
    const faces = Object.values(y.limbs)
      .flatMap((l) => l.faces)
      .sort();
    expect(faces).toEqual([1, 2, 3, 4, 5, 6]);
  });

  it('EDEN-EX-2..5: worked-example fighters are listed but not complete (no printed Value)', () => {
    expect(EXAMPLE_FIGHTERS.map((f) => [f.id, f.complete])).toEqual([
      ['yuri', true],
      ['vladd', false],
      ['abama', false],
      ['ngobo', false],
      ['elenia', false],
    ]);
    expect(catalogFighter(catalogFighterById('vladd')!, 'es')).toBeUndefined();
    expect(catalogFighterById('abama')!.names.de).toBe('Abama Fettsack');
  });

  it('EDEN-DOC-3 / EDEN-EQUIP-2: the whole catalog tags every entry with its printing(s)', () => {
    const c = edenCatalog();
    const lists = [c.factions, c.stigmas, c.equipment.categories, c.equipment.effects, c.equipment.items, c.scenery.rules, c.scenery.elements, c.weather, c.fighters];
    for (const list of lists) for (const e of list) expect(e.editions.length).toBeGreaterThan(0);
    expect(c.equipment.categories.map((k) => [k.id, k.names.es, k.names.de])).toEqual([
      ['shooting', 'Tiro', 'Schuss'],
      ['thrown', 'Lanz', 'Wurf'],
      ['spray', 'Chorro', 'Fläche'],
      ['protection', 'Pr', 'RS'],
      ['tech', 'Tecno', 'Tech'],
    ]);
  });
});
