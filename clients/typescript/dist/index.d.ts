/** @arbiter/client: a typed client for the Arbiter API (Node ≥ 20 and browsers). */
export { createArbiterClient, type ArbiterClient, type ArbiterClientOptions, type CommandOptions, type MatchWriteOptions, type RulePath, type TokenOptions } from './client.js';
export { ArbiterProblem } from './problem.js';
export { awaitedPlayers, canSend, movesFor, pendingDecisions } from './moves.js';
export { isEvent } from './events.js';
export { createFetch, newIdempotencyKey, retryAfterMs, type RetryOptions } from './fetch.js';
export { createSseParser, readSse, type SseMessage, type SseParser } from './sse.js';
export type { FollowMatchOptions, SimulationUpdate, SimulationStatus } from './streams.js';
export type * from './types.js';
export type * from './commands.js';
export type * from './games.js';
export type { Move, Moves, PendingDecision } from './moves.js';
