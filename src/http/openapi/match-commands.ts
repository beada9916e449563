/**
 * CONTRACT §9.3: the command body of `POST /v1/matches/{id}/commands` is published as a union
 * discriminated by `type` — one schema per command type of every game (`EdenBidCommand`…), each the
 * schema that validates it (app/matches/games.ts `commandUnion`), so generated clients narrow a
 * command by its `type` and a misspelt type or member fails to compile. The route itself keeps its
 * permissive envelope: the match's game chooses the schema a command is validated by.
 *
 * Runs after the titled schemas are shared (shared-schemas.ts): a part of a command whose title is
 * already a component is referenced, any other titled part is written inline.
 */
import { commandUnion } from '../../app/matches/games.js';
import type { Document } from './shared-schemas.js';
import { isRecord } from '../../kernel/records.js';

type Json = Record<string, any>;

const isObject = (v: unknown): v is Json => isRecord(v);

/** `schema` with every titled part below its root a `$ref` to that component when there is one, else inline without its title. */
export function linked(schema: unknown, components: Json, root = true): unknown {
  if (Array.isArray(schema)) return schema.map((s) => linked(s, components, false));
  if (!isObject(schema)) return schema;
  if (!root && typeof schema.title === 'string' && schema.title in components) return { $ref: `#/components/schemas/${schema.title}` };
  const out: Json = {};
  for (const [k, v] of Object.entries(schema)) if (!(k === 'title' && !root)) out[k] = k === 'const' || k === 'default' || k === 'examples' || k === 'example' ? v : linked(v, components, false);
  return out;
}

export function documentMatchCommands(doc: Document): void {
  const components = (doc.components?.schemas ?? {}) as Json;
  const request = components.MatchCommandRequest as Json | undefined;
  if (!request?.properties?.command) throw new Error('OpenAPI: MatchCommandRequest has no command member to type.');
  // the deprecated aliases too (marked deprecated): the route accepts them, and the examples use some
  const variants = commandUnion();
  for (const v of variants) {
    components[v.name] = linked({ ...structuredClone(v.schema), title: v.name, description: v.description, ...(v.deprecated ? { deprecated: true } : {}) }, components);
  }
  request.properties = {
    ...request.properties,
    command: {
      description: `${request.properties.command.description ?? ''} One schema per command type, discriminated by \`type\`; the match's game decides which it accepts (GET /v1/games/{game}/commands).`.trim(),
      oneOf: variants.map((v) => ({ $ref: `#/components/schemas/${v.name}` })),
      discriminator: { propertyName: 'type', mapping: Object.fromEntries(variants.map((v) => [v.type, `#/components/schemas/${v.name}`])) },
    },
  };
  doc.components!.schemas = Object.fromEntries(Object.entries(components).sort(([a], [b]) => a.localeCompare(b)));
}
