/** Exsilium full match: upgrades, terminals, card Actions and secondary actions (given/when/then, fixed decks). */
import { describe, expect, it } from 'vitest';
import { matchSpec } from '../../../helpers/match-spec.js';
import { players } from '../../../fixtures/exsilium-scenario.js';
import { FULL_GAME, fullScenario } from '../../../fixtures/exsilium-full-game.js';

const spec = (extra: Record<string, unknown> = {}) => matchSpec('exsilium', { players, options: fullScenario(extra) });
const upTo = (n: number) => FULL_GAME.slice(0, n);

describe('Exsilium match: upgrade board and terminals', () => {
  it('EXS-UPGRADE-1/3 / EXS-EX-5: 1 token, budget = card values + connection tokens (2 + 2 = 4) buys a cost-4 card into hand; the spent card is discarded, the space refilled', async () => {
    const { state } = await spec()
      .givenCommands(upTo(13))
      .when(FULL_GAME[13]!)
      .then([
        {
          type: 'exsilium.upgrades_bought',
          data: { player: 'p1', terminal: 'X:3,2', spent: ['p1-9'], bought: ['upgrade-1'], budget: 4, cost: 4, revealed: ['upgrade-5'] },
        },
      ]);
    expect(state.table.players.p1).toMatchObject({ hand: ['p1-4', 'upgrade-1'], connectionTokens: 2, factionTokens: 6, upgrades: ['upgrade-1'] });
    expect(state.table.players.p1.discard).toContain('p1-9');
    expect(state.table.upgradeRow).toEqual(['upgrade-2', 'upgrade-3', 'upgrade-4', 'upgrade-5']);
    expect(state.summary.players.p1).toMatchObject({ handSize: 2, upgrades: ['upgrade-1'], connectionTokens: 2 });
  });

  it('EXS-UPGRADE-3: a purchase above the budget is refused', async () => {
    await spec()
      .givenCommands(upTo(13))
      .when({ type: 'exsilium.buy', player: 'p1', cards: ['p1-9'], buy: ['upgrade-3'] })
      .thenProblem('over_budget');
  });

  it('EXS-UPGRADE-5: a refresh removes the 4 face-up cards from the game and reveals the next ones before buying', async () => {
    const { state } = await spec()
      .givenCommands(upTo(13))
      .when({ type: 'exsilium.buy', player: 'p1', cards: ['p1-9'], buy: ['upgrade-5'], refresh: true })
      .then([
        { type: 'exsilium.upgrades_refreshed', data: { removed: ['upgrade-1', 'upgrade-2', 'upgrade-3', 'upgrade-4'], revealed: ['upgrade-5', 'upgrade-6'] } },
        { type: 'exsilium.upgrades_bought', data: { bought: ['upgrade-5'], revealed: [] } },
      ]);
    expect(state.table.upgradeRow).toEqual(['upgrade-6']);
  });

  it('EXS-UPGRADE-1: no purchase without a miniature on a terminal, nor without the upgrade deck in the options', async () => {
    await spec()
      .givenCommands(upTo(12))
      .when({ type: 'exsilium.buy', player: 'p1', cards: ['p1-9'], buy: ['upgrade-1'] })
      .thenProblem('not_on_terminal');
    await spec({ upgrades: undefined }).givenCommands(upTo(13)).when(FULL_GAME[13]!).thenProblem('no_upgrade_deck');
  });

  it('EXS-TERMINAL-3: leaving a terminal for the first time, the player may control it with a faction token', async () => {
    const { state } = await spec()
      .givenCommands(upTo(15))
      .when(FULL_GAME[15]!)
      .then([
        { type: 'exsilium.card_played' },
        { type: 'exsilium.miniature_stepped', data: { from: 'X:3,2', to: 'X:3,1' } },
        { type: 'exsilium.terminal_controlled', data: { player: 'p1', node: 'X:3,2' } },
        // EXS-ACTION-5: that was her last card.
        { type: 'exsilium.turn_ended', data: { player: 'p1' } },
        { type: 'exsilium.turn_started', data: { player: 'p2' } },
      ]);
    expect(state.summary.players.p1.terminals).toEqual(['X:3,2']);
  });

  it('EXS-TERMINAL-3: a move that leaves no terminal controls nothing', async () => {
    await spec()
      .givenCommands(upTo(12))
      .when({ type: 'exsilium.move', player: 'p1', card: 'p1-7', miniature: 'syl-1', path: ['X:4,1'], control: true })
      .thenProblem('no_terminal_to_control');
  });

  it('EXS-ACTION-3 / EXS-AMB-11: 1 faction token and no card activate a miniature on a terminal the player controls', async () => {
    const given = spec().givenCommands(upTo(21));
    const { state } = await given.when(FULL_GAME[21]!).then([{ type: 'exsilium.miniature_activated', data: { miniature: 'syl-2', node: 'X:3,2', tokens: 1 } }]);
    expect(state.table.players.p1.factionTokens).toBe(3);
    await given.when({ type: 'exsilium.activate', player: 'p1', terminal: 'X:5,2' }).thenProblem('terminal_not_controlled');
  });
});

