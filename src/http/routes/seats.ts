/**
 * Seats at a match's table (CONTRACT §8.1): the owner issues seat and spectator tokens and revokes
 * a seat's tokens; anyone at the table asks which commands each player may send now (`moves`).
 * Tokens: src/app/matches/seat-tokens.ts; views: src/app/matches/views.ts.
 */
import type { FastifyInstance, FastifySchema } from 'fastify';
import { Type, type Static } from '@sinclair/typebox';
import { SEAT_TOKEN_TTL, SPECTATOR_DELAY } from '../../app/matches/seat-tokens.js';
import { IdParams } from '../../app/matches/schemas.js';
import { matchesOf } from '../../transport/services.js';
import { matchCallerOf } from '../../transport/table-token.js';
import { authenticate, requireApiKey } from '../plugins/auth.js';
import { problemResponses } from '../schemas.js';
import { TABLE_SECURITY } from './matches.js';

const SeatParams = Type.Object({ id: Type.String({ minLength: 1, maxLength: 100 }), playerId: Type.String({ minLength: 1, maxLength: 200 }) });

const TtlSeconds = Type.Integer({
  minimum: SEAT_TOKEN_TTL.min,
  maximum: SEAT_TOKEN_TTL.max,
  default: SEAT_TOKEN_TTL.default,
  description: `Lifetime in seconds, ${SEAT_TOKEN_TTL.min}–${SEAT_TOKEN_TTL.max} (default ${SEAT_TOKEN_TTL.default}); another value → 400.`,
});

const TokenBody = Type.Object({ ttlSeconds: Type.Optional(TtlSeconds) }, { title: 'TableTokenRequest' });

const SpectatorTokenBody = Type.Object(
  {
    ttlSeconds: Type.Optional(TtlSeconds),
    delayEvents: Type.Optional(
      Type.Integer({
        minimum: SPECTATOR_DELAY.min,
        maximum: SPECTATOR_DELAY.max,
        default: 0,
        description: `CONTRACT §9.2: the spectator's views, log, moves and feed stop this many events behind the head (${SPECTATOR_DELAY.min}–${SPECTATOR_DELAY.max}, default 0), so a tournament stream cannot relay the game back to a player; a later \`?version=\` → 400 \`version_not_found\`.`,
      }),
    ),
  },
  { title: 'SpectatorTokenRequest' },
);

const SeatToken = Type.Object(
  {
    token: Type.String({ description: 'A compact JWS (EdDSA, `typ: seat+jwt`): `Authorization: Bearer <token>` (streams also `?token=`).' }),
    expiresAt: Type.String({ format: 'date-time' }),
    playerId: Type.String({ description: 'The seat’s player.' }),
  },
  { title: 'SeatToken' },
);

const SpectatorToken = Type.Object(
  {
    token: Type.String({ description: 'A compact JWS (EdDSA, `typ: spectator+jwt`): `Authorization: Bearer <token>` (streams also `?token=`).' }),
    expiresAt: Type.String({ format: 'date-time' }),
    delayEvents: Type.Optional(Type.Integer({ minimum: 1, description: 'How many events behind the head it reads (present when asked for).' })),
  },
  { title: 'SpectatorToken' },
);

const Outcome = Type.Object(
  {
    ended: Type.Boolean(),
    winners: Type.Array(Type.String(), { description: 'Player ids (none on a draw or a lost solo game).' }),
    reason: Type.Optional(Type.String({ description: 'A rule ID or the game’s code for how it ended.' })),
    score: Type.Optional(Type.Record(Type.String(), Type.Number(), { description: 'By player id, where the game keeps one.' })),
  },
  { additionalProperties: true, description: 'How the match stands: `state.outcome` of GET /v1/matches/{id} (CONTRACT §8.2; a game may add members).' },
);

const Moves = Type.Object(
  {
    version: Type.Integer({ minimum: 0, description: 'The match version the moves are for.' }),
    phase: Type.String({ description: 'The game’s own phase name at this version (`ended` once the game is over).' }),
    turn: Type.Integer({ minimum: 0, description: 'The turn (EDEN, Ánima, The Spirit of Eden) or round (Exsilium) under way; 0 before the first.' }),
    activePlayers: Type.Array(Type.String(), {
      description: 'The players the rules give a move to now: whose turn it is and who owes a pending choice (every reader sees all of them; `moves` lists a seat’s own).',
    }),
    outcome: Outcome,
    moves: Type.Array(Type.Object({ player: Type.String(), type: Type.String({ description: 'A command type (`<prefix>.<snake_case>`).' }) }), {
      description: 'Each command type each player may send now; a seat token sees its own player’s.',
    }),
  },
  { title: 'MatchMoves' },
);

