import { describe, expect, it } from 'vitest';
import { RuleViolation } from '../../../src/kernel/errors.js';
import { finalMissionAccess, interactions, pickupCandidate, resistStep, trade, type InteractionGroup } from '../../../src/games/anima/rules/index.js';

const locations = [{ name: 'Arkángel', trade: true, combatAllowed: false }, { name: 'Las Ruinas' }, { name: 'Americh', trade: true }];
const g = (id: string, location: string | null, characters: number, extra: Partial<InteractionGroup> = {}): InteractionGroup => ({ id, location, characters, ...extra });
const pair = (groups: InteractionGroup[]) => interactions(groups, locations)[0]!;

describe('Ánima Interaction phase', () => {
  it('ANIMA-EX-5 / ANIMA-INTERACT-1/2: Juan and Pedro at Arkángel may trade but not fight; Sergio alone can do neither', () => {
    const pairs = interactions([g('juan', 'Arkángel', 2), g('sergio', 'Las Ruinas', 2), g('pedro', 'Arkángel', 1)], locations);
    expect(pairs.find((p) => p.a === 'juan' && p.b === 'pedro')).toMatchObject({ canTrade: true, canFight: false, fightBlock: 'combat_forbidden' });
    expect(pairs.find((p) => p.a === 'juan' && p.b === 'sergio')).toMatchObject({ canTrade: false, tradeBlock: 'no_trade_icon', fightBlock: 'not_same_location' });
  });

  it('ANIMA-INTERACT-1: two different Trade Locations are enough', () => {
    expect(pair([g('a', 'Arkángel', 1), g('b', 'Americh', 1)]).canTrade).toBe(true);
  });

  it('ANIMA-INTERACT-3 / ANIMA-EX-13: 4 vs 2 may not fight, 3 vs 2 may', () => {
    expect(pair([g('a', 'Las Ruinas', 4), g('b', 'Las Ruinas', 2)])).toMatchObject({ canFight: false, fightBlock: 'group_size_gap' });
    expect(pair([g('a', 'Las Ruinas', 3), g('b', 'Las Ruinas', 2)]).canFight).toBe(true);
  });

  it('ANIMA-LOSE-2: a Group that lost its turn or is at no Location neither trades nor fights', () => {
    expect(pair([g('a', 'Americh', 1, { turnLost: true }), g('b', 'Americh', 1)])).toMatchObject({ canTrade: false, canFight: false, fightBlock: 'turn_lost' });
    expect(pair([g('a', null, 1), g('b', 'Americh', 1)])).toMatchObject({ canTrade: false, tradeBlock: 'not_at_location' });
  });

  it('ANIMA-INTERACT-5: no rematch after a draw this turn', () => {
    expect(pair([g('a', 'Las Ruinas', 1, { drewWith: ['b'] }), g('b', 'Las Ruinas', 1)]).fightBlock).toBe('no_rematch');
  });

  it('ANIMA-INTERACT-4 / ANIMA-AMB-8: enemy Organisations must fight, declared by the first in turn order, only where combat is legal', () => {
    const sol = { organisation: 'Sol Negro' };
    const enemy = { organisation: 'Inquisición', enemyOrganisations: ['Sol Negro'] };
    expect(pair([g('a', 'Las Ruinas', 2, sol), g('b', 'Las Ruinas', 2, enemy)])).toMatchObject({ mustFight: true, declarer: 'a' });
    expect(pair([g('a', 'Arkángel', 2, sol), g('b', 'Arkángel', 2, enemy)])).toMatchObject({ mustFight: false, canFight: false });
    expect(pair([g('a', 'Las Ruinas', 2, sol), g('b', 'Las Ruinas', 2, { organisation: 'Otra' })]).mustFight).toBe(false);
  });
});

function code(f: () => unknown): string {
  try {
    f();
  } catch (e) {
    if (e instanceof RuleViolation) return e.code;
    throw e;
  }
  return 'none';
}

