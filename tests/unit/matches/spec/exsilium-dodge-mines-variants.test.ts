/**
 * Exsilium full match: dodge cards (EXS-KW-DODGE, «Arremetida» against EXS-FACTION-KEBER-1), mine
 * removal (EXS-MINE-3), the Wardun release (EXS-PBOARD-5), the empty-hand variant (EXS-AMB-3b) and
 * portal symbols (EXS-AMB-10) — given/when/then with fixed decks.
 */
import { describe, expect, it } from 'vitest';
import { matchSpec } from '../../../helpers/match-spec.js';
import { players } from '../../../fixtures/exsilium-scenario.js';
import { FULL_GAME, KEBER_GROUPED, anaOntoX, approach, fullScenario } from '../../../fixtures/exsilium-full-game.js';

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
  // p2-8 is an Esquiva of strength 2 (as the basic card it replaces); FULL_GAME[23] puts syl-2 next to keber-2.
  const esquiva = () => withCards({ p2: { 7: { name: 'Esquiva', strength: 2, action: { kind: 'dodge' } } } }).givenCommands(upTo(24));

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
  const arremetida = () => withCards({ p1: { 3: { name: 'Arremetida', strength: 4, action: { kind: 'dodge' } } } }).givenCommands(KEBER_GROUPED);

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
    const { service, id } = await mined().givenCommands(upTo(17)).arrange();
    const before = ((await service.reads.view('spec-owner', id)) as unknown as { state: { table: { dropped: Record<string, unknown>; reserve: { keber: number } } } }).state.table;
    expect(before.dropped['A3:7,0']).toEqual({ card: 'p2-5', faceUp: true });
    const { state } = await mined()
      .givenCommands(upTo(17))
      .when({ type: 'exsilium.remove_mine', player: 'p2', node: 'A3:7,0' })
      .then([{ type: 'exsilium.mine_removed', data: { player: 'p2', card: 'p2-5', node: 'A3:7,0' } }]);
    expect(state.table.dropped).toEqual({});
    expect(state.table.markers['A3:7,0']).toBeUndefined();
    expect(state.table.reserve.keber).toBe(before.reserve.keber + 1);
    expect(state.table.players.p2.discard).not.toContain('p2-5');
  });

  it('EXS-MINE-3 / EXS-MINE-2: a removed mine no longer goes off when a miniature of another faction steps next to it', async () => {
    await mined()
      .givenCommands([...upTo(17), { type: 'exsilium.remove_mine', player: 'p2', node: 'A3:7,0' }, ...FULL_GAME.slice(17, 23)])
      .when(FULL_GAME[23]!)
      .then([{ type: 'exsilium.card_played' }, { type: 'exsilium.miniature_stepped' }, { type: 'exsilium.miniature_stepped' }, { type: 'exsilium.combats_triggered' }]);
  });

  it('EXS-MINE-3: only the owner removes a mine, and only where one lies', async () => {
    await mined().givenCommands(upTo(17)).when({ type: 'exsilium.remove_mine', player: 'p2', node: 'A3:7,1' }).thenProblem('no_own_mine');
    await mined().givenCommands(upTo(17)).when({ type: 'exsilium.remove_mine', player: 'p1', node: 'A3:7,0' }).thenProblem('not_your_turn');
  });

  it('EXS-MINE-3: a mine card in hand may be eliminated from the game without the Eliminate icon', async () => {
    const { state } = await mined()
      .givenCommands(upTo(16))
      .when({ type: 'exsilium.eliminate', player: 'p2', card: 'p2-5' })
      .then([{ type: 'exsilium.card_eliminated', data: { player: 'p2', card: 'p2-5', from: 'hand' } }]);
    expect(state.table.players.p2.hand).not.toContain('p2-5');
    expect(state.table.players.p2.discard).not.toContain('p2-5');
  });
});

