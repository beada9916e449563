/**
 * Match routes (CONTRACT §5): event-sourced match logs owned by the calling API key. Another key's
 * match is a 404. Errors are problem+json; a version conflict is a 409 with `currentVersion`.
 */
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { Type, type Static } from '@sinclair/typebox';
import { follow } from '../../app/matches/notifier.js';
import type { AppendListener } from '../../app/matches/notifications.js';
import { commandCatalogMarkdown, commandExamples } from '../../app/matches/games.js';
import {
  AppendEventsBody,
  AppendedSchema,
  CommandResult,
  CreateMatchBody,
  EventPage,
  EventsQuery,
  FeedQuery,
  IdParams,
  IdempotencyHeaders,
  MatchCreated,
  MatchViewSchema,
  RunCommandBody,
  ViewQuery,
  CommandQuery,
} from '../../app/matches/schemas.js';
import { problemResponses } from '../schemas.js';
import { announceLanguage, carriesSummary } from '../language.js';
import { matchesOf } from '../../transport/services.js';
import { languageOf } from '../../transport/context.js';
import { isOutage } from '../../transport/problem.js';
import { authenticate, requireApiKey } from '../plugins/auth.js';
import { SSE_ROUTE, holdStream, openEventStream, sendEvent, sendShutdown, sendUnavailable, streamProblemResponses } from '../sse.js';
import { eventStreamResponse } from '../openapi/event-stream.js';
import { onStreamEnd, sendEnded, type StreamEndReason } from '../revocation.js';
import { CorrectionBody, CorrectionResult, MatchResultSchema } from '../../app/league/schemas.js';
import { signedResult } from '../../app/league/results.js';
import { FeedTokenQuery } from '../../app/feeds/schemas.js';
import { feedTokenRoute } from '../feed-tokens.js';
import { matchCallerOf } from '../../transport/table-token.js';
import { commandViewer } from '../../app/matches/views.js';

const idem = (request: FastifyRequest) => {
  const key = request.headers['idempotency-key'];
  return typeof key === 'string' && key.length ? { key } : undefined;
};

const send = (reply: FastifyReply, answer: { status: number; body: unknown; replayed: boolean }) => {
  if (answer.replayed) reply.header('idempotent-replayed', 'true');
  return reply.code(answer.status).send(answer.body);
};

const common = { tags: ['matches'], security: [{ apiKey: [] }] };
/** Routes that also take a seat or spectator token (CONTRACT §8.1). */
export const TABLE_SECURITY: { [scheme: string]: string[] }[] = [{ apiKey: [] }, { tableToken: [] }];

