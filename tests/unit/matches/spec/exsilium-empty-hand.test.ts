/**
 * EXS-ACTION-5, rulebook 004: «El turno de un jugador termina cuando ya no tiene cartas en la mano».
 * The command that spends the active player's last card ends the turn (enemy activation, next
 * player: EXS-ROUND-2) unless a combat waits; then the command that resolves the last pending combat
 * ends it. A player whose turn starts with an empty hand passes at once; after the last player of
 * the order the next round refills every hand (EXS-ROUND-1). Given/when/then with fixed decks.
 */
import { describe, expect, it } from 'vitest';
import { matchSpec } from '../../../helpers/match-spec.js';
import { anaStarts, players } from '../../../fixtures/exsilium-scenario.js';
import { anaOntoX, fullScenario } from '../../../fixtures/exsilium-full-game.js';

type Card = Record<string, unknown>;
/** The full scenario with some of Ana's cards replaced (deck index → card). */
const spec = (p1: Record<number, Card> = {}) => {
  const base = fullScenario();
  return matchSpec('exsilium', { players, options: { ...base, decks: { ...base.decks, p1: base.decks.p1.map((c, i) => p1[i] ?? c) } } });
};
// Ana has spent 3 of her 4 cards (activation, two moves: syl-1 stands on X:3,1; the Newaru on X:5,2).
const threeSpent = () => spec().givenCommands(anaOntoX('syl'));
const activateLast = { type: 'exsilium.activate', player: 'p1', card: 'p1-4' };
const ability = (player: string) => ({ type: 'exsilium.ability', player });

describe('EXS-ACTION-5: the turn ends when the hand is empty', () => {
  it('EXS-ACTION-5: the last card spent with no combat pending ends the turn in the same command: enemy activation, then Ben’s turn', async () => {
    const { state } = await threeSpent()
      .when(activateLast)
      .then([
        { type: 'exsilium.card_played', data: { player: 'p1', card: 'p1-4', use: 'activate' } },
        { type: 'exsilium.miniature_activated', data: { player: 'p1', miniature: 'syl-2', node: 'A1:0,1' } },
        { type: 'exsilium.turn_ended', data: { player: 'p1' } },
        // EXS-NEWARU-ACT-2: this turn's moves touched X, so its Newaru steps toward syl-1.
        { type: 'exsilium.newaru_moved', data: { id: 'newaru-1', adjacentTo: ['syl-1'] } },
        { type: 'exsilium.turn_started', data: { player: 'p2', combats: [] } },
      ]);
    expect(state.table.active).toBe('p2');
    expect(state.table.players.p1.hand).toEqual([]);
    // EXS-ROUND-1: nobody refills before the round ends.
    expect(state.table.round).toBe(1);
    expect(state.summary.players.p1.handSize).toBe(0);
  });

  it('EXS-ACTION-5 / EXS-ROUND-2: after the turn passed, the former player’s commands are refused (not_your_turn), and end_turn too', async () => {
    const passed = threeSpent().givenCommands([activateLast]);
    await passed.when(ability('p1')).thenProblem('not_your_turn');
    await passed.when({ type: 'exsilium.end_turn', player: 'p1' }).thenProblem('not_your_turn');
    // Ben plays on.
    await passed.when(ability('p2')).then([{ type: 'exsilium.ability_slot_filled', data: { player: 'p2', slots: 1 } }]);
  });

  it('EXS-ACTION-5: a last card whose Action refills the hand (Draw 2) does not end the turn', async () => {
    await spec({ 3: { name: 'Draw 2', strength: 1, action: { kind: 'draw', count: 2 } } })
      .givenCommands(anaOntoX('syl'))
      .when({ type: 'exsilium.play', player: 'p1', card: 'p1-4' })
      .then([
        { type: 'exsilium.card_played', data: { action: 'draw' } },
        { type: 'exsilium.cards_drawn', data: { player: 'p1', cards: ['p1-5', 'p1-6'] } },
      ]);
  });

  it('EXS-ACTION-5 / EXS-AMB-5: with cards left the turn goes on until the player passes', async () => {
    const { state } = await spec()
      .givenCommands([anaStarts])
      .when({ type: 'exsilium.activate', player: 'p1', card: 'p1-1' })
      .then([{ type: 'exsilium.card_played' }, { type: 'exsilium.miniature_activated' }, { type: 'exsilium.baralytas_collected' }]);
    expect(state.table.active).toBe('p1');
  });
});

