import { describe, expect, it } from 'vitest';
import { checkTactic, tacticCost } from '../../../src/games/eden/rules/tactics.js';

const reasons = (r: ReturnType<typeof checkTactic>) => r.reasons.map((x) => x.code);

describe('EDEN tactic cards (EDEN-CARD-TACTIC-2..5, EDEN-TACPH-1/2)', () => {
  it('EDEN-CARD-TACTIC-5: a tactic card costs 2 SP', () => {
    expect(tacticCost()).toBe(2);
    expect(checkTactic({ pool: 5 })).toEqual({ cost: 2, allowed: true, reasons: [], poolAfter: 3, cancellation: null });
  });

  it('EDEN-WEATHER-8: 3 SP under Snowstorm', () => {
    expect(checkTactic({ pool: 5, weather: ['normal', 'snowstorm'] })).toMatchObject({ cost: 3, poolAfter: 2 });
  });

  it('EDEN-TACPH-1 / EDEN-AMB-36: a pool exactly at the cost may pay; one less may not', () => {
    expect(checkTactic({ pool: 2 })).toMatchObject({ allowed: true, poolAfter: 0 });
    expect(checkTactic({ pool: 1 })).toMatchObject({ allowed: false, poolAfter: 1 });
    expect(reasons(checkTactic({ pool: 2, weather: ['snowstorm'] }))).toEqual(['insufficient_sp']);
    expect(reasons(checkTactic({ pool: 0 }))).toEqual(['insufficient_sp']);
  });

  it('EDEN-TACPH-1: no tactic card without the Leader on the table', () => {
    expect(reasons(checkTactic({ pool: 9, leaderOnTable: false }))).toEqual(['leader_absent']);
  });

  it('EDEN-TACPH-1: at most one card per Tactical phase', () => {
    expect(reasons(checkTactic({ pool: 9, playedThisPhase: true }))).toEqual(['already_played_this_phase']);
  });

  it('EDEN-CARD-TACTIC-2: a name already played this game cannot be played again', () => {
    expect(reasons(checkTactic({ pool: 9, card: { name: 'Zona contaminada' }, playedNames: ['zona CONTAMINADA'] }))).toEqual(['duplicate_name']);
    expect(checkTactic({ pool: 9, card: { name: 'Zona contaminada' }, playedNames: ['Otra'] }).allowed).toBe(true);
  });

  it('EDEN-CARD-TACTIC-3: First turn cards only in turn 1; Tactic cards only in the Tactical phase', () => {
    const card = { name: 'Zona contaminada', keywords: ['tactic' as const, 'first_turn' as const] };
    expect(checkTactic({ pool: 9, card, turn: 1, phase: 'tactical' }).allowed).toBe(true);
    expect(reasons(checkTactic({ pool: 9, card, turn: 2, phase: 'activation' }))).toEqual(['wrong_phase', 'not_first_turn']);
  });

  it('EDEN-TACPH-2 / EDEN-AMB-15: Cancellation (X) — the opponent may pay X; the cost stays paid', () => {
    const r = checkTactic({ pool: 4, card: { keywords: ['cancellation'], cancellation: 3 }, opponentPool: 2 });
    expect(r.cancellation).toMatchObject({ cost: 3, opponentCanPay: false });
    expect(r.poolAfter).toBe(2);
    expect(checkTactic({ pool: 4, card: { cancellation: 3 }, opponentPool: 3 }).cancellation!.opponentCanPay).toBe(true);
  });

  it('EDEN-TACPH-1: every reason is reported at once', () => {
    expect(reasons(checkTactic({ pool: 1, leaderOnTable: false, playedThisPhase: true }))).toEqual(['insufficient_sp', 'leader_absent', 'already_played_this_phase']);
  });
});
