/**
 * TypeBox (JSON) schemas → graphql-js types, so that GraphQL inputs and results are the REST bodies'
 * own schemas (no hand-written copy): objects → object types (outputs) or input types (`…Input`),
 * string literal unions → enums (value names made valid, internal values the REST strings), unions
 * of objects → unions (outputs) or one input type with every member's fields, all optional (inputs:
 * the TypeBox validator still decides), `X | null` → nullable, Integer → Int (SafeInt when its
 * declared range passes 32 bits within ±(2^53 − 1), else Float), Number → Float, arrays → lists,
 * maps keyed by data → lists of `{key, value}` entries, members of several kinds (a string or an
 * object or a list) → an object with one field per alternative (both converted from and to REST by
 * rest-shape.ts), open maps and the rest → the `JSON` scalar. A member REST declares open because it
 * answers it as stored (every member kept) is typed by the schema it was validated against, when its
 * schema names one (`typedForGraphql`, src/app/schemas/graphql-view.ts).
 *
 * A schema's `title` is its type's name (one title, one schema: two different ones are an error);
 * otherwise the name comes from where the schema is used (`EdenMeleeResultExchange`). Schemas of
 * the same structure share one type.
 */
import type { GraphQLEnumType, GraphQLInputType, GraphQLObjectType, GraphQLOutputType, GraphQLFieldConfigMap, GraphQLInputFieldConfigMap } from 'graphql';
import { gql } from './graphql-js.js';
import { JSONScalar } from './json.js';
import { SafeIntScalar } from './safe-int.js';
import { enumValueName, pascal, singular } from './names.js';
import { seen, structure, unwrapNullable, type Direction, type Schema, type Seen } from './shape.js';
import { unionResolver } from './union.js';
import { needsOutputConversion, restAsOutput, REST_SHAPE, type Alternative, type RestShape } from './rest-shape.js';
import { GRAPHQL_DERIVED, GRAPHQL_VIEW } from '../../kernel/schemas/graphql-view.js';

const SCALARS = { String: gql.GraphQLString, Int: gql.GraphQLInt, SafeInt: SafeIntScalar, Float: gql.GraphQLFloat, Boolean: gql.GraphQLBoolean };

/**
 * An enum whose variables may also carry the REST strings (`"spirit-of-eden"` as well as
 * `"spirit_of_eden"`), so a REST body can be sent as an input variable unchanged. Results and
 * literals in the document use the names, as GraphQL requires.
 */
class RestEnumType extends gql.GraphQLEnumType {
  override parseValue(value: unknown): unknown {
    if (typeof value === 'string' && !this.getValue(value) && this.getValues().some((v) => v.value === value)) return value;
    return super.parseValue(value);
  }
}

export class TypeConverter {
  private readonly cache = new Map<string, GraphQLInputType | GraphQLOutputType>();
  private readonly titles = new Map<string, string>();
  private readonly names = new Set<string>(['Query', 'Mutation', 'Subscription', 'JSON', 'SafeInt']);

  /** The output type of `schema`, named `name` unless it has a title; nullable as the schema says. */
  output(schema: Schema, name: string): { type: GraphQLOutputType; nullable: boolean } {
    const view = typedView(schema);
    if (view) {
      const t = this.output(view.typed, name);
      return { type: t.type, nullable: t.nullable || view.nullable };
    }
    const s = seen(schema, 'output');
    return { type: this.build(unwrapNullable(schema), s, name, 'output') as GraphQLOutputType, nullable: s.nullable };
  }

  /** The input type of `schema` (`<name>Input` for objects unless it has a title). */
  input(schema: Schema, name: string): { type: GraphQLInputType; nullable: boolean } {
    const view = typedView(schema);
    if (view) {
      const t = this.input(view.typed, name);
      return { type: t.type, nullable: t.nullable || view.nullable };
    }
    const s = seen(schema, 'input');
    return { type: this.build(unwrapNullable(schema), s, name, 'input') as GraphQLInputType, nullable: s.nullable };
  }

  /** Non-null unless the schema admits null (or `optional`). */
  outputField(schema: Schema, name: string, optional = false): GraphQLOutputType {
    const t = this.output(schema, name);
    return t.nullable || optional ? t.type : new gql.GraphQLNonNull(t.type);
  }