describe('EXS-ACTION-5: a pending combat is resolved before the turn ends', () => {
  // keber-1 stands on A1:1,2 (a fact); Ana's last card moves syl-1 next to it: the combat starts at once (EXS-COMBAT-TRIGGER-1).
  const moveLast = { type: 'exsilium.move', player: 'p1', card: 'p1-4', miniature: 'syl-1', path: ['A1:2,2'] };
  const keberNear = (p2: Record<number, Card> = {}) => {
    const base = fullScenario();
    const deck = base.decks.p2.map((c, i) => p2[i] ?? c);
    return matchSpec('exsilium', { players, options: { ...base, decks: { ...base.decks, p2: deck } } })
      .givenCommands(anaOntoX('syl'))
      .given([{ type: 'exsilium.miniature_activated', data: { player: 'p2', miniature: 'keber-1', node: 'A1:1,2' } }]);
  };
  const pvp = { kind: 'pvp', attacker: { player: 'p1', miniature: 'syl-1' }, defender: { player: 'p2', miniature: 'keber-1' } };

  it('EXS-ACTION-5 / EXS-COMBAT-TRIGGER-4: the last card starts a combat; the turn stays with Ana, who must fight first', async () => {
    const { state } = await keberNear()
      .when(moveLast)
      .then([
        { type: 'exsilium.card_played', data: { card: 'p1-4', use: 'move' } },
        { type: 'exsilium.miniature_stepped', data: { to: 'A1:2,2' } },
        { type: 'exsilium.combats_triggered', data: { combats: [pvp] } },
      ]);
    expect(state.table).toMatchObject({ active: 'p1', combats: [pvp] });
    expect(state.table.players.p1.hand).toEqual([]);
    const pending = keberNear().givenCommands([moveLast]);
    await pending.when(ability('p1')).thenProblem('combat_pending');
    await pending.when({ type: 'exsilium.end_turn', player: 'p1' }).thenProblem('combat_pending');
  });

  it('EXS-ACTION-5 / EXS-AMB-21: the fight with the empty hand resolves the combat, then the turn passes to Ben in the same command', async () => {
    const pending = keberNear().givenCommands([moveLast]);
    // EXS-AMB-21: 0 cards against 0; the Outcome deck decides (Ana 8, Ben 4).
    const fight = { type: 'exsilium.fight', player: 'p1', cards: [], outcomeDeck: [8, 4] };
    const { state } = await pending.when(fight).then([
      { type: 'exsilium.combat_resolved', data: { combat: pvp, winner: 'p1', effects: { retreat: { player: 'p2', miniature: 'keber-1' } } } },
      { type: 'exsilium.turn_ended', data: { player: 'p1' } },
      { type: 'exsilium.turn_started', data: { player: 'p2', combats: [] } },
    ]);
    expect(state.table).toMatchObject({ active: 'p2', combats: [], round: 1 });
    await pending.givenCommands([fight]).when(ability('p1')).thenProblem('not_your_turn');
  });

  it('EXS-ACTION-5 / EXS-KW-DODGE: the defender’s dodge removes the last pending combat of the empty-handed attacker; the turn passes in that command', async () => {
    // Ben's p2-3 is an Esquiva.
    const pending = keberNear({ 2: { name: 'Esquiva', strength: 1, action: { kind: 'dodge' } } }).givenCommands([moveLast]);
    const { state } = await pending.when({ type: 'exsilium.dodge', player: 'p2', card: 'p2-3' }).then([
      { type: 'exsilium.dodged', data: { player: 'p2', card: 'p2-3', against: 'combat', combat: pvp } },
      { type: 'exsilium.turn_ended', data: { player: 'p1' } },
      // EXS-TURN-1 / EXS-AMB-29: the miniatures still stand side by side, so Ben's turn starts with his own attack.
      {
        type: 'exsilium.turn_started',
        data: { player: 'p2', combats: [{ kind: 'pvp', attacker: { player: 'p2', miniature: 'keber-1' }, defender: { player: 'p1', miniature: 'syl-1' } }] },
      },
    ]);
    expect(state.table.active).toBe('p2');
  });
});

