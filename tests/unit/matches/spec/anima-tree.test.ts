/** Ánima match specs: the optional rule "Locations as a tree" (ANIMA-OPT-TREE-1..4), fixed dice. */
import { describe, expect, it } from 'vitest';
import { matchSpec } from '../../../helpers/match-spec.js';
import { ANIMA_PLAYERS, KEEP, KEEP_GIFTS, animaCards, animaGiftCards } from '../../../fixtures/anima-match.js';

const spec = () => matchSpec('anima', { players: ANIMA_PLAYERS, options: { ...animaCards(), tree: true } });
const end = (player: string) => ({ type: 'anima.end_phase', player });
/** Setup, turn 1 ordered p2, p1 (tie-break 7 vs 3). */
const MOVE_1 = [KEEP[0]!, { ...KEEP[1]!, dice: { values: [1, 1, 1, 3, 7] } }, end('p2'), end('p1')];
/** Turn 1: p2 to Arkángel, p1 to Aldea de Cornes (level 1, no encounter); turn 2 to its Move phase. */
const MOVE_2 = [
  ...MOVE_1,
  { type: 'anima.go', player: 'p2', location: 'Arkángel' },
  { type: 'anima.go', player: 'p1', location: 'Aldea de Cornes' },
  ...['p2', 'p1', 'p2', 'p1', 'p2', 'p1'].map(end),
];

describe('Ánima match: Locations as a tree (ANIMA-OPT-TREE)', () => {
  it('ANIMA-OPT-TREE-1: every Location is on the table by level, without prior encounters; the Encounter deck is whole', async () => {
    const s = await spec().state();
    expect(s.locations.map((l: { name: string; prior: unknown }) => [l.name, l.prior])).toEqual([
      ['Arkángel', null],
      ['Aldea de Cornes', null],
      ['Las Ruinas', null],
    ]);
    expect(s.decks).toMatchObject({ locations: [], encounters: [0, 1, 2, 3, 4] });
  });

  it('ANIMA-OPT-TREE-3: from no Location only level 1 is entered, without an encounter', async () => {
    await spec().givenCommands(MOVE_1).when({ type: 'anima.go', player: 'p2', location: 'Las Ruinas' }).thenProblem('tree_start_level_1');
    await spec()
      .givenCommands(MOVE_1)
      .when({ type: 'anima.go', player: 'p2', location: 'Arkángel' })
      .then([{ type: 'anima.went', data: { location: 'Arkángel', prior: null } }]);
  });

  it('ANIMA-OPT-TREE-2: going up a level faces the top Encounter card (Guerrero Errante: 2+5 vs 2+1), then discarded', async () => {
    const { state } = await spec()
      .givenCommands(MOVE_2)
      .when({ type: 'anima.go', player: 'p2', location: 'Las Ruinas', dice: { values: [5, 1] } })
      .then([{ type: 'anima.went', data: { location: 'Las Ruinas', prior: { card: 0, drawn: true, result: { arrives: true } } } }]);
    expect(state.decks.encounters).toEqual([1, 2, 3, 4]);
    expect(state.discards.encounters).toEqual([0]);
    expect(state.locations.find((l: { name: string }) => l.name === 'Las Ruinas').prior).toBeNull();
  });

  it('ANIMA-OPT-TREE-2: the same level is free; ANIMA-OPT-TREE-1: no Seek new horizons', async () => {
    await spec()
      .givenCommands(MOVE_2)
      .when({ type: 'anima.go', player: 'p2', location: 'Aldea de Cornes' })
      .then([{ type: 'anima.went', data: { prior: null } }]);
    await spec().givenCommands(MOVE_1).when({ type: 'anima.seek_new_horizons', player: 'p2' }).thenProblem('tree_no_seek');
  });

  it('ANIMA-OPT-TREE-4: defeated while changing level, the Group is at no Location and must start again at level 1', async () => {
    const { state } = await spec()
      .givenCommands(MOVE_2)
      .when({ type: 'anima.go', player: 'p2', location: 'Las Ruinas', dice: { values: [1, 4] } })
      .then([{ type: 'anima.went', data: { prior: { result: { arrives: false } } } }]);
    expect(state.groupsInPlay.p2).toMatchObject({ location: null, turnLost: true });
    expect(state.discards.encounters).toEqual([0]);
  });

  it('ANIMA-OPT-TREE-5: Zeppelin Travel goes from no Location to level 2 at once; the card is discarded', async () => {
    const cards = animaGiftCards();
    cards.gifts[2] = { name: 'Viaje en zepelín', category: 'plot', phase: 'move', timing: 'normal', zeppelin: true } as never;
    const keep = [{ ...KEEP_GIFTS[0]!, gifts: ['Sol Negro', 'Furia', 'Viaje en zepelín'] }, KEEP_GIFTS[1]!, end('p1'), end('p2')];
    const zeppelin = { type: 'anima.go', player: 'p1', location: 'Las Ruinas', gift: 'Viaje en zepelín' };
    const { state } = await matchSpec('anima', { players: ANIMA_PLAYERS, options: { ...cards, tree: true } })
      .givenCommands(keep)
      .when(zeppelin)
      .then([
        { type: 'anima.gift_played', data: { gift: 2 } },
        { type: 'anima.went', data: { location: 'Las Ruinas', prior: null } },
      ]);
    expect(state.groupsInPlay.p1).toMatchObject({ location: 'Las Ruinas', hand: [0, 1] });
    expect(state.discards.gifts).toEqual([2]);
    await matchSpec('anima', { players: ANIMA_PLAYERS, options: cards }).givenCommands(keep).when(zeppelin).thenProblem('zeppelin_needs_tree');
    await matchSpec('anima', { players: ANIMA_PLAYERS, options: { ...cards, tree: true } })
      .givenCommands(keep)
      .when({ ...zeppelin, gift: 'Furia' })
      .thenProblem('not_zeppelin');
  });

  it('ANIMA-OPT-TREE-2/5 / ANIMA-HAND-1: Zeppelin Travel to a level change faces the top Encounter card with the card already out of hand (4+5 vs 2+1)', async () => {
    const cards = animaGiftCards();
    cards.gifts[2] = { name: 'Viaje en zepelín', category: 'plot', phase: 'move', timing: 'normal', zeppelin: true } as never;
    const keep = [{ ...KEEP_GIFTS[0]!, gifts: ['Sol Negro', 'Furia', 'Viaje en zepelín'] }, KEEP_GIFTS[1]!, end('p1'), end('p2')];
    // Turn 1 both at Arkángel (level 1); turn 2 in the order p1, p2 (tie-break 7 vs 3)
    const arkangel = (player: string) => ({ type: 'anima.go', player, location: 'Arkángel' });
    const history = [...keep, arkangel('p1'), arkangel('p2'), end('p1'), end('p2'), end('p1'), { ...end('p2'), dice: { values: [7, 3] } }, end('p1'), end('p2')];
    const { state } = await matchSpec('anima', { players: ANIMA_PLAYERS, options: { ...cards, tree: true } })
      .givenCommands(history)
      .when({ type: 'anima.go', player: 'p1', location: 'Las Ruinas', gift: 'Viaje en zepelín', dice: { values: [5, 1] } })
      .then([
        { type: 'anima.gift_played', data: { gift: 2 } },
        { type: 'anima.went', data: { location: 'Las Ruinas', prior: { card: 0, drawn: true, result: { arrives: true, handSize: 2 } } } },
      ]);
    expect(state.groupsInPlay.p1).toMatchObject({ location: 'Las Ruinas', hand: [0, 1], handSize: 2 });
  });
});