describe('Exsilium match: the Wardun release frees the trapped miniature (EXS-PBOARD-5, EXS-FACTION-WARDUN-1)', () => {
  // Ana (Wardun) traps keber-1; then (as facts) two more Wardun and keber-2 stand on A1.
  const wardun = () =>
    matchSpec('exsilium', { players, options: fullScenario({ factions: { p1: 'wardun', p2: 'keber' } }) })
      .givenCommands([...approach('wardun'), { type: 'exsilium.ability', player: 'p1', miniature: 'wardun-1', target: { player: 'p2', miniature: 'keber-1' } }])
      .given([
        { type: 'exsilium.miniature_activated', data: { player: 'p1', miniature: 'wardun-2', node: 'A1:0,1' } },
        { type: 'exsilium.miniature_activated', data: { player: 'p1', miniature: 'wardun-3', node: 'A1:1,0' } },
        { type: 'exsilium.miniature_activated', data: { player: 'p2', miniature: 'keber-2', node: 'A1:2,2' } },
      ]);

  it('EXS-PBOARD-5 / EXS-COMBAT-PVP-5 (4): when the 2nd Wardun miniature goes back to its board, the slot tokens return and the Wardun token frees keber-1', async () => {
    const given = wardun().givenCommands([{ type: 'exsilium.move', player: 'p1', card: 'p1-4', miniature: 'wardun-2', path: ['A1:1,1'] }]);
    const { state } = await given.when({ type: 'exsilium.fight', player: 'p1', cards: ['p1-6'], defenderCards: ['p2-4'] }).then([
      { type: 'exsilium.combat_resolved', data: { winner: 'p2', effects: { retreat: { player: 'p1', miniature: 'wardun-2' } } } },
      { type: 'exsilium.ability_released', data: { player: 'p1', tokens: 2, freed: { player: 'p2', miniature: 'keber-1' } } },
    ]);
    expect(state.table.trapped).toBeNull();
    expect(state.table.players.p1).toMatchObject({ abilitySlots: 0, pool: ['wardun-4', 'wardun-2'] });
    expect(state.summary.players.p2.miniatures[0]).not.toMatchObject({ trapped: true });
  });
});

describe('Exsilium match: the empty-hand variant (EXS-AMB-3b, options.emptyHandLoses)', () => {
  // Ana spends her 4th card on a second activation: with no cards her turn ends (EXS-ACTION-5); the Newaru steps next to syl-1.
  const lastCard = { type: 'exsilium.activate', player: 'p1', card: 'p1-4' };
  const spent = [{ type: 'exsilium.card_played' }, { type: 'exsilium.miniature_activated', data: { miniature: 'syl-2' } }];

  it('EXS-NEWARU-MOVE-3 / EXS-COMBAT-TRIGGER-3 (default): the Newaru waits next to syl-1; the combat is at the start of Ana’s next turn', async () => {
    const { state } = await matchSpec('exsilium', { players, options: fullScenario() })
      .givenCommands(anaOntoX('syl'))
      .when(lastCard)
      .then([
        ...spent,
        { type: 'exsilium.turn_ended', data: { player: 'p1' } },
        { type: 'exsilium.newaru_moved', data: { id: 'newaru-1' } },
        { type: 'exsilium.turn_started', data: { player: 'p2' } },
      ]);
    expect(state.table.players.p1.miniatures[0].node).toBe('X:3,1');
  });

  it('EXS-AMB-3b strict: attacked in the enemy activation with no cards, Ana loses at once (no enemy card revealed); syl-1 retreats', async () => {
    const { state } = await matchSpec('exsilium', { players, options: fullScenario({ emptyHandLoses: true }) })
      .givenCommands(anaOntoX('syl'))
      .when(lastCard)
      .then([
        ...spent,
        { type: 'exsilium.turn_ended', data: { player: 'p1' } },
        { type: 'exsilium.newaru_moved', data: { id: 'newaru-1' } },
        {
          type: 'exsilium.combat_resolved',
          data: {
            combat: { kind: 'newaru', attacker: 'newaru', player: 'p1', miniature: 'syl-1', newaru: 'newaru-1' },
            winner: 'newaru-1',
            draws: [],
            effects: { retreat: { player: 'p1', miniature: 'syl-1' } },
          },
        },
        { type: 'exsilium.turn_started', data: { player: 'p2' } },
      ]);
    expect(state.table.players.p1.miniatures[0].node).toBeNull();
    expect(state.table.newaru).toHaveLength(1);
  });

  it('EXS-AMB-3b strict: a player who still holds cards is not attacked in the enemy activation', async () => {
    await matchSpec('exsilium', { players, options: fullScenario({ emptyHandLoses: true }) })
      .givenCommands(anaOntoX('syl'))
      .when(end('p1'))
      .then([{ type: 'exsilium.turn_ended' }, { type: 'exsilium.newaru_moved' }, { type: 'exsilium.turn_started', data: { player: 'p2' } }]);
  });
});