describe('Exsilium match: card Actions', () => {
  it('EXS-KW-DRAW / EXS-CARD-5: a "Before a combat: Draw 2" is played while the Newaru combat waits; the card is discarded', async () => {
    const { state } = await spec()
      .givenCommands(upTo(10))
      .when(FULL_GAME[10]!)
      .then([
        { type: 'exsilium.card_played', data: { use: 'action', action: 'draw' } },
        { type: 'exsilium.cards_drawn', data: { cards: ['p1-8', 'p1-9'], reshuffled: null } },
      ]);
    expect(state.table.players.p1.hand).toEqual(['p1-4', 'p1-6', 'p1-7', 'p1-8', 'p1-9']);
  });

  it('EXS-BOARD-5: no drawing while a miniature stands on a NO DRAWING tile', async () => {
    const base = fullScenario();
    const tiles = base.board.tiles.map((t) => (t.id === 'X' ? { ...t, noDraw: true } : t));
    await matchSpec('exsilium', { players, options: { ...base, board: { ...base.board, tiles } } })
      .givenCommands(upTo(10))
      .when(FULL_GAME[10]!)
      .thenProblem('no_draw_zone');
  });

  it('EXS-COMBAT-TRIGGER-4: an Action without "Before a combat" waits until the combat is fought', async () => {
    await spec()
      .givenCommands(upTo(10))
      .when({ type: 'exsilium.move', player: 'p1', card: 'p1-4', miniature: 'syl-1', path: ['X:3,2'] })
      .thenProblem('combat_pending');
  });

  it('EXS-KW-EXCHANGE: a card of the hand for a card of the discard pile', async () => {
    const { state } = await spec()
      .givenCommands(upTo(14))
      .when(FULL_GAME[14]!)
      .then([
        { type: 'exsilium.card_exchanged', data: { discarded: 'p1-4', taken: 'p1-6' } },
        { type: 'exsilium.card_played', data: { card: 'upgrade-1' } },
      ]);
    expect(state.table.players.p1.hand).toEqual(['p1-6']);
  });

  it('EXS-CARD-2: a card without an Action only moves, activates, buys or fights', async () => {
    await spec().givenCommands(upTo(1)).when({ type: 'exsilium.play', player: 'p1', card: 'p1-1' }).thenProblem('no_action');
  });

  it('EXS-CARD-4: a faction-type card is used only by its faction', async () => {
    const base = fullScenario();
    const p1 = [{ name: 'Keber only', strength: 2, faction: 'keber' }, ...base.decks.p1.slice(1)];
    await matchSpec('exsilium', { players, options: { ...base, decks: { ...base.decks, p1 } } })
      .givenCommands(upTo(1))
      .when({ type: 'exsilium.activate', player: 'p1', card: 'p1-1' })
      .thenProblem('faction_card');
  });

  it('EXS-BORDER-3: a Cross border 2 card crosses a 2-border alone, where a plain move is refused', async () => {
    const base = fullScenario();
    const p1 = [...base.decks.p1.slice(0, 2), { name: 'Cross border 2', strength: 3, action: { kind: 'cross_border', n: 2 } }, ...base.decks.p1.slice(3)];
    const bordered = matchSpec('exsilium', {
      players,
      options: { ...base, decks: { ...base.decks, p1 }, board: { ...base.board, borders: [{ tiles: ['A1', 'X'], n: 2 }] } },
    }).givenCommands(upTo(3));
    await bordered.when(FULL_GAME[3]!).thenProblem('border_closed');
    await bordered
      .when({ type: 'exsilium.play', player: 'p1', card: 'p1-3', miniature: 'syl-1', path: ['X:3,1'] })
      .then([
        { type: 'exsilium.card_played', data: { action: 'cross_border', miniature: 'syl-1' } },
        { type: 'exsilium.miniature_stepped', data: { to: 'X:3,1' } },
        { type: 'exsilium.tile_revealed' },
        { type: 'exsilium.baralytas_collected' },
        { type: 'exsilium.baralytas_collected' },
      ]);
  });

  it('EXS-KW-FAVZONE / EXS-AMB-23: a Favourable Zone card evades an evadable attack: no winner, the card discarded, the Newaru stays', async () => {
    const base = fullScenario({ enemyDecks: { ...fullScenario().enemyDecks, advanced: [{ name: 'Swipe', kind: 'attack', damage: 20, evadable: true }] } });
    const p1 = [...base.decks.p1.slice(0, 6), { name: 'Favourable Zone', strength: 1, action: { kind: 'favourable_zone' } }, ...base.decks.p1.slice(7)];
    const { state } = await matchSpec('exsilium', { players, options: { ...base, decks: { ...base.decks, p1 } } })
      .givenCommands(upTo(10))
      .when({ type: 'exsilium.fight', player: 'p1', cards: ['p1-4'], favourableZone: 'p1-7' })
      .then([
        {
          type: 'exsilium.combat_resolved',
          data: { winner: null, draws: [{ deck: 'advanced', card: { name: 'Swipe', evadable: true } }], effects: { discards: { p1: ['p1-7'] } } },
        },
      ]);
    expect(state.table.newaru).toHaveLength(1);
    expect(state.table.players.p1.hand).toEqual(['p1-4', 'p1-5', 'p1-6']);
  });
});

