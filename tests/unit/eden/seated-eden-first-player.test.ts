/**
 * The choice of First player in the EDEN decider (CONTRACT §9.1; first-player.ts): EDEN-PREP-3 step 3
 * «El jugador que apostó más PS escoge quién se convierte en el Primer jugador» and EDEN-FIRST-2
 * «es su adversario quien escoge libremente al Primer jugador». A side's choice left open (null, as
 * the seated parts combine it) makes the winner pending; the owner's bundled bid keeps v1.2.
 */
import { describe, expect, it } from 'vitest';
import { FixedDice } from '../../../src/kernel/dice/index.js';
import { RuleViolation } from '../../../src/kernel/errors.js';
import { decide, type EdenMatchState } from '../../../src/games/eden/match/index.js';
import { EDEN_DECISIONS } from '../../../src/games/eden/match/decisions.js';
import { prep, run, start, toActivation, toUpkeep } from '../../fixtures/eden-optional.js';

const refusal = (f: () => unknown): RuleViolation => {
  try {
    f();
  } catch (e) {
    if (e instanceof RuleViolation) return e;
    throw e;
  }
  throw new Error('not refused');
};

/** Turn 2's First-player step after B's Leader (b1) was put out of action in turn 1 (EDEN-FIRST-2). */
function leaderLost(): EdenMatchState {
  let s = start({}, [...prep(), ...toActivation, { type: 'eden.activate', player: 'A', fighterId: 'a1' }]).state;
  s = run([{ type: 'eden.melee', attacker: 'a1', target: 'b1', aim: 'head' }], s, [6, 6, 6, 6, 1]).state;
  s = run([{ type: 'eden.end_activation' }, { type: 'eden.pass', player: 'B' }, { type: 'eden.pass', player: 'A' }, { type: 'eden.upkeep' }], s).state;
  expect(s).toMatchObject({ phase: 'first_player', turn: 2, leaderLostTurn: { B: 1 } });
  return s;
}

describe('EDEN: the choice of First player (CONTRACT §9.1)', () => {
  it('EDEN-FIRST-1 / EDEN-PREP-3 step 3: a turn’s bids whose winner left his choice open wait for eden.choose_first, then the Tactical phase', () => {
    // turn 2's bid: through turn 1 with no Leader lost
    const t = start({}, [...prep(), ...toActivation, ...toUpkeep, { type: 'eden.upkeep' }]).state;
    expect(t).toMatchObject({ phase: 'first_player', turn: 2 });
    expect(EDEN_DECISIONS.choices!(t)).toEqual([]);
    const revealed = run([{ type: 'eden.bid', bids: { A: 0, B: 1 }, choices: { A: 'A', B: null } }], t);
    expect(revealed.log[0]!.data).toMatchObject({ winner: 'B', firstPlayer: null, bids: { A: 0, B: 1 } });
    expect(revealed.state).toMatchObject({ phase: 'first_player', choosingFirst: { side: 'B', rule: 'EDEN-PREP-3' } });
    expect(EDEN_DECISIONS.choices!(revealed.state)).toEqual([{ player: 'p2', types: ['eden.choose_first'], rule: 'EDEN-PREP-3' }]);
    expect(refusal(() => decide({ type: 'eden.skip_tactic', player: 'A' }, revealed.state, new FixedDice([])))).toMatchObject({
      code: 'decision_pending',
      extra: { awaiting: ['p2'], rule: 'EDEN-PREP-3' },
    });
    const chosen = run([{ type: 'eden.choose_first', player: 'B', choice: 'A' }], revealed.state);
    expect(chosen.log).toEqual([{ type: 'eden.first_player_chosen', data: { player: 'B', firstPlayer: 'A', rule: 'EDEN-PREP-3' } }]);
    expect(chosen.state).toMatchObject({ phase: 'tactical', firstPlayer: 'A' });
    expect(chosen.state.choosingFirst).toBeUndefined();
  });

  it('EDEN-PREP-3: the loser’s open choice changes nothing; the winner’s named one applies at once', () => {
    const s = start({}, prep().slice(0, 2)).state;
    const { state, log } = run([{ type: 'eden.bid', bids: { A: 2, B: 1 }, choices: { A: 'B', B: null } }], s);
    expect(log[0]!.data).toMatchObject({ winner: 'A', firstPlayer: 'B' });
    expect(state).toMatchObject({ prep: 'leaders', firstPlayer: 'B' });
    expect(EDEN_DECISIONS.choices!(state)).toEqual([]);
  });

  it('EDEN-FIRST-2: the opponent of the lost Leader is pending; eden.choose_first names the First player with no SP spent', () => {
    const s = leaderLost();
    expect(EDEN_DECISIONS.choices!(s)).toEqual([{ player: 'p1', types: ['eden.choose_first'], rule: 'EDEN-FIRST-2' }]);
    expect(EDEN_DECISIONS.sealed!['eden.bid']!.players(s)).toEqual([]);
    expect(refusal(() => decide({ type: 'eden.choose_first', player: 'B', choice: 'B' }, s, new FixedDice([])))).toMatchObject({
      code: 'decision_pending',
      extra: { awaiting: ['p1'] },
    });
    const { state, log } = run([{ type: 'eden.choose_first', player: 'A', choice: 'B' }], s);
    expect(log).toEqual([expect.objectContaining({ type: 'eden.first_player_determined', data: expect.objectContaining({ by: 'leader_lost', winner: 'A', firstPlayer: 'B' }) })]);
    expect(state).toMatchObject({
      phase: 'tactical',
      firstPlayer: 'B',
      bands: { A: { strategyPoints: s.bands.A.strategyPoints }, B: { strategyPoints: s.bands.B.strategyPoints } },
    });
    expect(refusal(() => decide({ type: 'eden.choose_first', player: 'A', choice: 'A' }, state, new FixedDice([])))).toMatchObject({ code: 'nothing_pending' });
  });

  it('EDEN-FIRST-2: the owner’s bundled eden.bid keeps its v1.2 meaning (its choice, or the chooser himself)', () => {
    const s = leaderLost();
    expect(run([{ type: 'eden.bid', bids: { A: 0, B: 0 }, choice: 'B' }], s).state).toMatchObject({ phase: 'tactical', firstPlayer: 'B' });
    expect(run([{ type: 'eden.bid', bids: {} }], s).state).toMatchObject({ phase: 'tactical', firstPlayer: 'A' });
  });
});
