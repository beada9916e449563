/**
 * `"catalogRef": {"id", "version"?}` (CONTRACT §8.4): a body that may hold `{"ref"}` fighters may
 * name a league's stored catalog, whose profiles its references then resolve to (after the body's
 * own `catalog`, before the built-in one).
 *
 * Looking a catalog up is I/O, and the body validator is synchronous, so a transport looks it up
 * first (`attachCatalogRef`, before the body is validated: REST's preValidation, GraphQL's resolver,
 * the stored-list routes) and keeps the result on the `catalogRef` object itself under a symbol,
 * which no schema, serialiser or hash sees. During validation the `catalog-ref` resolver reports a
 * catalog that was not found at `…/catalogRef/id` (or `/version`) beside every other problem of the
 * body, and the `eden-fighter` resolver (src/games/eden/operations/schemas.ts) completes `{"ref"}` fighters from
 * the catalog found. Where nothing looked the catalog up (a match command, a simulation request),
 * `catalogRef` is a 400 `catalog_ref_unsupported`: the fighters must be sent themselves there.
 */
import { Type, type TSchema } from '@sinclair/typebox';
import type { LeagueCatalog } from '../rules/catalog/league.js';
import { defineResolver } from '../../../kernel/validate.js';
import type { Operation } from '../../../kernel/operation.js';
import { isRecord } from '../../../kernel/records.js';

/** What a `catalogRef` resolved to: the version used and its hash (what receipts name), and the catalog. */
export type CatalogResolution =
  { ok: true; ref: { id: string; version: number; sha256: string }; catalog: LeagueCatalog } | { ok: false; member: 'id' | 'version'; code: string; message: string };

/** The lookup a transport gives `attachCatalogRef` (CatalogService.resolve). */
export interface CatalogLookup {
  resolve(ref: { id: string; version?: number }): Promise<CatalogResolution>;
}

const RESOLVED = Symbol('catalogRef resolved');

/** What `attachCatalogRef` kept on a `catalogRef` object (under RESOLVED: no schema, serialiser or hash sees it). */
const resolvedOf = (ref: object): CatalogResolution | undefined => (ref as { [RESOLVED]?: CatalogResolution })[RESOLVED];

/** Ids the service makes (uuids) and anything like them: another id (NUL, 101 characters…) names nothing and is never looked up. */
export const STORED_ID = /^[A-Za-z0-9_-]{1,100}$/;

export const CatalogRefSchema = Type.Object(
  {
    id: Type.String({ minLength: 1, maxLength: 100, description: 'The id answered by POST /v1/eden/catalogs.' }),
    version: Type.Optional(Type.Integer({ minimum: 1, maximum: 1_000_000_000, description: 'A version of it; absent → the latest.' })),
  },
  {
    title: 'CatalogRef',
    'x-resolve': 'catalog-ref',
    description:
      'A league\'s stored catalog (CONTRACT §8.4): `{"ref"}` fighters resolve in the body\'s `catalog`, then in this catalog (by id, else by name), then in the built-in one. Unknown id or version → 400 `unknown_catalog` at `…/catalogRef/id` or `/version`. Receipts name the version used and its SHA-256 (`catalog`).',
  },
);

/**
 * Look up the catalog `body.catalogRef` names (when it has a string `id`) and keep the answer on it
 * for the validator and the handler. Nothing happens for a body without one.
 */
export async function attachCatalogRef(body: unknown, catalogs: CatalogLookup | undefined): Promise<void> {
  // a body that wraps a list (`{"roster": …}`: format, store) names it there
  if (isRecord(body) && isRecord(body.roster)) await attachCatalogRef(body.roster, catalogs);
  const ref = isRecord(body) ? body.catalogRef : undefined;
  if (!isRecord(ref) || typeof ref.id !== 'string' || resolvedOf(ref)) return;
  const version = ref.version;
  if (version !== undefined && !(Number.isSafeInteger(version) && (version as number) >= 1)) return; // the schema reports it
  const resolution: CatalogResolution = catalogs
    ? await catalogs.resolve({ id: ref.id, ...(version === undefined ? {} : { version: version as number }) })
    : { ok: false, member: 'id', code: 'catalogs_unavailable', message: 'Stored catalogs need a database; none is configured.' };
  Object.defineProperty(ref, RESOLVED, { value: resolution, enumerable: false, configurable: true });
}

/**
 * Whether `attachCatalogRef` may have a catalog to look up in `body` (a `catalogRef` object at its
 * top or in its `roster`): the common body names none, and its route then waits for no promise.
 */
export function namesCatalogRef(body: unknown): boolean {
  return isRecord(body) && (isRecord(body.catalogRef) || (isRecord(body.roster) && isRecord(body.roster.catalogRef)));
}

/** The catalog a body's `catalogRef` resolved to (undefined: none named, or not found). */
export function catalogOf(body: unknown): Extract<CatalogResolution, { ok: true }> | undefined {
  const ref = isRecord(body) ? body.catalogRef : undefined;
  const resolution = isRecord(ref) ? resolvedOf(ref) : undefined;
  return resolution?.ok ? resolution : undefined;
}

/** The league catalog of the body a fighter is validated in (the `eden-fighter` resolver's `root`). */
export function leagueCatalogOf(root: unknown): LeagueCatalog | undefined {
  return catalogOf(root)?.catalog;
}

defineResolver('catalog-ref', (data) => {
  const resolution = data[RESOLVED as never] as CatalogResolution | undefined;
  if (resolution?.ok) return undefined;
  if (resolution) return { member: resolution.member, code: resolution.code, message: resolution.message };
  return {
    member: 'id',
    code: 'catalog_ref_unsupported',
    message: 'A stored catalog is taken by the stateless endpoints and stored lists; here send the fighters themselves (or their built-in refs).',
  };
});

/** A schema (or a member of a union) that holds `{"ref"}` fighters somewhere. */
const holdsFighters = (schema: unknown) => JSON.stringify(schema).includes('"x-resolve":"eden-fighter"');

/** The top-level object schemas of a body (a union's members). */
function bodyObjects(schema: TSchema): TSchema[] {
  if (schema.type === 'object' && isRecord(schema.properties)) return [schema];
  const members = (schema.anyOf ?? schema.oneOf) as TSchema[] | undefined;
  return Array.isArray(members) ? members.flatMap(bodyObjects) : [];
}

/** Whether an operation's body takes `catalogRef` (acceptCatalogRef added it, or the body declares it). */
export function acceptsCatalogRef(op: Pick<Operation, 'body'>): boolean {
  return !!op.body && JSON.stringify(op.body).includes('"x-resolve":"catalog-ref"');
}

/**
 * Declare `catalogRef` in every operation body that holds fighters (CONTRACT §8.4: "every body with
 * `{"ref"}` fighters"), so it is documented, typed for GraphQL and not reported as an unknown member.
 * Called once, where the registry is built.
 */
export function acceptCatalogRef(ops: readonly Operation<any>[]): void {
  for (const op of ops) {
    if (!op.body) continue;
    for (const object of bodyObjects(op.body)) {
      const properties = object.properties as Record<string, TSchema>;
      if (!('catalogRef' in properties) && holdsFighters(object)) properties.catalogRef = Type.Optional(CatalogRefSchema);
    }
  }
}
