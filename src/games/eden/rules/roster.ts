/**
 * Band building (EDEN-ROSTER-1..6) and the Strategy Point pool (EDEN-PREP-2). Every problem is
 * reported at once with a stable code and a JSON pointer; an invalid band is a result, not an error.
 */
import { pointer } from '../../../kernel/errors.js';
import { catalogFighter, catalogFighterById, canonicalFaction, canonicalStigma, FACTIONS, fold, type EditionId } from './catalog/index.js';
import { characteristic, isNpc, normalizeFighter, type Fighter, type FighterInput } from './fighter.js';
import { leagueFighter, type LeagueCatalog } from './catalog/league.js';

export type BandType = 'faction' | 'stigma';
export type RosterEntry = FighterInput | { ref: string };

export interface RosterInput {
  edition?: EditionId;
  bandType: BandType;
  /** The symbol chosen for the band (EDEN-ROSTER-2); inferred when every fighter shares one. */
  affiliation?: string;
  /** EDEN-ROSTER-3/5: 100 unless the players agree on more. */
  budget?: number;
  /** The caller's own profiles, looked up by `id` before the built-in catalog. */
  catalog?: FighterInput[];
  /** A league's stored catalog (CONTRACT §8.4, `catalogRef`): after `catalog`, before the built-in one. */
  league?: LeagueCatalog;
  fighters: RosterEntry[];
}

export interface RosterProblem {
  code: string;
  path: string;
  message: string;
}

export interface RosterFighter {
  index: number;
  id: string;
  name: string;
  value: number;
  faction: string | null;
  stigma: string | null;
  psi: number;
}

export interface RosterResult {
  valid: boolean;
  errors: RosterProblem[];
  warnings: RosterProblem[];
  bandType: BandType;
  affiliation: string | null;
  totals: { value: number; budget: number; strategyPoints: number };
  fighters: RosterFighter[];
}

const DEFAULT_BUDGET = 100;
/** EDEN-ROSTER-5: advised ceiling (ES «no sobrepasar los 200» / DE «unter 200 Punkten»). */
const ADVISED_BUDGET = 200;

/**
 * JSON pointers in document order (CONTRACT §8.4): segment by segment, array indexes as numbers
 * (`/fighters/2` before `/fighters/10`), a pointer before the pointers under it.
 */
export function comparePaths(a: string, b: string): number {
  if (a === b) return 0;
  const sa = a.split('/');
  const sb = b.split('/');
  for (let i = 1; i < Math.max(sa.length, sb.length); i++) {
    const x = sa[i];
    const y = sb[i];
    if (x === undefined) return -1;
    if (y === undefined) return 1;
    if (x === y) continue;
    const nx = /^(0|[1-9]\d*)$/.test(x);
    const ny = /^(0|[1-9]\d*)$/.test(y);
    if (nx && ny) return Number(x) - Number(y);
    if (nx !== ny) return nx ? -1 : 1;
    return x < y ? -1 : 1;
  }
  return 0;
}

/** Problems ordered by `path` (comparePaths); problems at one path keep their order. */
export function byPath<T extends { path: string }>(problems: readonly T[]): T[] {
  return problems
    .map((p, i) => [p, i] as const)
    .sort(([a, i], [b, j]) => comparePaths(a.path, b.path) || i - j)
    .map(([p]) => p);
}

function isRef(entry: RosterEntry): entry is { ref: string } {
  return typeof (entry as { ref?: unknown }).ref === 'string';
}

interface Resolved {
  index: number;
  fighter: Fighter;
  /** Member a problem about this entry points at: the ref, or the fighter's own member. */
  at: (member: string) => string;
}

/** EDEN-PREP-2: Σ current PSI; a Stigma band halves the total (not each fighter) and rounds up (EDEN-ROUND-1). */
export function strategyPoints(fighters: readonly Fighter[], bandType: BandType): number {
  let sum = 0;
  for (const f of fighters) sum += characteristic(f, 'PSI');
  const pool = bandType === 'stigma' ? Math.ceil(sum / 2) : sum;
  return Math.max(0, pool);
}

