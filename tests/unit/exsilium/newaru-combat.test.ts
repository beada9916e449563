import { describe, expect, it } from 'vitest';
import { InvalidInput, RuleViolation } from '../../../src/kernel/errors.js';
import { DeckLog, type EnemyCard, type NewaruCombatInput, type OutcomeCard, outcomePile, resolveNewaruCombat, tierFor } from '../../../src/games/exsilium/rules/index.js';

const implacable: EnemyCard = { name: 'Implacable', kind: 'effect' };
const claw15: EnemyCard = { name: '15 damage', kind: 'attack', damage: 15, evadable: true };
const bite10: EnemyCard = { name: 'Bite', kind: 'attack', damage: 10 };
const roar: EnemyCard = { name: 'Roar', kind: 'effect' };

function fight(input: Partial<NewaruCombatInput>, deck: EnemyCard[], outcome: OutcomeCard[] = [4, 8, 4, 10, 8, 4], discard: EnemyCard[] = []) {
  const log = new DeckLog('combat');
  const full: NewaruCombatInput = { playerBaralytas: 0, committed: [], attacker: 'player', ...input };
  const tier = tierFor(full.playerBaralytas);
  const result = resolveNewaruCombat(full, log, { decks: { [tier]: deck }, discards: { [tier]: discard } }, outcomePile(log, outcome));
  return { result, log: log.transcript() };
}

describe('Enemy action level (EXS-COMBAT-NEWARU-1, EXS-EX-10)', () => {
  it.each([
    [0, 'basic'],
    [3, 'basic'],
    [4, 'intermediate'],
    [7, 'intermediate'],
    [8, 'advanced'],
    [15, 'advanced'],
  ] as const)('EXS-COMBAT-NEWARU-1: %i Baralytas points → %s', (points, tier) => {
    expect(tierFor(points)).toBe(tier);
    expect(fight({ playerBaralytas: points, committed: [20] }, [bite10]).result.tier).toBe(tier);
  });

  it('EXS-COMBAT-NEWARU-1: only the matching level’s deck is drawn from', () => {
    const log = new DeckLog('x');
    const r = resolveNewaruCombat(
      { playerBaralytas: 4, committed: [20], attacker: 'player' },
      log,
      { decks: { basic: [{ name: 'Wrong', kind: 'attack', damage: 99 }], intermediate: [bite10] } },
      outcomePile(log, undefined),
    );
    expect(r.revealed).toEqual([bite10]);
  });

  it('a level whose deck was not sent is a 422 enemy_deck_missing with its path', () => {
    const log = new DeckLog('x');
    expect(() => resolveNewaruCombat({ playerBaralytas: 8, committed: [], attacker: 'player' }, log, { decks: { basic: [bite10] } }, outcomePile(log, undefined))).toThrow(
      expect.objectContaining({ code: 'enemy_deck_missing', extra: expect.objectContaining({ path: '/decks/advanced' }) }),
    );
  });
});

