/**
 * Match results (CONTRACT §7.4, §8.2): ended or not, the winners (player ids) and `winner` (the
 * only winner, else null), the score where the game keeps one, the version read, and once ended a
 * signed receipt over the match id, version, winner(s) and score. Every game's projection carries
 * `state.outcome` (src/app/matches/games.ts); the result reads it.
 */
import type { MatchView } from '../matches/reads.js';
import type { MatchOutcome } from '../../kernel/decider.js';
import type { ReceiptService } from './receipts.js';

export interface MatchResult {
  ended: boolean;
  /** The only winner (a player id), else null (no winner yet, a draw, a lost solo game, or several winners). */
  winner: string | null;
  /** Every winner, by player id (CONTRACT §8.2). */
  winners: string[];
  score?: Record<string, number>;
  version: number;
  game: string;
  /** EDEN: the players by side. */
  players?: Record<string, { id: string; name: string }>;
  /** EDEN: the winning side `A` / `B` (what `winner` held before v1.2), null otherwise. */
  winningSide?: 'A' | 'B' | null;
  reason?: string;
  /** Once ended: the digest of the whole log up to `version` (src/app/matches/log-digest.ts), also signed in `receipt`. */
  logSha256?: string;
  receipt?: string;
}

type EdenState = {
  bands?: Record<'A' | 'B', { player: { id: string; name: string }; victoryPoints: number }>;
  result?: { victoryPoints: Record<'A' | 'B', number>; winner: 'A' | 'B' | null } | null;
};

/** The projection's outcome (CONTRACT §8.2: every game's state carries it). */
const outcomeOf = (view: MatchView): MatchOutcome => view.state.outcome;

/** What a match's projection says about its end (no I/O). */
function resultOf(view: MatchView): MatchResult {
  const outcome = outcomeOf(view);
  const winners = [...outcome.winners];
  const result: MatchResult = {
    ended: outcome.ended,
    winner: winners.length === 1 ? winners[0]! : null,
    winners,
    ...(outcome.score ? { score: { ...outcome.score } } : {}),
    version: view.version,
    game: view.game,
    ...(outcome.reason ? { reason: outcome.reason } : {}),
  };
  if (view.game !== 'eden') return result;
  // EDEN (EDEN-GAME-3): `score` stays the victory points by side, as before v1.2, with the players by side
  const s = view.state as EdenState;
  if (!s.bands) return result;
  const vp = s.result?.victoryPoints ?? { A: s.bands.A.victoryPoints, B: s.bands.B.victoryPoints };
  return { ...result, score: { A: vp.A, B: vp.B }, players: { A: s.bands.A.player, B: s.bands.B.player }, winningSide: s.result?.winner ?? null };
}

/** The result with a receipt once the match has ended. */
export async function signedResult(view: MatchView, receipts: ReceiptService, log?: () => Promise<string>): Promise<MatchResult> {
  const result = resultOf(view);
  if (!result.ended) return result;
  // CONTRACT §8.1: the receipt commits to the full log, which the owner may publish after the match
  const digest = log ? await log() : undefined;
  const receipt = await receipts.sign({
    matchId: view.id,
    game: view.game,
    version: view.version,
    winner: result.winner,
    winners: result.winners,
    score: result.score ?? null,
    ...(digest ? { logSha256: digest } : {}),
  });
  return { ...result, ...(digest ? { logSha256: digest } : {}), receipt };
}
