/** `eden.catalog` — GET /v1/eden/catalog: EDEN reference data of both printings, each entry tagged. */
import { Type } from '@sinclair/typebox';
import { defineOperation } from '../../../kernel/operation.js';
import { SummarySchema } from '../../../kernel/schemas/common.js';
import { tr } from './phase-common.js';
import { CatalogSchema } from './catalog-schemas.js';
import { edenCatalog } from '../rules/catalog/index.js';

export const edenCatalogOperation = defineOperation({
  id: 'eden.catalog',
  method: 'GET',
  path: '/v1/eden/catalog',
  graphql: { name: 'edenCatalog' },
  tags: ['eden'],
  summary: 'EDEN catalog: factions, stigmas, equipment keywords, scenery with costs, weather table, example fighters.',
  description: [
    'Both printings in one document; every entry has `editions` (`["es"]`, `["de"]` or both) — filter client-side (no `?edition=`).',
    '- Factions (EDEN-CARD-PROFILE-2 EDITION NOTE): ES 4, DE 6 (Konvoi, Resistance); the NPC symbol (EDEN-NPC-1) is not recruitable.',
    '- Stigmas (EDEN-CARD-PROFILE-10) with ES and DE («Leitmotiv») names.',
    "- Equipment categories and effect keywords (EDEN-EQUIP-*, EDEN-EFFECT-*) as each book spells them; the only item profiles printed (Helmet, the Energy beacon's Gyromagnetic field), and Yuri's Molotov and Throwing knives (names only; categories from DE).",
    '- Scenery rules and the 13-element list with Scenery Point costs (EDEN-TERRAIN-R-*, EDEN-TERRAIN-LIST-1..13; ES only; 8 points per player).',
    '- Weather table (EDEN-WEATHER-1..8; ES only) with machine-readable effects.',
    '- Example fighters (§20): `yuri` is complete (Value 25 ES / 20 DE; arms, torso and legs boxes/faces taken from the CONTRACT §2 example, the books print only the head) and usable as roster `{"ref": "yuri"}`; Vladd, Abama, Ngobo and Elenia are listed with the few values their worked examples give (`complete: false`).',
  ].join('\n'),
  response: Type.Object(
    {
      ...CatalogSchema,
      summary: SummarySchema,
    },
    { additionalProperties: true },
  ),
  handle(_input, ctx) {
    const c = edenCatalog();
    const summary = tr(
      {
        en: `EDEN catalog, ES and DE printings (EDEN-DOC-1): ${c.factions.length} factions (EDEN-CARD-PROFILE-2), ${c.stigmas.length} stigmas (EDEN-CARD-PROFILE-10), ${c.scenery.elements.length} scenery elements (EDEN-TERRAIN-LIST), ${c.weather.length} weather rows (EDEN-WEATHER-1), ${c.fighters.length} example fighters.`,
        es: `Catálogo de EDEN, ediciones ES y DE (EDEN-DOC-1): ${c.factions.length} facciones (EDEN-CARD-PROFILE-2), ${c.stigmas.length} estigmas (EDEN-CARD-PROFILE-10), ${c.scenery.elements.length} elementos de escenografía (EDEN-TERRAIN-LIST), ${c.weather.length} condiciones climáticas (EDEN-WEATHER-1), ${c.fighters.length} combatientes de ejemplo.`,
        de: `EDEN-Katalog, ES- und DE-Ausgabe (EDEN-DOC-1): ${c.factions.length} Fraktionen (EDEN-CARD-PROFILE-2), ${c.stigmas.length} Leitmotive (EDEN-CARD-PROFILE-10), ${c.scenery.elements.length} Geländestücke (EDEN-TERRAIN-LIST), ${c.weather.length} Wetterzeilen (EDEN-WEATHER-1), ${c.fighters.length} Beispielkämpfer.`,
      },
      ctx.lang,
    );
    return { ...c, summary };
  },
});
