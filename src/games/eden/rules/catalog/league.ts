/**
 * A league's own card data (CONTRACT §8.4): a stored catalog of full fighter profiles (and the
 * equipment the league prints), looked up by `{"ref"}` entries when a body names it with
 * `catalogRef`. The built-in catalog prints one complete fighter (Yûri, EDEN-CARD-PROFILE-9); a
 * league's catalog completes it with the profiles its players recruit. Pure: no I/O.
 *
 * A reference resolves in the request's own `catalog`, then in the league catalog (by `id`, else by
 * printed name, case and accents ignored, as a text list writes it), then in the built-in catalog.
 */
import { pointer, type InputProblem } from '../../../../kernel/errors.js';
import { fighterProblems } from '../checks.js';
import type { Equipment, FighterInput } from '../fighter.js';
import { fold } from './factions.js';
import { isRecord } from '../../../../kernel/records.js';

/** The body of a stored catalog: its name, its fighters (full profiles) and equipment. */
export interface LeagueCatalog {
  name: string;
  fighters: FighterInput[];
  equipment?: Equipment[];
}

interface Index {
  byId: Map<string, FighterInput>;
  byName: Map<string, FighterInput>;
}

const indexes = new WeakMap<LeagueCatalog, Index>();

function indexOf(catalog: LeagueCatalog): Index {
  let index = indexes.get(catalog);
  if (!index) {
    index = { byId: new Map(), byName: new Map() };
    for (const f of catalog.fighters) {
      if (!index.byId.has(f.id)) index.byId.set(f.id, f);
      const name = fold(f.name);
      if (!index.byName.has(name)) index.byName.set(name, f);
    }
    indexes.set(catalog, index);
  }
  return index;
}

/** The league profile a `{"ref"}` names: by id, else by printed name (case and accents ignored). */
export function leagueFighter(catalog: LeagueCatalog | undefined, ref: string): FighterInput | undefined {
  if (!catalog) return undefined;
  const index = indexOf(catalog);
  return index.byId.get(ref) ?? index.byName.get(fold(ref));
}

/**
 * What a schema cannot say about a catalog body, every problem at once with its JSON pointer:
 * fighter ids are unique (`duplicate_id`), names too (`duplicate_name`: a reference by name must
 * name one profile), every profile's location faces partition 1..6 (CONTRACT §2: `duplicate_face`,
 * `incomplete_index`), and equipment names are unique (`duplicate_equipment`).
 */
export function leagueCatalogProblems(catalog: LeagueCatalog): InputProblem[] {
  const problems: InputProblem[] = [];
  const ids = new Map<string, number>();
  const names = new Map<string, number>();
  // also on a body its schema refuses (every problem is listed at once): entries of the wrong shape are the schema's to report
  const fighters = Array.isArray(catalog?.fighters) ? catalog.fighters : [];
  fighters.forEach((f, i) => {
    if (!isRecord(f) || typeof f.id !== 'string' || typeof f.name !== 'string') return;
    const sameId = ids.get(f.id);
    if (sameId !== undefined) {
      problems.push({
        path: pointer('fighters', i, 'id'),
        code: 'duplicate_id',
        message: `The id "${f.id}" is already used at /fighters/${sameId}; a reference must name one profile.`,
      });
    } else ids.set(f.id, i);
    const name = fold(f.name);
    const sameName = names.get(name);
    if (sameName !== undefined) {
      problems.push({
        path: pointer('fighters', i, 'name'),
        code: 'duplicate_name',
        message: `"${f.name}" is already the name of /fighters/${sameName}; a text list names fighters by name, so each name may appear once (EDEN-ROSTER-4).`,
      });
    } else names.set(name, i);
    if (hasIndex(f)) problems.push(...fighterProblems(f, 'fighters', i));
  });
  const items = new Map<string, number>();
  (Array.isArray(catalog?.equipment) ? catalog.equipment : []).forEach((item, i) => {
    if (!isRecord(item) || typeof item.name !== 'string') return;
    const key = fold(item.name);
    const same = items.get(key);
    if (same !== undefined) {
      problems.push({ path: pointer('equipment', i, 'name'), code: 'duplicate_equipment', message: `"${item.name}" is already listed at /equipment/${same}.` });
    } else items.set(key, i);
  });
  return problems;
}

/** Four limbs, each with a list of integer faces: what the partition check reads. */
const hasIndex = (f: Record<string, any>) =>
  isRecord(f.limbs) && ['head', 'arms', 'torso', 'legs'].every((l) => isRecord(f.limbs[l]) && Array.isArray(f.limbs[l].faces) && f.limbs[l].faces.every(Number.isInteger));

/** The league's item a text list names (`[Name]`), by name, case and accents ignored. */
export function leagueItem(catalog: LeagueCatalog | undefined, name: string): Equipment | undefined {
  const key = fold(name);
  return catalog?.equipment?.find((item) => fold(item.name) === key);
}
