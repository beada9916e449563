/**
 * Bounded work per GraphQL document (README "Budgets"): a document is one request, so the budgets
 * of one request bound the whole document. Before any resolver runs (Mercurius's `preExecution`
 * hook: after validation, with the variables coerced), the root fields the operation would run —
 * aliases and fragments included, `@skip`/`@include` ignored (counted as if they ran) — are
 * estimated from their arguments by their operation's estimator (src/app/dice/budgets.ts), the
 * estimates are added up per budget, and a document whose sum passes a budget is refused with
 * HTTP 400 and one error `{code: "query_too_complex", status: 400, measure: "cost", limit,
 * measured, budget: {name, limit, needed}}`. Without this, 15 aliases of a distribution that each
 * fit the budget would cost 15 budgets.
 */
import type { FastifyInstance } from 'fastify';
import type { DocumentNode, FieldNode, GraphQLObjectType, GraphQLSchema, OperationDefinitionNode, SelectionSetNode } from 'graphql';
import { operations } from '../app/registry.js';
import { BUDGET_LIMITS, OPERATION_COSTS, type BudgetName, type CostEstimate } from '../app/dice/budgets.js';
import { QueryTooComplex } from './limits.js';
import { gql } from './types/graphql-js.js';

const { Kind } = gql;

/** Estimators by GraphQL root field name. */
const ESTIMATORS: ReadonlyMap<string, (input: unknown) => CostEstimate> = new Map(
  operations.flatMap((op) => {
    const estimate = OPERATION_COSTS.get(op.id);
    return estimate ? [[op.graphql.name, estimate] as const] : [];
  }),
);

/** The root field nodes of a selection set, fragments expanded (each fragment once). */
function rootFields(document: DocumentNode, set: SelectionSetNode): FieldNode[] {
  const fragments = new Map(document.definitions.flatMap((d) => (d.kind === Kind.FRAGMENT_DEFINITION ? [[d.name.value, d] as const] : [])));
  const seen = new Set<string>();
  const fields: FieldNode[] = [];
  const pending = [set];
  while (pending.length) {
    for (const s of pending.pop()!.selections) {
      if (s.kind === Kind.FIELD) fields.push(s);
      else if (s.kind === Kind.INLINE_FRAGMENT) pending.push(s.selectionSet);
      else if (!seen.has(s.name.value)) {
        seen.add(s.name.value);
        const fragment = fragments.get(s.name.value);
        if (fragment) pending.push(fragment.selectionSet);
      }
    }
  }
  return fields;
}

/**
 * The summed estimated cost per budget of the operation named `operationName` in `document`; with no
 * name, of the costliest operation per budget (only one of them runs).
 */
function documentCost(schema: GraphQLSchema, document: DocumentNode, variables: Record<string, unknown> | undefined, operationName?: string): CostEstimate {
  const all = document.definitions.filter((d): d is OperationDefinitionNode => d.kind === Kind.OPERATION_DEFINITION);
  const chosen = operationName === undefined ? all : all.filter((o) => o.name?.value === operationName);
  const totals: CostEstimate = {};
  for (const operation of chosen) {
    for (const [name, amount] of Object.entries(operationCost(schema, document, operation, variables)) as [BudgetName, number][])
      totals[name] = Math.max(totals[name] ?? 0, amount);
  }
  return totals;
}

function operationCost(schema: GraphQLSchema, document: DocumentNode, operation: OperationDefinitionNode, variables: Record<string, unknown> | undefined): CostEstimate {
  const root: GraphQLObjectType | null | undefined =
    operation.operation === 'query' ? schema.getQueryType() : operation.operation === 'mutation' ? schema.getMutationType() : undefined;
  if (!root) return {};
  const coerced = gql.getVariableValues(schema, operation.variableDefinitions ?? [], variables ?? {});
  if (!coerced.coerced) return {}; // refused by Mercurius before this
  const totals: CostEstimate = {};
  for (const node of rootFields(document, operation.selectionSet)) {
    const estimate = ESTIMATORS.get(node.name.value);
    const field = root.getFields()[node.name.value];
    if (!estimate || !field) continue;
    let args: Record<string, unknown>;
    try {
      args = gql.getArgumentValues(field, node, coerced.coerced);
    } catch {
      continue; // its resolver is not reached
    }
    for (const [name, amount] of Object.entries(estimate(args.input))) totals[name as BudgetName] = (totals[name as BudgetName] ?? 0) + amount;
  }
  return totals;
}

/** Throws QueryTooComplex (measure `cost`) naming the first budget the document's summed cost passes. */
function checkDocumentCost(totals: CostEstimate): void {
  for (const [name, needed] of Object.entries(totals) as [BudgetName, number][]) {
    const limit = BUDGET_LIMITS[name];
    if (needed > limit) throw new QueryTooComplex('cost', limit, Math.ceil(needed), { name, limit, needed: Math.ceil(needed) });
  }
}

export function limitDocumentCost(app: FastifyInstance): void {
  app.graphql.addHook('preExecution', async (schema, document, context, variables) => {
    const body = (context as { reply?: { request?: { body?: unknown; query?: unknown } } }).reply?.request;
    const payload = (body?.body ?? body?.query) as { operationName?: unknown } | undefined;
    const operationName = typeof payload?.operationName === 'string' ? payload.operationName : undefined;
    checkDocumentCost(documentCost(schema, document, variables as Record<string, unknown> | undefined, operationName));
  });
}