describe('EXS-ACTION-5 / EXS-ROUND-1: every hand empty ends the round', () => {
  // Ben spends his 4 cards after Ana spent hers: the round is over, both refill to 4 and Ana starts round 2.
  const benSpends = [
    { type: 'exsilium.activate', player: 'p2', card: 'p2-1' },
    { type: 'exsilium.move', player: 'p2', card: 'p2-2', miniature: 'keber-1', path: ['A3:8,0'] },
    { type: 'exsilium.activate', player: 'p2', card: 'p2-3' },
  ];

  it('EXS-ACTION-5 / EXS-ROUND-1/2: the last player’s last card ends the round; every hand is refilled to 4 and the first player’s turn starts', async () => {
    const { state } = await threeSpent()
      .givenCommands([activateLast, ...benSpends])
      .when({ type: 'exsilium.move', player: 'p2', card: 'p2-4', miniature: 'keber-2', path: ['A3:8,2'] })
      .then([
        { type: 'exsilium.card_played', data: { player: 'p2', card: 'p2-4' } },
        { type: 'exsilium.miniature_stepped', data: { to: 'A3:8,2' } },
        { type: 'exsilium.turn_ended', data: { player: 'p2' } },
        { type: 'exsilium.round_started', data: { round: 2, refills: { p1: { drawn: ['p1-5', 'p1-6', 'p1-7', 'p1-8'] }, p2: { drawn: ['p2-5', 'p2-6', 'p2-7', 'p2-8'] } } } },
        // EXS-TURN-1 / EXS-COMBAT-TRIGGER-3: the Newaru that waited next to syl-1 attacks at the start of Ana's turn.
        { type: 'exsilium.turn_started', data: { player: 'p1', combats: [{ kind: 'newaru', attacker: 'newaru', miniature: 'syl-1' }] } },
      ]);
    expect(state.table).toMatchObject({ active: 'p1', round: 2 });
    expect(state.table.players.p1.hand).toHaveLength(4);
    expect(state.table.players.p2.hand).toHaveLength(4);
  });

  it('EXS-ACTION-5 / EXS-TURN-2: a player whose turn starts with an empty hand (and no combat) passes at once; with every hand empty the next round starts', async () => {
    // Fact: Ben's hand is already empty when Ana spends her last card (his 4 cards left the game).
    const { events, state } = await threeSpent()
      .given(['p2-1', 'p2-2', 'p2-3', 'p2-4'].map((card) => ({ type: 'exsilium.card_eliminated', data: { player: 'p2', card, from: 'hand' } })))
      .when(activateLast)
      .then([
        { type: 'exsilium.card_played', data: { player: 'p1', card: 'p1-4' } },
        { type: 'exsilium.miniature_activated' },
        { type: 'exsilium.turn_ended', data: { player: 'p1' } },
        { type: 'exsilium.newaru_moved' },
        { type: 'exsilium.turn_started', data: { player: 'p2', combats: [] } },
        { type: 'exsilium.turn_ended', data: { player: 'p2' } },
        { type: 'exsilium.round_started', data: { round: 2, refills: { p1: { drawn: ['p1-5', 'p1-6', 'p1-7', 'p1-8'] }, p2: { drawn: ['p2-5', 'p2-6', 'p2-7', 'p2-8'] } } } },
        { type: 'exsilium.turn_started', data: { player: 'p1' } },
      ]);
    expect(events.filter((e) => e.type === 'exsilium.turn_started').map((e) => (e.data as { player: string }).player)).toEqual(['p2', 'p1']);
    expect(state.table).toMatchObject({ active: 'p1', round: 2 });
  });

  it('EXS-ACTION-5 / EXS-ROUND-1: when no player holds or can draw a card, the turns stop at the first player of the new round (no endless passing)', async () => {
    // Decks of 4 cards each, all dealt at round 1. Facts: Ben's 4 and Ana's first 3 left the game; Ana eliminates her last one.
    const card = (n: number) => ({ name: `Eliminable ${n}`, strength: n, secondary: 'eliminate' });
    const options = fullScenario({ decks: { p1: [1, 2, 3, 4].map(card), p2: [1, 2, 3, 4].map(card) } });
    const gone = (player: string, cards: number[]) => cards.map((n) => ({ type: 'exsilium.card_eliminated', data: { player, card: `${player}-${n}`, from: 'hand' } }));
    const { state } = await matchSpec('exsilium', { players, options })
      .givenCommands([anaStarts])
      .given([...gone('p2', [1, 2, 3, 4]), ...gone('p1', [1, 2, 3])])
      .when({ type: 'exsilium.eliminate', player: 'p1', card: 'p1-4' })
      .then([
        { type: 'exsilium.card_eliminated', data: { player: 'p1', card: 'p1-4' } },
        { type: 'exsilium.turn_ended', data: { player: 'p1' } },
        { type: 'exsilium.turn_started', data: { player: 'p2', combats: [] } },
        { type: 'exsilium.turn_ended', data: { player: 'p2' } },
        { type: 'exsilium.round_started', data: { round: 2, refills: { p1: { drawn: [], reshuffled: null }, p2: { drawn: [], reshuffled: null } } } },
        { type: 'exsilium.turn_started', data: { player: 'p1' } },
      ]);
    expect(state.table).toMatchObject({ active: 'p1', round: 2 });
  });
});