describe('Ánima trade', () => {
  it('ANIMA-INTERACT-1: Gifts and Characters change hands', () => {
    const r = trade({ characters: ['A', 'B'], handSize: 3, gives: { gifts: 1, characters: ['B'] } }, { characters: ['C'], handSize: 2, gives: { gifts: 2 } });
    expect(r).toEqual({ a: { characters: ['A'], handSize: 4 }, b: { characters: ['C', 'B'], handSize: 1 } });
  });

  it('ANIMA-AMB-9 / ANIMA-HAND-1: a trade above 5 Gifts is illegal', () => {
    expect(code(() => trade({ characters: ['A'], handSize: 5, gives: {} }, { characters: ['C'], handSize: 1, gives: { gifts: 1 } }))).toBe('hand_limit');
  });

  it('ANIMA-GROUP-1 / ANIMA-INTERACT-1: not above 4 Characters, not down to 0, only what is held', () => {
    expect(code(() => trade({ characters: ['A', 'B', 'C', 'D'], handSize: 0, gives: {} }, { characters: ['E', 'F'], handSize: 0, gives: { characters: ['E'] } }))).toBe(
      'group_limit',
    );
    expect(code(() => trade({ characters: ['A'], handSize: 0, gives: { characters: ['A'] } }, { characters: ['E'], handSize: 0, gives: {} }))).toBe('empty_group');
    expect(code(() => trade({ characters: ['A'], handSize: 0, gives: { gifts: 1 } }, { characters: ['E'], handSize: 0, gives: {} }))).toBe('not_held');
  });
});

describe('Ánima Start-phase pick-ups', () => {
  const players = [
    { id: 'juan', gifts: 3, characters: 2 },
    { id: 'sergio', gifts: 2, characters: 2 },
    { id: 'pedro', gifts: 3, characters: 1 },
  ];
  it('ANIMA-START-4 / ANIMA-EX-3: Juan and Pedro tie for fewest Gifts, so nobody takes Sergio’s discard', () => {
    expect(pickupCandidate('gift', 'sergio', players)).toEqual({ taker: null, reason: 'tie' });
  });
  it('ANIMA-START-4: strictly the fewest takes it; the one who let it go is not a candidate; caps apply', () => {
    expect(pickupCandidate('character', 'juan', players)).toEqual({ taker: 'pedro', reason: 'fewest' });
    expect(pickupCandidate('gift', 'juan', players)).toEqual({ taker: 'sergio', reason: 'fewest' });
    expect(
      pickupCandidate('gift', 'a', [
        { id: 'a', gifts: 0, characters: 1 },
        { id: 'b', gifts: 5, characters: 1 },
      ]),
    ).toEqual({ taker: null, reason: 'none_eligible' });
  });
});

describe('Ánima Missions', () => {
  it('ANIMA-MISSION-2: only the first Basic Mission completed in the game reveals the Final Mission', () => {
    expect(finalMissionAccess(1, false).revealNow).toBe(true);
    expect(finalMissionAccess(2, true).revealNow).toBe(false);
    expect(finalMissionAccess(0, false).revealNow).toBe(false);
  });
  it('ANIMA-MISSION-3 / ANIMA-OPT-MULTI-1: one Basic Mission gives access, or both with the optional rule', () => {
    expect(finalMissionAccess(1, true)).toMatchObject({ required: 1, canAttempt: true });
    expect(finalMissionAccess(1, true, true)).toMatchObject({ required: 2, canAttempt: false });
    expect(finalMissionAccess(2, true, true).canAttempt).toBe(true);
  });
  it('ANIMA-MISSION-5: a Resist round counts up; a defeat expels and restarts from zero', () => {
    expect(resistStep(1, 3, false)).toEqual({ progress: 2, completed: false, expelled: false });
    expect(resistStep(2, 3, false)).toEqual({ progress: 3, completed: true, expelled: false });
    expect(resistStep(2, 3, true)).toEqual({ progress: 0, completed: false, expelled: true });
  });
});
