/** Exsilium full match, given/when/then over the in-memory store (fixed decks per command). */
import { describe, expect, it } from 'vitest';
import { matchSpec } from '../../../helpers/match-spec.js';
import { WHOLE_GAME, anaStarts, players, scenario } from '../../../fixtures/exsilium-scenario.js';

const spec = (extra: Record<string, unknown> = {}) => matchSpec('exsilium', { players, options: scenario(extra) });
const upTo = (n: number) => WHOLE_GAME.slice(0, n);

describe('Exsilium match: setup and turn structure', () => {
  it('EXS-SETUP-2 / EXS-SETUP-5 / EXS-ROUND-1: the highest bid starts, bids go to the reserve, starting tiles revealed, hands of 4', async () => {
    const { state } = await spec()
      .when(anaStarts)
      .then([
        { type: 'exsilium.start_player_bid', data: { startPlayer: 'p1', order: ['p1', 'p2'] } },
        { type: 'exsilium.tile_revealed', data: { tile: 'A1', deposits: { 'A1:0,0': 3 } } },
        { type: 'exsilium.tile_revealed', data: { tile: 'A3' } },
        { type: 'exsilium.round_started', data: { round: 1 } },
        { type: 'exsilium.turn_started', data: { player: 'p1', combats: [] } },
      ]);
    expect(state.table.reserve).toMatchObject({ syl: 2, keber: 1 });
    expect(state.table.players.p1).toMatchObject({ factionTokens: 7, hand: ['p1-1', 'p1-2', 'p1-3', 'p1-4'] });
  });

  it('EXS-AMB-6: a tie spends the bids and only the tied players bid again', async () => {
    const tied = spec().givenCommands([{ type: 'exsilium.bid', bids: { p1: 1, p2: 1 } }]);
    expect((await tied.state()).table).toMatchObject({ phase: 'bid', bidders: ['p1', 'p2'], reserve: { syl: 1, keber: 1 } });
    await tied.when({ type: 'exsilium.bid', bids: { p1: 0 } }).thenProblem('missing_bid');
  });

  it('EXS-SETUP-2: a bid above the personal reserve is refused', async () => {
    await spec()
      .when({ type: 'exsilium.bid', bids: { p1: 10, p2: 0 } })
      .thenProblem('not_enough_tokens');
  });

  it('EXS-ROUND-2: only the active player acts', async () => {
    await spec().givenCommands([anaStarts]).when({ type: 'exsilium.activate', player: 'p2', card: 'p2-1' }).thenProblem('not_your_turn');
  });

  it('EXS-PBOARD-2 / EXS-CRYSTAL-2: activation puts the first miniature on the activation node and collects the adjacent deposit', async () => {
    await spec()
      .givenCommands([anaStarts])
      .when({ type: 'exsilium.activate', player: 'p1', card: 'p1-1' })
      .then([
        { type: 'exsilium.card_played', data: { use: 'activate', miniature: 'syl-1' } },
        { type: 'exsilium.miniature_activated', data: { node: 'A1:0,1' } },
        { type: 'exsilium.baralytas_collected', data: { value: 3, points: 3 } },
      ]);
  });

  it('EXS-ACTION-1: a card not in hand buys nothing', async () => {
    await spec().givenCommands([anaStarts]).when({ type: 'exsilium.activate', player: 'p1', card: 'p2-1' }).thenProblem('card_not_in_hand');
  });

  it('full match commands need the scenario (a match without options stays a resolution log)', async () => {
    await matchSpec('exsilium', { players }).when(anaStarts).thenProblem('not_set_up');
  });
});