  inputField(schema: Schema, name: string, optional = false): GraphQLInputType {
    const t = this.input(schema, name);
    return t.nullable || optional ? t.type : new gql.GraphQLNonNull(t.type);
  }

  private claim(name: string): string {
    let unique = name;
    for (let n = 2; this.names.has(unique); n++) unique = `${name}${n}`;
    this.names.add(unique);
    return unique;
  }

  /** The name of a type built from `schema`: its title, else `derived` (made unique). */
  private nameOf(schema: Schema, derived: string, suffix: string): string {
    const title = typeof schema.title === 'string' ? pascal(schema.title) : undefined;
    if (!title) return this.claim(derived + suffix);
    if (this.names.has(title + suffix)) throw new Error(`GraphQL: the type name ${title + suffix} (title "${schema.title}") is already taken.`);
    this.names.add(title + suffix);
    return title + suffix;
  }

  /** Cache keys already worked out, by schema object and kind (a shape used by many operations is one object). */
  private readonly keys = new WeakMap<Schema, Map<string, string>>();

  /**
   * The cache key of a named type: its title (one title, one structure), else its structure
   * (`structural`, only called for a schema without a title).
   */
  private keyOf(schema: Schema, kind: string, structural: () => string): string {
    let known = this.keys.get(schema);
    const hit = known?.get(kind);
    if (hit !== undefined) return hit;
    let key: string;
    if (typeof schema.title !== 'string') key = `${kind}:${structural()}`;
    else {
      const shape = structure(schema);
      const titled = this.titles.get(`${kind}:${schema.title}`);
      if (titled !== undefined && titled !== shape) throw new Error(`GraphQL: two different schemas are titled "${schema.title}".`);
      this.titles.set(`${kind}:${schema.title}`, shape);
      key = `${kind}:title:${schema.title}`;
    }
    if (!known) this.keys.set(schema, (known = new Map()));
    known.set(kind, key);
    return key;
  }

  private build(schema: Schema, s: Seen, name: string, direction: Direction): GraphQLInputType | GraphQLOutputType {
    const { shape } = s;
    switch (shape.kind) {
      case 'json':
        return JSONScalar;
      case 'scalar':
        return SCALARS[shape.type];
      case 'enum':
        return this.cached(
          this.keyOf(schema, 'enum', () => JSON.stringify([...shape.values].sort())),
          () => this.enumType(schema, shape.values, name),
        );
      case 'list': {
        if (direction === 'output') return new gql.GraphQLList(this.outputField(shape.items, singular(name)));
        return new gql.GraphQLList(this.inputField(shape.items, singular(name)));
      }
      case 'object':
        return this.cached(
          this.keyOf(schema, direction, () => JSON.stringify(schema)),
          () =>
            direction === 'output'
              ? this.objectType(schema, shape.properties, shape.required, name)
              : // a schema resolved before validation (`x-resolve`: a Fighter sent as `{ref}`) needs none of its members here; the validator decides
                this.inputType(schema, shape.properties, shape.required, name, 'x-resolve' in schema),
        );
      case 'union':
        return this.cached(
          this.keyOf(schema, direction, () => JSON.stringify(schema)),
          () => (direction === 'output' ? this.unionType(schema, shape.members, name) : this.mergedInputType(schema, shape.members, name)),
        );
      case 'map': {
        const entry = { type: 'object', required: ['key', 'value'], properties: { key: { type: 'string', description: 'The key of the REST map.' }, value: shape.values } };
        const type = this.cached(`${direction}:entries:${JSON.stringify(shape.values)}`, () =>
          direction === 'output'
            ? this.objectType(entry, entry.properties, new Set(entry.required), `${name}Entry`, { kind: 'entries' })
            : this.inputType(entry, entry.properties, new Set(entry.required), `${name}Entry`, false, { kind: 'entries' }),
        );
        return new gql.GraphQLList(new gql.GraphQLNonNull(type as GraphQLObjectType)) as GraphQLOutputType;
      }
      case 'alternatives': {
        const made = this.cached(
          this.keyOf(schema, direction, () => 'alternatives:' + JSON.stringify(schema)),
          () => this.alternativesType(schema, shape.members, name, direction) ?? JSONScalar,
        );
        return made;
      }
    }
  }

