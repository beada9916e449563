import { describe, expect, it } from 'vitest';
import { rewardOptions, type RewardQuery } from '../../../src/games/anima/rules/index.js';

const base = (over: Partial<RewardQuery> = {}): RewardQuery => ({
  location: {
    name: 'Arkángel',
    level: 3,
    rewards: [{ kind: 'gift' }, { kind: 'recruit' }, { kind: 'mission', name: 'El Palacio', mission: 'Palacio' }, { kind: 'special', name: 'EX' }],
  },
  characters: 2,
  handSize: 0,
  turn: 5,
  ...over,
});
const opt = (q: RewardQuery, kind: string) => rewardOptions(q).find((o) => o.kind === kind)!;

describe('Ánima rewards', () => {
  it('ANIMA-REWARD-2 / ANIMA-EX-11: 4 Gifts in hand at a level-3 Location → draw exactly 1', () => {
    expect(opt(base({ handSize: 4 }), 'gift')).toMatchObject({ allowed: true, draw: 1 });
  });

  it('ANIMA-REWARD-2: an empty hand draws the Location level', () => {
    expect(opt(base(), 'gift').draw).toBe(3);
  });

  it('ANIMA-HAND-1: a full hand of 5 cannot draw — gift not allowed (hand_full)', () => {
    expect(opt(base({ handSize: 5 }), 'gift')).toMatchObject({ allowed: false, reason: 'hand_full', draw: 0 });
  });

  it('ANIMA-REWARD-3: a Group of 4 cannot Recruit', () => {
    expect(opt(base({ characters: 4 }), 'recruit')).toMatchObject({ allowed: false, reason: 'group_full' });
  });

  it('ANIMA-REWARD-3: a Group of 3 may Recruit', () => {
    expect(opt(base({ characters: 3 }), 'recruit').allowed).toBe(true);
  });

  it('ANIMA-REWARD-4: no Recruit at the same Location two turns running', () => {
    expect(opt(base({ lastRecruit: { location: 'Arkángel', turn: 4 } }), 'recruit')).toMatchObject({ allowed: false, reason: 'recruited_here_last_turn' });
  });

  it('ANIMA-REWARD-4: a Recruit two turns ago at the same Location does not block', () => {
    expect(opt(base({ lastRecruit: { location: 'Arkángel', turn: 3 } }), 'recruit').allowed).toBe(true);
  });

  it('ANIMA-REWARD-4: last turn’s Recruit at another Location does not block', () => {
    expect(opt(base({ lastRecruit: { location: 'Las Ruinas', turn: 4 } }), 'recruit').allowed).toBe(true);
  });

  it('ANIMA-EX-8: Pedro may Recruit at Arkángel in the same turn Juan did (the limit is per player)', () => {
    // Pedro's own history has no Recruit at Arkángel last turn; Juan's Recruit this turn is not his.
    expect(opt(base({ characters: 1 }), 'recruit').allowed).toBe(true);
  });

  it('ANIMA-REWARD-5: a mission reward needs a linked Mission', () => {
    expect(opt(base(), 'mission')).toMatchObject({ allowed: false, reason: 'no_linked_mission' });
    expect(opt(base({ missions: ['Palacio'] }), 'mission').allowed).toBe(true);
  });

  it('ANIMA-REWARD-6: a special (EX) reward is always selectable', () => {
    expect(opt(base({ handSize: 5, characters: 4 }), 'special').allowed).toBe(true);
  });
});
