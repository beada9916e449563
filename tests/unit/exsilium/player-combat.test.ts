import { describe, expect, it } from 'vitest';
import { type Combatant, DeckLog, type OutcomeCard, outcomePile, type PlayerCombatInput, resolvePlayerCombat } from '../../../src/games/exsilium/rules/index.js';

function combat(attacker: Combatant, defender: Combatant, outcome: OutcomeCard[] = [4, 8, 4, 10, 8, 4], extra: Partial<PlayerCombatInput> = {}) {
  const log = new DeckLog('pvp');
  return resolvePlayerCombat({ attacker, defender, ...extra }, outcomePile(log, outcome));
}

describe('Player vs player: the worked example (EXS-EX-7)', () => {
  // Pedro (SYL) attacks with 4 cards worth 8; Juan (Keber) replies with 4 worth 8.
  const pedro: Combatant = { committed: [2, 2, 2, 2], hand: 4, baralytasTokens: [2], connectionTokens: 1, factionTokens: 5 };
  const juan: Combatant = { committed: [1, 2, 2, 3], hand: 4, baralytasTokens: [3], connectionTokens: 0, factionTokens: 6, reserveFactionTokens: 2 };
  const r = combat(pedro, juan, [4, 8, 4, 4, 8, 10]);

  it('EXS-COMBAT-PVP-3 / EXS-COMBAT-PVP-4: 8 vs 8 ties; Pedro draws 4 → 12, Juan draws 8 → 16: Juan wins', () => {
    expect(r).toMatchObject({ attackerStrength: 8, defenderStrength: 8, winner: 'defender', endedBy: 'outcome', totals: { attacker: 12, defender: 16 } });
    expect(r.outcomeDraws).toEqual([
      { side: 'attacker', card: 4 },
      { side: 'defender', card: 8 },
    ]);
  });

  it('EXS-COMBAT-PVP-5: Pedro gives Juan a value-2 Baralytas token and 1 connection token; his miniature retreats', () => {
    expect(r.consequences.attacker.baralytas).toEqual({ delta: -1, ifAny: false, value: 2, to: 'winner', points: 0 });
    expect(r.consequences.defender.baralytas).toEqual({ delta: 1, ifAny: false, value: 2, to: null, points: 5 });
    expect(r.consequences.attacker.connectionTokens).toEqual({ delta: -1, ifAny: false, after: 0 });
    expect(r.consequences.defender.connectionTokens).toEqual({ delta: 1, ifAny: false, after: 1 });
    expect(r.consequences.attacker.miniature).toBe('retreats');
  });

  it('EXS-COMBAT-DISCARD-2: Pedro places a marker and puts 1 card used in the combat into the supply deck', () => {
    expect(r.consequences.attacker.discard).toEqual({ rule: 'penalty', toDiscardPile: 0, toSupplyDeck: 1, marker: true, markerFromReserve: false, handAfter: 3 });
  });

  it('EXS-TOKEN-4 / EXS-COMBAT-DISCARD-1: Juan takes 1 faction token from the reserve and discards 1 of 4 cards', () => {
    expect(r.consequences.defender.factionTokens).toEqual({ delta: 1, ifAny: false, after: 7 });
    expect(r.consequences.defender.discard).toMatchObject({ rule: 'fatigue', toDiscardPile: 1, handAfter: 3 });
    expect(r.consequences.defender.miniature).toBe('stays');
  });
});

