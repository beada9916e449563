import type { MatchEvent, Simulation } from './types.js';
export type Send = (request: Request) => Promise<Response>;
export interface FollowMatchOptions {
    /** First version to receive (default: only events appended after the call). */
    from?: number;
    /** Resume after this version (what the last event's `version` was): wins over `from`. */
    lastEventId?: number | string;
    /** `false`: receive what exists and stop (no live tail). */
    follow?: boolean;
    /** Reconnect after a dropped connection, resuming with Last-Event-ID (default true). */
    reconnect?: boolean;
    /** Wait before reconnecting when the server sent no `retry:` (default 2000 ms). */
    reconnectDelayMs?: number;
    signal?: AbortSignal;
}
export type SimulationStatus = Simulation['status'];
export interface SimulationUpdate {
    /** `progress` while queued or running, then the final status (`completed`, `failed`, `cancelled`). */
    event: string;
    simulation: Simulation;
}
/** The events of a match as they are appended; break out of the loop (or abort) to stop. */
export declare function followMatch(send: Send, baseUrl: string, id: string, options?: FollowMatchOptions): AsyncGenerator<MatchEvent>;
/** A simulation's progress, ending with its final status (`completed`, `failed` or `cancelled`). */
export declare function followSimulation(send: Send, baseUrl: string, id: string, options?: {
    signal?: AbortSignal;
    reconnectDelayMs?: number;
}): AsyncGenerator<SimulationUpdate>;
export declare const withSlash: (url: string) => string;
