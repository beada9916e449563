/**
 * Exsilium full match: dodge cards (EXS-KW-DODGE, «Arremetida» against EXS-FACTION-KEBER-1), mine
 * removal (EXS-MINE-3), the Wardun release (EXS-PBOARD-5), the empty-hand variant (EXS-AMB-3b) and
 * portal symbols (EXS-AMB-10) — given/when/then with fixed decks.
 */
import { describe, expect, it } from 'vitest';
import { matchSpec } from '../../../helpers/match-spec.js';
import { anaStarts, players } from './exsilium-scenario.js';
import { FULL_GAME, fullScenario } from './exsilium-full-game.js';

type Card = Record<string, unknown>;
const upTo = (n: number) => FULL_GAME.slice(0, n);
const end = (player: string) => ({ type: 'exsilium.end_turn', player });
/** The full scenario with some cards replaced (deck index → card), plus other options. */
const withCards = (cards: { p1?: Record<number, Card>; p2?: Record<number, Card> }, extra: Record<string, unknown> = {}) => {
  const base = fullScenario(extra);
  const deck = (id: 'p1' | 'p2') => base.decks[id].map((c, i) => cards[id]?.[i] ?? c);
  return matchSpec('exsilium', { players, options: { ...base, decks: { p1: deck('p1'), p2: deck('p2') } } });
};

describe('Exsilium match: dodge cards (EXS-KW-DODGE)', () => {
  // p2-8 is an Esquiva of strength 2 (as the basic card it replaces); FULL_GAME[25] puts syl-2 next to keber-2.
  const esquiva = () => withCards({ p2: { 7: { name: 'Esquiva', strength: 2, action: { kind: 'dodge' } } } }).givenCommands(upTo(26));

  it('EXS-KW-DODGE / EXS-COMBAT-TRIGGER-4: the defender discards a dodge card before the combat resolves; the combat does not take place', async () => {
    const { state } = await esquiva()
      .when({ type: 'exsilium.dodge', player: 'p2', card: 'p2-8' })
      .then([
        {
          type: 'exsilium.dodged',
          data: {
            player: 'p2',
            card: 'p2-8',
            against: 'combat',
            combat: { kind: 'pvp', attacker: { player: 'p1', miniature: 'syl-2' }, defender: { player: 'p2', miniature: 'keber-2' } },
          },
        },
      ]);
    expect(state.table.combats).toEqual([]);
    expect(state.table.players.p2).toMatchObject({ hand: ['p2-9', 'p2-10'], discard: expect.arrayContaining(['p2-8']) });
    // Nobody won: no token changed hands, both miniatures stay.
    expect(state.table.players.p2.miniatures.find((m: { id: string }) => m.id === 'keber-2').node).toBe('A3:8,1');
    expect(state.table.players.p1.miniatures.find((m: { id: string }) => m.id === 'syl-2').node).toBe('A3:7,1');
  });

  it('EXS-KW-DODGE: the active player continues the turn after the dodge (the attacker may end it)', async () => {
    await esquiva()
      .givenCommands([{ type: 'exsilium.dodge', player: 'p2', card: 'p2-8' }])
      .when(end('p1'))
      .then([
        { type: 'exsilium.turn_ended', data: { player: 'p1' } },
        { type: 'exsilium.turn_started', data: { player: 'p2' } },
      ]);
  });

  it('EXS-KW-DODGE: only the defender dodges, only with a card whose keyword is Esquiva', async () => {
    await esquiva().when({ type: 'exsilium.dodge', player: 'p1', card: 'p1-12', combat: 0 }).thenProblem('not_the_defender');
    await esquiva().when({ type: 'exsilium.dodge', player: 'p2', card: 'p2-9' }).thenProblem('not_a_dodge_card');
  });

  it('EXS-KW-DODGE / EXS-KW-FAVZONE: a Newaru combat is not dodged (Newaru are no player)', async () => {
    await withCards({ p1: { 5: { name: 'Esquiva', strength: 2, action: { kind: 'dodge' } } } })
      .givenCommands(upTo(11))
      .when({ type: 'exsilium.dodge', player: 'p1', card: 'p1-6', combat: 0 })
      .thenProblem('not_dodgeable');
  });
});