describe('Exsilium match: secondary actions', () => {
  it('EXS-ACTION-6 (a): a Drop card goes face up beside a free node next to a miniature, with a faction token as marker', async () => {
    const { state } = await spec()
      .givenCommands(upTo(16))
      .when(FULL_GAME[16]!)
      .then([{ type: 'exsilium.card_dropped', data: { player: 'p2', card: 'p2-5', node: 'A3:7,0', mode: 'face_up', tokens: 1 } }]);
    expect(state.table.markers['A3:7,0']).toBe('keber');
    expect(state.table.dropped['A3:7,0']).toEqual({ card: 'p2-5', faceUp: true });
  });

  it('EXS-ACTION-6 (c) / EXS-ACTION-8: into the supply deck costs 2 tokens (1 to the game reserve); whoever steps on the marker takes the top supply card', async () => {
    const given = spec().givenCommands([...upTo(16), { type: 'exsilium.drop', player: 'p2', card: 'p2-5', node: 'A3:7,0', mode: 'supply' }]);
    const state = await given.state();
    expect(state.table.supply).toEqual(['p2-5']);
    expect(state.table.reserve.keber).toBe(2);
    await given
      .when({ type: 'exsilium.move', player: 'p2', card: 'p2-3', miniature: 'keber-1', path: ['A3:7,0'] })
      .then([{ type: 'exsilium.card_played' }, { type: 'exsilium.miniature_stepped' }, { type: 'exsilium.marker_picked_up', data: { node: 'A3:7,0', card: 'p2-5' } }]);
  });

  it('EXS-ACTION-6: only a card with the Drop icon is dropped, next to one of your miniatures', async () => {
    const given = spec().givenCommands(upTo(16));
    await given.when({ type: 'exsilium.drop', player: 'p2', card: 'p2-3', node: 'A3:7,0' }).thenProblem('no_drop_icon');
    await given.when({ type: 'exsilium.drop', player: 'p2', card: 'p2-5', node: 'A3:8,2' }).thenProblem('drop_node');
  });

  it('EXS-ACTION-7: an Eliminate card leaves the game without its Action', async () => {
    const { state } = await spec()
      .givenCommands(upTo(17))
      .when(FULL_GAME[17]!)
      .then([{ type: 'exsilium.card_eliminated', data: { card: 'p2-6', from: 'hand' } }]);
    expect([...state.table.players.p2.hand, ...state.table.players.p2.discard, ...state.table.players.p2.deck]).not.toContain('p2-6');
  });
});

