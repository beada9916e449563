import { describe, expect, it } from 'vitest';
import { FixedDice } from '../../../src/kernel/dice/index.js';
import { RuleViolation } from '../../../src/kernel/errors.js';
import { go, goNeeds, maxLocations, seek, type SeekInput } from '../../../src/games/anima/rules/index.js';

const arkangel = { name: 'Arkángel', level: 1 };
const ruinas = { name: 'Las Ruinas', level: 2 };
const torre = { name: 'La Torre del Fin', level: 3 };
const juan = {
  characters: [
    { name: 'Acróbata', combat: 3, speed: 4 },
    { name: 'Ilusionista', combat: 3, speed: 4 },
  ],
  handSize: 2,
};
const wolf = { name: 'Lobo', kind: 'creature' as const, level: 1, combat: 5 };

function code(f: () => unknown): string {
  try {
    f();
  } catch (e) {
    if (e instanceof RuleViolation) return e.code;
    throw e;
  }
  return 'none';
}

describe('Ánima Move phase: Go', () => {
  it('ANIMA-MOVE-3 / ANIMA-AMB-5: choosing the current Location again is staying, with no encounter', () => {
    const r = go({ from: arkangel, to: arkangel }, juan, wolf, new FixedDice([]));
    expect(r).toMatchObject({ need: 'none', arrives: true, at: 'Arkángel' });
  });

  it('ANIMA-MOVE-3 / ANIMA-PRIOR-5: a prior Creature that wins stops the Group (at no Location, turn lost)', () => {
    const r = go({ from: null, to: ruinas }, juan, wolf, new FixedDice([1, 9]));
    expect(r).toMatchObject({ need: 'prior', arrives: false, at: null, turnLost: true, creatureStays: true, restartAtLevel1: false });
  });

  it('ANIMA-MOVE-1: without the tree rule any active Location may be reached, whatever its level', () => {
    expect(goNeeds({ from: null, to: torre })).toBe('prior');
    expect(go({ from: arkangel, to: torre }, juan, undefined, new FixedDice([]))).toMatchObject({ arrives: true, at: 'La Torre del Fin' });
  });

  it('ANIMA-OPT-TREE-3: from no Location only level 1, without an encounter', () => {
    expect(code(() => goNeeds({ from: null, to: ruinas, tree: true }))).toBe('tree_start_level_1');
    expect(goNeeds({ from: null, to: arkangel, tree: true })).toBe('none');
  });

  it('ANIMA-OPT-TREE-2: one level at a time; the same level is free, a change draws an encounter', () => {
    expect(code(() => goNeeds({ from: arkangel, to: torre, tree: true }))).toBe('tree_level_jump');
    expect(goNeeds({ from: ruinas, to: { name: 'Americh', level: 2 }, tree: true })).toBe('none');
    expect(goNeeds({ from: ruinas, to: arkangel, tree: true })).toBe('level_change');
    expect(code(() => go({ from: arkangel, to: ruinas, tree: true }, juan, undefined, new FixedDice([])))).toBe('encounters_exhausted');
  });

  it('ANIMA-OPT-TREE-2 / ANIMA-PRIOR-3: the level filter is judged against the destination', () => {
    const r = go({ from: arkangel, to: ruinas, tree: true }, juan, { name: 'Señor Oscuro', kind: 'creature', level: 3, combat: 12 }, new FixedDice([]));
    expect(r).toMatchObject({ need: 'level_change', arrives: true, encounter: { resolution: 'discarded_level' } });
  });

  it('ANIMA-OPT-TREE-4: defeated while changing level → out of all Locations, restart at level 1', () => {
    const r = go({ from: arkangel, to: ruinas, tree: true }, juan, wolf, new FixedDice([1, 9]));
    expect(r).toMatchObject({ arrives: false, at: null, restartAtLevel1: true });
  });

  it('ANIMA-OPT-TREE-5: Zeppelin Travel reaches any level', () => {
    expect(goNeeds({ from: arkangel, to: torre, tree: true, zeppelin: true })).toBe('level_change');
    expect(goNeeds({ from: null, to: torre, tree: true, zeppelin: true })).toBe('none');
  });
});

