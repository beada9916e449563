/**
 * The Arbiter client: openapi-fetch typed by the generated `paths`, behind a fetch that adds the
 * API key, retries 429/503 after Retry-After and keys match POSTs (fetch.ts). Every answer that is
 * not 2xx is thrown as an ArbiterProblem. `raw` is the openapi-fetch client for any route; the
 * named methods cover the common calls.
 */
import createClient from 'openapi-fetch';
import type { paths } from './generated/openapi.js';
import { createFetch, type RetryOptions } from './fetch.js';
import { ArbiterProblem } from './problem.js';
import { followMatch, followSimulation, withSlash, type FollowMatchOptions } from './streams.js';
import type * as T from './types.js';
import type { CommandRequestOf } from './commands.js';
import type { GameId } from './games.js';
import { pendingDecisions, type Moves, type PendingDecision } from './moves.js';

export interface ArbiterClientOptions extends RetryOptions {
  /** Where the service is, e.g. `http://127.0.0.1:3000`. */
  baseUrl: string;
  /** API key (`POST /v1/admin/keys`): needed for matches, simulations and stored rosters. */
  apiKey?: string;
  /**
   * A seat or spectator token (`createSeatToken`, `createSpectatorToken`) instead of a key: sent as
   * `Authorization: Bearer <token>`, it reads that one match (`getMatch`, `matchEvents`,
   * `followMatch`) and, for a seat, sends its player's commands (`runCommand`). Used when `apiKey`
   * is absent.
   */
  token?: string;
  /** `summary` language: `en` (default), `es` or `de`. */
  language?: 'en' | 'es' | 'de';
  /** Another fetch (tests, instrumentation); default the global one. */
  fetch?: typeof fetch;
}

/** Options of a POST that changes a match. */
export interface MatchWriteOptions {
  /** Your own key for this logical call; by default one is generated per call and kept across its retries. */
  idempotencyKey?: string;
}

/** Options of a command. */
export interface CommandOptions extends MatchWriteOptions {
  /**
   * Owner key only (contract §9.1 `?as=`): send the command for this player, as its seat would — it
   * decides that player's part only (a decision it opens waits for the others) and answers in that
   * seat's view. A bot or VTT host relaying one player's move uses it.
   */
  as?: string;
}

/** Options of a token request: a shorter lifetime than the service's default. */
export interface TokenOptions {
  /** Feed tokens: 1–600 (default `FEED_TOKEN_TTL_SECONDS`); seat and spectator tokens: 60–86 400 (default 86 400). */
  ttlSeconds?: number;
}

/** POST paths whose success is a 200 JSON answer (the stateless rule operations). */
export type RulePath = { [P in T.Path]: [T.ResponseBody<P, 'post', 200>] extends [never] ? never : P }[T.Path];

type Result<D> = { data?: D; error?: unknown; response: Response };

async function unwrap<D>(call: Promise<Result<D>>): Promise<D> {
  const { data, error, response } = await call;
  if (!response.ok) throw ArbiterProblem.of(response, error);
  return data as D;
}

const keyed = (o?: MatchWriteOptions) => (o?.idempotencyKey ? { 'idempotency-key': o.idempotencyKey } : {});