describe('Effect cards and chains (EXS-COMBAT-NEWARU-2, EXS-EX-9)', () => {
  it('EXS-EX-9: Implacable draws an Outcome card (4) and reveals another card of the same level: 15 + 4 = 19 damage', () => {
    const { result, log } = fight({ committed: [10, 10] }, [implacable, claw15]);
    expect(result.revealed).toEqual([{ ...implacable, outcomeBonus: 4 }, claw15]);
    expect(result.enemyStrength).toBe(19);
    expect(result).toMatchObject({ playerStrength: 20, winner: 'player', endedBy: 'strength' });
    expect(log.draws.map((d) => d.deck)).toEqual(['basic', 'outcome', 'basic']);
  });

  it('EXS-EX-9: exactly 19 against 19 goes to the Outcome deck, attacker (the player) first', () => {
    // Outcome order: 4 (Implacable bonus), then tie draws 8 (player) and 10 (Newaru).
    const { result } = fight({ committed: [10, 9] }, [implacable, claw15], [4, 8, 10, 4, 4, 8]);
    expect(result.enemyStrength).toBe(19);
    expect(result.outcomeDraws).toEqual([
      { side: 'player', card: 8 },
      { side: 'newaru', card: 10 },
    ]);
    expect(result).toMatchObject({ winner: 'newaru', totals: { player: 27, newaru: 29 }, endedBy: 'outcome' });
  });

  it('EXS-COMBAT-NEWARU-2: chains stack: two chained bonuses add to the next attack', () => {
    const { result } = fight({ committed: [30] }, [implacable, { name: 'Fury', kind: 'effect', chain: true, bonus: 3 }, bite10], [8, 4, 4, 4, 8, 10]);
    expect(result.enemyStrength).toBe(10 + 8 + 3);
    expect(result.revealed).toHaveLength(3);
  });

  it('EXS-AMB-22: an effect card that does not chain ends the combat with no winner and no consequences', () => {
    const { result } = fight({ committed: [1] }, [roar, bite10]);
    expect(result).toMatchObject({ winner: null, evaded: false, endedBy: 'effect', enemyStrength: 0 });
    expect(result.consequences).toMatchObject({ player: null, newaru: 'stays' });
    expect(result.revealed).toEqual([roar]);
    expect(result.rules).toContain('EXS-AMB-22');
  });

  it('EXS-DECK-3: a chain that empties the level’s deck reshuffles its discard pile (revealed cards included)', () => {
    const { result, log } = fight({ committed: [30] }, [implacable], [4, 4, 4, 8, 8, 10], [bite10]);
    expect(log.shuffles).toEqual([{ deck: 'basic', reason: 'exhausted', order: expect.arrayContaining([implacable, bite10]) }]);
    // Whatever the reshuffled order, the chain ends on the only attack card.
    expect(result.revealed[0]).toMatchObject({ name: 'Implacable' });
    expect(result.revealed.at(-1)).toEqual(bite10);
    expect(result.winner).toBe('player');
  });

  it('EXS-DECK-3: a deck of chaining effects only is a 422 endless_chain', () => {
    expect(() => fight({}, [implacable, implacable])).toThrow(expect.objectContaining({ code: 'endless_chain' }));
  });

  it('EXS-DECK-3: an exhausted level with nothing to reshuffle is a 422 deck_exhausted', () => {
    expect(() => fight({}, [])).toThrow(expect.objectContaining({ code: 'deck_exhausted' }));
  });

  it('EXS-DECK-3: the level’s deck state after the combat is returned (revealed cards on its discard pile)', () => {
    const { result } = fight({ committed: [30] }, [bite10, roar]);
    expect(result.enemyDeck).toEqual({ tier: 'basic', drawPile: [roar], discard: [bite10] });
  });
});

