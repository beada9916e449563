/**
 * The catalog names of a plain-text list (CONTRACT §7.4), shared by the parser (roster-text.ts) and
 * the writer (roster-text-format.ts): fighters and equipment items by catalog id or printed name,
 * ignoring case and accents, and the ids of stored league catalogs a band line may name.
 */
import { EQUIPMENT_ITEMS, EXAMPLE_FIGHTERS, fold } from './catalog/index.js';
import type { Equipment } from './fighter.js';

/** Ids of stored catalogs as the service makes them, and as a text line can hold them. */
export const CATALOG_ID = /^[A-Za-z0-9_-]{1,100}$/;

/**
 * Catalog entries by folded id or printed name, the first entry in catalog order winning (as a
 * search of the catalog would): one lookup per name, however long the list.
 */
function byFoldedName<T extends { id: string; names: object }>(entries: readonly T[]): Map<string, T> {
  const index = new Map<string, T>();
  for (const entry of entries) {
    for (const name of [entry.id, ...(Object.values(entry.names) as (string | undefined)[])]) {
      if (name === undefined) continue;
      const key = fold(name);
      if (!index.has(key)) index.set(key, entry);
    }
  }
  return index;
}

let fightersByName: Map<string, (typeof EXAMPLE_FIGHTERS)[number]> | undefined;
let itemsByName: Map<string, (typeof EQUIPMENT_ITEMS)[number]> | undefined;

export function fighterRef(name: string): string {
  fightersByName ??= byFoldedName(EXAMPLE_FIGHTERS);
  return fightersByName.get(fold(name))?.id ?? name;
}

export function equipmentItem(name: string): Equipment {
  itemsByName ??= byFoldedName(EQUIPMENT_ITEMS);
  const found = itemsByName.get(fold(name));
  return found ? structuredClone(found.item) : { name, categories: [] };
}
