// `npm run events:schemas`: the JSON Schema of every full-match event type's `data`, generated from
// the games' own TypeScript event types with the TypeScript compiler, so each shape is declared once
// (in the decider) and the schema cannot drift from it. Writes src/games/<game>/match/events.schema.ts
// for each game; tests/unit/matches/event-schemas.test.ts fails while a written file is not what
// `generate()` answers now (an event type changed: run the script again and commit the files).
//
// Where a game's events come from (GAMES): its event union of `{type, data}` members (composed
// from the unions declared beside their folds, src/kernel/folds.ts). A type is read as JSON reads it: optional members and `undefined` are members that may
// be absent; interfaces and type aliases of the games' sources that are objects become `$defs`
// (referred to by `#/$defs/<name>`); literal unions become `enum`; `unknown` accepts anything.
// Objects accept extra members (as every schema of the service does, CONTRIBUTING.md). Anything
// JSON cannot carry (a function, a class instance, a bigint) stops the script with its path.
import { writeFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import ts from 'typescript';

const ROOT = fileURLToPath(new URL('..', import.meta.url));

/** The games, and where each one's event types are declared. */
export const GAMES = [
  { game: 'eden', constant: 'EDEN_EVENT_SCHEMAS', file: 'src/games/eden/match/evolve/events.ts', union: 'EdenEvent' },
  { game: 'anima', constant: 'ANIMA_EVENT_SCHEMAS', file: 'src/games/anima/match/events.ts', union: 'AnimaEvent' },
  { game: 'exsilium', constant: 'EXSILIUM_EVENT_SCHEMAS', file: 'src/games/exsilium/match/evolve.ts', union: 'ExsiliumEvent' },
  { game: 'spirit-of-eden', constant: 'SPIRIT_EVENT_SCHEMAS', file: 'src/games/spirit-of-eden/match/evolve.ts', union: 'SpiritEvent' },
];

export const outputPath = (game) => join(ROOT, 'src/games', game, 'match/events.schema.ts');

function fail(path, message) {
  throw new Error(`event-schemas: ${path}: ${message}`);
}

/** A walker of one program's types into JSON Schema, collecting named shapes in `defs`. */
function schemaWriter(checker) {
  const defs = new Map(); // name → schema (filled after the name is taken, so recursion finds the $ref)
  const named = new Map(); // Type → name
  const F = ts.TypeFlags;

  const inProject = (decl) => {
    const file = decl.getSourceFile().fileName;
    return !file.includes('/node_modules/') && relative(ROOT, file).startsWith('src/');
  };

  /** The name of a type worth a `$def`: an interface, or an alias of an object or union type, declared in src/ without type arguments. */
  function nameOf(type) {
    const alias = type.aliasSymbol;
    if (alias) {
      if (type.aliasTypeArguments?.length) return undefined;
      const decl = alias.declarations?.[0];
      return decl && inProject(decl) && (type.flags & F.Object || (type.flags & F.Union && !isLiteralUnion(type))) ? alias.name : undefined;
    }
    const symbol = type.symbol;
    if (!(type.flags & F.Object) || !symbol || !(symbol.flags & ts.SymbolFlags.Interface)) return undefined;
    if (type.objectFlags & ts.ObjectFlags.Reference && type.typeArguments?.length) return undefined;
    const decl = symbol.declarations?.[0];
    return decl && inProject(decl) ? symbol.name : undefined;
  }

  const isLiteralUnion = (type) => type.types.every((t) => t.flags & (F.StringLiteral | F.NumberLiteral | F.BooleanLiteral | F.Null | F.Undefined));

  /** `type` as a schema; `path` names where it was met, for the error of a type JSON cannot carry. */
  function write(type, path) {
    const name = nameOf(type);
    if (!name) return shape(type, path);
    if (!named.has(type)) {
      let unique = name;
      for (let n = 2; [...named.values()].includes(unique); n++) unique = `${name}${n}`;
      named.set(type, unique);
      defs.set(unique, undefined);
      defs.set(unique, shape(type, `${unique}`));
    }
    return { $ref: `#/$defs/${named.get(type)}` };
  }

  function shape(type, path) {
    if (type.flags & F.Any && type.intrinsicName === 'error') fail(path, 'a type the compiler could not resolve');
    if (type.flags & (F.Any | F.Unknown)) return {};
    if (type.flags & F.Never) return { not: {} };
    if (type.flags & F.StringLike && !(type.flags & F.StringLiteral)) {
      if (type.flags & F.TemplateLiteral) fail(path, 'a template literal type (not supported: give the member a string type)');
      return { type: 'string' };
    }
    if (type.flags & F.NumberLike && !(type.flags & F.NumberLiteral)) return { type: 'number' };
    if (type.flags & F.Boolean) return { type: 'boolean' };
    if (type.flags & (F.StringLiteral | F.NumberLiteral)) return { const: type.value };
    if (type.flags & F.BooleanLiteral) return { const: checker.typeToString(type) === 'true' };
    if (type.flags & F.Null) return { type: 'null' };
    if (type.flags & F.NonPrimitive) return { type: 'object' };
    if (type.flags & F.Union) return union(type.types, path);
    if (type.flags & F.Intersection) {
      if (type.types.some((t) => !(t.flags & F.Object))) fail(path, `an intersection with a primitive (${checker.typeToString(type)})`);
      return object(type, path);
    }
    if (type.flags & F.Object) {
      if (checker.isArrayType(type)) return { type: 'array', items: write(checker.getTypeArguments(type)[0], `${path}[]`) };
      if (checker.isTupleType(type)) return tuple(type, path);
      return object(type, path);
    }
    return fail(path, `a type JSON cannot carry (${checker.typeToString(type)})`);
  }

  /** The members of a union, unnamed unions among them spread (a named one stays whole: one `$ref`). */
  const spread = (types) => types.flatMap((t) => (t.flags & F.Union && !nameOf(t) ? spread(t.types) : [t]));
  const order = (a, b) => (a === b ? 0 : typeof a !== typeof b ? (typeof a < typeof b ? -1 : 1) : a < b ? -1 : 1);

  /**
   * `types` as one union (undefined dropped: a member that may be undefined is an optional one).
   * Literal values are listed sorted (the checker's order of literal types depends on which file
   * met them first): string | null → {type: ['null', 'string']}; 'a' | 'b' | null → {enum: ['a', 'b', null]}.
   */
  function union(types, path) {
    const members = spread(types).filter((t) => !(t.flags & (F.Undefined | F.Void)));
    if (members.length === 1) return write(members[0], path);
    const values = members.filter((t) => t.flags & (F.StringLiteral | F.NumberLiteral)).map((t) => t.value);
    const booleans = members.filter((t) => t.flags & F.BooleanLiteral);
    const nullable = members.some((t) => t.flags & F.Null);
    const rest = members.filter((t) => !(t.flags & (F.StringLiteral | F.NumberLiteral | F.BooleanLiteral | F.Null)));
    const parts = [];
    if (values.length) parts.push(values.length === 1 && !nullable ? { const: values[0] } : { enum: [...values.sort(order), ...(nullable ? [null] : [])] });
    else if (nullable) parts.push({ type: 'null' });
    if (booleans.length === 2) parts.push({ type: 'boolean' });
    else if (booleans.length === 1) parts.push(shape(booleans[0], path));
    for (const t of rest) parts.push(write(t, path));
    if (parts.length === 1) return parts[0];
    if (parts.every((p) => Object.keys(p).length === 1 && typeof p.type === 'string')) return { type: parts.map((p) => p.type).sort() };
    return { anyOf: parts };
  }

  /**
   * The types a member was declared with: `combat?: PendingCombat` is `PendingCombat | undefined`
   * to the checker, a union that no longer carries the name; its declaration still does (`Side |
   * null` is two members). A member whose declared type is not its type (a generic's `T`) is read
   * as the checker types it.
   */
  function declared(member, type) {
    const decl = member.valueDeclaration;
    if (!decl || !(ts.isPropertySignature(decl) || ts.isPropertyDeclaration(decl)) || !decl.type) return [type];
    const node = decl.type;
    const as = checker.getTypeFromTypeNode(node);
    if (!checker.isTypeAssignableTo(as, type) || !checker.isTypeAssignableTo(checker.getNonNullableType(type), as)) return [type];
    return ts.isUnionTypeNode(node) ? node.types.map((n) => checker.getTypeFromTypeNode(n)) : [as];
  }

  function tuple(type, path) {
    const target = type.target;
    const elements = checker.getTypeArguments(type);
    const items = [];
    let min = 0;
    let rest;
    elements.forEach((t, i) => {
      const flags = target.elementFlags[i];
      if (flags & ts.ElementFlags.Variable) rest = write(t, `${path}[${i}…]`);
      else {
        items.push(write(t, `${path}[${i}]`));
        if (flags & ts.ElementFlags.Required) min = i + 1;
      }
    });
    return { type: 'array', items, minItems: min, ...(rest ? { additionalItems: rest } : { maxItems: items.length }) };
  }

  function object(type, path) {
    if (checker.getSignaturesOfType(type, ts.SignatureKind.Call).length) fail(path, `a function (${checker.typeToString(type)})`);
    const symbol = type.symbol;
    if (symbol && symbol.flags & ts.SymbolFlags.Class) fail(path, `a class instance (${checker.typeToString(type)})`);
    const properties = {};
    const required = [];
    for (const member of checker.getPropertiesOfType(type)) {
      const memberType = checker.getTypeOfSymbol(member);
      const at = `${path}.${member.name}`;
      if (checker.getSignaturesOfType(memberType, ts.SignatureKind.Call).length && !(memberType.flags & F.Union)) fail(at, 'a method');
      const undefinedToo = spread([memberType]).some((t) => t.flags & (F.Undefined | F.Void));
      properties[member.name] = memberType.flags & (F.Undefined | F.Void) ? { not: {} } : union(declared(member, memberType), at);
      if (!(member.flags & ts.SymbolFlags.Optional) && !undefinedToo) required.push(member.name);
    }
    const out = { type: 'object', properties };
    if (required.length) out.required = required;
    for (const info of checker.getIndexInfosOfType(type)) {
      if (!(info.keyType.flags & (F.String | F.Number))) fail(path, `an index signature by ${checker.typeToString(info.keyType)}`);
      const values = write(info.type, `${path}[key]`);
      // an index signature of `unknown` values allows any member: said explicitly (`true`), so a strict reader knows
      out.additionalProperties = Object.keys(values).length ? values : true;
    }
    if (!Object.keys(properties).length) delete out.properties;
    return out;
  }

  return { write, defs };
}

/** The `{type, data}` pairs of a union of events. */
function unionEvents(checker, source, name) {
  const symbol = checker.getExportsOfModule(checker.getSymbolAtLocation(source)).find((s) => s.name === name);
  if (!symbol) fail(source.fileName, `no type ${name}`);
  const union = checker.getDeclaredTypeOfSymbol(symbol);
  const members = union.flags & ts.TypeFlags.Union ? union.types : [union];
  return members.map((member) => {
    const typeOf = (key) => {
      const property = checker.getPropertyOfType(member, key);
      if (!property) fail(name, `a member without \`${key}\` (${checker.typeToString(member)})`);
      return checker.getTypeOfSymbol(property);
    };
    const type = typeOf('type');
    if (!(type.flags & ts.TypeFlags.StringLiteral)) fail(name, `a member whose type is not one string (${checker.typeToString(type)})`);
    return { type: type.value, data: typeOf('data') };
  });
}

/** Every game's schemas: `{[game]: {$defs, events: {[type]: schema of its data}}}`, types in declaration order. */
export function generate() {
  const config = ts.getParsedCommandLineOfConfigFile(join(ROOT, 'tsconfig.json'), {}, { ...ts.sys, onUnRecoverableConfigFileDiagnostic: () => {} });
  // the games' sources are pure: no Node typings to load (`types: []`)
  const program = ts.createProgram(
    GAMES.map((g) => join(ROOT, g.file)),
    { ...config.options, types: [] },
  );
  const checker = program.getTypeChecker();
  const out = {};
  for (const g of GAMES) {
    const source = program.getSourceFile(join(ROOT, g.file));
    const { write, defs } = schemaWriter(checker);
    const pairs = unionEvents(checker, source, g.union);
    const events = {};
    for (const { type, data } of pairs) {
      if (Object.hasOwn(events, type)) fail(g.file, `${type} is declared twice`);
      events[type] = write(data, type);
    }
    out[g.game] = { $defs: Object.fromEntries(defs), events };
  }
  return out;
}

/** The module written for one game (formatted as the repository's Prettier settings format it). */
export async function moduleText(game, schemas) {
  const g = GAMES.find((x) => x.game === game);
  const from = `${g.union} (${g.file.split('/').pop()})`;
  const text = [
    `/**`,
    ` * The JSON Schema of the \`data\` of each ${g.game} full-match event type, generated from`,
    ` * ${from} by \`npm run events:schemas\` (scripts/event-schemas.mjs): do not edit;`,
    ` * run the script again when an event type changes. Named shapes are \`$defs\` (\`#/$defs/<name>\`).`,
    ` */`,
    `/* MAX-LINES */`,
    `export const ${g.constant}: { $defs: Record<string, object>; events: Record<string, object> } = ${JSON.stringify(schemas)};`,
    ``,
  ].join('\n');
  const prettier = await import('prettier');
  const options = { ...(await prettier.resolveConfig(outputPath(game))), filepath: outputPath(game) };
  const formatted = await prettier.format(text, options);
  // data, not code: eslint.config.js leaves these generated files out of max-lines, so no directive is written
  return formatted.replace('/* MAX-LINES */\n', '');
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  const all = generate();
  for (const [game, schemas] of Object.entries(all)) {
    writeFileSync(outputPath(game), await moduleText(game, schemas));
    console.log(`${relative(ROOT, outputPath(game))}: ${Object.keys(schemas.events).length} event types, ${Object.keys(schemas.$defs).length} named shapes`);
  }
}
