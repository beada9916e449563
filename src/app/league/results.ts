/**
 * Match results (CONTRACT §7.4): ended or not, the winner, the score where the game keeps one, the
 * version read, and once ended a signed receipt over the match id, version, winner and score.
 */
import type { MatchView } from '../matches/service.js';
import type { ReceiptService } from './receipts.js';

export interface MatchResult {
  ended: boolean;
  winner: string | null;
  score?: Record<string, number>;
  version: number;
  game: string;
  /** The players by side or role the winner names. */
  players?: Record<string, { id: string; name: string }>;
  reason?: string;
  receipt?: string;
}

type EdenState = {
  phase?: string;
  bands?: Record<'A' | 'B', { player: { id: string; name: string }; victoryPoints: number }>;
  result?: { reason: string; victoryPoints: Record<string, number>; winner: 'A' | 'B' | null } | null;
};

type LogState = { latest?: Record<string, { result?: { won?: boolean; lost?: boolean } }> };

/** What a match's projection says about its end (no I/O). */
export function resultOf(view: MatchView): MatchResult {
  const base = { version: view.version, game: view.game };
  if (view.game === 'eden') {
    const s = view.state as EdenState;
    const players = s.bands ? { A: s.bands.A.player, B: s.bands.B.player } : undefined;
    // EDEN-END: the game ends after the last turn or on elimination; victory points decide
    if (s.result) return { ...base, ended: true, winner: s.result.winner, score: { ...s.result.victoryPoints }, reason: s.result.reason, ...(players ? { players } : {}) };
    const score = s.bands ? { A: s.bands.A.victoryPoints, B: s.bands.B.victoryPoints } : undefined;
    return { ...base, ended: false, winner: null, ...(score ? { score } : {}), ...(players ? { players } : {}) };
  }
  if (view.game === 'spirit-of-eden') {
    // SOE-END: the players win or lose together against the Goomz
    const latest = (view.state as LogState).latest ?? {};
    const ends = ['soe.goomzPhase', 'soe.status'].map((k) => latest[k]?.result);
    if (ends.some((r) => r?.won)) return { ...base, ended: true, winner: 'players', reason: 'won' };
    if (ends.some((r) => r?.lost)) return { ...base, ended: true, winner: 'goomz', reason: 'lost' };
  }
  // Ánima and Exsilium matches keep resolutions only: their projection has no end
  return { ...base, ended: false, winner: null };
}

/** The result with a receipt once the match has ended. */
export async function signedResult(view: MatchView, receipts: ReceiptService): Promise<MatchResult> {
  const result = resultOf(view);
  if (!result.ended) return result;
  const receipt = await receipts.sign({ matchId: view.id, game: view.game, version: view.version, winner: result.winner, score: result.score ?? null });
  return { ...result, receipt };
}
