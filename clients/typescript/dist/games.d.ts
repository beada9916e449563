/**
 * What the client knows per game, keyed by the game's id (`Match['game']`, from the document): its
 * command prefix and its match state. Each map is checked against the document's games, so a game
 * added to the service without its entry here fails to compile (`npm run client:generate`).
 */
import type { components } from './generated/openapi.js';
import type { Match } from './types.js';
import type { Moves, PendingDecision } from './moves.js';
/** A game's id as the document lists them: `eden`, `anima`, `exsilium`, `spirit-of-eden`. */
export type GameId = Match['game'];
/** A map with one entry per game; a game missing from it is a compile error. */
type PerGame<T extends Record<GameId, unknown>> = T;
/** Each game's command prefix (`GET /v1/games` `prefix`): its command types are `<prefix>.<snake_case>`. */
export type GamePrefix = PerGame<{
    eden: 'eden';
    anima: 'anima';
    exsilium: 'exsilium';
    'spirit-of-eden': 'soe';
}>;
/**
 * Each game's own match state, as `state` of GET /v1/matches/{id} reads for a match of that game:
 * the document's one named schema per game (CONTRACT §9.3). `MatchOf<G>`, `MatchState<G>` narrow with it.
 */
export type GameStates = PerGame<{
    eden: components['schemas']['EdenMatchState'];
    anima: components['schemas']['AnimaMatchState'];
    exsilium: components['schemas']['ExsiliumMatchState'];
    'spirit-of-eden': components['schemas']['SpiritOfEdenMatchState'];
}>;
/** An event the games' rules write, as a union discriminated by `type` (CONTRACT §9.3); any other event of a match is a free-form `MatchEvent`. */
export type GameEvent = components['schemas']['GameMatchEvent'];
/** The event type `T` with its typed `data`. */
export type GameEventOf<T extends GameEvent['type']> = Extract<GameEvent, {
    type: T;
}>;
/** What every game's state carries besides its own members (CONTRACT §8.2 `outcome`, §9.1 `pending`). */
export interface TableState {
    /** Whom the table waits for; read it with `pendingDecisions(state)`. */
    pending?: PendingDecision[];
    /** How the match stands (the same as `outcome` of GET /v1/matches/{id}/moves). */
    outcome?: Moves['outcome'];
}
/** The state of a match of game `G`. */
export type MatchState<G extends GameId = GameId> = GameStates[G] & TableState;
/** GET /v1/matches/{id} for a match known to be of game `G` (check `match.game` first). */
export type MatchOf<G extends GameId> = Omit<Match, 'game' | 'state'> & {
    game: G;
    state: MatchState<G>;
};
export {};
