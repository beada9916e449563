/** Request and response schemas of a league's stored catalogs (CONTRACT §8.4), shared by REST and GraphQL. */
import { Type } from '@sinclair/typebox';
import { EquipmentSchema, FighterSchema } from '../../games/eden/operations/schemas.js';
import { MAX_ROSTER_FIGHTERS } from '../../games/eden/operations/roster.operation.js';
import { DEFAULT_CATALOG_LIMITS } from './catalogs.js';
import { typedForGraphql } from '../../kernel/schemas/graphql-view.js';

const { ref: _ref, wounds: _wounds, markers: _markers, ap: _ap, value: _value, ...profile } = FighterSchema.properties;

/** A profile card of the league's catalog: a Fighter without state, its Value required (the budget counts it). */
const CatalogFighterSchema = Type.Object(
  { ...profile, value: Type.Integer({ minimum: 0, maximum: 1000, description: 'Points cost (Valor, EDEN-CARD-PROFILE-9): what a band budget counts.' }) },
  { title: 'LeagueFighter', description: 'A full profile (CONTRACT §2 without state): `id`, `name`, `value`, `limbs`, and the rest as a Fighter.' },
);

const MAX_CATALOG_ITEMS = MAX_ROSTER_FIGHTERS;

export const CatalogBodySchema = Type.Object(
  {
    name: Type.String({ minLength: 1, maxLength: 200, description: 'What the league calls it (e.g. "Winter league 2026").' }),
    fighters: Type.Array(CatalogFighterSchema, { minItems: 1, maxItems: MAX_CATALOG_ITEMS, description: 'Full profiles: unique `id`s and names; faces partition 1..6.' }),
    equipment: Type.Optional(
      Type.Array(EquipmentSchema, {
        maxItems: MAX_CATALOG_ITEMS,
        description: 'Items the league prints, unique by name: a text list naming one in brackets (`Vladd [Chain]`) gets its profile; a JSON list is used as sent.',
      }),
    ),
  },
  {
    title: 'LeagueCatalogRequest',
    description: `Stored as sent: at most MAX_STORED_CATALOG_BYTES (default ${DEFAULT_CATALOG_LIMITS.maxCatalogBytes}) bytes of JSON; one API key stores at most MAX_STORED_CATALOG_VERSIONS_PER_KEY (default ${DEFAULT_CATALOG_LIMITS.maxVersionsPerKey}) versions.`,
  },
);

export const CatalogSaved = Type.Object(
  {
    id: Type.String({ description: 'Random and unguessable; the same for every version.' }),
    version: Type.Integer({ minimum: 1, description: '1 when created; each PUT adds one.' }),
    sha256: Type.String({ description: 'Hex SHA-256 of the canonical JSON of the catalog as stored (keys sorted recursively, no spaces): what receipts name.' }),
    createdAt: Type.String({ format: 'date-time' }),
  },
  { title: 'CatalogVersionSaved' },
);

export const CatalogView = Type.Object(
  {
    id: Type.String(),
    version: Type.Integer({ minimum: 1 }),
    latestVersion: Type.Integer({ minimum: 1, description: 'The newest version of this catalog.' }),
    sha256: Type.String({ description: 'Hex SHA-256 of the canonical JSON of `{name, fighters, equipment?}` as stored.' }),
    createdAt: Type.String({ format: 'date-time', description: 'When this version was stored.' }),
    // REST answers the catalog as stored (its hash covers every member sent); GraphQL types it by the schema it was stored under
    catalog: typedForGraphql(Type.Object({}, { additionalProperties: true, description: 'The catalog as stored (`name`, `fighters`, `equipment`).' }), {
      ...CatalogBodySchema,
      title: 'LeagueCatalogContent',
      description: 'A league catalog as stored: `name`, `fighters`, `equipment`.',
    }),
  },
  { title: 'LeagueCatalog' },
);

export const CatalogIdParams = Type.Object({ id: Type.String({ minLength: 1, maxLength: 100 }) });
export const CatalogVersionQuery = Type.Object({
  version: Type.Optional(Type.Integer({ minimum: 1, maximum: 1_000_000_000, description: 'The version to read; absent → the latest.' })),
});
