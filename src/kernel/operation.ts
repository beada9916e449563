/**
 * An operation is one use case of the rules engine, described once and served by every transport:
 * REST (src/http/routes/operations.ts) and GraphQL (src/graphql/index.ts) both call `handle`
 * with input validated against the same TypeBox `body` schema (src/app/validate.ts), and the
 * OpenAPI document and schema.graphql are generated from these descriptions.
 */
import type { Static, TSchema } from '@sinclair/typebox';
import type { Dice, DiceSpec } from './dice/index.js';
import type { Lang } from './i18n.js';
import { capSummary } from './summary-limit.js';

/** What an operation may ask of the receipt signer (CONTRACT §7.4): the service's signature over its claims. */
export interface ReceiptSigner {
  sign(claims: Record<string, unknown>): Promise<string>;
}

/** What an operation may ask of the blind-roll store (CONTRACT §8.3): a commitment to a roll made now. */
export interface BlindRolls {
  create(notation: string, repeat?: number): Promise<unknown>;
}

export interface OperationContext {
  /** Narrative language chosen from Accept-Language. */
  lang: Lang;
  /** Dice for this request, from its `dice` member (fixed, seeded, or a fresh random seed). */
  dice(spec: DiceSpec | undefined): Dice;
  /**
   * A fresh random seed (for deck shuffles when the request names none), from the id source the
   * composition root injects. Absent where an operation runs inside a match command, whose context
   * (src/app/matches/resolution-log.ts) has only the command's dice: see `shuffleSeed`.
   */
  randomSeed?(): string;
  /** Signs receipts (CONTRACT §7.4); absent inside match commands. */
  receipts?: ReceiptSigner;
  /** `text` when the body arrived as `text/plain` and was parsed by the operation's `text.parse`. */
  source?: 'json' | 'text';
  /** The query string as validated by the operation's `query` schema (REST only). */
  query?: Record<string, unknown>;
  /**
   * Provably fair blind rolls (CONTRACT §8.3); REST only: a blind roll answers 201 with a
   * commitment, a shape GraphQL's roll type does not have.
   */
  blindRolls?: BlindRolls;
}

/**
 * The seed of a request's shuffles when it names none: the transport's fresh random seed, or,
 * inside a match command, the seed of the command's dice (fixed dice have none: 'fixed').
 */
export function shuffleSeed(ctx: OperationContext): string {
  return ctx.randomSeed?.() ?? ctx.dice(undefined).transcript().seed ?? 'fixed';
}

export interface Operation<B extends TSchema = TSchema> {
  /** Stable id, also the simulation/command kind where one exists: `eden.melee`. */
  id: string;
  method: 'GET' | 'POST';
  /** REST path under /v1. */
  path: string;
  /** GraphQL field name; a stateless operation changes no stored state, so it is a `Query` field. */
  graphql: { name: string };
  tags: string[];
  summary: string;
  /** Markdown: rules applied, interpretations chosen where the digests list an ambiguity. */
  description: string;
  /** Request body schema (POST). */
  body?: B;
  /**
   * Example request bodies: shown in the docs (OpenAPI `examples`) and used by the property test
   * that checks no input yields a 5xx (tests/property/no-5xx.property.test.ts). Each must answer 200.
   */
  examples?: { summary: string; value: unknown }[];
  /** Response schema, for the documentation (responses are serialised as returned). */
  response: TSchema;
  handle(input: Static<B>, ctx: OperationContext): unknown;
  /**
   * A picture of an answer of `handle` (an SVG document). Where present, REST also answers
   * `image/svg+xml` and `image/png` when the request's Accept prefers them (JSON stays the default).
   */
  chart?(result: any): string;
  /**
   * A `text/plain` form of the body (REST only): `parse` turns the text into the JSON body (or
   * throws InvalidInput), which is then validated and handled like JSON with `ctx.source: 'text'`.
   */
  text?: {
    parse(text: string): unknown;
    /** text/plain request examples for the OpenAPI document (each must parse and answer 200). */
    examples?: { summary: string; value: string }[];
  };
  /** Query parameters the REST route takes (validated, coerced), handed to `handle` as `ctx.query`. */
  query?: TSchema;
  /**
   * REST only: answers other than 200 (`responses`, documented beside it) and the status of an
   * answer (`status`, 200 when it says nothing).
   */
  rest?: { responses?: Record<number, TSchema>; status?(result: unknown): number | undefined };
}

/** An operation, its answers' `summary` kept within SUMMARY_MAX (src/app/summary-limit.ts). */
export function defineOperation<B extends TSchema>(op: Operation<B>): Operation<B> {
  const handle = op.handle;
  op.handle = (input, ctx) => capSummary(handle.call(op, input, ctx));
  return op;
}
