/**
 * Territory management (§16, ES only: DE «Die Erweiterten Regeln sind Teil der kompletten Version»):
 * the scenery special rules (EDEN-TERRAIN-R-*) and the scenery list with costs (EDEN-TERRAIN-LIST-*).
 */
import type { PrintedNames, Tagged } from './types.js';

export type SceneryRuleId =
  | 'destruction'
  | 'concealment'
  | 'elevation'
  | 'climb'
  | 'crossable'
  | 'impenetrable'
  | 'inflammable'
  | 'swim'
  | 'obstacle'
  | 'obstruction'
  | 'occupation'
  | 'hostile_presence'
  | 'jump';

export interface SceneryRuleEntry extends Tagged {
  id: SceneryRuleId;
  names: PrintedNames;
  rule: string;
  /** Whether the rule takes a value X (EDEN-TERRAIN-2: default 1 when omitted). */
  takesValue: boolean;
}

export const SCENERY_RULES: readonly SceneryRuleEntry[] = [
  { id: 'destruction', names: { en: 'Destruction (X)', es: 'Destrucción (X)' }, rule: 'EDEN-TERRAIN-R-DESTRUCTION', takesValue: true, editions: ['es'] },
  { id: 'concealment', names: { en: 'Concealment', es: 'Disimulación' }, rule: 'EDEN-TERRAIN-R-CONCEALMENT', takesValue: false, editions: ['es'] },
  { id: 'elevation', names: { en: 'Elevation', es: 'Elevación' }, rule: 'EDEN-TERRAIN-R-ELEVATION', takesValue: false, editions: ['es'] },
  { id: 'climb', names: { en: 'Climb (X)', es: 'Escalada (X)' }, rule: 'EDEN-TERRAIN-R-CLIMB', takesValue: true, editions: ['es'] },
  { id: 'crossable', names: { en: 'Crossable', es: 'Franqueable' }, rule: 'EDEN-TERRAIN-R-CROSSABLE', takesValue: false, editions: ['es'] },
  { id: 'impenetrable', names: { en: 'Impenetrable', es: 'Impenetrable' }, rule: 'EDEN-TERRAIN-R-IMPENETRABLE', takesValue: false, editions: ['es'] },
  { id: 'inflammable', names: { en: 'Inflammable', es: 'Inflamable' }, rule: 'EDEN-TERRAIN-R-INFLAMMABLE', takesValue: false, editions: ['es'] },
  { id: 'swim', names: { en: 'Swim (X)', es: 'Nado (X)' }, rule: 'EDEN-TERRAIN-R-SWIM', takesValue: true, editions: ['es'] },
  { id: 'obstacle', names: { en: 'Obstacle (X)', es: 'Obstáculo (X)' }, rule: 'EDEN-TERRAIN-R-OBSTACLE', takesValue: true, editions: ['es'] },
  { id: 'obstruction', names: { en: 'Obstruction (X)', es: 'Obstrucción (X)' }, rule: 'EDEN-TERRAIN-R-OBSTRUCTION', takesValue: true, editions: ['es'] },
  { id: 'occupation', names: { en: 'Occupation', es: 'Ocupación' }, rule: 'EDEN-TERRAIN-R-OCCUPATION', takesValue: false, editions: ['es'] },
  { id: 'hostile_presence', names: { en: 'Hostile Presence (X)', es: 'Presencia Hostil (X)' }, rule: 'EDEN-TERRAIN-R-HOSTILE', takesValue: true, editions: ['es'] },
  { id: 'jump', names: { en: 'Jump (X)', es: 'Salto (X)' }, rule: 'EDEN-TERRAIN-R-JUMP', takesValue: true, editions: ['es'] },
];

export interface SceneryRule {
  rule: SceneryRuleId;
  value?: number;
}

export interface SceneryEntry extends Tagged {
  id: string;
  names: PrintedNames;
  /** Cost in Scenery Points (EDEN-TERRAIN-3: 8 per player). */
  cost: number;
  rules: SceneryRule[];
  special?: string;
  rule: string;
}

const r = (rule: SceneryRuleId, value?: number): SceneryRule => (value === undefined ? { rule } : { rule, value });

