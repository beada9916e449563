/**
 * What changed between two army lists (CONTRACT §8.4, POST /v1/eden/rosters/diff): fighters added,
 * removed, and changed member by member. Pure: no I/O.
 *
 * Fighters are matched by proper name (EDEN-ROSTER-4: a band holds one fighter per name; case and
 * accents ignored, as the roster check compares them); a name listed twice is matched in order.
 * A `{"ref"}` entry is compared as the profile it stands for (request `catalog`, league catalog,
 * built-in catalog in the list's printing) with the members sent beside the ref over it, so a list
 * that swaps a reference for the same profile written inline changes nothing, and a new item or a
 * new Value is a change at `/equipment/…` or `/value`. A reference that resolves nowhere is
 * compared as sent, named by its ref.
 */
import { pointer } from '../../../kernel/errors.js';
import { catalogFighter, catalogFighterById, fold, type EditionId } from './catalog/index.js';
import { leagueFighter, type LeagueCatalog } from './catalog/league.js';
import type { RosterEntry } from './roster.js';
import { isRecord } from '../../../kernel/records.js';

export interface DiffSide {
  edition?: EditionId;
  catalog?: { id: string }[];
  league?: LeagueCatalog;
  fighters: RosterEntry[];
  /** Band members compared too (bandType, affiliation, budget, edition, catalogRef). */
  band: Record<string, unknown>;
}

export interface DiffFighter {
  name: string;
  /** Position in its list's `fighters`. */
  index: number;
  /** The entry as the list has it. */
  entry: unknown;
}

export interface MemberChange {
  path: string;
  from: unknown;
  to: unknown;
}

export interface RosterDiff {
  added: DiffFighter[];
  removed: DiffFighter[];
  changed: { name: string; from: number; to: number; changes: MemberChange[] }[];
  /** Changes of the band itself (its type, symbol, budget, edition, catalog): paths from the body root. */
  band: MemberChange[];
}

/** The profile an entry stands for, with the members sent beside a ref over it. */
function resolved(side: DiffSide, given: RosterEntry): Record<string, unknown> {
  const entry: unknown = given;
  if (!isRecord(entry) || typeof entry.ref !== 'string' || entry.limbs !== undefined) return isRecord(entry) ? entry : {};
  const { ref, ...rest } = entry as Record<string, unknown> & { ref: string };
  const own = side.catalog?.find((f) => f.id === ref) as Record<string, unknown> | undefined;
  const league = own ? undefined : (leagueFighter(side.league, ref) as Record<string, unknown> | undefined);
  const builtIn = own || league ? undefined : catalogFighterById(ref);
  const profile = own ?? league ?? (builtIn ? (catalogFighter(builtIn, side.edition ?? 'es') as Record<string, unknown> | undefined) : undefined);
  if (!profile) return { name: ref, ...entry };
  return { ...profile, ...rest };
}

const nameOf = (f: Record<string, unknown>, fallback: string) => (typeof f.name === 'string' && f.name.trim() ? f.name : fallback);

/** Every leaf that differs between `a` and `b`, by JSON pointer (objects by member, arrays by index); a member absent on one side is `null` there. */
export function changes(a: unknown, b: unknown, at: string[] = [], out: MemberChange[] = []): MemberChange[] {
  if (isRecord(a) && isRecord(b)) {
    const keys = [...new Set([...Object.keys(a), ...Object.keys(b)])].sort();
    for (const k of keys) changes(a[k], b[k], [...at, k], out);
    return out;
  }
  if (Array.isArray(a) && Array.isArray(b)) {
    for (let i = 0; i < Math.max(a.length, b.length); i++) changes(a[i], b[i], [...at, String(i)], out);
    return out;
  }
  if (JSON.stringify(a ?? null) !== JSON.stringify(b ?? null)) out.push({ path: pointer(...at), from: a ?? null, to: b ?? null });
  return out;
}

export function diffRosters(from: DiffSide, to: DiffSide): RosterDiff {
  const profiles = (side: DiffSide) =>
    side.fighters.map((entry, index) => {
      const fighter = resolved(side, entry);
      const name = nameOf(fighter, `#${index}`);
      return { index, entry, fighter, name, key: fold(name) };
    });
  const before = profiles(from);
  const after = profiles(to);
  const unmatched = new Map<string, typeof after>();
  for (const f of after) unmatched.set(f.key, [...(unmatched.get(f.key) ?? []), f]);
  const diff: RosterDiff = { added: [], removed: [], changed: [], band: changes(from.band, to.band) };
  const matched = new Set<number>();
  for (const f of before) {
    const twin = unmatched.get(f.key)?.shift();
    if (!twin) {
      diff.removed.push({ name: f.name, index: f.index, entry: f.entry });
      continue;
    }
    matched.add(twin.index);
    const found = changes(f.fighter, twin.fighter);
    if (found.length) diff.changed.push({ name: twin.name, from: f.index, to: twin.index, changes: found });
  }
  for (const f of after) if (!matched.has(f.index)) diff.added.push({ name: f.name, index: f.index, entry: f.entry });
  return diff;
}
