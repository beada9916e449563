/** Exsilium full match: ability slots, the four faction abilities and their release (given/when/then, fixed decks). */
import { describe, expect, it } from 'vitest';
import { matchSpec } from '../../../helpers/match-spec.js';
import { anaStarts, players } from '../../../fixtures/exsilium-scenario.js';
import { FULL_GAME, KEBER_GROUPED, approach, fullScenario } from '../../../fixtures/exsilium-full-game.js';

const spec = (extra: Record<string, unknown> = {}) => matchSpec('exsilium', { players, options: fullScenario(extra) });
const upTo = (n: number) => FULL_GAME.slice(0, n);

describe('Exsilium match: ability slots (EXS-PBOARD-4/5)', () => {
  it('EXS-PBOARD-4: 1 faction token fills one slot, at most one per turn', async () => {
    const given = spec().givenCommands(upTo(4));
    const { state } = await given.when(FULL_GAME[4]!).then([{ type: 'exsilium.ability_slot_filled', data: { player: 'p1', slots: 1 } }]);
    expect(state.summary.players.p1).toMatchObject({ abilitySlots: 1, factionTokens: 6 });
    await spec().givenCommands(upTo(5)).when({ type: 'exsilium.ability', player: 'p1' }).thenProblem('slot_filled_this_turn');
  });

  it('EXS-PBOARD-4: the second slot fires the ability at once, so its choice must be given', async () => {
    await spec().givenCommands(upTo(20)).when({ type: 'exsilium.ability', player: 'p1' }).thenProblem('ability_choice_needed');
  });

  it('EXS-FACTION-SYL-1 / EXS-COMBAT-DISCARD-3: the drone eliminates the Keber 2 nodes away; Ben retreats, puts a card into the supply and a marker on the tile, nothing else', async () => {
    const { state } = await spec()
      .givenCommands(upTo(20))
      .when(FULL_GAME[20]!)
      .then([
        { type: 'exsilium.ability_slot_filled', data: { slots: 2 } },
        { type: 'exsilium.ability_fired', data: { ability: 'syl_drone', miniature: 'syl-1' } },
        {
          type: 'exsilium.eliminated',
          data: { player: 'p2', cause: 'syl_drone', miniatures: ['keber-1'], supplyCards: ['p2-7'], markers: [{ node: 'X:4,0', fromReserve: false }] },
        },
      ]);
    expect(state.table.players.p2.miniatures.find((m: { id: string }) => m.id === 'keber-1').node).toBeNull();
    expect(state.table.supply).toEqual(['p2-7']);
    expect(state.table.players.p2.baralytas).toEqual([2]);
  });

  it('EXS-PBOARD-5: when the 4th Keber miniature retreats, the slot token goes back to the personal reserve', async () => {
    const { state } = await spec()
      .givenCommands(upTo(24))
      .when(FULL_GAME[24]!)
      .then([
        { type: 'exsilium.combat_resolved', data: { winner: 'p1' } },
        { type: 'exsilium.ability_released', data: { player: 'p2', tokens: 1, freed: null } },
        { type: 'exsilium.game_won', data: { player: 'p1', points: 10 } },
      ]);
    expect(state.summary.players.p2.abilitySlots).toBe(0);
  });

  it('EXS-FACTION-KEBER-1 / EXS-AMB-26: the second Keber slot needs the 4 miniatures on one tile', async () => {
    await spec().givenCommands(upTo(16)).when({ type: 'exsilium.ability', player: 'p2', tile: 'X' }).thenProblem('keber_not_grouped');
  });
});

describe('Exsilium match: Keber strike (EXS-FACTION-KEBER-1)', () => {
  it('with the 4 Keber on one tile, everything on the chosen adjacent tile is eliminated; Keber gets nothing', async () => {
    const { state } = await spec()
      .givenCommands(KEBER_GROUPED)
      .when({ type: 'exsilium.ability', player: 'p2', tile: 'X' })
      .then([
        { type: 'exsilium.ability_slot_filled', data: { player: 'p2', slots: 2 } },
        { type: 'exsilium.ability_fired', data: { ability: 'keber_strike', tile: 'X' } },
        { type: 'exsilium.eliminated', data: { player: 'p1', cause: 'keber_strike', miniatures: ['syl-1'], markers: [{ fromReserve: false }] } },
      ]);
    expect(state.table.players.p1).toMatchObject({ baralytas: [3, 3, 2], pool: ['syl-4', 'syl-3', 'syl-2', 'syl-1'] });
    expect(state.table.players.p2).toMatchObject({ baralytas: [], connectionTokens: 0, factionTokens: 6 });
  });

  it('only a tile adjacent to the Keber tile can be struck', async () => {
    await spec().givenCommands(KEBER_GROUPED).when({ type: 'exsilium.ability', player: 'p2', tile: 'A1' }).thenProblem('strike_tile');
  });
});