describe('Exsilium match: Hologram, portal and Cracking cards', () => {
  const withCard = (player: 'p1' | 'p2', index: number, card: { name: string; strength: number; [k: string]: unknown }) => {
    const base = fullScenario();
    const deck = [...base.decks[player]];
    deck[index] = card;
    return matchSpec('exsilium', { players, options: { ...base, decks: { ...base.decks, [player]: deck } } });
  };

  it('EXS-KW-HOLOGRAM: a token marks the start node, the miniature moves; after the enemy activation (the Newaru, drawn to it off their tile, stay) it returns and the token comes back', async () => {
    const given = withCard('p1', 3, { name: 'Hologram', strength: 4, action: { kind: 'hologram' } }).givenCommands(FULL_GAME.slice(0, 4));
    // Her last card: the turn ends with it (EXS-ACTION-5), and the enemy activation reveals the trick.
    const { state } = await given
      .when({ type: 'exsilium.play', player: 'p1', card: 'p1-4', miniature: 'syl-1', path: ['A1:2,1'] })
      .then([
        { type: 'exsilium.card_played', data: { action: 'hologram', miniature: 'syl-1' } },
        { type: 'exsilium.hologram_set', data: { miniature: 'syl-1', node: 'X:3,1' } },
        { type: 'exsilium.miniature_stepped', data: { from: 'X:3,1', to: 'A1:2,1' } },
        { type: 'exsilium.turn_ended' },
        { type: 'exsilium.hologram_revealed', data: { miniature: 'syl-1', node: 'X:3,1', returned: true } },
        { type: 'exsilium.turn_started', data: { player: 'p2' } },
      ]);
    expect(state.table.players.p1.miniatures[0].node).toBe('X:3,1');
    expect(state.table.newaru).toEqual([{ id: 'newaru-1', node: 'X:5,2' }]);
    expect(state.table.players.p1.factionTokens).toBe(7);
  });

  it('EXS-KW-PORTAL / EXS-AMB-10: from a portal node to the free portal node of another tile, at any distance', async () => {
    const base = fullScenario({ newaru: 0, harder: true });
    const nodes = base.board.nodes.map((n) => (n.id === 'A3:8,2' ? { ...n, portal: true } : n));
    const p1: Record<string, unknown>[] = [...base.decks.p1];
    p1[4] = { name: 'Activate portal', strength: 1, action: { kind: 'portal' } };
    const given = matchSpec('exsilium', { players, options: { ...base, board: { ...base.board, nodes }, decks: { ...base.decks, p1 } } }).givenCommands([
      ...FULL_GAME.slice(0, 4),
      // Ana's last card: her turn ends by itself (EXS-ACTION-5).
      { type: 'exsilium.move', player: 'p1', card: 'p1-4', miniature: 'syl-1', path: ['X:4,1', 'X:5,2'] },
      { type: 'exsilium.end_turn', player: 'p2' },
    ]);
    await given.when({ type: 'exsilium.play', player: 'p1', card: 'p1-5', miniature: 'syl-1', node: 'A3:8,2' }).then([
      { type: 'exsilium.card_played', data: { action: 'portal' } },
      { type: 'exsilium.miniature_stepped', data: { from: 'X:5,2', to: 'A3:8,2' } },
    ]);
    await given.when({ type: 'exsilium.play', player: 'p1', card: 'p1-5', miniature: 'syl-1', node: 'X:3,2' }).thenProblem('portal_destination');
  });

  it('EXS-KW-PORTAL: Activate portal needs the miniature on a portal node', async () => {
    await withCard('p1', 3, { name: 'Activate portal', strength: 1, action: { kind: 'portal' } })
      .givenCommands(FULL_GAME.slice(0, 4))
      .when({ type: 'exsilium.play', player: 'p1', card: 'p1-4', miniature: 'syl-1', node: 'X:5,2' })
      .thenProblem('not_on_portal');
  });

  it('EXS-KW-CRACKING: only a terminal another faction controls, from an adjacent node', async () => {
    const given = withCard('p2', 3, { name: 'Cracking', strength: 1, action: { kind: 'cracking' } }).givenCommands(upTo(16));
    await given.when({ type: 'exsilium.play', player: 'p2', card: 'p2-4', miniature: 'keber-1', node: 'X:3,2' }).thenProblem('not_adjacent');
    await given.when({ type: 'exsilium.play', player: 'p2', card: 'p2-4', miniature: 'keber-1', node: 'X:5,2' }).thenProblem('not_controlled_terminal');
  });
});

