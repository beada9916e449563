/**
 * The example operations GraphiQL opens with, one tab each. They are built at first use from the
 * running GraphQL schema and the operations' documented examples (src/app/registry.ts), so a change
 * of the schema (argument types, result types) changes the documents without editing this file:
 * the variables are the operation's first `examples` body, the argument types are read from the
 * schema, and the selection set lists the result's leaf fields down to SELECTION_DEPTH levels.
 * To show another operation, add its GraphQL field name to EXAMPLE_FIELDS.
 */
import { getNamedType, isInterfaceType, isLeafType, isNonNullType, isObjectType, isUnionType, type GraphQLField, type GraphQLNamedType, type GraphQLSchema } from 'graphql';
import type { Operation } from '../app/operation.js';

/** GraphQL field names of the operations shown, in tab order. */
export const EXAMPLE_FIELDS = ['edenMelee', 'animaExplore', 'exsiliumNewaruAction', 'soeGoomzPhase', 'diceRoll'];

/** How deep the generated selection sets go (GRAPHQL_MAX_DEPTH defaults to 8). */
const SELECTION_DEPTH = 4;

export interface ExampleTab {
  query: string;
  variables?: string;
}

/** The tabs: a `{ health }` query first, then one per EXAMPLE_FIELDS entry the schema and registry both know. */
export function exampleTabs(schema: GraphQLSchema, operations: readonly Operation<any>[]): ExampleTab[] {
  const tabs: ExampleTab[] = [{ query: '# Liveness: run it with the ▶ button (Ctrl-Enter).\nquery Health {\n  health\n}\n' }];
  for (const name of EXAMPLE_FIELDS) {
    const op = operations.find((o) => o.graphql.name === name);
    const found = findField(schema, name);
    if (!op || !found) continue;
    tabs.push(tabFor(op, found.kind, found.field));
  }
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
  const input = args.some((a) => a.name === 'input') && example ? { input: example.value } : undefined;
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