export function validateRoster(input: RosterInput): RosterResult {
  const edition = input.edition ?? 'es';
  const budget = input.budget ?? DEFAULT_BUDGET;
  const errors: RosterProblem[] = [];
  const warnings: RosterProblem[] = [];
  const problem = (list: RosterProblem[], code: string, path: string, message: string) => list.push({ code, path, message });

  // EDEN-ROSTER-5: any agreed budget is allowed; above the advice is only a warning (DE: «unter 200» → 200 itself warns)
  if (edition === 'de' ? budget >= ADVISED_BUDGET : budget > ADVISED_BUDGET) {
    problem(
      warnings,
      'budget_above_advice',
      '/budget',
      `A budget of ${budget} is allowed by agreement, but the ${edition === 'de' ? 'DE book advises staying under' : 'ES book advises not exceeding'} ${ADVISED_BUDGET} points (EDEN-ROSTER-5).`,
    );
  }

  if (input.fighters.length === 0) {
    problem(errors, 'empty_roster', '/fighters', 'A band needs at least one fighter (EDEN-ROSTER-1).');
  }

  // Resolve references: the caller's catalog first, then the built-in one for this printing.
  const own = new Map<string, { fighter: FighterInput; at: number }>();
  (input.catalog ?? []).forEach((f, at) => {
    if (!own.has(f.id)) own.set(f.id, { fighter: f, at });
  });
  const resolved: Resolved[] = [];
  input.fighters.forEach((entry, index) => {
    if (isRef(entry)) {
      const refPath = pointer('fighters', index, 'ref');
      const mine = own.get(entry.ref);
      if (mine) {
        // EDEN-CARD-PROFILE-9: the budget needs the Value
        if (mine.fighter.value === undefined) {
          problem(errors, 'missing_value', pointer('catalog', mine.at, 'value'), `${mine.fighter.name} (referenced at ${refPath}) has no Value (EDEN-CARD-PROFILE-9).`);
        }
        resolved.push({ index, fighter: normalizeFighter(mine.fighter), at: () => refPath });
        return;
      }
      // CONTRACT §8.4: the league's stored catalog, by id or printed name
      const league = leagueFighter(input.league, entry.ref);
      if (league) {
        resolved.push({ index, fighter: normalizeFighter(league), at: () => refPath });
        return;
      }
      const builtIn = catalogFighterById(entry.ref);
      if (!builtIn || !builtIn.editions.includes(edition)) {
        problem(
          errors,
          'unknown_fighter',
          refPath,
          `No fighter "${entry.ref}" in the request catalog${input.league ? ', the league catalog' : ''} or the ${edition.toUpperCase()} catalog.`,
        );
        return;
      }
      const fighter = catalogFighter(builtIn, edition);
      if (!fighter) {
        problem(
          errors,
          'incomplete_profile',
          refPath,
          `"${entry.ref}" appears only in a worked example; the rulebooks do not print its full profile and Value, so send the fighter itself.`,
        );
        return;
      }
      resolved.push({ index, fighter, at: () => refPath });
      return;
    }
    // EDEN-CARD-PROFILE-9: the Value is what the budget counts, so a fighter sent without one cannot be checked
    if (entry.value === undefined) {
      problem(errors, 'missing_value', pointer('fighters', index, 'value'), `${entry.name} has no Value (EDEN-CARD-PROFILE-9), so the budget cannot be checked.`);
    }
    resolved.push({ index, fighter: normalizeFighter(entry), at: (member) => pointer('fighters', index, member) });
  });

  // EDEN-ROSTER-6 / EDEN-NPC-1: NPCs can never be recruited
  const recruits: Resolved[] = [];
  for (const r of resolved) {
    const npcSymbol = r.fighter.faction !== undefined && canonicalFaction(r.fighter.faction) === 'npc';
    if (isNpc(r.fighter) || npcSymbol) {
      problem(errors, 'not_recruitable', pointer('fighters', r.index), `${r.fighter.name} is a non-player fighter (NPC) and can never be recruited (EDEN-ROSTER-6).`);
    } else {
      recruits.push(r);
    }
  }

  // EDEN-ROSTER-4: one fighter per proper name (enforced in both printings; accents and case ignored)
  const firstByName = new Map<string, number>();
  for (const r of recruits) {
    const key = fold(r.fighter.name);
    const first = firstByName.get(key);
    if (first === undefined) firstByName.set(key, r.index);
    else problem(errors, 'duplicate_name', r.at('name'), `${r.fighter.name} is already in the band at /fighters/${first}; each proper name may appear once (EDEN-ROSTER-4).`);
  }

  // EDEN-ROSTER-1/2: every fighter shares the band's Faction (or Stigma) symbol
  const kind = input.bandType;
  const member = kind === 'faction' ? 'faction' : 'stigma';
  const wrongCode = kind === 'faction' ? 'wrong_faction' : 'wrong_stigma';
  const canon = kind === 'faction' ? canonicalFaction : canonicalStigma;
  const symbolOf = (f: Fighter): string | null => {
    const s = kind === 'faction' ? f.faction : f.stigma;
    return s === undefined || s.trim() === '' ? null : canon(s);
  };
  const chosen = input.affiliation !== undefined ? canon(input.affiliation) : null;
  const symbols = new Set<string>();
  for (const r of recruits) {
    const s = symbolOf(r.fighter);
    if (s === null) {
      problem(errors, wrongCode, r.at(member), `${r.fighter.name} has no ${member} symbol, so it cannot join a ${kind} band (EDEN-ROSTER-2).`);
      continue;
    }
    symbols.add(s);
    if (chosen !== null && s !== chosen) {
      problem(errors, wrongCode, r.at(member), `${r.fighter.name} has the ${member} "${s}" but the band's symbol is "${chosen}" (EDEN-ROSTER-2).`);
    }
  }
  if (symbols.size > 1) {
    problem(errors, 'mixed_band', '/fighters', `A ${kind} band must share one ${member} symbol; this one mixes ${[...symbols].join(', ')} (EDEN-ROSTER-1/2).`);
  }
  const affiliation = chosen ?? (symbols.size === 1 ? [...symbols][0]! : null);
  if (kind === 'faction' && affiliation !== null) {
    const known = FACTIONS.find((f) => f.id === affiliation);
    if (known && !known.editions.includes(edition)) {
      problem(
        warnings,
        'faction_not_in_edition',
        input.affiliation !== undefined ? '/affiliation' : '/fighters',
        `The ${edition.toUpperCase()} printing does not list the faction "${affiliation}" (EDEN-CARD-PROFILE-2: factions are open data).`,
      );
    }
  }

  // EDEN-ROSTER-3: Σ Value ≤ budget; over by even 1 point is illegal
  let value = 0;
  for (const r of recruits) value += r.fighter.value;
  if (value > budget) {
    problem(errors, 'over_budget', '/fighters', `The band costs ${value} points, over the budget of ${budget} by ${value - budget} (EDEN-ROSTER-3).`);
  }

  return {
    valid: errors.length === 0,
    errors: byPath(errors),
    warnings: byPath(warnings),
    bandType: kind,
    affiliation,
    totals: {
      value,
      budget,
      strategyPoints: strategyPoints(
        recruits.map((r) => r.fighter),
        kind,
      ),
    },
    fighters: recruits.map((r) => ({
      index: r.index,
      id: r.fighter.id,
      name: r.fighter.name,
      value: r.fighter.value,
      faction: r.fighter.faction ?? null,
      stigma: r.fighter.stigma ?? null,
      psi: characteristic(r.fighter, 'PSI'),
    })),
  };
}