  /**
   * One field per alternative of `members` (rest-shape.ts): a string constant is a Boolean flag
   * named after it, a scalar or enum is `value`, a list is `list`, an object gives its fields.
   * Two alternatives wanting one field name: the `JSON` scalar (undefined here).
   */
  private alternativesType(schema: Schema, members: Schema[], name: string, direction: Direction) {
    const properties: Record<string, Schema> = {};
    const alternatives: Alternative[] = [];
    const claim = (field: string, s: Schema) => {
      if (field in properties) return false;
      properties[field] = s;
      return true;
    };
    // several string constants (`"head" | "arms" | … | {shift}`) are one enum `value`; a single one (`"all"`) a flag
    const constants = members.filter((m) => 'const' in m && typeof m.const === 'string').map((m) => m.const as string);
    if (constants.length > 1) {
      claim('value', { type: 'string', enum: constants, description: members.find((m) => 'const' in m)?.description });
      alternatives.push({ field: 'value', kind: 'value', accepts: 'string' });
    }
    for (const member of members) {
      const m = seen(member, direction).shape;
      const constant = constants.length === 1 && 'const' in member && typeof member.const === 'string' ? (member.const as string) : undefined;
      if (constants.length > 1 && 'const' in member && typeof member.const === 'string') continue;
      if (constant !== undefined) {
        const field = enumValueName(constant);
        if (!claim(field, { type: 'boolean', description: `\`true\`: the REST value \`"${constant}"\`.` })) return undefined;
        alternatives.push({ field, kind: 'flag', value: constant });
      } else if (m.kind === 'scalar' || m.kind === 'enum') {
        // a scalar of another JSON type than the one `value` holds (a side name or a boolean): named after its type
        const accepts = m.kind === 'enum' || m.type === 'String' ? 'string' : m.type === 'Boolean' ? 'boolean' : 'number';
        const field = claim('value', member) ? 'value' : claim(accepts, member) ? accepts : undefined;
        if (!field || alternatives.some((a) => a.kind === 'value' && a.accepts === accepts)) return undefined;
        alternatives.push({ field, kind: 'value', accepts });
      } else if (m.kind === 'list') {
        if (!claim('list', member)) return undefined;
        alternatives.push({ field: 'list', kind: 'list' });
      } else if (m.kind === 'object') {
        for (const [p, ps] of Object.entries(m.properties)) if (!claim(p, ps)) return undefined;
        alternatives.push({ kind: 'object', fields: Object.keys(m.properties) });
      } else if (m.kind === 'union') {
        // objects of several shapes (enemy cards): their union (output) or merged input, as `object`
        if (!claim('object', member)) return undefined;
        alternatives.push({ field: 'object', kind: 'object-field' });
      } else return undefined;
    }
    const note = typeof schema.description === 'string' ? schema.description.replace(/\s*\(GraphQL: JSON\b[^)]*\)/g, '') : undefined;
    const described = { ...schema, description: [note, 'One of several kinds: exactly one of these fields is set.'].filter(Boolean).join(' ') };
    const shape: RestShape = { kind: 'alternatives', alternatives };
    return direction === 'output' ? this.objectType(described, properties, new Set(), name, shape) : this.inputType(described, properties, new Set(), name, true, shape);
  }

  private cached<T extends GraphQLInputType | GraphQLOutputType>(key: string, make: () => T): T {
    const hit = this.cache.get(key);
    if (hit) return hit as T;
    const made = make();
    this.cache.set(key, made);
    return made;
  }

  private enumType(schema: Schema, values: string[], name: string): GraphQLEnumType | typeof gql.GraphQLString {
    const names = values.map(enumValueName);
    // two values with one GraphQL name: the strings themselves, the validator checks them
    if (new Set(names).size < names.length) return gql.GraphQLString;
    return new RestEnumType({
      name: this.nameOf(schema, name, ''),
      description: describe(schema),
      values: Object.fromEntries(values.map((v, i) => [names[i]!, { value: v, description: names[i] === v ? undefined : `\`${v}\`` }])),
    });
  }

  private objectType(schema: Schema, properties: Record<string, Schema>, required: Set<string>, name: string, shape?: RestShape): GraphQLObjectType {
    const typeName = this.nameOf(schema, name, '');
    return new gql.GraphQLObjectType({
      name: typeName,
      description: describe(schema),
      extensions: shape ? { [REST_SHAPE]: shape } : undefined,
      fields: () =>
        Object.fromEntries(
          Object.entries(properties).map(([p, ps]) => {
            const type = this.outputField(ps, typeName + pascal(p), !required.has(p));
            // a map or alternatives: the REST value is converted to the GraphQL shape here
            // a member only GraphQL answers (derivedForGraphql): its value from the object that holds it
            const derive = (ps as { [GRAPHQL_DERIVED]?: (source: unknown) => unknown })[GRAPHQL_DERIVED];
            const read = derive ?? ((source: Record<string, unknown>) => source?.[p]);
            const resolve = needsOutputConversion(type) ? (source: Record<string, unknown>) => restAsOutput(read(source), type) : derive;
            return [p, { type, description: describeField(ps, type), ...(resolve ? { resolve } : {}) }];
          }),
        ) as GraphQLFieldConfigMap<unknown, unknown>,
    });
  }

  private inputType(schema: Schema, properties: Record<string, Schema>, required: Set<string>, derived: string, allOptional = false, shape?: RestShape) {
    const name = typeof schema.title === 'string' ? pascal(schema.title) : derived;
    return new gql.GraphQLInputObjectType({
      name: this.nameOf(schema, derived, 'Input'),
      description: describe(schema),
      extensions: shape ? { [REST_SHAPE]: shape } : undefined,
      fields: () =>
        Object.fromEntries(
          Object.entries(properties).map(([p, ps]) => {
            const type = this.inputField(ps, name + pascal(p), allOptional || !required.has(p));
            return [p, { type, description: describeField(ps, type) }];
          }),
        ) as GraphQLInputFieldConfigMap,
    });
  }

  /** GraphQL has no input unions: one input type with every member's fields, all optional. */
  private mergedInputType(schema: Schema, members: Schema[], name: string) {
    const properties: Record<string, Schema> = {};
    for (const member of members) {
      const m = seen(member, 'input').shape;
      if (m.kind !== 'object') continue;
      for (const [p, ps] of Object.entries(m.properties)) properties[p] = p in properties && structure(properties[p]!) !== structure(ps) ? {} : ps;
    }
    const described = { ...schema, description: [schema.description, 'One of several shapes: give the fields of one of them.'].filter(Boolean).join(' ') };
    return this.inputType(described, properties, new Set(), name, true);
  }

  private unionType(schema: Schema, members: Schema[], name: string) {
    const typeName = this.nameOf(schema, name, '');
    const types = members.map((m, i) => this.output(m, memberName(typeName, m, i)).type as GraphQLObjectType);
    const distinct = [...new Set(types)];
    return new gql.GraphQLUnionType({
      name: typeName,
      description: describe(schema),
      types: distinct,
      resolveType: unionResolver(
        members.filter((_, i) => distinct.includes(types[i]!) && types.indexOf(types[i]!) === i),
        distinct.map((t) => t.name),
      ),
    });
  }
}