describe('Exsilium match: portal symbols (EXS-PORTAL-2, EXS-AMB-10)', () => {
  const portals = (x: string | undefined, a3: string | undefined) => {
    const base = fullScenario({ newaru: 0, harder: true });
    const sym = (s: string | undefined) => (s === undefined ? {} : { portalSymbol: s });
    const nodes = base.board.nodes.map((n) => (n.id === 'A3:8,2' ? { ...n, portal: true, ...sym(a3) } : n.id === 'X:5,2' ? { ...n, ...sym(x) } : n));
    const p1: Card[] = [...base.decks.p1];
    p1[4] = { name: 'Activate portal', strength: 1, action: { kind: 'portal' } };
    return matchSpec('exsilium', { players, options: { ...base, board: { ...base.board, nodes }, decks: { ...base.decks, p1 } } }).givenCommands([
      ...FULL_GAME.slice(0, 4),
      // Ana's last card: her turn ends by itself (EXS-ACTION-5).
      { type: 'exsilium.move', player: 'p1', card: 'p1-4', miniature: 'syl-1', path: ['X:4,1', 'X:5,2'] },
      end('p2'),
    ]);
  };
  const teleport = { type: 'exsilium.play', player: 'p1', card: 'p1-5', miniature: 'syl-1', node: 'A3:8,2' };

  it('EXS-PORTAL-2: with symbols in the tile data, a portal with the same symbol is reached', async () => {
    await portals('N', 'N')
      .when(teleport)
      .then([
        { type: 'exsilium.card_played', data: { action: 'portal' } },
        { type: 'exsilium.miniature_stepped', data: { from: 'X:5,2', to: 'A3:8,2' } },
      ]);
  });

  it('EXS-PORTAL-2 / EXS-AMB-10: a portal with another symbol is refused', async () => {
    await portals('N', 'D').when(teleport).thenProblem('portal_symbol');
  });

  it('EXS-AMB-10: symbols are given for every portal or for none, only on portals (400 with /options paths)', async () => {
    const created = (options: Record<string, unknown>) => matchSpec('exsilium', { players, options }).arrange();
    const base = fullScenario();
    const nodes = base.board.nodes.map((n) =>
      n.id === 'X:5,2' ? { ...n, portalSymbol: 'N' } : n.id === 'A3:8,2' ? { ...n, portal: true } : n.id === 'A1:1,1' ? { ...n, portalSymbol: 'D' } : n,
    );
    const i = (id: string) => base.board.nodes.findIndex((n) => n.id === id);
    await expect(created({ ...base, board: { ...base.board, nodes } })).rejects.toMatchObject({
      status: 400,
      errors: [
        { path: `/options/board/nodes/${i('A1:1,1')}/portalSymbol`, code: 'not_a_portal' },
        { path: `/options/board/nodes/${i('A3:8,2')}/portalSymbol`, code: 'missing' },
      ],
    });
  });
});

describe('Exsilium match: dodging a faction-type card (EXS-KW-DODGE, EXS-KW-FACTIONCARD)', () => {
  // Ben's p2-4 is a Keber Cracking; Ana draws p1-10, an Esquiva; keber-2 stands next to Ana's terminal X:3,2 (facts).
  const cracking = (faction?: string) =>
    withCards({
      p1: { 9: { name: 'Esquiva', strength: 2, action: { kind: 'dodge' } } },
      p2: { 3: { name: 'Cracking', strength: 3, action: { kind: 'cracking' }, ...(faction ? { faction } : {}) } },
    })
      .givenCommands(upTo(16))
      .given([
        { type: 'exsilium.cards_drawn', data: { player: 'p1', cards: ['p1-10'], reshuffled: null } },
        { type: 'exsilium.miniature_activated', data: { player: 'p2', miniature: 'keber-2', node: 'X:4,2' } },
      ]);
  const crack = { type: 'exsilium.play', player: 'p2', card: 'p2-4', miniature: 'keber-2', node: 'X:3,2' };

  it('EXS-KW-DODGE: the terminal owner cancels a faction-type Cracking with a dodge card; the terminal stays theirs', async () => {
    const { state } = await cracking('keber')
      .when({ ...crack, dodge: 'p1-10' })
      .then([
        { type: 'exsilium.card_played', data: { player: 'p2', card: 'p2-4', action: 'cracking' } },
        { type: 'exsilium.dodged', data: { player: 'p1', card: 'p1-10', against: 'faction_card' } },
      ]);
    expect(state.table.controlled).toEqual({ 'X:3,2': 'p1' });
    expect(state.table.players.p1.discard).toContain('p1-10');
    expect(state.table.players.p2.discard).toContain('p2-4');
  });

  it('EXS-KW-CRACKING: without a dodge the token is removed', async () => {
    const { state } = await cracking('keber')
      .when(crack)
      .then([{ type: 'exsilium.card_played' }, { type: 'exsilium.terminal_cracked', data: { node: 'X:3,2', owner: 'p1' } }]);
    expect(state.table.controlled).toEqual({});
  });

  it('EXS-KW-DODGE: only the effect of a faction-type card is dodged', async () => {
    await cracking()
      .when({ ...crack, dodge: 'p1-10' })
      .thenProblem('not_a_faction_card');
  });
});
