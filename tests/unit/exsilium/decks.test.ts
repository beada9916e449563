import { describe, expect, it } from 'vitest';
import { InvalidInput, RuleViolation } from '../../../src/kernel/errors.js';
import { breakTie, DeckLog, OUTCOME_COMPOSITION, type OutcomeCard, outcomePile, Pile } from '../../../src/games/exsilium/rules/index.js';

const sorted = (xs: readonly number[]) => [...xs].sort((a, b) => a - b);

describe('Outcome deck (EXS-COMP-6, EXS-DECK-2)', () => {
  it('EXS-COMP-6: 3 × 4, 2 × 8, 1 × 10', () => {
    expect(sorted(OUTCOME_COMPOSITION)).toEqual([4, 4, 4, 8, 8, 10]);
  });

  it('EXS-DECK-2: no order given → the whole deck is shuffled from the seed and recorded', () => {
    const log = new DeckLog('seed-a');
    const pile = outcomePile(log, undefined);
    const shuffle = log.transcript().shuffles[0]!;
    expect(shuffle).toMatchObject({ deck: 'outcome', reason: 'initial' });
    expect(sorted(shuffle.order as number[])).toEqual([4, 4, 4, 8, 8, 10]);
    expect(pile.state().drawPile).toEqual(shuffle.order);
  });

  it('seeded shuffles are deterministic: the same seed gives the same order, another seed may differ', () => {
    const order = (seed: string) => outcomePile(new DeckLog(seed), undefined).state().drawPile;
    expect(order('same')).toEqual(order('same'));
    const seeds = ['a', 'b', 'c', 'd', 'e', 'f'];
    expect(new Set(seeds.map((s) => order(s).join())).size).toBeGreaterThan(1);
  });

  it('EXS-DECK-2: a given order is the top of the deck; the rest of the composition is shuffled beneath', () => {
    const log = new DeckLog('fill');
    const pile = outcomePile(log, [10, 4]);
    const { drawPile } = pile.state();
    expect(drawPile.slice(0, 2)).toEqual([10, 4]);
    expect(sorted(drawPile.slice(2))).toEqual([4, 4, 8, 8]);
    expect(log.transcript().shuffles[0]).toMatchObject({ reason: 'fill' });
  });

  it('a full given order needs no shuffle', () => {
    const log = new DeckLog('x');
    outcomePile(log, [4, 8, 4, 10, 8, 4]);
    expect(log.transcript().shuffles).toEqual([]);
  });
});

describe('Outcome tie-break (EXS-COMBAT-PVP-4)', () => {
  it('EXS-COMBAT-PVP-4: the attacker draws first, then the defender; different totals end it', () => {
    const log = new DeckLog('t');
    const r = breakTie(outcomePile(log, [4, 8, 4, 4, 8, 10]), 'attacker', 'defender', 8);
    expect(r.draws).toEqual([
      { side: 'attacker', card: 4 },
      { side: 'defender', card: 8 },
    ]);
    expect(r).toMatchObject({ winner: 'defender', totals: { attacker: 12, defender: 16 } });
    expect(log.transcript().draws).toEqual([
      { deck: 'outcome', card: 4, for: 'attacker' },
      { deck: 'outcome', card: 8, for: 'defender' },
    ]);
  });

  it('EXS-COMBAT-PVP-4: repeated ties are drawn again until one total is higher', () => {
    const r = breakTie(outcomePile(new DeckLog('t'), [4, 4, 8, 8, 10, 4]), 'attacker', 'defender', 5);
    expect(r.draws.map((d) => d.card)).toEqual([4, 4, 8, 8, 10, 4]);
    expect(r).toMatchObject({ winner: 'attacker', totals: { attacker: 27, defender: 21 } });
  });

  it('EXS-DECK-2 / EXS-AMB-7: a deck that runs out mid-combat reshuffles the cards drawn in it', () => {
    const log = new DeckLog('exhaust');
    const pile = new Pile<OutcomeCard>('outcome', [4, 4], [], log, '/outcomeDeck');
    // Only two equal cards: the first round ties, the deck is empty, the drawn cards are reshuffled…
    // and, being equal, tie forever: the bounded loop answers 422 instead of hanging.
    expect(() => breakTie(pile, 'a', 'b', 0)).toThrow(RuleViolation);
    const { shuffles } = log.transcript();
    expect(shuffles[0]).toMatchObject({ deck: 'outcome', reason: 'exhausted', order: [4, 4] });
  });

  it('EXS-DECK-2: the reshuffle after exhaustion uses the seed and the tie is then resolved', () => {
    const run = () => {
      const log = new DeckLog('reshuffle');
      const pile = new Pile<OutcomeCard>('outcome', [4, 4, 8, 8, 10, 10], [], log, '/outcomeDeck');
      const r = breakTie(pile, 'a', 'b', 0);
      return { r, t: log.transcript() };
    };
    const { r, t } = run();
    expect(t.shuffles[0]).toMatchObject({ reason: 'exhausted' });
    expect(r.draws.length).toBeGreaterThan(6);
    expect(r.totals.a).not.toBe(r.totals.b);
    expect(run().r).toEqual(r);
  });
});

describe('Piles (EXS-DECK-3)', () => {
  it('EXS-DECK-3: the discard pile is reshuffled into the deck only when the deck is empty', () => {
    const log = new DeckLog('p');
    const pile = new Pile('basic', ['a'], ['b', 'c'], log, '/decks/basic');
    expect(pile.draw()).toBe('a');
    expect(log.transcript().shuffles).toEqual([]);
    pile.discard('a');
    const second = pile.draw();
    expect(log.transcript().shuffles[0]).toMatchObject({ deck: 'basic', reason: 'exhausted' });
    expect(sorted((log.transcript().shuffles[0]!.order as string[]).map((c) => c.charCodeAt(0)))).toEqual([97, 98, 99]);
    expect(['a', 'b', 'c']).toContain(second);
  });

  it('an empty deck with an empty discard pile is a 422 deck_exhausted', () => {
    const pile = new Pile('basic', [], [], new DeckLog('p'), '/decks/basic');
    expect(() => pile.draw()).toThrow(expect.objectContaining({ code: 'deck_exhausted', extra: expect.objectContaining({ path: '/decks/basic' }) }));
  });
});

describe('Outcome deck composition in a given order (EXS-COMP-6)', () => {
  it('EXS-COMP-6: an order naming more cards of a value than the deck holds is a 400 listing each extra card', () => {
    try {
      outcomePile(new DeckLog('x'), [10, 10, 4, 8, 8, 8]);
      expect.unreachable();
    } catch (e) {
      expect(e).toBeInstanceOf(InvalidInput);
      expect((e as InvalidInput).errors.map((p) => [p.path, p.code])).toEqual([
        ['/outcomeDeck/1', 'not_in_deck'],
        ['/outcomeDeck/5', 'not_in_deck'],
      ]);
    }
  });

  it('EXS-COMP-6: every order of the six real cards is accepted', () => {
    expect(outcomePile(new DeckLog('x'), [8, 10, 4, 8, 4, 4]).size).toBe(6);
  });
});
