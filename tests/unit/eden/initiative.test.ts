import { describe, expect, it } from 'vitest';
import { resolveInitiative } from '../../../src/games/eden/rules/initiative.js';
import { RuleViolation } from '../../../src/kernel/errors.js';
import { dice } from '../../fixtures/eden-fighters.js';

describe('EDEN initiative (EDEN-PREP-3, EDEN-FIRST-1/2)', () => {
  it('EDEN-PREP-3 step 3: the higher bidder wins and chooses; both bids are lost (step 5)', () => {
    const d = dice();
    const r = resolveInitiative({ pools: { A: 10, B: 8 }, bids: { A: 2, B: 3 } }, d);
    expect(r).toMatchObject({ winner: 'B', by: 'bid', winnerChooses: true, firstPlayer: 'B', pools: { A: 8, B: 5 }, rollOff: [] });
    expect(d.transcript().rolls).toEqual([]);
  });

  it('EDEN-PREP-3 step 3: the bid winner may name his opponent First player', () => {
    const r = resolveInitiative({ pools: { A: 10, B: 8 }, bids: { A: 4, B: 0 }, choice: 'B' }, dice());
    expect([r.winner, r.firstPlayer]).toEqual(['A', 'B']);
  });

  it('EDEN-PREP-3 step 4 / EDEN-AMB-11 (ES): equal bids → d6 roll-off, re-rolled on ties; the die winner is First player', () => {
    const d = dice(3, 3, 5, 5, 2, 6);
    const r = resolveInitiative({ pools: { A: 5, B: 5 }, bids: { A: 2, B: 2 }, choice: 'A' }, d);
    expect(r).toMatchObject({ winner: 'B', by: 'roll', winnerChooses: false, firstPlayer: 'B', pools: { A: 3, B: 3 } });
    expect(r.rollOff).toEqual([
      { A: 3, B: 3 },
      { A: 5, B: 5 },
      { A: 2, B: 6 },
    ]);
    expect(d.transcript().rolls.map((x) => x.purpose)).toEqual([
      'initiative roll-off A',
      'initiative roll-off B',
      'initiative roll-off A',
      'initiative roll-off B',
      'initiative roll-off A',
      'initiative roll-off B',
    ]);
  });

  it('EDEN-PREP-3 EDITION NOTE (DE «die höhere Zahl gewinnt»): the die winner chooses', () => {
    const r = resolveInitiative({ pools: { A: 5, B: 5 }, bids: { A: 0, B: 0 }, choice: 'B', edition: 'de' }, dice(6, 1));
    expect(r).toMatchObject({ winner: 'A', by: 'roll', winnerChooses: true, firstPlayer: 'B' });
  });

  it('EDEN-AMB-36: bids of 0 are allowed (a 0–0 tie goes to the roll-off) and zero pools work', () => {
    const r = resolveInitiative({ pools: { A: 0, B: 0 }, bids: { A: 0, B: 0 } }, dice(1, 4));
    expect(r).toMatchObject({ winner: 'B', pools: { A: 0, B: 0 } });
  });

  it('EDEN-PREP-3 step 1: a bid above its pool is 422 bid_exceeds_pool; a bid equal to the pool is fine', () => {
    expect(resolveInitiative({ pools: { A: 3, B: 3 }, bids: { A: 3, B: 1 } }, dice()).pools).toEqual({ A: 0, B: 2 });
    try {
      resolveInitiative({ pools: { A: 3, B: 3 }, bids: { A: 1, B: 4 } }, dice());
      expect.unreachable();
    } catch (e) {
      expect(e).toBeInstanceOf(RuleViolation);
      expect((e as RuleViolation).code).toBe('bid_exceeds_pool');
      expect((e as RuleViolation).extra).toMatchObject({ player: 'B', bid: 4, pool: 3 });
    }
  });

  it('EDEN-FIRST-2: one Leader lost last turn → no bid, no SP spent, the opponent chooses', () => {
    const d = dice();
    const r = resolveInitiative({ pools: { A: 1, B: 6 }, bids: { A: 9, B: 2 }, leaderLost: { B: true } }, d);
    expect(r).toMatchObject({ winner: 'A', by: 'leader_lost', winnerChooses: true, firstPlayer: 'A', pools: { A: 1, B: 6 }, rule: 'EDEN-FIRST-2' });
    expect(d.transcript().rolls).toEqual([]);
  });

  it('EDEN-FIRST-2: both Leaders lost → bid as normal', () => {
    const r = resolveInitiative({ pools: { A: 5, B: 5 }, bids: { A: 1, B: 2 }, leaderLost: { A: true, B: true } }, dice());
    expect(r).toMatchObject({ winner: 'B', by: 'bid', pools: { A: 4, B: 3 } });
  });
});