function describe(schema: Schema): string | undefined {
  return typeof schema.description === 'string' ? schema.description : undefined;
}

/** A field's description; a note on why REST's shape was `JSON` in GraphQL is dropped where the field is typed now. */
function describeField(schema: Schema, type: GraphQLInputType | GraphQLOutputType): string | undefined {
  const text = describe(schema);
  return text && gql.getNamedType(type) !== JSONScalar ? text.replace(/\s*\(GraphQL: JSON\b[^)]*\)/g, '') : text;
}

/**
 * The typed view a schema names for GraphQL (`typedForGraphql`), on it or on its non-null member;
 * `nullable` when the schema itself admits `null` (`X | null`).
 */
function typedView(schema: Schema): { typed: Schema; nullable: boolean } | undefined {
  const inner = unwrapNullable(schema);
  const typed = (inner as { [GRAPHQL_VIEW]?: Schema })[GRAPHQL_VIEW];
  return typed ? { typed, nullable: inner !== schema } : undefined;
}

/** A union member's name: its discriminant's value (`kind: "fire"` → `…Fire`), else its position. */
function memberName(union: string, member: Schema, i: number): string {
  const props = (member.properties ?? {}) as Record<string, Schema>;
  const tag = Object.values(props).find((p) => typeof p.const === 'string');
  return union + (tag ? pascal(tag.const as string) : `Option${i + 1}`);
}
