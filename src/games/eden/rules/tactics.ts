/**
 * Playing a tactic card in the Tactical phase: cost and legality (EDEN-CARD-TACTIC-2..5,
 * EDEN-TACPH-1/2, EDEN-WEATHER-8, EDEN-AMB-15/36). Answers whether the card may be played, never throws.
 */
import { fold } from './catalog/factions.js';
import type { WeatherCondition } from './catalog/weather.js';

export type TacticKeyword = 'tactic' | 'first_turn' | 'cancellation';
export type GamePhase = 'preparation' | 'tactical' | 'activation' | 'upkeep';

export interface TacticInput {
  /** The player's Strategy Points left. */
  pool: number;
  /** EDEN-TACPH-1: false once the Leader is out of action. Default true. */
  leaderOnTable?: boolean;
  /** Weather condition(s) in play. */
  weather?: WeatherCondition[];
  card?: { name?: string; keywords?: TacticKeyword[]; cancellation?: number };
  turn?: number;
  phase?: GamePhase;
  /** EDEN-TACPH-1: this player already played a card in this Tactical phase. */
  playedThisPhase?: boolean;
  /** Names of the tactic cards this player already played this game (EDEN-CARD-TACTIC-2). */
  playedNames?: string[];
  /** The opponent's SP, to tell whether he can pay a Cancellation (X). */
  opponentPool?: number;
}

export interface TacticReason {
  code: string;
  rule: string;
  message: string;
}

export interface TacticResult {
  cost: number;
  allowed: boolean;
  reasons: TacticReason[];
  /** The pool after paying, when allowed; unchanged otherwise. */
  poolAfter: number;
  /** EDEN-TACPH-2; `cost` null when the keyword came without its X. */
  cancellation: { cost: number | null; opponentCanPay: boolean | null; note: string } | null;
}

const TACTIC_COST = 2;
const SNOWSTORM_TACTIC_COST = 3;

/** EDEN-CARD-TACTIC-5: 2 SP, 3 SP under Snowstorm (EDEN-WEATHER-8). */
export function tacticCost(weather: readonly WeatherCondition[] = []): number {
  return weather.includes('snowstorm') ? SNOWSTORM_TACTIC_COST : TACTIC_COST;
}

export function checkTactic(input: TacticInput): TacticResult {
  const cost = tacticCost(input.weather);
  const reasons: TacticReason[] = [];
  const no = (code: string, rule: string, message: string) => reasons.push({ code, rule, message });

  // EDEN-TACPH-1 / EDEN-AMB-36: a pool holding less than the cost cannot pay (SP never negative)
  if (input.pool < cost) no('insufficient_sp', 'EDEN-TACPH-1', `The card costs ${cost} SP and the pool holds ${input.pool}.`);
  // EDEN-TACPH-1: no tactic cards once the Leader is not on the table
  if (input.leaderOnTable === false) no('leader_absent', 'EDEN-TACPH-1', 'The Leader is not on the table.');
  // EDEN-TACPH-1: at most one card per player per Tactical phase
  if (input.playedThisPhase === true) no('already_played_this_phase', 'EDEN-TACPH-1', 'This player already played a tactic card in this Tactical phase.');
  // EDEN-CARD-TACTIC-2 / EDEN-AMB-15: a name already played (even cancelled) cannot be played again
  const name = input.card?.name;
  if (name !== undefined && (input.playedNames ?? []).some((n) => fold(n) === fold(name))) {
    no('duplicate_name', 'EDEN-CARD-TACTIC-2', `A tactic card named "${name}" was already played this game.`);
  }
  const keywords = input.card?.keywords ?? [];
  // EDEN-CARD-TACTIC-3: Tactic → only in the Tactical phase
  if (keywords.includes('tactic') && input.phase !== undefined && input.phase !== 'tactical') {
    no('wrong_phase', 'EDEN-CARD-TACTIC-3', `A card with the Tactic keyword is played only in the Tactical phase, not in ${input.phase}.`);
  }
  // EDEN-CARD-TACTIC-3: First turn → only in turn 1
  if (keywords.includes('first_turn') && input.turn !== undefined && input.turn !== 1) {
    no('not_first_turn', 'EDEN-CARD-TACTIC-3', `A First turn card is played only in turn 1, not turn ${input.turn}.`);
  }

  const allowed = reasons.length === 0;
  // EDEN-TACPH-2 / EDEN-AMB-15: the opponent may pay X SP to cancel; the cost stays paid
  const x = input.card?.cancellation;
  const cancellation =
    keywords.includes('cancellation') || x !== undefined
      ? {
          cost: x ?? null,
          opponentCanPay: input.opponentPool === undefined || x === undefined ? null : input.opponentPool >= x,
          note: 'If cancelled, the SP stay spent, the card is discarded and its name counts as played (EDEN-AMB-15).',
        }
      : null;
  return { cost, allowed, reasons, poolAfter: allowed ? input.pool - cost : input.pool, cancellation };
}