describe('Exsilium match: «Arremetida» against the Keber strike (EXS-FACTION-KEBER-1)', () => {
  // p1-4 is «Arremetida» of strength 4 (as the basic card it replaces); Ben groups his 4 Keber on A3 and strikes X.
  const grouped = [
    anaStarts,
    { type: 'exsilium.activate', player: 'p1', card: 'p1-1' },
    { type: 'exsilium.move', player: 'p1', card: 'p1-2', miniature: 'syl-1', path: ['A1:1,1', 'A1:2,1'] },
    { type: 'exsilium.move', player: 'p1', card: 'p1-3', miniature: 'syl-1', path: ['X:3,1'] },
    end('p1'),
    { type: 'exsilium.activate', player: 'p2', card: 'p2-1' },
    { type: 'exsilium.move', player: 'p2', card: 'p2-2', miniature: 'keber-1', path: ['A3:8,0'] },
    { type: 'exsilium.activate', player: 'p2', card: 'p2-3' },
    { type: 'exsilium.move', player: 'p2', card: 'p2-4', miniature: 'keber-2', path: ['A3:8,2'] },
    end('p2'),
    { type: 'exsilium.fight', player: 'p1', cards: ['p1-4', 'p1-6', 'p1-7'], outcomeDeck: [4, 8] },
    end('p1'),
    { type: 'exsilium.activate', player: 'p2', card: 'p2-5' },
    { type: 'exsilium.move', player: 'p2', card: 'p2-6', miniature: 'keber-3', path: ['A3:7,0'] },
    { type: 'exsilium.activate', player: 'p2', card: 'p2-7' },
    { type: 'exsilium.ability', player: 'p2' },
    end('p2'),
    end('p1'),
  ];
  const arremetida = () => withCards({ p1: { 3: { name: 'Arremetida', strength: 4, action: { kind: 'dodge' } } } }).givenCommands(grouped);

  it('EXS-FACTION-KEBER-1: the struck player discards «Arremetida»; their miniatures are spared, no one is eliminated', async () => {
    const { state } = await arremetida()
      .when({ type: 'exsilium.ability', player: 'p2', tile: 'X', victims: { p1: { dodge: 'p1-4' } } })
      .then([
        { type: 'exsilium.ability_slot_filled', data: { player: 'p2', slots: 2 } },
        { type: 'exsilium.ability_fired', data: { ability: 'keber_strike', tile: 'X' } },
        { type: 'exsilium.dodged', data: { player: 'p1', card: 'p1-4', against: 'keber_strike' } },
      ]);
    expect(state.table.players.p1.miniatures[0].node).toBe('X:3,1');
    expect(state.table.players.p1.hand).not.toContain('p1-4');
    expect(state.table.players.p1.discard).toContain('p1-4');
    expect(state.table.supply).toEqual([]);
  });

  it('EXS-FACTION-KEBER-1: only «Arremetida» dodges the strike (not another card in hand)', async () => {
    await arremetida()
      .when({ type: 'exsilium.ability', player: 'p2', tile: 'X', victims: { p1: { dodge: 'p1-6' } } })
      .thenProblem('not_arremetida');
  });
});

describe('Exsilium match: removing a mine (EXS-MINE-3)', () => {
  const mined = () => withCards({ p2: { 4: { name: 'Mine', strength: 1, secondary: 'drop', mine: true } } });

  it('EXS-MINE-3: as a secondary action its owner removes the mine from the game; the marker token goes to the game reserve', async () => {
    const { service, id } = await mined().givenCommands(upTo(18)).arrange();
    const before = ((await service.view('spec-owner', id)) as unknown as { state: { table: { dropped: object; reserve: { keber: number } } } }).state.table;
    expect(before.dropped['A3:7,0']).toEqual({ card: 'p2-5', faceUp: true });
    const { state } = await mined()
      .givenCommands(upTo(18))
      .when({ type: 'exsilium.remove_mine', player: 'p2', node: 'A3:7,0' })
      .then([{ type: 'exsilium.mine_removed', data: { player: 'p2', card: 'p2-5', node: 'A3:7,0' } }]);
    expect(state.table.dropped).toEqual({});
    expect(state.table.markers['A3:7,0']).toBeUndefined();
    expect(state.table.reserve.keber).toBe(before.reserve.keber + 1);
    expect(state.table.players.p2.discard).not.toContain('p2-5');
  });

  it('EXS-MINE-3 / EXS-MINE-2: a removed mine no longer goes off when a miniature of another faction steps next to it', async () => {
    await mined()
      .givenCommands([...upTo(18), { type: 'exsilium.remove_mine', player: 'p2', node: 'A3:7,0' }, ...FULL_GAME.slice(18, 25)])
      .when(FULL_GAME[25]!)
      .then([{ type: 'exsilium.card_played' }, { type: 'exsilium.miniature_stepped' }, { type: 'exsilium.miniature_stepped' }, { type: 'exsilium.combats_triggered' }]);
  });

  it('EXS-MINE-3: only the owner removes a mine, and only where one lies', async () => {
    await mined().givenCommands(upTo(18)).when({ type: 'exsilium.remove_mine', player: 'p2', node: 'A3:7,1' }).thenProblem('no_own_mine');
    await mined().givenCommands(upTo(18)).when({ type: 'exsilium.remove_mine', player: 'p1', node: 'A3:7,0' }).thenProblem('not_your_turn');
  });

  it('EXS-MINE-3: a mine card in hand may be eliminated from the game without the Eliminate icon', async () => {
    const { state } = await mined()
      .givenCommands(upTo(17))
      .when({ type: 'exsilium.eliminate', player: 'p2', card: 'p2-5' })
      .then([{ type: 'exsilium.card_eliminated', data: { player: 'p2', card: 'p2-5', from: 'hand' } }]);
    expect(state.table.players.p2.hand).not.toContain('p2-5');
    expect(state.table.players.p2.discard).not.toContain('p2-5');
  });
});
