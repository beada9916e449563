/**
 * The Spirit of Eden match decider. A match records the resolutions of the stateless cores (
 * every operation the game offers) as events; the projection counts them and keeps the latest
 * result of each kind. `resolvers` are the pure cores, handed in by the use case.
 */
import type { Dice } from '../../dice/index.js';
import { RuleViolation } from '../../errors.js';

export interface ResolutionLogState {
  game: string;
  players: { id: string; name: string }[];
  resolutions: number;
  byKind: Record<string, number>;
  latest: Record<string, { request: unknown; result: unknown }>;
  otherEvents: number;
}

export type Resolver = (request: Record<string, unknown>, dice: Dice) => unknown;
export type ResolvedEvent = { type: string; data: { kind: string; request: unknown; result: unknown } };

export function initialState(setup: { players: { id: string; name: string }[] }): ResolutionLogState {
  return { game: 'spirit-of-eden', players: setup.players, resolutions: 0, byKind: {}, latest: {}, otherEvents: 0 };
}

export function decide(command: { type: string; [k: string]: unknown }, _state: ResolutionLogState, dice: Dice, resolvers: Record<string, Resolver>): ResolvedEvent[] {
  const resolve = resolvers[command.type];
  if (!resolve) throw new RuleViolation('unknown_command', `The Spirit of Eden matches know no command "${command.type}".`, { commands: Object.keys(resolvers) });
  const { type, ...request } = command;
  return [{ type: `${type}.resolved`, data: { kind: type, request, result: resolve(request, dice) } }];
}

export function evolve(state: ResolutionLogState, event: { type: string; data: unknown }): ResolutionLogState {
  const d = event.data as ResolvedEvent['data'] | null;
  if (!event.type.endsWith('.resolved') || !d || typeof d.kind !== 'string') return { ...state, otherEvents: state.otherEvents + 1 };
  return {
    ...state,
    resolutions: state.resolutions + 1,
    byKind: { ...state.byKind, [d.kind]: (state.byKind[d.kind] ?? 0) + 1 },
    latest: { ...state.latest, [d.kind]: { request: d.request, result: d.result } },
  };
}