describe('Player vs player rules', () => {
  it('EXS-COMBAT-PVP-3: the higher total wins without Outcome draws', () => {
    const r = combat({ committed: [5, 4] }, { committed: [3, 3] });
    expect(r).toMatchObject({ winner: 'attacker', endedBy: 'strength', outcomeDraws: [] });
  });

  it('EXS-BOARD-5: "+2 TO THE ATTACKER" turns 7 vs 8 into a 9–8 win', () => {
    expect(combat({ committed: [7] }, { committed: [8] }, undefined, { attackerBonus: 2 })).toMatchObject({ attackerStrength: 9, winner: 'attacker' });
  });

  it('EXS-COMBAT-PVP-4: repeated ties, attacker first each round', () => {
    const r = combat({ committed: [5] }, { committed: [5] }, [8, 8, 4, 4, 4, 10]);
    expect(r.outcomeDraws.map((d) => `${d.side}:${d.card}`)).toEqual(['attacker:8', 'defender:8', 'attacker:4', 'defender:4', 'attacker:4', 'defender:10']);
    expect(r.winner).toBe('defender');
  });

  it('EXS-COMBAT-PVP-2 [OCR-17]: a defender with no cards loses automatically', () => {
    const r = combat({ committed: [1] }, { committed: [], hand: 0, factionTokens: 0 });
    expect(r).toMatchObject({ winner: 'attacker', endedBy: 'no_defence', outcomeDraws: [] });
    expect(r.consequences.defender.discard).toMatchObject({ toSupplyDeck: 0, marker: true, markerFromReserve: true });
  });

  it('EXS-AMB-21: an attacker with an empty hand lays 0; the defender replies with 0 and the Outcome deck decides', () => {
    const r = combat({ committed: [], hand: 0 }, { committed: [], hand: 3 }, [10, 4, 4, 4, 8, 8]);
    expect(r).toMatchObject({ attackerStrength: 0, defenderStrength: 0, winner: 'attacker', endedBy: 'outcome' });
    expect(r.consequences.defender.discard.handAfter).toBe(2);
  });

  it('EXS-COMBAT-PVP-1: an attacker holding cards must lay at least one (422 must_commit)', () => {
    expect(() => combat({ committed: [], hand: 2 }, { committed: [1] })).toThrow(expect.objectContaining({ code: 'must_commit' }));
  });

  it('EXS-COMBAT-PVP-2: the defender lays at most as many cards as the attacker (422 reply_too_large)', () => {
    expect(() => combat({ committed: [5] }, { committed: [1, 1] })).toThrow(
      expect.objectContaining({ code: 'reply_too_large', extra: expect.objectContaining({ path: '/defender/committed' }) }),
    );
  });

  it('EXS-COMBAT-PVP-2: a defender with k or fewer cards lays the whole hand (422 whole_hand_required)', () => {
    expect(() => combat({ committed: [1, 1, 1] }, { committed: [2], hand: 2 })).toThrow(expect.objectContaining({ code: 'whole_hand_required' }));
    // With more than k cards, fewer than k is allowed.
    expect(combat({ committed: [1, 1] }, { committed: [5], hand: 6 }).winner).toBe('defender');
  });

  it('laying more cards than held is a 422 not_enough_cards', () => {
    expect(() => combat({ committed: [1, 1], hand: 1 }, { committed: [] })).toThrow(expect.objectContaining({ code: 'not_enough_cards', extra: { path: '/attacker/hand' } }));
  });

  it('EXS-COMBAT-PVP-5: the loser chooses the Baralytas token to give; a token not held is a 422', () => {
    const r = combat({ committed: [9] }, { committed: [1], baralytasTokens: [1, 3], give: 3 });
    expect(r.consequences.defender.baralytas).toMatchObject({ value: 3, points: 1 });
    expect(() => combat({ committed: [9] }, { committed: [1], baralytasTokens: [1], give: 3 })).toThrow(expect.objectContaining({ code: 'token_not_held' }));
  });

  it('EXS-COMBAT-PVP-5: a loser without tokens gives none; unknown holdings give "1 if any"', () => {
    const none = combat({ committed: [9], baralytasTokens: [1] }, { committed: [1], baralytasTokens: [], connectionTokens: 0 });
    expect(none.consequences.attacker.baralytas).toMatchObject({ delta: 0, points: 1 });
    expect(none.consequences.attacker.connectionTokens.delta).toBe(0);
    const unknown = combat({ committed: [9] }, { committed: [1] });
    expect(unknown.consequences.attacker.baralytas).toMatchObject({ delta: 1, ifAny: true, value: null });
    expect(unknown.consequences.defender.connectionTokens).toEqual({ delta: -1, ifAny: true, after: null });
  });

  it('EXS-WIN-3 / EXS-EX-16: a token won in combat that reaches the target wins at once (3 players: 7 + 1 = 8)', () => {
    const r = combat({ committed: [9], baralytasTokens: [2, 3, 2] }, { committed: [1], baralytasTokens: [1] }, undefined, { playerCount: 3 });
    expect(r.victory).toEqual({ target: 8, points: 8, won: true });
    const harder = combat({ committed: [9], baralytasTokens: [2, 3, 2] }, { committed: [1], baralytasTokens: [1] }, undefined, { playerCount: 3, harder: true });
    expect(harder.victory).toEqual({ target: 10, points: 8, won: false });
  });

  it('EXS-COMBAT-PVP-6 / EXS-AMB-25: the winner’s discard counts the laid cards back in hand; the rounding switch applies', () => {
    const up = combat({ committed: [9], hand: 5 }, { committed: [1] });
    expect(up.consequences.attacker.discard).toMatchObject({ toDiscardPile: 2, handAfter: 3 });
    const nearest = combat({ committed: [9], hand: 5 }, { committed: [1] }, undefined, { discardRounding: 'nearest' });
    expect(nearest.consequences.attacker.discard).toMatchObject({ toDiscardPile: 1, handAfter: 4 });
  });
});

describe('Player vs player: the loser’s retreat and release check (EXS-PBOARD-5)', () => {
  it('EXS-COMBAT-PVP-5 (4) / EXS-PBOARD-5: a Wardun loser filling retreat slot 2 releases: slot tokens back, trapped miniature freed', () => {
    const r = combat({ committed: [9] }, { committed: [1], faction: 'wardun', inactiveMiniatures: 1, abilityTokens: 2 });
    expect(r.consequences.defender.retreat).toMatchObject({ slots: [2], released: true, abilityTokensReturned: 2, wardunTokenFreed: true });
    expect(r.consequences.attacker.retreat).toBeNull();
    expect(r.rules).toContain('EXS-PBOARD-5');
  });

  it('EXS-PBOARD-5: a Keber loser filling slot 2 keeps the ability charged', () => {
    const r = combat({ committed: [1], faction: 'keber', inactiveMiniatures: 1, abilityTokens: 1 }, { committed: [9] });
    expect(r.consequences.attacker.retreat).toMatchObject({ slots: [2], releaseSlot: 4, released: false, abilityTokensReturned: 0 });
  });

  it('EXS-PBOARD-3: a loser with 4 miniatures already on the board is a 422 no_active_miniature at its path', () => {
    expect(() => combat({ committed: [9] }, { committed: [1], inactiveMiniatures: 4 })).toThrow(
      expect.objectContaining({ code: 'no_active_miniature', extra: { path: '/defender/inactiveMiniatures' } }),
    );
  });
});