describe('Attack cards and Favourable Zone (EXS-COMBAT-NEWARU-3, EXS-KW-FAVZONE)', () => {
  it('EXS-COMBAT-NEWARU-3: higher strength wins, lower loses', () => {
    expect(fight({ committed: [6, 5] }, [bite10]).result.winner).toBe('player');
    expect(fight({ committed: [6, 3] }, [bite10]).result.winner).toBe('newaru');
  });

  it('EXS-KW-FAVZONE / EXS-AMB-23: an evadable attack is evaded with Favourable Zone: no winner, the card is discarded', () => {
    const { result } = fight({ committed: [1], favourableZone: true, hand: 3 }, [claw15]);
    expect(result).toMatchObject({ evaded: true, winner: null, endedBy: 'evaded', outcomeDraws: [] });
    expect(result.consequences).toEqual({ player: null, newaru: 'stays', favourableZoneDiscarded: true, handAfter: 2 });
  });

  it('EXS-AMB-23: Favourable Zone does not evade an attack not marked evadable', () => {
    const { result } = fight({ committed: [3], favourableZone: true }, [bite10]);
    expect(result).toMatchObject({ evaded: false, winner: 'newaru' });
  });

  it('EXS-COMBAT-NEWARU-3: without Favourable Zone an evadable attack is fought', () => {
    expect(fight({ committed: [16] }, [claw15]).result).toMatchObject({ evaded: false, winner: 'player' });
  });

  it('EXS-COMBAT-NEWARU-4: on a tie the Newaru, as attacker, draws the first Outcome card', () => {
    const { result } = fight({ committed: [10], attacker: 'newaru' }, [bite10], [8, 4, 4, 4, 8, 10]);
    expect(result.outcomeDraws).toEqual([
      { side: 'newaru', card: 8 },
      { side: 'player', card: 4 },
    ]);
    expect(result.winner).toBe('newaru');
  });

  it('EXS-COMBAT-NEWARU-4: ties repeat until the totals differ', () => {
    const { result } = fight({ committed: [10] }, [bite10], [4, 4, 8, 8, 10, 4]);
    expect(result.outcomeDraws.map((d) => d.card)).toEqual([4, 4, 8, 8, 10, 4]);
    expect(result).toMatchObject({ winner: 'player', totals: { player: 32, newaru: 26 } });
  });

  it('EXS-BOARD-5: the terrain bonus goes to the attacker only', () => {
    expect(fight({ committed: [9], attackerBonus: 2 }, [bite10]).result).toMatchObject({ playerStrength: 11, enemyStrength: 10, winner: 'player' });
    expect(fight({ committed: [11], attackerBonus: 2, attacker: 'newaru' }, [bite10]).result).toMatchObject({ playerStrength: 11, enemyStrength: 12, winner: 'newaru' });
  });
});

