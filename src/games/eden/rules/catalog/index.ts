/** The EDEN catalog: every entry tagged with the printing(s) it comes from (EDEN-DOC-1, EDEN-DOC-3). */
import { normalizeFighter, type Equipment, type Fighter, type LimbProfile } from '../fighter.js';
import { EQUIPMENT_CATEGORIES, EQUIPMENT_EFFECTS, EQUIPMENT_ITEMS } from './equipment.js';
import { FACTIONS, STIGMAS } from './factions.js';
import { EXAMPLE_FIGHTERS, catalogFighterById, type CatalogFighter } from './fighters.js';
import { SCENERY, SCENERY_POINTS, SCENERY_RULES } from './scenery.js';
import { WEATHER_TABLE } from './weather.js';
import type { EditionId } from './types.js';

export * from './types.js';
export * from './factions.js';
export * from './equipment.js';
export * from './scenery.js';
export * from './weather.js';
export * from './fighters.js';

/** The whole catalog, both printings, each entry tagged. */
export function edenCatalog() {
  return {
    editions: [
      { id: 'es', name: 'Spanish edition', contents: 'Basic rules, optional rules (Territory, Infestation, Weather), glossary; 4 factions.' },
      { id: 'de', name: 'German edition', contents: 'Basic rules only («Die Erweiterten Regeln sind Teil der kompletten Version der Regeln»); 6 factions.' },
    ],
    factions: FACTIONS,
    stigmas: STIGMAS,
    equipment: { categories: EQUIPMENT_CATEGORIES, effects: EQUIPMENT_EFFECTS, items: EQUIPMENT_ITEMS },
    scenery: { pointsPerPlayer: SCENERY_POINTS, rules: SCENERY_RULES, elements: SCENERY },
    weather: WEATHER_TABLE,
    fighters: EXAMPLE_FIGHTERS,
  };
}

function item(id: string): Equipment {
  const found = EQUIPMENT_ITEMS.find((i) => i.id === id);
  return found ? { ...found.item } : { name: id, categories: [] };
}

/**
 * A complete catalog fighter as a CONTRACT §2 Fighter in the chosen printing (its Value and name
 * differ: EDEN-CARD-PROFILE-9). Undefined when the printing lacks it or its profile is incomplete.
 */
export function catalogFighter(entry: CatalogFighter, edition: EditionId): Fighter | undefined {
  if (!entry.complete || !entry.editions.includes(edition)) return undefined;
  const value = entry.value?.[edition];
  if (value === undefined) return undefined;
  return normalizeFighter({
    id: entry.id,
    name: entry.names[edition] ?? entry.names.en,
    faction: entry.faction ?? undefined,
    stigma: entry.stigma ?? undefined,
    types: [...entry.types],
    value,
    limbs: entry.limbs as Record<'head' | 'arms' | 'torso' | 'legs', LimbProfile>,
    equipment: entry.equipment.map(item),
  });
}

export { catalogFighterById };
