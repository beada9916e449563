/**
 * EDEN fighter model (CONTRACT §2; digest §3, §14, §15): limbs, wounds, current characteristics,
 * protection. Pure and immutable: every change returns a new fighter.
 */

export type Limb = 'head' | 'arms' | 'torso' | 'legs';
export const LIMBS: readonly Limb[] = ['head', 'arms', 'torso', 'legs'];

export type Characteristic = 'PSI' | 'CBT' | 'VIG' | 'RAP';

/** Limb → characteristic is fixed (CONTRACT §2). */
export const LIMB_CHARACTERISTIC: Readonly<Record<Limb, Characteristic>> = {
  head: 'PSI',
  arms: 'CBT',
  torso: 'VIG',
  legs: 'RAP',
};
const CHARACTERISTIC_LIMB: Readonly<Record<Characteristic, Limb>> = {
  PSI: 'head',
  CBT: 'arms',
  VIG: 'torso',
  RAP: 'legs',
};

export interface LimbProfile {
  /** White PC boxes. */
  white: number;
  /** Red PC boxes (0 → the limb can never be Wounded, EDEN-WOUND-3). */
  red: number;
  /** Location faces that hit this limb; the four limbs partition 1..6. */
  faces: number[];
  /** White (Normal) value of the linked characteristic. */
  normal: number;
  /** Red (Wounded) value of the linked characteristic. */
  wounded: number;
}

export type EquipmentCategory = 'shooting' | 'thrown' | 'spray' | 'protection' | 'tech';
export type Modifiers = Partial<Record<Characteristic, number>>;

export interface Equipment {
  name: string;
  categories: string[];
  protection?: { limbs: Limb[] | 'all'; value: number };
  bonus?: Modifiers;
  range?: number;
  potency?: number;
  fire?: number;
  fear?: number;
  explosive?: number;
  perGame?: number;
  perTurn?: number;
}

export type MarkerKind = 'fire' | 'fear' | 'rage' | 'slow' | 'poison';
const MARKER_KINDS: readonly MarkerKind[] = ['fire', 'fear', 'rage', 'slow', 'poison'];
export type Markers = Record<MarkerKind, number>;
export type Wounds = Record<Limb, number>;

export interface Fighter {
  id: string;
  name: string;
  faction?: string;
  stigma?: string;
  types: string[];
  value: number;
  limbs: Record<Limb, LimbProfile>;
  equipment: Equipment[];
  wounds: Wounds;
  markers: Markers;
  ap: number;
  /** Non-player fighter (EDEN-NPC); also true when `types` contains "npc". */
  npc?: boolean;
  /** Added to fighters in responses. */
  outOfAction?: boolean;
}

/** Fighter as a request may send it: wounds, markers, ap, equipment, types optional. */
export type FighterInput = Omit<Fighter, 'wounds' | 'markers' | 'ap' | 'equipment' | 'types' | 'value'> & {
  wounds?: Partial<Wounds>;
  markers?: Partial<Markers>;
  ap?: number;
  equipment?: Equipment[];
  types?: string[];
  value?: number;
};

/** Fill defaults: wounds and markers zero, ap 3 (CONTRACT §2). Extra members are kept as sent. */
export function normalizeFighter(input: FighterInput | Fighter): Fighter {
  const w = input.wounds ?? {};
  const m = input.markers ?? {};
  // Same members, order and values as `{ ...input, types, value, equipment, wounds, markers, ap }`.
  const f = cloneRecord(input) as Fighter;
  f.types = input.types ?? [];
  f.value = input.value ?? 0;
  f.equipment = input.equipment ?? [];
  f.wounds = { head: w.head ?? 0, arms: w.arms ?? 0, torso: w.torso ?? 0, legs: w.legs ?? 0 };
  f.markers = { fire: m.fire ?? 0, fear: m.fear ?? 0, rage: m.rage ?? 0, slow: m.slow ?? 0, poison: m.poison ?? 0 };
  f.ap = input.ap ?? 3;
  return f;
}

/**
 * A shallow copy of `source` (own enumerable members, in order), as `{ ...source }` makes it, that
 * can be given new members cheaply: V8 adds members to a spread copy through a slow path (µs per
 * object), not to an `Object.assign` copy. A `__proto__` member (only possible from a parser that
 * keeps it) is copied by the spread, which defines it rather than setting the prototype.
 */
function cloneRecord<T extends object>(source: T): T {
  return Object.hasOwn(source, '__proto__') ? { ...source } : Object.assign({}, source);
}

/** `{ ...source, ...extra }` (same members, order and values), through `cloneRecord`. */
export function withMembers<T extends object, U extends object>(source: T, extra: U): Omit<T, keyof U> & U {
  const copy = cloneRecord(source) as Record<string, unknown>;
  for (const key of Object.keys(extra)) copy[key] = (extra as Record<string, unknown>)[key];
  return copy as Omit<T, keyof U> & U;
}

