/**
 * The example operations GraphiQL opens with, one tab each. They are built at first use from the
 * running GraphQL schema and the operations' documented examples (src/app/registry.ts), so a change
 * of the schema (argument types, result types) changes the documents without editing this file:
 * the variables are the operation's first `examples` body, the argument types are read from the
 * schema, and the selection set lists the result's leaf fields down to SELECTION_DEPTH levels.
 * To show another operation, add its GraphQL field name to EXAMPLE_FIELDS. The REST example becomes
 * GraphQL input (`restAsInput`: maps as `[{key, value}]` entries, several-kinds members as their
 * alternative). After them come a match's life: `createMatch` (the game's documented setup),
 * `runCommand` (its first setup command) and the `matchEvents` subscription, each with an
 * `Authorization` header to fill in with an API key.
 */
import { getNamedType, isInterfaceType, isLeafType, isNonNullType, isObjectType, isUnionType, type GraphQLField, type GraphQLNamedType, type GraphQLSchema } from 'graphql';
import type { Operation } from '../kernel/operation.js';
import { gameCommands } from '../app/matches/games.js';
import { restAsInput } from '../graphql/types/rest-shape.js';
import { servedSchema } from '../graphql/schema.js';

/**
 * A REST body as the GraphQL input of root field `field`'s argument `arg`, converted by the served
 * schema (its types carry the shapes; the schema GraphiQL gets by introspection does not).
 */
function asInput(field: string, arg: string, value: unknown): unknown {
  const served = servedSchema();
  const root = served.getQueryType()?.getFields()[field] ?? served.getMutationType()?.getFields()[field];
  const type = root?.args.find((a) => a.name === arg)?.type;
  return type ? restAsInput(value, type) : value;
}

/** GraphQL field names of the operations shown, in tab order. */
const EXAMPLE_FIELDS = ['edenMelee', 'animaExplore', 'exsiliumNewaruAction', 'soeGoomzPhase', 'diceRoll'];

/** How deep the generated selection sets go (GRAPHQL_MAX_DEPTH defaults to 8). */
const SELECTION_DEPTH = 4;

export interface ExampleTab {
  query: string;
  variables?: string;
  /** JSON of the request headers (an API key placeholder for the match tabs). */
  headers?: string;
}

/** The game whose setup the match tabs show. */
const MATCH_GAME = 'eden';
export const API_KEY_PLACEHOLDER = 'Bearer <your API key: POST /v1/admin/keys>';

/** The tabs: a `{ health }` query first, then one per EXAMPLE_FIELDS entry the schema and registry both know. */
export function exampleTabs(schema: GraphQLSchema, operations: readonly Operation<any>[]): ExampleTab[] {
  const tabs: ExampleTab[] = [{ query: '# Liveness: run it with the ▶ button (Ctrl-Enter).\nquery Health {\n  health\n}\n' }];
  for (const name of EXAMPLE_FIELDS) {
    const op = operations.find((o) => o.graphql.name === name);
    const found = findField(schema, name);
    if (!op || !found) continue;
    tabs.push(tabFor(op, found.kind, found.field));
  }
  return [...tabs, ...matchTabs(schema)];
}

/** createMatch, runCommand and the matchEvents subscription, where the schema has them. */
function matchTabs(schema: GraphQLSchema): ExampleTab[] {
  const create = schema.getMutationType()?.getFields().createMatch;
  const command = schema.getMutationType()?.getFields().runCommand;
  const events = schema.getSubscriptionType()?.getFields().matchEvents;
  const guide = gameCommands(MATCH_GAME);
  if (!create || !command || !events || !guide) return [];
  const headers = JSON.stringify({ authorization: API_KEY_PLACEHOLDER }, null, 2);
  const inputOf = (field: GraphQLField<unknown, unknown>) => field.args.find((a) => a.name === 'input')!;
  const tabs: ExampleTab[] = [];
  const body = { game: MATCH_GAME, players: guide.setup.players, options: guide.setup.options };
  tabs.push({
    query: `# A match (an API key in the headers below): its id goes into the next tabs.\n# Same as POST /v1/matches\nmutation CreateMatch($input: ${String(inputOf(create).type)}) {\n  createMatch(input: $input)${rootSelection(getNamedType(create.type))}\n}\n`,
    variables: JSON.stringify({ input: asInput('createMatch', 'input', body) }, null, 2),
    headers,
  });
  const first = guide.setup.commands[0];
  tabs.push({
    query: `# A command, appended to the match's log if the rules allow it.\n# Same as POST /v1/matches/{id}/commands\nmutation RunCommand($id: ID!, $input: ${String(inputOf(command).type)}) {\n  runCommand(id: $id, input: $input)${rootSelection(getNamedType(command.type))}\n}\n`,
    variables: JSON.stringify({ id: '<the id CreateMatch answered>', input: asInput('runCommand', 'input', { expectedVersion: 0, command: first }) }, null, 2),
    headers,
  });
  tabs.push({
    query: `# The match's events as they are committed (WebSocket), from version 0.\n# Same as GET /v1/matches/{id}/feed\nsubscription MatchEvents($id: ID!) {\n  matchEvents(id: $id, after: 0)${rootSelection(getNamedType(events.type))}\n}\n`,
    variables: JSON.stringify({ id: '<the id CreateMatch answered>' }, null, 2),
    headers,
  });
  return tabs;
}

