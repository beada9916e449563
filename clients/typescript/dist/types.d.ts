/**
 * Named types for what integrators pass and receive, derived by path lookups on the generated
 * `paths` (src/generated/openapi.ts, from openapi/openapi.json): they follow the document whether
 * its schemas are inline or under `components.schemas`. Regenerate with `npm run client:generate`.
 */
import type { paths } from './generated/openapi.js';
export type { paths } from './generated/openapi.js';
export type Path = keyof paths;
export type Method = 'get' | 'post' | 'put' | 'patch' | 'delete';
type OperationOf<P extends Path, M extends Method> = M extends keyof paths[P] ? NonNullable<paths[P][M]> : never;
/** The JSON request body of `M P`. */
export type RequestBody<P extends Path, M extends Method = 'post'> = OperationOf<P, M> extends {
    requestBody?: infer RB;
} ? (NonNullable<RB> extends {
    content: {
        'application/json': infer B;
    };
} ? B : never) : never;
/** The JSON (or problem+json) answer of `M P` with status `S`. */
export type ResponseBody<P extends Path, M extends Method = 'post', S extends number = 200> = OperationOf<P, M> extends {
    responses: infer R;
} ? S extends keyof R ? R[S] extends {
    content: {
        'application/json': infer B;
    };
} ? B : R[S] extends {
    content: {
        'application/problem+json': infer B;
    };
} ? B : never : never : never;
/** The query parameters of `M P`. */
export type QueryOf<P extends Path, M extends Method = 'get'> = OperationOf<P, M> extends {
    parameters: {
        query?: infer Q;
    };
} ? NonNullable<Q> : never;
/** RFC 9457 problem details; validation problems list every error with a JSON-pointer `path`. */
export type Problem = ResponseBody<'/v1/eden/attacks/melee', 'post', 400>;
export type ProblemError = NonNullable<Problem['errors']> extends (infer E)[] ? E : never;
export type DiceSpec = NonNullable<MeleeRequest['dice']>;
export type DiceTranscript = MeleeResult['dice'];
export type MeleeRequest = RequestBody<'/v1/eden/attacks/melee'>;
export type MeleeResult = ResponseBody<'/v1/eden/attacks/melee'>;
/** An EDEN fighter: profile and current state. */
export type Fighter = MeleeRequest['attacker'];
export type RangedRequest = RequestBody<'/v1/eden/attacks/ranged'>;
export type RangedResult = ResponseBody<'/v1/eden/attacks/ranged'>;
export type EdenRollRequest = RequestBody<'/v1/eden/rolls'>;
export type EdenRollResult = ResponseBody<'/v1/eden/rolls'>;
export type EdenCatalog = ResponseBody<'/v1/eden/catalog', 'get'>;
export type RosterValidateRequest = RequestBody<'/v1/eden/rosters/validate'>;
export type RosterValidation = ResponseBody<'/v1/eden/rosters/validate'>;
export type RosterValidationError = RosterValidation['errors'][number];
export type RosterFormatRequest = RequestBody<'/v1/eden/rosters/format'>;
export type StoreRosterRequest = RequestBody<'/v1/eden/rosters'>;
export type StoredRosterCreated = ResponseBody<'/v1/eden/rosters', 'post', 201>;
export type StoredRoster = ResponseBody<'/v1/eden/rosters/{id}', 'get'>;
export type ReceiptVerifyRequest = RequestBody<'/v1/receipts/verify'>;
export type ReceiptVerification = ResponseBody<'/v1/receipts/verify'>;
export type Jwks = ResponseBody<'/.well-known/jwks.json', 'get'>;
export type AnimaExplorationRequest = RequestBody<'/v1/anima/explorations'>;
export type AnimaExplorationResult = ResponseBody<'/v1/anima/explorations'>;
export type NewaruActionRequest = RequestBody<'/v1/exsilium/newaru/actions'>;
export type NewaruActionResult = ResponseBody<'/v1/exsilium/newaru/actions'>;
export type GoomzPhaseRequest = RequestBody<'/v1/spirit-of-eden/goomz-phase'>;
export type GoomzPhaseResult = ResponseBody<'/v1/spirit-of-eden/goomz-phase'>;
export type DiceRollRequest = RequestBody<'/v1/dice/rolls'>;
export type DiceRollResult = ResponseBody<'/v1/dice/rolls'>;
export type ApiKeyCreated = ResponseBody<'/v1/admin/keys', 'post', 201>;
export type CreateMatchRequest = RequestBody<'/v1/matches'>;
export type MatchCreated = ResponseBody<'/v1/matches', 'post', 201>;
export type Match = ResponseBody<'/v1/matches/{id}', 'get'>;
export type CommandRequest = RequestBody<'/v1/matches/{id}/commands'>;
export type CommandResult = ResponseBody<'/v1/matches/{id}/commands', 'post', 201>;
export type AppendEventsRequest = RequestBody<'/v1/matches/{id}/events'>;
export type AppendEventsResult = ResponseBody<'/v1/matches/{id}/events', 'post', 201>;
export type MatchEventsPage = ResponseBody<'/v1/matches/{id}/events', 'get'>;
export type MatchEvent = MatchEventsPage['events'][number];
export type CorrectionRequest = RequestBody<'/v1/matches/{id}/corrections'>;
export type CorrectionResult = ResponseBody<'/v1/matches/{id}/corrections', 'post', 201>;
export type MatchResult = ResponseBody<'/v1/matches/{id}/result', 'get'>;
/** `POST /v1/matches/{id}/feed-tokens` and `/v1/simulations/{id}/feed-tokens`: `?token=` for one stream. */
export type FeedToken = ResponseBody<'/v1/matches/{id}/feed-tokens', 'post', 201>;
/** `POST /v1/matches/{id}/seats/{playerId}/tokens`: acts as that player on that match. */
export interface SeatToken {
    token: string;
    /** RFC 3339 time after which it is refused. */
    expiresAt: string;
    playerId: string;
}
/** `POST /v1/matches/{id}/spectator-tokens`: reads the match's public view. */
export interface SpectatorToken {
    token: string;
    expiresAt: string;
    /** How many events behind the head it reads (contract §9.2), when asked for. */
    delayEvents?: number;
}
export type SimulationRequest = RequestBody<'/v1/simulations'>;
export type SimulationSubmitted = ResponseBody<'/v1/simulations', 'post', 202>;
export type Simulation = ResponseBody<'/v1/simulations/{id}', 'get'>;