/** EDEN-TERRAIN-LIST-1..13, in the order of the ES book («Lista de escenografía»). */
export const SCENERY: readonly SceneryEntry[] = [
  { id: 'tree', names: { en: 'Tree', es: 'Árbol' }, cost: 1, rules: [r('destruction', 3), r('inflammable'), r('obstacle', 1)], rule: 'EDEN-TERRAIN-LIST-1', editions: ['es'] },
  {
    id: 'bushes',
    names: { en: 'Bushes', es: 'Matorrales' },
    cost: 1,
    rules: [r('destruction', 3), r('crossable'), r('inflammable'), r('obstruction', 2)],
    rule: 'EDEN-TERRAIN-LIST-2',
    editions: ['es'],
  },
  {
    id: 'low_wall',
    names: { en: 'Low wall', es: 'Murete' },
    cost: 1,
    rules: [r('destruction', 4), r('crossable'), r('obstacle', 1)],
    rule: 'EDEN-TERRAIN-LIST-3',
    editions: ['es'],
  },
  {
    id: 'ruined_wall',
    names: { en: 'Ruined wall', es: 'Pared en ruinas' },
    cost: 1,
    rules: [r('destruction', 4), r('obstacle', 1)],
    rule: 'EDEN-TERRAIN-LIST-4',
    editions: ['es'],
  },
  { id: 'car_wreck', names: { en: 'Car wreck', es: 'Restos de coche' }, cost: 1, rules: [r('destruction', 8), r('obstacle', 1)], rule: 'EDEN-TERRAIN-LIST-5', editions: ['es'] },
  {
    id: 'dark_forest',
    names: { en: 'Dark forest', es: 'Bosque sombrío' },
    cost: 2,
    rules: [r('destruction', 6), r('inflammable'), r('obstacle', 3), r('obstruction', 2), r('occupation'), r('hostile_presence', 1)],
    rule: 'EDEN-TERRAIN-LIST-6',
    editions: ['es'],
  },
  {
    id: 'pond',
    names: { en: 'Pond', es: 'Estanque' },
    cost: 2,
    rules: [r('obstruction', 2), r('occupation'), r('hostile_presence', 1)],
    rule: 'EDEN-TERRAIN-LIST-7',
    editions: ['es'],
  },
  {
    id: 'devastated_zone',
    names: { en: 'Devastated zone', es: 'Zona devastada' },
    cost: 2,
    rules: [r('obstruction', 2), r('occupation')],
    special: 'Also replaces any destroyed element (EDEN-TERRAIN-R-DESTRUCTION).',
    rule: 'EDEN-TERRAIN-LIST-8',
    editions: ['es'],
  },
  {
    id: 'rubbish_heap',
    names: { en: 'Rubbish heap', es: 'Montón de residuos' },
    cost: 3,
    rules: [r('destruction', 4), r('inflammable'), r('obstacle', 1), r('obstruction', 2), r('occupation')],
    rule: 'EDEN-TERRAIN-LIST-9',
    editions: ['es'],
  },
  {
    id: 'energy_beacon',
    names: { en: 'Energy beacon', es: 'Baliza energética' },
    cost: 3,
    rules: [r('destruction', 3), r('obstacle', 1)],
    special:
      'A fighter within 5 cm (≤ 5) that suffers a ranged Attack gains «Campo giromagnético (Pr): Completa +2» for that attack, added to its other protections (useless against Spray and Explosive).',
    rule: 'EDEN-TERRAIN-LIST-10',
    editions: ['es'],
  },
  {
    id: 'quadristic_idol',
    names: { en: 'Quadristic idol', es: 'Ídolo Cuatrística' },
    cost: 3,
    rules: [r('destruction', 2), r('inflammable'), r('obstacle', 1)],
    special: 'Fighters of the Matriarchy of Sybille cannot attack it; fighters of type Sister (Hermana) get +1 PSI within 10 cm (≤ 10).',
    rule: 'EDEN-TERRAIN-LIST-11',
    editions: ['es'],
  },
  { id: 'lake', names: { en: 'Lake', es: 'Lago' }, cost: 4, rules: [r('swim', 4), r('hostile_presence', 1)], rule: 'EDEN-TERRAIN-LIST-12', editions: ['es'] },
  { id: 'deep_river', names: { en: 'Deep river', es: 'Río profundo' }, cost: 5, rules: [r('swim', 5)], rule: 'EDEN-TERRAIN-LIST-13', editions: ['es'] },
];

/** EDEN-TERRAIN-3: Scenery Points per player. */
export const SCENERY_POINTS = 8;

export function sceneryById(id: string): SceneryEntry | undefined {
  return SCENERY.find((s) => s.id === id);
}

/** The value X of `rule` on an element, or undefined when it lacks the rule (EDEN-TERRAIN-2: default 1). */
export function sceneryRuleValue(entry: SceneryEntry, rule: SceneryRuleId): number | undefined {
  const found = entry.rules.find((x) => x.rule === rule);
  return found ? (found.value ?? 1) : undefined;
}