export function isNpc(f: Fighter): boolean {
  return f.npc === true || f.types.includes('npc');
}

export function boxes(f: Fighter, limb: Limb): number {
  const l = f.limbs[limb];
  return l.white + l.red;
}

/** EDEN-WOUND-2: Wounded when every white box is marked and a red box is left (needs red > 0, EDEN-WOUND-3). */
export function isWounded(f: Fighter, limb: Limb): boolean {
  const l = f.limbs[limb];
  return l.red > 0 && f.wounds[limb] >= l.white && f.wounds[limb] < l.white + l.red;
}

/** EDEN-WOUND-4 / EDEN-AMB-1: out of action as soon as any one limb has all its boxes marked. */
export function isOutOfAction(f: Fighter): boolean {
  for (const limb of LIMBS) if (f.wounds[limb] >= boxes(f, limb)) return true;
  return false;
}

/**
 * EDEN-CHAR-1: current value = white/red value by limb state (EDEN-WOUND-2), + equipment bonus and
 * caller modifiers, Poison −1 however many markers (EDEN-STATE-POISON-1), Rage +N CBT/RAP and −N
 * VIG/PSI (EDEN-STATE-RAGE-1); a fractional result rounds up (EDEN-ROUND-1).
 */
export function characteristic(f: Fighter, c: Characteristic, ...modifiers: (Modifiers | undefined)[]): number {
  const limb = CHARACTERISTIC_LIMB[c];
  const profile = f.limbs[limb];
  let value = isWounded(f, limb) ? profile.wounded : profile.normal;
  // EDEN-STATE-POISON-1: a flat −1, not per marker
  if (f.markers.poison > 0) value -= 1;
  // EDEN-STATE-RAGE-1
  const rage = f.markers.rage;
  if (rage > 0) value += c === 'CBT' || c === 'RAP' ? rage : -rage;
  for (const m of modifiers) {
    const add = m?.[c];
    if (add) value += add;
  }
  return Math.ceil(value);
}

/** EDEN-ROLL-6: the limb whose location faces contain `face` (null if the profile leaves it out). */
export function limbForFace(f: Fighter, face: number): Limb | null {
  for (const limb of LIMBS) if (f.limbs[limb].faces.includes(face)) return limb;
  return null;
}

/** EDEN-EQUIP-3: the sum of every protection covering `limb` (covering the same limb adds up). */
export function protectionFor(f: Fighter, limb: Limb): number {
  let total = 0;
  for (const e of f.equipment) {
    const p = e.protection;
    if (!p) continue;
    if (p.limbs === 'all' || p.limbs.includes(limb)) total += p.value;
  }
  return total;
}

export interface MarkResult {
  fighter: Fighter;
  /** Wounds the hit inflicted before protection. */
  inflicted: number;
  /** Protection counted against this hit (0 when ignored). */
  protection: number;
  /** Boxes actually marked: PC lost (EDEN-WOUND-5). */
  marked: number;
}

/**
 * EDEN-WOUND-5: subtract protection once from the hit's total (unless ignored), then mark boxes
 * white first then red, never beyond the limb's boxes (EDEN-WOUND-4: extra wounds are discarded).
 */
export function markWounds(f: Fighter, limb: Limb, wounds: number, options: { ignoreProtection?: boolean } = {}): MarkResult {
  const protection = options.ignoreProtection ? 0 : protectionFor(f, limb);
  const net = Math.max(0, wounds - protection);
  const free = Math.max(0, boxes(f, limb) - f.wounds[limb]);
  const marked = Math.min(net, free);
  if (marked === 0) return { fighter: f, inflicted: wounds, protection, marked: 0 };
  return {
    fighter: { ...f, wounds: { ...f.wounds, [limb]: f.wounds[limb] + marked } },
    inflicted: wounds,
    protection,
    marked,
  };
}

/** Add markers (Fire (X), Fear (X) …). */
export function addMarkers(f: Fighter, add: Partial<Markers>): Fighter {
  let changed = false;
  const markers = { ...f.markers };
  for (const kind of MARKER_KINDS) {
    const n = add[kind];
    if (n) {
      markers[kind] += n;
      changed = true;
    }
  }
  return changed ? { ...f, markers } : f;
}

/** The fighter as responses return it: with `outOfAction` (CONTRACT §2). */
export function withOutOfAction(f: Fighter): Fighter {
  const out = cloneRecord(f);
  out.outOfAction = isOutOfAction(f);
  return out;
}

/** The equipment item named `name` (exact match first, then case-insensitive). */
export function findEquipment(f: Fighter, name: string): Equipment | undefined {
  return f.equipment.find((e) => e.name === name) ?? f.equipment.find((e) => e.name.toLowerCase() === name.toLowerCase());
}
