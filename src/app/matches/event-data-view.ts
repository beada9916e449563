/**
 * CONTRACT §9.3 on GraphQL: an event's `data` typed by its type. `MatchEvent.gameData` (GraphQL
 * only: a typed view of the REST event, kernel/schemas/graphql-view.ts) is the union of every event
 * type's data schema whose data is an object (`<Type>EventData`, as the OpenAPI document names them),
 * each with `eventType`, the event's type, that tells the members apart; null for an event of
 * another type (free-form), whose data is not an object, or whose data no longer fits its type's
 * schema because the reader's view hides parts of it (`{"hidden": true}`, CONTRACT §8.1): GraphQL
 * cannot answer those as the typed fields. `data` stays the same value as JSON.
 */
import AjvModule, { type ValidateFunction } from 'ajv';
import { Type, type TObject, type TSchema } from '@sinclair/typebox';
import { derivedForGraphql } from '../../kernel/schemas/graphql-view.js';
import { publishedMatchTypes } from './published-types.js';
import { isRecord } from '../../kernel/records.js';

type Json = Record<string, any>;
const Ajv = AjvModule.default ?? AjvModule;
const isObject = (v: unknown): v is Json => isRecord(v);

/** `schema` with its `#/$defs/<name>` references replaced by the shapes (no shape refers to itself). */
function inlined(schema: unknown, defs: Json, depth = 0): unknown {
  if (depth > 32) throw new Error('event data schema: $defs nest too deep');
  if (Array.isArray(schema)) return schema.map((s) => inlined(s, defs, depth));
  if (!isObject(schema)) return schema;
  if (typeof schema.$ref === 'string' && schema.$ref.startsWith('#/$defs/')) return inlined(defs[schema.$ref.slice('#/$defs/'.length)], defs, depth + 1);
  const out: Json = {};
  for (const [k, v] of Object.entries(schema)) if (k !== '$defs') out[k] = k === 'const' || k === 'default' || k === 'examples' ? v : inlined(v, defs, depth);
  return out;
}

/** Each event type whose data is an object: its data schema with `eventType`, titled `<Type>EventData`. */
function dataMembers(): { type: string; schema: TSchema }[] {
  return publishedMatchTypes().flatMap((game) =>
    game.events.flatMap((e) => {
      const data = e.schema ? (inlined(e.schema, ((e.schema as Json).$defs ?? {}) as Json) as Json) : undefined;
      if (!data || data.type !== 'object' || !isObject(data.properties)) return [];
      const properties = { eventType: Type.Literal(e.type, { description: 'The event’s type (tells the members apart).' }), ...data.properties };
      return [
        {
          type: e.type,
          schema: { ...data, properties, required: ['eventType', ...((data.required as string[] | undefined) ?? [])], title: `${e.name}EventData` } as unknown as TSchema,
        },
      ];
    }),
  );
}

/** The GraphQL view of `event` (the REST `MatchEvent`): its members and `gameData`. */
export function typedEventView(event: TObject): TSchema {
  const members = dataMembers();
  const schemas = new Map(members.map((m) => [m.type, m.schema]));
  // each type's check compiled on first use (only a query that selects gameData pays for it)
  const ajv = new Ajv({ strict: false, validateFormats: false });
  const checks = new Map<string, ValidateFunction>();
  const fits = (type: string, data: Json) => {
    let check = checks.get(type);
    if (!check) checks.set(type, (check = ajv.compile({ ...(schemas.get(type) as Json), title: undefined })));
    return check({ ...data, eventType: type });
  };
  const gameData = derivedForGraphql(
    Type.Union(
      members.map((m) => m.schema),
      {
        title: 'MatchEventGameData',
        description:
          'The same value as `data`, typed by the event’s `type` (`<Type>EventData`); null for a free-form event, one whose data is not an object, or one whose data the reader’s view hides parts of (`data` has it).',
      },
    ),
    (e: { type: string; data: unknown }) => (schemas.has(e.type) && isObject(e.data) && fits(e.type, e.data) ? { ...e.data, eventType: e.type } : null),
  );
  return Type.Object({ ...event.properties, gameData: Type.Optional(gameData) }, { title: 'MatchEvent', description: event.description });
}