describe('Conclusion against a Newaru (EXS-COMBAT-NEWARU-5/6)', () => {
  it('EXS-COMBAT-NEWARU-5: win → +1 connection and +1 faction token from the reserve, fatigue discard, the Newaru is removed', () => {
    const { result } = fight({ committed: [11], hand: 5, connectionTokens: 2, factionTokens: 3, reserve: { connectionTokens: 4, factionTokens: 1 } }, [bite10]);
    const p = result.consequences.player!;
    expect(p.connectionTokens).toEqual({ delta: 1, ifAny: false, after: 3 });
    expect(p.factionTokens).toEqual({ delta: 1, ifAny: false, after: 4 });
    expect(p.discard).toMatchObject({ rule: 'fatigue', toDiscardPile: 2, handAfter: 3 });
    expect(result.consequences.newaru).toBe('removed');
  });

  it('EXS-COMBAT-NEWARU-5: an empty reserve gives nothing; an unknown reserve gives "1 if any"', () => {
    const empty = fight({ committed: [11], connectionTokens: 0, reserve: { connectionTokens: 0, factionTokens: 0 } }, [bite10]).result.consequences.player!;
    expect(empty.connectionTokens).toEqual({ delta: 0, ifAny: false, after: 0 });
    expect(empty.factionTokens.delta).toBe(0);
    const unknown = fight({ committed: [11] }, [bite10]).result.consequences.player!;
    expect(unknown.connectionTokens).toEqual({ delta: 1, ifAny: true, after: null });
  });

  it('EXS-NEWARU-SPAWN-3: a cross-tile win sends the Newaru to its portal when its tile has no faction miniature', () => {
    expect(fight({ committed: [11], crossTile: true }, [bite10]).result.consequences.newaru).toBe('respawned');
  });

  it('EXS-AMB-20: a cross-tile win removes the Newaru when its tile holds faction miniatures', () => {
    expect(fight({ committed: [11], crossTile: true, newaruTileOccupied: true }, [bite10]).result.consequences.newaru).toBe('removed');
  });

  it('EXS-COMBAT-NEWARU-6: loss → retreat, the lowest Baralytas token back to the nearest free deposit, marker and 1 card to supply', () => {
    const { result } = fight({ playerBaralytas: 5, baralytasTokens: [3, 2], committed: [4], hand: 3, factionTokens: 2 }, [bite10]);
    const p = result.consequences.player!;
    expect(p).toMatchObject({ result: 'lost', miniature: 'retreats' });
    expect(p.baralytas).toEqual({ delta: -1, ifAny: false, value: 2, to: 'nearest_free_deposit', points: 3, deposit: null });
    expect(p.discard).toMatchObject({ rule: 'penalty', toSupplyDeck: 1, marker: true, markerFromReserve: false, handAfter: 2 });
    expect(p.factionTokens).toEqual({ delta: -1, ifAny: false, after: 1 });
    expect(result.consequences.newaru).toBe('stays');
  });

  it('EXS-AMB-24: the player chooses which token to return', () => {
    const p = fight({ playerBaralytas: 5, baralytasTokens: [3, 2], returnToken: 3, committed: [] }, [bite10]).result.consequences.player!;
    expect(p.baralytas).toMatchObject({ value: 3, points: 2 });
  });

  it('EXS-COMBAT-NEWARU-6: with 0 Baralytas points no token is returned; with no tokens the marker comes from the reserve', () => {
    const p = fight({ playerBaralytas: 0, committed: [], factionTokens: 0, hand: 0 }, [bite10]).result.consequences.player!;
    expect(p.baralytas.delta).toBe(0);
    expect(p.discard).toMatchObject({ toSupplyDeck: 0, marker: true, markerFromReserve: true, handAfter: 0 });
    expect(p.factionTokens).toEqual({ delta: 0, ifAny: false, after: 0 });
  });

  it('input that contradicts itself: tokens not adding up → 400, returning a token not held → 422, more committed than held → 422', () => {
    expect(() => fight({ playerBaralytas: 4, baralytasTokens: [3] }, [bite10])).toThrow(InvalidInput);
    expect(() => fight({ playerBaralytas: 4, baralytasTokens: [2, 2], returnToken: 3 }, [bite10])).toThrow(expect.objectContaining({ code: 'token_not_held' }));
    expect(() => fight({ playerBaralytas: 1, returnToken: 2 }, [bite10])).toThrow(expect.objectContaining({ code: 'token_not_held' }));
    expect(() => fight({ committed: [1, 2], hand: 1 }, [bite10])).toThrow(RuleViolation);
  });
});