export async function matchRoutes(app: FastifyInstance): Promise<void> {
  // Authentication before the body is parsed and validated: no key → 401 even for a bad body.
  authenticate(app, 'onRequest');
  const rt = () => matchesOf(app);

  app.post<{ Body: Static<typeof CreateMatchBody> }>('/v1/matches', {
    schema: {
      ...common,
      operationId: 'matches.create',
      summary: 'Create a match (an empty event log at version 0).',
      description: 'Creates a match owned by the calling API key. Supports `Idempotency-Key`.',
      headers: IdempotencyHeaders,
      body: CreateMatchBody,
      response: { 201: MatchCreated, ...problemResponses([400, 401, 422, 429, 503]) },
    },
    handler: async (request, reply) => {
      const owner = await requireApiKey(request);
      return send(reply, await rt().commands.create(owner.id, request.body, idem(request)));
    },
  });

  app.post<{ Params: Static<typeof IdParams>; Body: Static<typeof AppendEventsBody> }>('/v1/matches/:id/events', {
    schema: {
      ...common,
      operationId: 'matches.appendEvents',
      summary: 'Append events with optimistic concurrency.',
      description:
        'Appends `events` as versions expectedVersion+1 … atomically (all or none). A match at another version → 409 with `currentVersion`. ' +
        'With `Idempotency-Key`, a repeat returns the first answer and appends nothing; the same key with another body → 422 `idempotency_key_reused`. ' +
        'Rules-engine event types (`eden.*`, …) are written by commands only (400 `reserved_event_type`); `match.note` (schema v2) and `match.score_adjusted` are validated; other types are stored as sent.',
      headers: IdempotencyHeaders,
      params: IdParams,
      body: AppendEventsBody,
      response: { 201: AppendedSchema, ...problemResponses([400, 401, 404, 409, 422, 429, 503]) },
    },
    handler: async (request, reply) => {
      const owner = await requireApiKey(request);
      return send(reply, await rt().commands.append(owner.id, request.params.id, request.body as never, idem(request)));
    },
  });

  app.post<{ Params: Static<typeof IdParams>; Body: Static<typeof RunCommandBody>; Querystring: Static<typeof CommandQuery> }>('/v1/matches/:id/commands', {
    config: { tableToken: true },
    schema: {
      ...common,
      security: TABLE_SECURITY,
      operationId: 'matches.runCommand',
      summary: 'Run a command through the rules engine against the match state.',
      description:
        "Loads the events, folds them into the state, resolves the command with the game's rules and appends the resulting events atomically. " +
        'A seat token (CONTRACT §8.1) acts as its player: a command for another player, or one the rules give to another player now, is 403 `not_your_seat` and appends nothing; its answer shows the events and state as the seat may see them. ' +
        'Fighters are named by id; AP and per-turn/per-game limits come from the match. Dice as in CONTRACT §1; the transcript is in the events.\n\n' +
        'Commands by game (`command.type`; every command may carry `dice`):\n' +
        commandCatalogMarkdown(),
      headers: IdempotencyHeaders,
      params: IdParams,
      querystring: CommandQuery,
      // one named example per command type and game (OpenAPI media-type `examples`)
      body: { ...RunCommandBody, 'x-examples': commandExamples() },
      response: { 201: CommandResult, ...problemResponses([400, 401, 403, 404, 409, 422, 429, 503]) },
    },
    handler: async (request, reply) => {
      const owner = await requireApiKey(request);
      const caller = matchCallerOf(request, owner);
      const lang = languageOf(request.headers['accept-language']);
      const viewer = commandViewer(caller.viewer, request.query.as);
      const answer = await rt().commands.command(owner.id, request.params.id, request.body as never, idem(request), viewer, lang);
      // the resolutions' answers in the state (`latest`) are rendered in the caller's language
      if (carriesSummary(answer.body)) announceLanguage(reply, lang);
      return send(reply, answer);
    },
  });

  // Corrections and results (CONTRACT §7.4)
  app.post<{ Params: Static<typeof IdParams>; Body: Static<typeof CorrectionBody> }>('/v1/matches/:id/corrections', {
    schema: {
      ...common,
      operationId: 'matches.correct',
      summary: 'Withdraw the last `undo` events that still count (one `match.corrected` event; the log keeps everything).',
      description:
        'Appends one `match.corrected` event `{reason, undo, withdraws, by}` (`by`: the API key id and name) at `expectedVersion` + 1 (409 with `currentVersion` otherwise). ' +
        'The projection (GET /v1/matches/{id}, commands) skips the withdrawn events; the log, `?version=n` replays and feeds show every event, corrections included. ' +
        'Corrections are never withdrawn themselves: `undo` counts only events that still count, and a correction is undone by sending the events again. ' +
        'More than there are → 422 `nothing_to_undo`. Supports `Idempotency-Key`.',
      headers: IdempotencyHeaders,
      params: IdParams,
      body: CorrectionBody,
      response: { 201: CorrectionResult, ...problemResponses([400, 401, 404, 409, 422, 429, 503]) },
    },
    handler: async (request, reply) => {
      const owner = await requireApiKey(request);
      return send(reply, await rt().commands.correct(owner.id, request.params.id, request.body, { id: owner.id, name: owner.name }, idem(request)));
    },
  });

  app.get<{ Params: Static<typeof IdParams> }>('/v1/matches/:id/result', {
    schema: {
      ...common,
      operationId: 'matches.result',
      summary: 'Whether the match has ended, the winners and the score; a signed receipt once ended.',
      description:
        'Every game (CONTRACT §8.2): read from the projection’s `state.outcome` `{ended, winners, reason?, score?}`. `winners` are player ids (empty before the end, on a draw and for a lost solo game); `winner` is the only winner, else null. ' +
        'EDEN: ended after the last turn or when a band has no fighter left (`reason` `turns` / `elimination`, EDEN-GAME-1/2), the most victory points win (EDEN-GAME-3); `score` stays the victory points by side with `players` by side and `winningSide` (what `winner` held before v1.2). ' +
        'Ánima: the player who completes the Final Mission (`ANIMA-MISSION-3`). Exsilium: the player whose Baralytas reach the target (`EXS-WIN-1`; `score`: Baralytas points by player). ' +
        'The Spirit of Eden: every player wins together (`SOE-END-1`) or nobody does (`SOE-END-2`), in the full game or by a `soe.goomz_phase` / `soe.status` resolution. Matches without an end condition (logs of stateless resolutions) answer `ended: false`. ' +
        'Once ended, `receipt` is a compact JWS (EdDSA, keys at GET /.well-known/jwks.json) over `matchId`, `game`, `version`, `winner`, `winners`, `score`, `logSha256`, `iat` and `iss`. ' +
        '`logSha256` (also in the answer) commits to the whole log (CONTRACT §8.1): the SHA-256 (hex) of the canonical JSON (keys sorted, no spaces) of `[{version, type, schemaVersion, data}]` of every event 1…`version` as GET /v1/matches/{id}/events answers the owner, so the owner can publish the log after the match and anyone can check it against the receipt.',
      params: IdParams,
      response: { 200: MatchResultSchema, ...problemResponses([401, 404, 429, 503]) },
    },
    handler: async (request) => {
      const owner = await requireApiKey(request);
      const view = await rt().reads.view(owner.id, request.params.id);
      return signedResult(view, app.services.receipts, () => rt().reads.logDigest(owner.id, view.id, view.version));
    },
  });

  app.get<{ Params: Static<typeof IdParams>; Querystring: Static<typeof ViewQuery> }>('/v1/matches/:id', {
    config: { tableToken: true },
    schema: {
      ...common,
      security: TABLE_SECURITY,
      operationId: 'matches.get',
      summary: 'The match and its state (the projection of its events) as the caller may see it; `?version=n` replays up to n.',
      description:
        'The owner (API key) reads everything; a seat token reads the public state plus its player’s secrets, a spectator token the public state (CONTRACT §8.1): ' +
        'what the rules keep from the reader reads `{"hidden": true}`, sizes stay visible, `options` are redacted the same way. `viewer` says which view this is; the owner may preview one with `?as=<playerId>` or `?as=spectator`.',
      params: IdParams,
      querystring: ViewQuery,
      response: { 200: MatchViewSchema, ...problemResponses([400, 401, 403, 404, 429, 503]) },
    },
    handler: async (request, reply) => {
      const owner = await requireApiKey(request);
      const lang = languageOf(request.headers['accept-language']);
      const view = await rt().reads.viewFor(matchCallerOf(request, owner), request.params.id, request.query, lang);
      if (carriesSummary(view)) announceLanguage(reply, lang);
      return view;
    },
  });

  app.get<{ Params: Static<typeof IdParams>; Querystring: Static<typeof EventsQuery> }>('/v1/matches/:id/events', {
    config: { tableToken: true },
    schema: {
      ...common,
      security: TABLE_SECURITY,
      operationId: 'matches.events',
      summary: 'Events in version order from `from` (default 1), at most `limit` (default 100), with the next `from`.',
      description:
        'With a seat or spectator token each event is redacted for that reader (CONTRACT §8.1): the same versions and types, a secret member reads `{"hidden": true}`; a secret the rules reveal is public from the event that reveals it.',
      params: IdParams,
      querystring: EventsQuery,
      response: { 200: EventPage, ...problemResponses([400, 401, 404, 429, 503]) },
    },
    handler: async (request) => {
      const owner = await requireApiKey(request);
      return rt().reads.eventsFor(matchCallerOf(request, owner), request.params.id, request.query.from, request.query.limit);
    },
  });

  // Browsers' EventSource: a feed token (?token=) in place of the key (CONTRACT §7.2)
  app.post(
    '/v1/matches/:id/feed-tokens',
    feedTokenRoute({
      kind: 'match',
      tags: common.tags,
      assertOwned: async (_request, ownerId, id) => {
        await rt().reads.head(ownerId, id);
      },
    }),
  );

  app.get<{ Params: Static<typeof IdParams>; Querystring: Static<typeof FeedQuery> }>('/v1/matches/:id/feed', {
    sse: SSE_ROUTE,
    config: { feedToken: 'match', tableToken: true },
    schema: {
      ...common,
      security: TABLE_SECURITY,
      operationId: 'matches.feed',
      summary: 'Server-Sent Events of new events (`id:` = version, `event:` = type, `data:` = the event JSON).',
      description:
        'Resumes after `Last-Event-ID` (the last version received) or from `from`; without either, sends only events appended after the request. A `: ping` comment every 15 s keeps the connection open.',
      params: IdParams,
      querystring: Type.Composite([FeedQuery, FeedTokenQuery]),
      response: {
        200: eventStreamResponse(
          'New events of the match: `id:` the version, `event:` the event type, `data:` the event as GET /v1/matches/{id}/events answers it. ' +
            'When the server shuts down, a last `event: shutdown` (with `retry:`) ends the stream: reconnect with Last-Event-ID.',
        ),
        ...streamProblemResponses([400, 401, 404, 503]),
      },
    },
    handler: async (request, reply) => {
      const owner = await requireApiKey(request);
      const caller = matchCallerOf(request, owner);
      const { reads, notifications } = rt();
      const id = request.params.id;
      const match = await reads.head(owner.id, id);
      const lastId = request.headers['last-event-id'];
      const parsed = typeof lastId === 'string' && /^\d{1,10}$/.test(lastId.trim()) ? Number(lastId.trim()) : undefined;
      const after = parsed ?? (request.query.from !== undefined ? request.query.from - 1 : await reads.followFrom(caller, match));
      const followOn = request.query.follow !== false;
      const abort = new AbortController();
      // why the server ends the feed: its key or seat was revoked (`event: revoked`, CONTRACT §7.2,
      // §8.1), its token expired (`event: expired`, §9.4) or it shuts down (`event: shutdown`, §8.5); then the end
      let ended: StreamEndReason | 'shutdown' | undefined;
      const end = (why: StreamEndReason | 'shutdown') => {
        ended ??= why;
        abort.abort();
      };
      // one of the key's and the address's open streams (429 too_many_streams past a cap)
      await holdStream(request, reply, owner.id, () => end('shutdown'));
      openEventStream(reply, 'feed of match ' + id);
      request.raw.on('close', () => abort.abort());
      reply.sse.onClose(() => abort.abort());
      // the key revoked; a token's seat revoked (CONTRACT §8.1, within 5 s) or the token expired (§9.4)
      onStreamEnd(request, reply, owner.id, end);
      try {
        if (!followOn) {
          for (const e of await reads.eventsAfterFor(caller, id, after, 1000)) {
            if (ended) break;
            await sendEvent(reply, e.type, e, e.version);
          }
        } else {
          const read = (v: number) => reads.eventsAfterFor(caller, id, v, 100);
          const subscribe = (listener: AppendListener) => notifications.subscribe(id, listener);
          for await (const e of follow(read, subscribe, after, abort.signal)) {
            if (ended) break;
            await sendEvent(reply, e.type, e, e.version);
          }
        }
      } catch (error) {
        if (reply.sse.isConnected && !ended && !isOutage(error)) request.log.warn({ err: error }, 'match feed stopped');
        // a read that failed on a database outage ends with a last event saying so (CONTRACT §9.4)
        if (!ended && isOutage(error)) await sendUnavailable(reply);
      }
      if (ended === 'shutdown') await sendShutdown(reply);
      else if (ended) await sendEnded(reply, ended);
      // returning ends the stream (the plugin closes it)
    },
  });
}
