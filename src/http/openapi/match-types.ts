/**
 * CONTRACT §9.3: match types are published. `state` of GET /v1/matches/{id} and of a command's
 * answer is one named schema per game (`EdenMatchState`…, from each game's folder) — any of them,
 * the match's `game` telling which — and each event type's `data` has its schema
 * (`EdenBandRegisteredEventData`…), with `GameMatchEvent`: the events the games' rules write as a
 * union discriminated by `type` (`EdenBandRegisteredEvent`…). `MatchEvent` stays the shape of any
 * event, free-form ones included. A game's named shapes (`$defs`) become components prefixed with
 * the game (`EdenFighter`, or `EdenEventFighter` where that name is taken).
 *
 * Tuples are written in 3.1 form (`prefixItems`). States may gain members (CONTRACT §8.2): the published schemas close no object
 * (`additionalProperties: false` is what the tests hold the projections to, not a promise).
 */
import { publishedMatchTypes, type PublishedGameTypes } from '../../app/matches/published-types.js';
import { linked } from './match-commands.js';
import { toPrefixItems, type Document } from './shared-schemas.js';
import { isRecord } from '../../kernel/records.js';

type Json = Record<string, any>;

const isObject = (v: unknown): v is Json => isRecord(v);

/** `schema` without `$id`, `$defs` and closed objects, its `#/$defs/<name>` references renamed by `defs`. */
function published(schema: unknown, defs: ReadonlyMap<string, string>): unknown {
  if (Array.isArray(schema)) return schema.map((s) => published(s, defs));
  if (!isObject(schema)) return schema;
  const out: Json = {};
  for (const [k, v] of Object.entries(schema)) {
    if (k === '$id' || k === '$defs' || (k === 'additionalProperties' && v === false)) continue;
    if (k === '$ref' && typeof v === 'string' && v.startsWith('#/$defs/')) {
      const name = defs.get(v.slice('#/$defs/'.length));
      if (!name) throw new Error(`OpenAPI: ${v} names no shape of its game.`);
      out[k] = `#/components/schemas/${name}`;
      continue;
    }
    out[k] = k === 'const' || k === 'default' || k === 'examples' || k === 'example' ? v : published(v, defs);
  }
  // a draft-07 tuple in 3.1 form, as shared-schemas.ts writes the others
  toPrefixItems(out);
  return out;
}

/** The game's named event shapes as components; answers each `$defs` name's component name. */
function documentEventShapes(game: PublishedGameTypes, components: Json, taken: ReadonlySet<string>): Map<string, string> {
  const shapes = new Map<string, unknown>();
  for (const e of game.events) for (const [name, shape] of Object.entries(((e.schema as Json | undefined)?.$defs ?? {}) as Json)) shapes.set(name, shape);
  const names = new Map([...shapes.keys()].map((name) => [name, taken.has(`${game.pascal}${name}`) ? `${game.pascal}Event${name}` : `${game.pascal}${name}`]));
  for (const [name, shape] of shapes) components[names.get(name)!] = published(shape, names);
  return names;
}

function add(components: Json, name: string, schema: unknown): void {
  if (name in components) throw new Error(`OpenAPI: ${name} is already a component.`);
  components[name] = schema;
}

export function documentMatchTypes(doc: Document): void {
  const components = (doc.components?.schemas ?? {}) as Json;
  const taken = new Set(Object.keys(components));
  const games = publishedMatchTypes();
  const events: { type: string; name: string }[] = [];
  for (const game of games) {
    const title = (game.state as Json).title as string;
    add(components, title, linked(published(game.state, new Map()), components));
    const defs = documentEventShapes(game, components, taken);
    for (const e of game.events) {
      // untitled: the component's name is its title
      const { title: _title, ...data } = (e.schema ? linked(published(e.schema, defs), components) : {}) as Json;
      add(components, `${e.name}EventData`, { ...data, description: `The data of \`${e.type}\` at schema version ${e.schemaVersion}. ${e.description}`.trim() });
      add(components, `${e.name}Event`, {
        type: 'object',
        description: `A \`${e.type}\` event as GET /v1/matches/{id}/events and the feeds answer it.`,
        properties: {
          version: { type: 'integer', minimum: 1 },
          type: { type: 'string', const: e.type },
          schemaVersion: { type: 'integer', const: e.schemaVersion },
          data: { $ref: `#/components/schemas/${e.name}EventData` },
          recordedAt: { type: 'string', format: 'date-time' },
        },
        required: ['version', 'type', 'schemaVersion', 'data', 'recordedAt'],
      });
      events.push({ type: e.type, name: `${e.name}Event` });
    }
  }
  add(components, 'GameMatchEvent', {
    description: 'An event the games’ rules write, discriminated by `type` (every other event of a match is a free-form `MatchEvent`).',
    oneOf: events.map((e) => ({ $ref: `#/components/schemas/${e.name}` })),
    discriminator: { propertyName: 'type', mapping: Object.fromEntries(events.map((e) => [e.type, `#/components/schemas/${e.name}`])) },
  });
  const states = games.map((g) => ({ $ref: `#/components/schemas/${(g.state as Json).title as string}` }));
  const which = games.map((g) => `\`${(g.state as Json).title as string}\` for \`${g.game}\``).join(', ');
  for (const holder of ['MatchView', 'MatchCommandResult']) {
    const schema = components[holder] as Json | undefined;
    if (!schema?.properties?.state) throw new Error(`OpenAPI: ${holder} has no state member to type.`);
    schema.properties.state = { description: `${schema.properties.state.description ?? ''} The schema of the match's game: ${which}.`.trim(), anyOf: states };
  }
  doc.components!.schemas = Object.fromEntries(Object.entries(components).sort(([a], [b]) => a.localeCompare(b)));
}