describe('Gaps filled: release check, strict empty hand, deposit choice', () => {
  it('EXS-PBOARD-5: a Vinsan loss that fills retreat slot 3 releases the ability: slot tokens back to the reserve', () => {
    const p = fight({ committed: [1], faction: 'Vinsan', inactiveMiniatures: 2, abilityTokens: 2 }, [bite10]).result.consequences.player!;
    expect(p.retreat).toEqual({ slots: [3], releaseSlot: 3, released: true, abilityTokensReturned: 2, wardunTokenFreed: false, rules: ['EXS-PBOARD-3', 'EXS-PBOARD-5'] });
  });

  it('EXS-PBOARD-5: a SYL loss filling slot 3 does not release (SYL releases on slot 4)', () => {
    const p = fight({ committed: [1], faction: 'syl', inactiveMiniatures: 2, abilityTokens: 2 }, [bite10]).result.consequences.player!;
    expect(p.retreat).toMatchObject({ slots: [3], releaseSlot: 4, released: false, abilityTokensReturned: 0 });
  });

  it('EXS-PBOARD-3: without the faction or the board count the release is unknown (null); a win has no retreat', () => {
    expect(fight({ committed: [1] }, [bite10]).result.consequences.player!.retreat).toMatchObject({ released: null });
    expect(fight({ committed: [11], faction: 'syl', inactiveMiniatures: 3 }, [bite10]).result.consequences.player!.retreat).toBeNull();
  });

  it('EXS-AMB-3b (strict option): attacked by the Newaru with no cards → loses at once, no enemy card revealed', () => {
    const log = new DeckLog('strict');
    const r = resolveNewaruCombat(
      { playerBaralytas: 9, committed: [], hand: 0, attacker: 'newaru', emptyHandLoses: true, factionTokens: 1 },
      log,
      {},
      outcomePile(log, [4, 8, 10, 4, 4, 8]),
    );
    expect(r).toMatchObject({ tier: 'advanced', winner: 'newaru', endedBy: 'no_defence', revealed: [], outcomeDraws: [] });
    expect(r.consequences.player).toMatchObject({ result: 'lost', miniature: 'retreats', discard: { toSupplyDeck: 0, marker: true } });
    expect(r.rules).toContain('EXS-AMB-3');
    expect(log.transcript().draws).toEqual([]);
  });

  it('EXS-AMB-3b: the default is the deferred combat — with an empty hand the enemy card is still fought', () => {
    const { result } = fight({ committed: [], hand: 0, attacker: 'newaru' }, [bite10]);
    expect(result).toMatchObject({ endedBy: 'strength', revealed: [bite10], winner: 'newaru' });
  });

  it('EXS-AMB-3b: the strict option does not apply when the player attacked or still holds cards', () => {
    expect(fight({ committed: [], hand: 0, attacker: 'player', emptyHandLoses: true }, [bite10]).result.endedBy).toBe('strength');
    expect(fight({ committed: [11], hand: 1, attacker: 'newaru', emptyHandLoses: true }, [bite10]).result.winner).toBe('player');
  });

  it('EXS-AMB-24: with the board, the lost token goes to the nearest deposit WITHOUT a token; ties are listed', () => {
    // a line: d1(token) – x – d2(free) – y – d3(free); defeated at x: d1 is nearest but full.
    const nodes = [
      { id: 'd1', tile: 'T', neighbors: ['x'], crystal: true, token: true },
      { id: 'x', tile: 'T', neighbors: ['d1', 'd2'] },
      { id: 'd2', tile: 'T', neighbors: ['x', 'y'], crystal: true },
      { id: 'y', tile: 'T', neighbors: ['d2', 'd3'] },
      { id: 'd3', tile: 'T', neighbors: ['y'], crystal: true },
    ];
    const p = fight({ playerBaralytas: 2, baralytasTokens: [2], committed: [], board: { nodes, defeatedAt: 'x' } }, [bite10]).result.consequences.player!;
    expect(p.baralytas.deposit).toEqual({ deposit: 'd2', distance: 1, ties: [] });
    const tie = fight({ playerBaralytas: 2, committed: [], board: { nodes, defeatedAt: 'y' } }, [bite10]).result.consequences.player!;
    expect(tie.baralytas.deposit).toEqual({ deposit: 'd2', distance: 1, ties: ['d2', 'd3'] });
  });

  it('EXS-AMB-24: an unknown defeat node is a 422 unknown_node at /board/defeatedAt', () => {
    expect(() => fight({ playerBaralytas: 2, committed: [], board: { nodes: [{ id: 'a', tile: 'T', neighbors: [] }], defeatedAt: 'zz' } }, [bite10])).toThrow(
      expect.objectContaining({ code: 'unknown_node', extra: expect.objectContaining({ path: '/board/defeatedAt' }) }),
    );
  });

  it('EXS-COMBAT-NEWARU-1: the enemy_deck_missing message names the tier and the path', () => {
    const log = new DeckLog('x');
    try {
      resolveNewaruCombat({ playerBaralytas: 4, committed: [], attacker: 'player' }, log, {}, outcomePile(log, undefined));
      expect.unreachable();
    } catch (e) {
      expect(e).toBeInstanceOf(RuleViolation);
      expect((e as RuleViolation).message).toMatch(/intermediate.*\/decks\/intermediate/);
      expect((e as RuleViolation).extra).toMatchObject({ tier: 'intermediate', path: '/decks/intermediate' });
    }
  });
});