describe('Exsilium match: movement', () => {
  it('EXS-REVEAL-2 / EXS-CRYSTAL-2: stepping onto a face-down tile reveals it (deposits, terminal, Newaru) and collects mid-move', async () => {
    await spec()
      .givenCommands(upTo(3))
      .when(WHOLE_GAME[3]!)
      .then([
        { type: 'exsilium.card_played' },
        { type: 'exsilium.miniature_stepped', data: { to: 'X:3,1' } },
        { type: 'exsilium.tile_revealed', data: { tile: 'X', deposits: { 'X:3,0': 3, 'X:4,2': 2, 'X:5,0': 2 }, terminals: ['X:3,2'], newaru: { id: 'newaru-1', node: 'X:5,2' } } },
        { type: 'exsilium.baralytas_collected', data: { deposit: 'X:3,0', points: 6 } },
        { type: 'exsilium.baralytas_collected', data: { deposit: 'X:4,2', points: 8 } },
      ]);
  });

  it('EXS-MOVE-1/2 / EXS-CRYSTAL-1: no step onto a deposit, nor to a node that is not adjacent', async () => {
    const given = spec().givenCommands(upTo(2));
    await given
      .when({ type: 'exsilium.move', player: 'p1', card: 'p1-2', miniature: 'syl-1', path: ['A1:1,0'] })
      .then([{ type: 'exsilium.card_played' }, { type: 'exsilium.miniature_stepped' }]);
    await given.when({ type: 'exsilium.move', player: 'p1', card: 'p1-2', miniature: 'syl-1', path: ['A1:0,0'] }).thenProblem('impassable_node');
    await given.when({ type: 'exsilium.move', player: 'p1', card: 'p1-2', miniature: 'syl-1', path: ['A1:2,2'] }).thenProblem('illegal_step');
  });

  it('EXS-BORDER-2: a lone miniature cannot cross a border numbered 2', async () => {
    const bordered = scenario();
    await matchSpec('exsilium', { players, options: { ...bordered, board: { ...bordered.board, borders: [{ tiles: ['A1', 'X'], n: 2 }] } } })
      .givenCommands(upTo(3))
      .when(WHOLE_GAME[3]!)
      .thenProblem('border_closed');
  });

  it('EXS-PBOARD-2: a miniature on the player board cannot move', async () => {
    await spec()
      .givenCommands([anaStarts])
      .when({ type: 'exsilium.move', player: 'p1', card: 'p1-1', miniature: 'syl-1', path: ['A1:1,1'] })
      .thenProblem('miniature_not_on_board');
  });
});

