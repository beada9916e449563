/**
 * The parts of a match's `state` (GET /v1/matches/{id}, CONTRACT §8.1, §8.2, §9.1, §9.3) that every
 * game shares, as TypeBox schemas: what a viewer reads in place of a secret (`{"hidden": true}`),
 * the list of decisions the table waits for (`pending`), the members of `outcome`, and the members
 * of a resolution log (the stateless operations played as match commands, resolution-log.ts). Each
 * game's own state schema (src/games/<game>/match/state.schema.ts) is built from these.
 */
import { Type, type TSchema } from '@sinclair/typebox';
import type { Operation } from '../operation.js';

/** CONTRACT §8.1: what a seat or spectator reads in place of a card or value it may not see (table.ts `HIDDEN`). */
export const HiddenSchema = Type.Object(
  { hidden: Type.Literal(true, { description: 'Always true: the value is kept from this viewer.' }) },
  { additionalProperties: false, title: 'Hidden', description: 'CONTRACT §8.1: a card or value this viewer may not see (how many a hand or deck holds stays public).' },
);

/** `schema`, or `{"hidden": true}` where a viewer's redaction may put it instead (CONTRACT §8.1). */
export const orHidden = <T extends TSchema>(schema: T, description?: string) => Type.Union([schema, HiddenSchema], description ? { description } : {});

/** A count: an integer from 0. */
export const Count = (description: string) => Type.Integer({ minimum: 0, description });

/** One player the table waits for (CONTRACT §9.1, src/kernel/decisions.ts `PendingDecision`). */
const PendingDecisionSchema = Type.Object(
  {
    player: Type.String({ description: 'The player the table waits for.' }),
    kind: Type.Union([Type.Literal('sealed'), Type.Literal('response'), Type.Literal('choice'), Type.Literal('agreement')], {
      description:
        '`sealed`: a part sent unseen; `response`: an answer to a declared command; `choice`: a choice the rules leave to the player; `agreement`: a proposal to accept.',
    }),
    types: Type.Array(Type.String(), { description: 'The command types the player may send for it.' }),
    rule: Type.String({ description: 'The rule ID that makes the table wait.' }),
    since: Count('The version of the event that opened it.'),
    decided: Type.Optional(Type.Literal(true, { description: 'Sealed parts: this player’s part is in (its content stays hidden).' })),
  },
  { additionalProperties: false, title: 'PendingDecision', description: 'One player the table waits for (CONTRACT §9.1): public, never a part’s content.' },
);

/** `state.pending` (CONTRACT §9.1): added to every game's state by the kernel (match-game.ts). */
export const PendingMember = Type.Array(PendingDecisionSchema, { description: 'Whom the table waits for now (CONTRACT §9.1): sealed parts, answers, choices.' });

/** The members every `state.outcome` has (CONTRACT §8.2); each game adds its `reason` and `score`. */
export const OUTCOME_MEMBERS = {
  ended: Type.Boolean({ description: 'The game is over.' }),
  winners: Type.Array(Type.String(), { description: 'The winners’ player ids (none: not over, a draw, or a lost solo game).' }),
};

/** The score of an outcome: a number per player id. */
export const ScoreSchema = (description: string) => Type.Record(Type.String(), Type.Number(), { description });

/** `{id, name}`: a player of the match. */
const MatchPlayerSchema = Type.Object(
  { id: Type.String({ description: 'The player id.' }), name: Type.String({ description: 'The player’s name.' }) },
  { additionalProperties: false },
);

/** A map with one optional member per operation id of a resolution log. */
const byOperation = (ids: readonly string[], value: (id: string) => TSchema, description: string) =>
  Type.Object(Object.fromEntries(ids.map((id) => [id, Type.Optional(value(id))])), { additionalProperties: false, description });

/**
 * The members of a resolution log's state (resolution-log.ts `ResolutionLogState`) for the game's
 * operations whose ids start with `prefix.`: every command resolved is counted, and the latest
 * request and answer of each operation kept (as the operation's own schemas say: its route).
 */
export function resolutionLogMembers(game: string, prefix: string, operations: readonly Operation<any>[]) {
  const ops = operations.filter((op) => op.id.startsWith(`${prefix}.`) && op.body);
  const ids = ops.map((op) => op.id);
  const route = (id: string) => {
    const op = ops.find((o) => o.id === id)!;
    return `${op.method} ${op.path}`;
  };
  return {
    game: Type.Literal(game, { description: 'The game’s id.' }),
    players: Type.Array(MatchPlayerSchema, { description: 'The players of the match, as created.' }),
    resolutions: Count('Stateless operations resolved as commands.'),
    byKind: byOperation(
      ids,
      (id) => Type.Integer({ minimum: 1, description: `Resolutions of ${route(id)}.` }),
      'How many times each operation was resolved, by operation id. (GraphQL: JSON: keyed by operation ids, which are not GraphQL names.)',
    ),
    latest: byOperation(
      ids,
      (id) =>
        Type.Object(
          {
            request: Type.Unknown({ description: `The request as resolved (the body of ${route(id)}, members the match supplied filled in).` }),
            result: Type.Unknown({ description: `The answer of ${route(id)} to it, in the reader’s language.` }),
          },
          { additionalProperties: false, description: `The latest resolution of ${route(id)}.` },
        ),
      'The latest resolution of each operation, by operation id (decks in draw order and seeds read `{"hidden": true}` for seats and spectators). (GraphQL: JSON: keyed by operation ids, which are not GraphQL names.)',
    ),
    otherEvents: Count('Events of types the game does not know (client notes and the like), counted.'),
  };
}
