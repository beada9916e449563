/**
 * Schema post-processing of the OpenAPI document: every schema with a `title` (given to its
 * TypeBox schema in src/app/**\/schemas.ts) is stored once under `components.schemas/<title>` and
 * referenced by `$ref` wherever it occurs; tuples written in draft-07 form by TypeBox
 * (`items: [...]`, `additionalItems`) become OpenAPI 3.1 / JSON Schema 2020-12 `prefixItems`.
 * Only the document changes: validation keeps using the TypeBox schemas as they are.
 */
import { isRecord } from '../../kernel/records.js';

type Json = Record<string, unknown>;

const isObject = (v: unknown): v is Json => isRecord(v);

/** Keywords whose value is one schema. */
const ONE = ['items', 'additionalItems', 'additionalProperties', 'unevaluatedProperties', 'unevaluatedItems', 'contains', 'propertyNames', 'not', 'if', 'then', 'else'];
/** Keywords whose value is an array of schemas. */
const MANY = ['allOf', 'anyOf', 'oneOf', 'prefixItems'];
/** Keywords whose value maps names to schemas. */
const MAPS = ['properties', 'patternProperties', '$defs', 'definitions', 'dependentSchemas'];

class SchemaRegistry {
  readonly schemas: Record<string, unknown>;
  private readonly texts = new Map<string, string>();

  constructor(schemas: Record<string, unknown>) {
    this.schemas = schemas;
  }

  /** `schema` with its titled parts (and itself, unless `keep`) replaced by references. */
  share(schema: unknown, keep = false): unknown {
    if (!isObject(schema)) return schema;
    const out: Json = { ...schema };
    for (const k of ONE) if (k in out) out[k] = Array.isArray(out[k]) ? (out[k] as unknown[]).map((s) => this.share(s)) : this.share(out[k]);
    for (const k of MANY) if (Array.isArray(out[k])) out[k] = (out[k] as unknown[]).map((s) => this.share(s));
    for (const k of MAPS) if (isObject(out[k])) out[k] = Object.fromEntries(Object.entries(out[k]).map(([n, s]) => [n, this.share(s)]));
    toPrefixItems(out);
    const title = out.title;
    if (keep || typeof title !== 'string' || '$ref' in out) return out;
    this.register(title, out);
    return { $ref: `#/components/schemas/${title}` };
  }

  /** Stores `schema` as `title`; two different schemas with one title are a mistake in the code. */
  register(title: string, schema: Json): void {
    const text = JSON.stringify(schema);
    const known = this.texts.get(title);
    if (known === undefined) {
      this.texts.set(title, text);
      this.schemas[title] = schema;
    } else if (known !== text) {
      throw new Error(`OpenAPI: two different schemas have the title "${title}"; give each its own title.`);
    }
  }
}

/** Draft-07 tuple (`items: [...]`, `additionalItems`) → 2020-12 (`prefixItems`, `items`). */
export function toPrefixItems(schema: Json): void {
  if (!Array.isArray(schema.items)) return;
  schema.prefixItems = schema.items;
  const rest = schema.additionalItems;
  delete schema.additionalItems;
  if (rest === undefined || rest === true) delete schema.items;
  else schema.items = rest;
}

interface Media {
  schema?: unknown;
}
interface Response {
  content?: Record<string, Media>;
  headers?: Record<string, Media>;
}
interface Operation {
  parameters?: Media[];
  requestBody?: { content?: Record<string, Media> };
  responses?: Record<string, Response>;
}
export interface Document {
  components?: { schemas?: Record<string, unknown>; responses?: Record<string, Response> };
  paths?: Record<string, Record<string, Operation>>;
}

/** Moves every titled schema of `doc` to `components.schemas` (see the module comment). */
export function shareTitledSchemas(doc: Document): void {
  const components = (doc.components ??= {});
  const registry = new SchemaRegistry((components.schemas ??= {}));
  for (const [name, schema] of Object.entries(registry.schemas)) {
    const shared = registry.share(schema, true) as Json;
    registry.schemas[name] = shared;
    if (shared.title === name) registry.register(name, shared);
  }
  const media = (m: Record<string, Media> | undefined) => {
    for (const entry of Object.values(m ?? {})) if ('schema' in entry) entry.schema = registry.share(entry.schema);
  };
  const response = (r: Response) => {
    media(r.content);
    media(r.headers);
  };
  for (const r of Object.values(components.responses ?? {})) response(r);
  for (const operations of Object.values(doc.paths ?? {})) {
    for (const op of Object.values(operations)) {
      for (const p of op.parameters ?? []) p.schema = registry.share(p.schema);
      media(op.requestBody?.content);
      for (const r of Object.values(op.responses ?? {})) response(r);
    }
  }
  components.schemas = Object.fromEntries(Object.entries(registry.schemas).sort(([a], [b]) => a.localeCompare(b)));
}