describe('Exsilium match: enemy activation and combats', () => {
  it('EXS-NEWARU-ACT-2 / EXS-NEWARU-MOVE-3: after a turn that moved on its tile the Newaru steps next to the miniature and waits', async () => {
    await spec()
      .givenCommands(upTo(4))
      .when(WHOLE_GAME[4]!)
      .then([
        { type: 'exsilium.turn_ended' },
        { type: 'exsilium.newaru_moved', data: { id: 'newaru-1', from: 'X:5,2', to: 'X:4,1', adjacentTo: ['syl-1'] } },
        { type: 'exsilium.turn_started', data: { player: 'p2', combats: [] } },
      ]);
  });

  it('EXS-COMBAT-TRIGGER-3: the Newaru attacks at the start of its neighbour’s next turn, after the refill; nothing else until it is fought', async () => {
    const given = spec().givenCommands(upTo(8));
    const state = await given.state();
    expect(state.table.combats).toEqual([{ kind: 'newaru', attacker: 'newaru', player: 'p1', miniature: 'syl-1', newaru: 'newaru-1' }]);
    expect(state.table.players.p1.hand).toHaveLength(4);
    await given.when({ type: 'exsilium.end_turn', player: 'p1' }).thenProblem('combat_pending');
  });

  it('EXS-COMBAT-NEWARU-1/4/5: 8 points → Advanced deck; 9 vs 9, Outcome Newaru 4 / player 8 → the player wins, +1 connection, +1 faction token, fatigue, the Newaru removed', async () => {
    const { state } = await spec()
      .givenCommands(upTo(8))
      .when(WHOLE_GAME[8]!)
      .then([
        {
          type: 'exsilium.combat_resolved',
          data: {
            winner: 'p1',
            draws: [{ deck: 'advanced' }, { deck: 'outcome', for: 'newaru', card: 4 }, { deck: 'outcome', for: 'player', card: 8 }],
            effects: { connection: { to: 'p1' }, factionToken: 'p1', discards: { p1: ['p1-5'] }, newaru: { id: 'newaru-1', to: null } },
          },
        },
      ]);
    expect(state.table.newaru).toEqual([]);
    expect(state.table.players.p1).toMatchObject({ connectionTokens: 1, factionTokens: 8, hand: ['p1-4', 'p1-6', 'p1-7'] });
  });

  it('EXS-COMBAT-NEWARU-6 / EXS-AMB-24: a lost Newaru combat sends the miniature back, a token to the nearest free deposit, a card to the supply and a marker on the tile', async () => {
    const { state } = await spec()
      .givenCommands(upTo(8))
      .when({ type: 'exsilium.fight', player: 'p1', cards: ['p1-4', 'p1-6', 'p1-7'], outcomeDeck: [8, 4], give: { p1: 2 } })
      .then([
        {
          type: 'exsilium.combat_resolved',
          data: { winner: 'newaru-1', effects: { retreat: { player: 'p1', miniature: 'syl-1' }, returned: { value: 2, deposit: 'X:3,0' }, supplyCard: { card: 'p1-4' } } },
        },
      ]);
    expect(state.table.players.p1).toMatchObject({ baralytas: [3, 3], pool: ['syl-4', 'syl-3', 'syl-2', 'syl-1'] });
    expect(state.table.deposits['X:3,0']).toBe(2);
    expect(state.table.supply).toEqual(['p1-4']);
    expect(state.table.markers).toEqual({ 'X:3,1': 'syl' });
  });

  it('EXS-COMBAT-TRIGGER-1 / EXS-AMB-17: ending next to an enemy miniature stops the move and starts a combat', async () => {
    await spec()
      .givenCommands(upTo(9))
      .when(WHOLE_GAME[9]!)
      .then([
        { type: 'exsilium.card_played' },
        { type: 'exsilium.miniature_stepped', data: { to: 'X:4,1' } },
        { type: 'exsilium.miniature_stepped', data: { to: 'X:5,1' } },
        {
          type: 'exsilium.combats_triggered',
          data: { combats: [{ kind: 'pvp', attacker: { player: 'p1', miniature: 'syl-1' }, defender: { player: 'p2', miniature: 'keber-1' } }] },
        },
      ]);
  });

  it('EXS-COMBAT-PVP-2: the defender replies with at most as many cards as the attacker laid', async () => {
    await spec()
      .givenCommands(upTo(10))
      .when({ type: 'exsilium.fight', player: 'p1', cards: ['p1-4'], defenderCards: ['p2-4', 'p2-3'] })
      .thenProblem('reply_too_large');
  });

  it('EXS-COMBAT-PVP-3/5 / EXS-WIN-3: 7 vs 4, the loser hands over his 2-point token → 10 points, Ana wins at once', async () => {
    const { state } = await spec()
      .givenCommands(upTo(10))
      .when(WHOLE_GAME[10]!)
      .then([
        {
          type: 'exsilium.combat_resolved',
          data: {
            winner: 'p1',
            effects: { baralytas: { from: 'p2', to: 'p1', value: 2 }, retreat: { player: 'p2', miniature: 'keber-1' }, supplyCard: { player: 'p2', card: 'p2-4' } },
          },
        },
        { type: 'exsilium.game_won', data: { player: 'p1', points: 10, target: 10 } },
      ]);
    expect(state.table).toMatchObject({ phase: 'ended', winner: 'p1' });
  });

  it('EXS-WIN-2: with the harder option the same 10 points do not win', async () => {
    await spec({ harder: true })
      .givenCommands(upTo(10))
      .when(WHOLE_GAME[10]!)
      .then([{ type: 'exsilium.combat_resolved', data: { winner: 'p1' } }]);
  });
});