describe('Exsilium match: Vinsan sinkhole (EXS-FACTION-VINSAN-1)', () => {
  const vinsan = () =>
    matchSpec('exsilium', { players, options: fullScenario({ factions: { p1: 'vinsan', p2: 'keber' } }) }).givenCommands([
      anaStarts,
      { type: 'exsilium.activate', player: 'p1', card: 'p1-1' },
      { type: 'exsilium.ability', player: 'p1' },
      { type: 'exsilium.end_turn', player: 'p1' },
      { type: 'exsilium.end_turn', player: 'p2' },
    ]);

  it('a 2 × 2 sinkhole destroys the nodes and moves the miniature standing there to a free adjacent node; destroyed nodes are impassable', async () => {
    const nodes = ['A1:0,1', 'A1:1,1', 'A1:0,2', 'A1:1,2'];
    const { state } = await vinsan()
      .when({ type: 'exsilium.ability', player: 'p1', nodes })
      .then([
        { type: 'exsilium.ability_slot_filled', data: { slots: 2 } },
        {
          type: 'exsilium.ability_fired',
          data: { ability: 'vinsan_sinkhole', nodes, displaced: [{ figure: { player: 'p1', miniature: 'vinsan-1' }, from: 'A1:0,1', to: 'A1:1,0' }] },
        },
      ]);
    expect(state.table.destroyed).toEqual(nodes);
    expect(state.summary.players.p1.sinkholes).toBe(3);
  });

  it('the footprint is one block of pairwise adjacent nodes, never a deposit', async () => {
    await vinsan()
      .when({ type: 'exsilium.ability', player: 'p1', nodes: ['A1:0,1', 'A1:2,1'] })
      .thenProblem('sinkhole_footprint');
    await vinsan()
      .when({ type: 'exsilium.ability', player: 'p1', nodes: ['A1:0,0'] })
      .thenProblem('indestructible_node');
  });

  it('EXS-MOVE-2: no step onto a destroyed node', async () => {
    await vinsan()
      .givenCommands([{ type: 'exsilium.ability', player: 'p1', nodes: ['A1:1,1', 'A1:2,1', 'A1:1,2', 'A1:2,2'] }])
      .when({ type: 'exsilium.move', player: 'p1', card: 'p1-2', miniature: 'vinsan-1', path: ['A1:1,1'] })
      .thenProblem('impassable_node');
  });
});

describe('Exsilium match: Wardun paralysis (EXS-FACTION-WARDUN-1)', () => {
  const wardun = () => matchSpec('exsilium', { players, options: fullScenario({ factions: { p1: 'wardun', p2: 'keber' } }) }).givenCommands(approach('wardun'));
  const trap = { type: 'exsilium.ability', player: 'p1', miniature: 'wardun-1', target: { player: 'p2', miniature: 'keber-1' } };

  it('a miniature of another faction within 3 nodes is trapped under the Wardun token', async () => {
    const { state } = await wardun()
      .when(trap)
      .then([{ type: 'exsilium.ability_slot_filled' }, { type: 'exsilium.ability_fired', data: { ability: 'wardun_paralysis', trapped: { player: 'p2', miniature: 'keber-1' } } }]);
    expect(state.summary.players.p2.miniatures[0]).toMatchObject({ id: 'keber-1', trapped: true });
  });

  it('the trapped miniature is as if it did not exist: no combat when a miniature ends next to it, and it cannot move', async () => {
    const given = wardun().givenCommands([trap]);
    await given
      .when({ type: 'exsilium.move', player: 'p1', card: 'p1-6', miniature: 'wardun-1', path: ['X:4,1', 'X:5,1'] })
      .then([{ type: 'exsilium.card_played' }, { type: 'exsilium.miniature_stepped' }, { type: 'exsilium.miniature_stepped' }]);
    await given
      .givenCommands([{ type: 'exsilium.end_turn', player: 'p1' }])
      .when({ type: 'exsilium.move', player: 'p2', card: 'p2-3', miniature: 'keber-1', path: ['A3:7,1'] })
      .thenProblem('miniature_trapped');
  });

  it('the Wardun token goes under a miniature of ANOTHER faction', async () => {
    await wardun()
      .when({ ...trap, target: { player: 'p1', miniature: 'wardun-1' } })
      .thenProblem('paralysis_target');
  });
});