const TOKEN_USE =
  'The token is accepted by GET /v1/matches/{id}, /events, /moves, /feed (also as `?token=`), the GraphQL `match` / `matchEvents` queries and `matchEvents` subscription (WebSocket `connectionParams.authorization`)';

export async function seatRoutes(app: FastifyInstance): Promise<void> {
  authenticate(app, 'onRequest');
  const seats = () => matchesOf(app).seats;
  const ownerOnly = { tags: ['matches'], security: [{ apiKey: [] }] };

  app.post<{ Params: Static<typeof SeatParams>; Body: Static<typeof TokenBody> | undefined }>('/v1/matches/:id/seats/:playerId/tokens', {
    preValidation: async (request) => {
      request.body ??= {};
    },
    schema: {
      ...ownerOnly,
      operationId: 'matches.seatToken',
      summary: 'A seat token: what one player at the table may read and do (owner key).',
      description:
        `Answers 201 \`{token, expiresAt, playerId}\`. ${TOKEN_USE}, and POST /v1/matches/{id}/commands for this player only (another player's command → 403 \`not_your_seat\`). ` +
        'It reads the public state plus this player’s secrets. It stops working at `expiresAt`, when the seat’s tokens are revoked (DELETE) and when the owner’s API key is revoked. Another key’s match or a player not in the match → 404.',
      params: SeatParams,
      body: TokenBody,
      'x-optional-body': true,
      response: { 201: SeatToken, ...problemResponses([400, 401, 404, 429, 503]) },
    } as FastifySchema,
    handler: async (request, reply) => {
      const owner = await requireApiKey(request);
      const { id, playerId } = request.params;
      // a database that does not answer is a 503 (the shared problem mapping), as on every match route
      const issued = await seats().issueSeat(owner.id, id, playerId, request.body?.ttlSeconds);
      reply.header('cache-control', 'no-store');
      return reply.code(201).send(issued);
    },
  });

  app.delete<{ Params: Static<typeof SeatParams> }>('/v1/matches/:id/seats/:playerId/tokens', {
    schema: {
      ...ownerOnly,
      operationId: 'matches.revokeSeat',
      summary: 'Revoke every token of a seat (owner key); its open streams close within 5 s.',
      description:
        'Answers 204. Tokens issued for this seat before stop working at once; a new token can be issued afterwards. Another key’s match or a player not in the match → 404.',
      params: SeatParams,
      response: { 204: Type.Null({ description: 'Revoked.' }), ...problemResponses([401, 404, 429, 503]) },
    },
    handler: async (request, reply) => {
      const owner = await requireApiKey(request);
      await seats().revokeSeat(owner.id, request.params.id, request.params.playerId);
      return reply.code(204).send();
    },
  });

  app.post<{ Params: Static<typeof IdParams>; Body: Static<typeof SpectatorTokenBody> | undefined }>('/v1/matches/:id/spectator-tokens', {
    preValidation: async (request) => {
      request.body ??= {};
    },
    schema: {
      ...ownerOnly,
      operationId: 'matches.spectatorToken',
      summary: 'A spectator token: reads the public view of the match (owner key).',
      description: `Answers 201 \`{token, expiresAt, delayEvents?}\`. ${TOKEN_USE}; it sends no commands. It stops working at \`expiresAt\` and when the owner’s API key is revoked. With \`delayEvents\` n (CONTRACT §9.2) it reads the match n events behind the head: its state, log, moves and feed never show a later version. Another key’s match → 404.`,
      params: IdParams,
      body: SpectatorTokenBody,
      'x-optional-body': true,
      response: { 201: SpectatorToken, ...problemResponses([400, 401, 404, 429, 503]) },
    } as FastifySchema,
    handler: async (request, reply) => {
      const owner = await requireApiKey(request);
      const issued = await seats().issueSpectator(owner.id, request.params.id, request.body?.ttlSeconds, request.body?.delayEvents);
      reply.header('cache-control', 'no-store');
      return reply.code(201).send(issued);
    },
  });

  app.get<{ Params: Static<typeof IdParams> }>('/v1/matches/:id/moves', {
    config: { tableToken: true },
    schema: {
      tags: ['matches'],
      security: TABLE_SECURITY,
      operationId: 'matches.moves',
      summary: 'The command types each player may send now (a seat token sees its own), so a plugin can grey out buttons.',
      description:
        'From the game’s flow: whose turn, which decisions are pending, nothing once the match has ended. A command not listed may still be refused by the rules (422) with its reason; a command listed for another player only is 403 `not_your_seat` for a seat token.',
      params: IdParams,
      response: { 200: Moves, ...problemResponses([401, 404, 429, 503]) },
    },
    handler: async (request) => {
      const owner = await requireApiKey(request);
      return matchesOf(app).reads.movesFor(matchCallerOf(request, owner), request.params.id);
    },
  });
}