describe('Exsilium match: mines (EXS-MINE-1…5)', () => {
  const mined = () => {
    const base = fullScenario();
    const p2: Record<string, unknown>[] = [...base.decks.p2];
    p2[4] = { name: 'Mine', strength: 1, secondary: 'drop', mine: true };
    return matchSpec('exsilium', { players, options: { ...base, decks: { ...base.decks, p2 } } });
  };

  it('EXS-MINE-2/5 / EXS-AMB-16: a step next to a face-up mine of another faction eliminates the miniature at once; the mine is spent (card to its owner’s discard, token to the reserve)', async () => {
    const { state } = await mined()
      .givenCommands(upTo(23))
      .when(FULL_GAME[23]!)
      .then([
        { type: 'exsilium.card_played' },
        { type: 'exsilium.miniature_stepped', data: { to: 'A3:6,1' } },
        { type: 'exsilium.mine_exploded', data: { node: 'A3:7,0', owner: 'p2', card: 'p2-5', rule: 'EXS-MINE-2', eliminated: ['syl-2'] } },
        { type: 'exsilium.eliminated', data: { player: 'p1', cause: 'mine', miniatures: ['syl-2'] } },
      ]);
    expect(state.table.players.p1.miniatures[1].node).toBeNull();
    expect(state.table.markers['A3:7,0']).toBeUndefined();
    expect(state.table.players.p2.discard).toContain('p2-5');
  });

  it('EXS-MINE-1: a mine dropped face down does nothing', async () => {
    const given = mined().givenCommands([...upTo(16), { type: 'exsilium.drop', player: 'p2', card: 'p2-5', node: 'A3:7,0', mode: 'face_down' }, ...FULL_GAME.slice(17, 23)]);
    await given
      .when(FULL_GAME[23]!)
      .then([{ type: 'exsilium.card_played' }, { type: 'exsilium.miniature_stepped' }, { type: 'exsilium.miniature_stepped' }, { type: 'exsilium.combats_triggered' }]);
  });
});
