/**
 * Bounded GraphQL cost (CONTRACT §7.1): a document over a limit is refused before any resolver
 * runs, with one error whose extensions are `{code: "query_too_complex", status: 400, measure,
 * limit, measured}`, answered with HTTP 400 like every document Mercurius refuses before running it
 * (over WebSocket: the subscription's `error` message).
 *
 * - tokens: counted while lexing, before the document is parsed (a `preParsing` hook), and only
 *   until the limit is passed, so `measured` is then `limit + 1`;
 * - depth, aliases, directives: GraphQL Armor's validation rules;
 * - root fields: the distinct response keys of an operation's top-level selection (fragments
 *   expanded), i.e. the resolvers it would run;
 * - response size: fields whose answer is large whatever the input (operations without input such
 *   as the catalog; stored matches) may be selected at most `maxLargeFields` times. This refuses the
 *   document up front: a byte budget checked while serialising would come after the resolvers had
 *   already built the whole answer in memory, which is what has to be prevented.
 *
 * The rules throw instead of reporting, so validation stops at the first limit passed (one error,
 * and no further work on an oversized document). A limit of 0 is off.
 */
import { createRequire } from 'node:module';
import { GraphQLError, Kind, Lexer, Source, TokenKind, type validate, type GraphQLSchema, type SelectionSetNode, type ValidationContext, type ValidationRule } from 'graphql';
import { maxAliasesRule } from '@escape.tech/graphql-armor-max-aliases';
import { maxDepthRule } from '@escape.tech/graphql-armor-max-depth';
import { maxDirectivesRule } from '@escape.tech/graphql-armor-max-directives';
import type { FastifyInstance } from 'fastify';
import type { GraphqlLimits } from '../config.js';
import { operations } from '../app/registry.js';

export type { GraphqlLimits } from '../config.js';

/** `cost`: the summed estimated cost of the root fields over a budget (src/graphql/cost.ts), which `budget` names. */
export type CostMeasure = 'tokens' | 'depth' | 'aliases' | 'directives' | 'rootFields' | 'largeFields' | 'cost';

/** The budget a `cost` refusal passed: its name (README "Budgets"), its limit, and what the document needed. */
export interface BudgetPassed {
  name: string;
  limit: number;
  needed: number;
}

/** A document over one of the limits (Mercurius answers its `statusCode` and `extensions`). */
export class QueryTooComplex extends Error {
  readonly statusCode = 400;
  readonly extensions: { code: 'query_too_complex'; status: 400; measure: CostMeasure; limit: number; measured: number; budget?: BudgetPassed };
  constructor(measure: CostMeasure, limit: number, measured: number, budget?: BudgetPassed) {
    super(`The query is too complex: ${budget ? `its fields' estimated ${budget.name}` : measure} ${measured} over the limit of ${limit}.`);
    this.extensions = { code: 'query_too_complex', status: 400, measure, limit, measured, ...(budget ? { budget } : {}) };
  }
}

/** Fields whose answer does not shrink with the input: operations without input, stored matches. */
const LARGE_FIELDS: ReadonlySet<string> = new Set([...operations.filter((op) => !op.body).map((op) => op.graphql.name), 'match', 'matchEvents']);

/** Tokens of `source` (comments excluded), counted up to `max + 1`; a lexing error stops the count. */
function countTokens(source: string, max: number): number {
  const lexer = new Lexer(new Source(source));
  let n = 0;
  try {
    while (n <= max && lexer.advance().kind !== TokenKind.EOF) n++;
  } catch {
    // a syntax error is the parser's to report
  }
  return n;
}

/** Throws QueryTooComplex when `source` has more tokens than allowed. */
function checkTokens(source: string, limits: GraphqlLimits): void {
  if (!limits.maxTokens) return;
  const n = countTokens(source, limits.maxTokens);
  if (n > limits.maxTokens) throw new QueryTooComplex('tokens', limits.maxTokens, n);
}

/** The response keys (→ field names) an operation's selection would resolve, fragments expanded. */
function responseKeys(context: ValidationContext, set: SelectionSetNode, keys = new Map<string, string>(), seen = new Set<string>()): Map<string, string> {
  for (const s of set.selections) {
    if (s.kind === Kind.FIELD) keys.set((s.alias ?? s.name).value, s.name.value);
    else if (s.kind === Kind.INLINE_FRAGMENT) responseKeys(context, s.selectionSet, keys, seen);
    else if (!seen.has(s.name.value)) {
      seen.add(s.name.value);
      const fragment = context.getFragment(s.name.value);
      if (fragment) responseKeys(context, fragment.selectionSet, keys, seen);
    }
  }
  return keys;
}

function rootFieldsRule(limits: GraphqlLimits): ValidationRule {
  return (context) => ({
    OperationDefinition(node) {
      const keys = responseKeys(context, node.selectionSet);
      if (limits.maxRootFields && keys.size > limits.maxRootFields) throw new QueryTooComplex('rootFields', limits.maxRootFields, keys.size);
      const large = [...keys.values()].filter((name) => LARGE_FIELDS.has(name)).length;
      if (limits.maxLargeFields && large > limits.maxLargeFields) throw new QueryTooComplex('largeFields', limits.maxLargeFields, large);
    },
  });
}

/** GraphQL Armor's options: report nothing itself, hand the rejection (with the count found) to us. */
function armor(measure: CostMeasure, limit: number) {
  return {
    n: limit,
    exposeLimits: true,
    propagateOnRejection: false,
    onReject: [
      (_context: unknown, error: GraphQLError) => {
        throw new QueryTooComplex(measure, limit, Number(/found (\d+)/.exec(error.message)?.[1] ?? limit + 1));
      },
    ],
  };
}

/** The validation rules bounding depth, aliases, directives, root fields and large fields. */
function costRules(limits: GraphqlLimits): ValidationRule[] {
  const rules: ValidationRule[] = [];
  // introspection (`__schema`) is not counted for depth: GraphiQL's own query nests 15 levels
  if (limits.maxDepth) rules.push(maxDepthRule({ ...armor('depth', limits.maxDepth), flattenFragments: true }) as unknown as ValidationRule);
  if (limits.maxAliases) rules.push(maxAliasesRule(armor('aliases', limits.maxAliases)) as unknown as ValidationRule);
  if (limits.maxDirectives) rules.push(maxDirectivesRule(armor('directives', limits.maxDirectives)) as unknown as ValidationRule);
  rules.push(rootFieldsRule(limits));
  return rules;
}

/** graphql-js as Mercurius loads it (CommonJS): its schema objects fail the ES module's realm checks. */
const graphqlAsMercurius = createRequire(import.meta.url)('graphql') as { validate: typeof validate };

/** The same limits for a document Mercurius does not validate itself (subscriptions over WebSocket). */
function checkDocument(schema: GraphQLSchema, document: Parameters<typeof validate>[1], limits: GraphqlLimits): void {
  graphqlAsMercurius.validate(schema, document, costRules(limits));
}

/** Mercurius options and hooks that apply the limits to queries, mutations and subscriptions. */
export const costOptions = (limits: GraphqlLimits) => ({ validationRules: costRules(limits) });

export function limitCost(app: FastifyInstance, limits: GraphqlLimits): void {
  app.graphql.addHook('preParsing', async (_schema, source) => checkTokens(source, limits));
  // Mercurius neither validates subscription documents nor limits their tokens: the same checks here
  app.graphql.addHook('preSubscriptionParsing', async (_schema, source) => checkTokens(source, limits));
  app.graphql.addHook('preSubscriptionExecution', async (schema, document) => checkDocument(schema, document, limits));
}
