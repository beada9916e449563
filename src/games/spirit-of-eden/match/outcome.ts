/**
 * How a The Spirit of Eden match stands (CONTRACT §8.2 `state.outcome`): a solo (or cooperative)
 * game against the Goomz, so every player wins together or nobody does (a lost game: `winners: []`).
 * Ended by the full game (`result`, SOE-END-1..3) or, in a log of stateless resolutions, by the
 * latest `soe.goomzPhase` / `soe.status` that reported a victory or a defeat.
 */
import type { SpiritGame } from './state.js';

export interface SpiritOutcome {
  ended: boolean;
  winners: string[];
  reason?: 'SOE-END-1' | 'SOE-END-2';
}

type State = Partial<Pick<SpiritGame, 'result'>> & {
  players?: { id: string }[];
  latest?: Record<string, { result?: unknown } | undefined>;
};

const LOG_ENDS = ['soe.goomzPhase', 'soe.status'];

export function spiritOutcome(state: State): SpiritOutcome {
  const everyone = (state.players ?? []).map((p) => p.id);
  // SOE-END-1: won the moment all 3 Goomz are removed; SOE-END-2: lost the moment both cards of one
  // Terrain are destroyed; SOE-END-3: checked after each Goomz action and objective claimed
  const won = { ended: true, winners: everyone, reason: 'SOE-END-1' as const };
  const lost = { ended: true, winners: [], reason: 'SOE-END-2' as const };
  if (state.result) return state.result.won ? won : lost;
  const ends = LOG_ENDS.map((k) => (state.latest && Object.hasOwn(state.latest, k) ? state.latest[k]?.result : undefined) as { won?: unknown; lost?: unknown } | undefined);
  if (ends.some((r) => r?.won === true)) return won;
  if (ends.some((r) => r?.lost === true)) return lost;
  return { ended: false, winners: [] };
}