function findField(schema: GraphQLSchema, name: string): { kind: 'query' | 'mutation'; field: GraphQLField<unknown, unknown> } | undefined {
  const query = schema.getQueryType()?.getFields()[name];
  if (query) return { kind: 'query', field: query };
  const mutation = schema.getMutationType()?.getFields()[name];
  return mutation ? { kind: 'mutation', field: mutation } : undefined;
}

function tabFor(op: Operation<any>, kind: 'query' | 'mutation', field: GraphQLField<unknown, unknown>): ExampleTab {
  const example = op.examples?.[0];
  const args = field.args.filter((a) => isNonNullType(a.type) || (a.name === 'input' && example));
  const definitions = args.map((a) => `$${a.name}: ${String(a.type)}`).join(', ');
  const call = args.map((a) => `${a.name}: $${a.name}`).join(', ');
  const selection = rootSelection(getNamedType(field.type));
  const opName = field.name.charAt(0).toUpperCase() + field.name.slice(1);
  const header = [`# ${op.summary}`, `# Same as ${op.method} ${op.path}${example ? ` — example: ${example.summary}` : ''}`];
  const query = `${header.join('\n')}\n${kind} ${opName}${definitions ? `(${definitions})` : ''} {\n  ${field.name}${call ? `(${call})` : ''}${selection}\n}\n`;
  const input = args.some((a) => a.name === 'input') && example ? { input: asInput(field.name, 'input', example.value) } : undefined;
  return input ? { query, variables: JSON.stringify(input, null, 2) } : { query };
}

/** ` { leaf fields … }` for an object, interface or union type; '' for a scalar or enum. */
function selectionFor(type: GraphQLNamedType, depth: number, indent: string): string {
  if (isLeafType(type)) return '';
  const inner = `${indent}  `;
  const lines: string[] = [];
  if (isUnionType(type)) {
    lines.push(`${inner}__typename`);
    for (const member of type.getTypes()) {
      const sub = selectionFor(member, depth - 1, inner);
      if (sub) lines.push(`${inner}... on ${member.name}${sub}`);
    }
  } else if (isObjectType(type) || isInterfaceType(type)) {
    for (const f of Object.values(type.getFields())) {
      if (f.args.some((a) => isNonNullType(a.type))) continue;
      const named = getNamedType(f.type);
      if (isLeafType(named)) lines.push(`${inner}${f.name}`);
      // a match's typed state and an event's typed data: one member per game or event type, whose fields of one
      // name differ in type (GraphQL refuses them side by side): the example names the member; a client selects its fragment
      else if (f.name === 'gameState' || f.name === 'gameData') lines.push(`${inner}${f.name} {\n${inner}  __typename\n${inner}}`);
      else if (depth > 1) {
        const sub = selectionFor(named, depth - 1, inner);
        if (sub) lines.push(`${inner}${f.name}${sub}`);
      }
    }
  }
  return lines.length ? ` {\n${lines.join('\n')}\n${indent}}` : '';
}

/** The selection of the operation's own field: never empty for an object result (`__typename` at least). */
function rootSelection(type: GraphQLNamedType): string {
  const selection = selectionFor(type, SELECTION_DEPTH, '  ');
  return selection || isLeafType(type) ? selection : ' {\n    __typename\n  }';
}