export function createArbiterClient(options: ArbiterClientOptions) {
  const send = createFetch({ ...options, apiKey: options.apiKey ?? options.token });
  const baseUrl = withSlash(options.baseUrl).slice(0, -1);
  const raw = createClient<paths>({ baseUrl, fetch: send, headers: options.language ? { 'accept-language': options.language } : {} });
  const id = (value: string) => ({ path: { id: value } });
  const post = raw.POST as (path: string, init: Record<string, unknown>) => Promise<Result<unknown>>;
  const del = raw.DELETE as (path: string, init: Record<string, unknown>) => Promise<Result<unknown>>;
  const seat = (matchId: string, playerId: string) => ({ path: { id: matchId, playerId } });
  const ttl = (o?: TokenOptions) => (o?.ttlSeconds === undefined ? {} : { ttlSeconds: o.ttlSeconds });
  /** `GET <path>?token=…` as an absolute URL, for what cannot send headers (`EventSource`, `<img src>`). */
  const withToken = (path: string, token: string, query: Record<string, string | number | undefined> = {}) => {
    const url = new URL(baseUrl + path);
    url.searchParams.set('token', token);
    for (const [k, v] of Object.entries(query)) if (v !== undefined) url.searchParams.set(k, String(v));
    return url.toString();
  };
  const enc = encodeURIComponent;

  return {
    /** The typed openapi-fetch client (GET/POST/DELETE on any documented path); it does not throw. */
    raw,

    /** Any stateless rule operation by its path: `rules('/v1/eden/weather', {dice: {seed: 'x'}})`. */
    rules: <P extends RulePath>(path: P, body: T.RequestBody<P>) => unwrap(post(path, { body })) as Promise<T.ResponseBody<P>>,
    melee: (body: T.MeleeRequest) => unwrap(raw.POST('/v1/eden/attacks/melee', { body })),
    ranged: (body: T.RangedRequest) => unwrap(raw.POST('/v1/eden/attacks/ranged', { body })),
    exploreAnima: (body: T.AnimaExplorationRequest) => unwrap(raw.POST('/v1/anima/explorations', { body })),
    newaruAction: (body: T.NewaruActionRequest) => unwrap(raw.POST('/v1/exsilium/newaru/actions', { body })),
    goomzPhase: (body: T.GoomzPhaseRequest) => unwrap(raw.POST('/v1/spirit-of-eden/goomz-phase', { body })),
    rollDice: (body: T.DiceRollRequest) => unwrap(raw.POST('/v1/dice/rolls', { body })),
    catalog: () => unwrap(raw.GET('/v1/eden/catalog')),

    // — league tools —
    /**
     * Validates a band: a JSON body, or the plain-text list format (answered with the parsed
     * `roster`). Invalid bands are answers (`valid: false`, `errors`), not exceptions; malformed
     * input is an ArbiterProblem (400 with every error's path).
     */
    validateRoster: (roster: T.RosterValidateRequest | string) =>
      unwrap(
        typeof roster === 'string'
          ? post('/v1/eden/rosters/validate', { body: roster, bodySerializer: (b: string) => b, headers: { 'content-type': 'text/plain; charset=utf-8' } })
          : post('/v1/eden/rosters/validate', { body: roster }),
      ) as Promise<T.RosterValidation & { roster?: T.RosterValidateRequest; receipt?: string }>,
    /** The band in the plain-text list format (round-trips through validateRoster). */
    formatRoster: (roster: T.RosterValidateRequest) => unwrap(post('/v1/eden/rosters/format', { body: { roster }, parseAs: 'text' })) as Promise<string>,
    /** Stores a band (API key) under an unguessable id; share `url`. */
    storeRoster: (roster: T.RosterValidateRequest) => unwrap(raw.POST('/v1/eden/rosters', { body: { roster } as T.StoreRosterRequest })),
    getRoster: (rosterId: string) => unwrap(raw.GET('/v1/eden/rosters/{id}', { params: id(rosterId) })),
    verifyReceipt: (body: T.ReceiptVerifyRequest) => unwrap(raw.POST('/v1/receipts/verify', { body })),
    jwks: () => unwrap(raw.GET('/.well-known/jwks.json')),

    // — API keys —
    /** Creates an API key with the service's ADMIN_TOKEN; the key is shown once. */
    createApiKey: (name: string, adminToken: string) => unwrap(raw.POST('/v1/admin/keys', { body: { name }, headers: { authorization: `Bearer ${adminToken}` } })),

    // — matches —
    createMatch: (body: T.CreateMatchRequest, o?: MatchWriteOptions) => unwrap(raw.POST('/v1/matches', { body, headers: keyed(o) })),
    getMatch: (matchId: string) => unwrap(raw.GET('/v1/matches/{id}', { params: id(matchId) })),
    /**
     * Resolves a command against the match state and appends its events atomically. The command is
     * typed by its `type` (CONTRACT §9.3); `runCommand<'eden'>(…)` accepts only that game's commands and the table's.
     */
    runCommand: <G extends GameId = GameId>(matchId: string, body: CommandRequestOf<G>, o?: CommandOptions) =>
      unwrap(raw.POST('/v1/matches/{id}/commands', { params: { ...id(matchId), query: o?.as === undefined ? {} : { as: o.as } }, body, headers: keyed(o) })),
    /** The match's flow now (contract §8.1, §9.1): phase, turn, the players the table waits for and the command types each may send (a seat: its own); read it with `movesFor`, `canSend`. */
    getMoves: (matchId: string) => unwrap(raw.GET('/v1/matches/{id}/moves', { params: id(matchId) })) as Promise<Moves>,
    /** Whom the table waits for (contract §9.1 `state.pending`): a sealed part, an answer, a choice — public, never a part's content. */
    getPending: async (matchId: string): Promise<PendingDecision[]> => pendingDecisions((await unwrap(raw.GET('/v1/matches/{id}', { params: id(matchId) }))).state),
    appendEvents: (matchId: string, body: T.AppendEventsRequest, o?: MatchWriteOptions) =>
      unwrap(raw.POST('/v1/matches/{id}/events', { params: id(matchId), body, headers: keyed(o) })),
    matchEvents: (matchId: string, query: Partial<T.QueryOf<'/v1/matches/{id}/events'>> = {}) =>
      unwrap(raw.GET('/v1/matches/{id}/events', { params: { ...id(matchId), query: query as T.QueryOf<'/v1/matches/{id}/events'> } })),
    /** Withdraws the last `undo` events from the projection (the log keeps them). */
    correctMatch: (matchId: string, body: T.CorrectionRequest, o?: MatchWriteOptions) =>
      unwrap(raw.POST('/v1/matches/{id}/corrections', { params: id(matchId), body, headers: keyed(o) })),
    matchResult: (matchId: string) => unwrap(raw.GET('/v1/matches/{id}/result', { params: id(matchId) })),
    /** The match's events as they are appended (SSE), resumed with Last-Event-ID after a drop. */
    followMatch: (matchId: string, o?: FollowMatchOptions) => followMatch(send, baseUrl, matchId, o),

    // — tokens for browsers and the people at the table (contract §7.2, §8.1) —
    /** A read-only token that opens this match's feed (`matchFeedUrl`) or loads its charts, for `EventSource` and `<img>`; at most 10 minutes. */
    createFeedToken: (matchId: string, o?: TokenOptions) => unwrap(raw.POST('/v1/matches/{id}/feed-tokens', { params: id(matchId), body: ttl(o) })),
    /** The same for a simulation's progress stream and its chart (`simulationEventsUrl`, `simulationChartUrl`). */
    createSimulationFeedToken: (simulationId: string, o?: TokenOptions) => unwrap(raw.POST('/v1/simulations/{id}/feed-tokens', { params: id(simulationId), body: ttl(o) })),
    /** A seat's token (owner key): whoever holds it reads the match as that player and sends that player's commands. */
    createSeatToken: (matchId: string, playerId: string, o?: TokenOptions) =>
      unwrap(post(`/v1/matches/{id}/seats/{playerId}/tokens`, { params: seat(matchId, playerId), body: ttl(o) })) as Promise<T.SeatToken>,
    /** A spectator's token (owner key): reads the public view of the match and its feed; with `delayEvents` n, n events behind the head (contract §9.2). */
    createSpectatorToken: (matchId: string, o?: TokenOptions & { delayEvents?: number }) =>
      unwrap(
        post('/v1/matches/{id}/spectator-tokens', { params: id(matchId), body: { ...ttl(o), ...(o?.delayEvents === undefined ? {} : { delayEvents: o.delayEvents }) } }),
      ) as Promise<T.SpectatorToken>,
    /** Stops every token of that seat (owner key); its open streams close. */
    revokeSeatTokens: async (matchId: string, playerId: string): Promise<void> => {
      await unwrap(del('/v1/matches/{id}/seats/{playerId}/tokens', { params: seat(matchId, playerId), parseAs: 'text' }));
    },
    /** The feed's URL with `?token=` for `new EventSource(url)` (a feed, seat or spectator token). */
    matchFeedUrl: (matchId: string, token: string, o: { from?: number } = {}) => withToken(`/v1/matches/${enc(matchId)}/feed`, token, { from: o.from }),

    // — simulations —
    submitSimulation: (body: T.SimulationRequest) => unwrap(raw.POST('/v1/simulations', { body })),
    getSimulation: (simulationId: string) => unwrap(raw.GET('/v1/simulations/{id}', { params: id(simulationId) })),
    cancelSimulation: (simulationId: string) => unwrap(raw.DELETE('/v1/simulations/{id}', { params: id(simulationId) })),
    /** Progress events until the final status. */
    followSimulation: (simulationId: string, o?: { signal?: AbortSignal }) => followSimulation(send, baseUrl, simulationId, o),
    /** The progress stream's URL with `?token=` (a simulation feed token) for `EventSource`. */
    simulationEventsUrl: (simulationId: string, token: string) => withToken(`/v1/simulations/${enc(simulationId)}/events`, token),
    /** The chart's URL with `?token=` (a simulation feed token) for `<img src>`: SVG (PNG when a request's Accept prefers it). */
    simulationChartUrl: (simulationId: string, token: string) => withToken(`/v1/simulations/${enc(simulationId)}/chart.svg`, token),

    // — system —
    health: () => unwrap(raw.GET('/health')),
  };
}

export type ArbiterClient = ReturnType<typeof createArbiterClient>;