const base = (over: Partial<SeekInput> = {}): SeekInput => ({
  players: 3,
  source: 'deck',
  location: ruinas,
  encounter: { name: 'La Sombra de Omega', kind: 'event', level: 3, losesTurn: true },
  active: [{ name: 'Arkángel', occupied: true }, { name: 'Aldea de Cornes' }],
  ...over,
});

describe('Ánima Seek new horizons', () => {
  it('ANIMA-EX-4 / ANIMA-MOVE-5: Las Ruinas enters play, La Sombra de Omega (level 3) is discarded, Sergio arrives', () => {
    const r = seek(base(), juan, new FixedDice([]));
    expect(r).toMatchObject({ arrives: true, at: 'Las Ruinas', active: ['Arkángel', 'Aldea de Cornes', 'Las Ruinas'], removed: null, overCap: false, maximum: 6 });
  });

  it('ANIMA-MOVE-2 / ANIMA-EX-12: the maximum is 2 × players', () => {
    expect([2, 3, 4, 5].map(maxLocations)).toEqual([4, 6, 8, 10]);
  });

  it('ANIMA-MOVE-4: only one player per turn may seek', () => {
    expect(code(() => seek(base({ seekTakenThisTurn: true }), juan, new FixedDice([])))).toBe('seek_taken');
  });

  it('ANIMA-OPT-TREE-1: with the tree rule Seek is not used', () => {
    expect(code(() => seek(base({ tree: true }), juan, new FixedDice([])))).toBe('seek_unavailable');
  });

  it('ANIMA-DECK-3: an empty Location deck is never reshuffled — take from the discard pile; both empty → impossible', () => {
    expect(code(() => seek(base({ deckSize: 0 }), juan, new FixedDice([])))).toBe('location_deck_empty');
    expect(code(() => seek(base({ deckSize: 0, discardPile: [] }), juan, new FixedDice([])))).toBe('no_location');
    expect(code(() => seek(base({ source: 'discard', discardPile: ['Americh'] }), juan, new FixedDice([])))).toBe('not_in_discard');
    expect(seek(base({ source: 'discard', deckSize: 0, discardPile: ['Las Ruinas'] }), juan, new FixedDice([])).source).toBe('discard');
  });

  const full = [{ name: 'Arkángel', occupied: true }, { name: 'Aldea' }, { name: 'Americh' }, { name: 'Torre', priorPending: true }];

  it('ANIMA-MOVE-7: above the maximum the seeker removes an eligible Location; occupied or pending ones are not eligible', () => {
    const r = seek(base({ players: 2, active: full, removal: ['Aldea'] }), juan, new FixedDice([]));
    expect(r).toMatchObject({ removed: 'Aldea', active: ['Arkángel', 'Americh', 'Torre', 'Las Ruinas'] });
    expect(code(() => seek(base({ players: 2, active: full, removal: ['Arkángel'] }), juan, new FixedDice([])))).toBe('not_eligible');
    expect(code(() => seek(base({ players: 2, active: full, removal: ['Torre'] }), juan, new FixedDice([])))).toBe('not_eligible');
    expect(code(() => seek(base({ players: 2, active: full }), juan, new FixedDice([])))).toBe('removal_choice_needed');
  });

  it('ANIMA-MOVE-8 / ANIMA-AMB-6: a saved Location is skipped and cannot be chosen again; nothing left → over the cap', () => {
    const saves = [{ location: 'Aldea', by: 'pedro' }];
    expect(seek(base({ players: 2, active: full, removal: ['Aldea', 'Americh'], saves }), juan, new FixedDice([]))).toMatchObject({ removed: 'Americh', saved: saves });
    expect(code(() => seek(base({ players: 2, active: full, removal: ['Aldea', 'Aldea'], saves }), juan, new FixedDice([])))).toBe('already_saved');
    const both = [...saves, { location: 'Americh', by: 'juan' }];
    expect(seek(base({ players: 2, active: full, removal: ['Aldea', 'Americh'], saves: both }), juan, new FixedDice([]))).toMatchObject({ removed: null, overCap: true });
  });

  it('ANIMA-MOVE-5.4: a lost prior fight leaves the new Location on the table and the Creature in front of it', () => {
    const r = seek(base({ encounter: wolf }), juan, new FixedDice([1, 9]));
    expect(r).toMatchObject({ arrives: false, at: null, creatureStays: true, active: ['Arkángel', 'Aldea de Cornes', 'Las Ruinas'] });
  });
});
