/** Ánima match specs with a Gift deck: named Gifts, playing them, Organisations (ANIMA-TIMING-*, ANIMA-HAND-*, ANIMA-INTERACT-4), fixed dice. */
import { describe, expect, it } from 'vitest';
import { matchSpec } from '../../../helpers/match-spec.js';
import { ANIMA_PLAYERS, ENEMIES_AT_RUINS, KEEP_GIFTS, animaGiftCards } from '../../../fixtures/anima-match.js';

const spec = () => matchSpec('anima', { players: ANIMA_PLAYERS, options: animaGiftCards() });
const end = (player: string) => ({ type: 'anima.end_phase', player });
const play = (player: string, gift: string, more: Record<string, unknown> = {}) => ({ type: 'anima.play_gift', player, gift, ...more });

const FURIA = [{ gift: 'Furia', character: 'Acróbata' }];

describe('Ánima match with a Gift deck: setup and hands (ANIMA-SETUP-3, ANIMA-HAND-1)', () => {
  it('ANIMA-SETUP-3: four Gifts drawn, three kept by name, the fourth shuffled back', async () => {
    const s = await spec().givenCommands(KEEP_GIFTS).state();
    expect(s.groupsInPlay.p1).toMatchObject({ hand: [0, 1, 2], handSize: 3, giftsDealt: [] });
    expect(s.groupsInPlay.p2.hand).toEqual([4, 5, 6]);
    expect(s.decks.gifts).toEqual([8, 9, 3, 7]);
  });

  it('ANIMA-SETUP-3: keeping a Gift not drawn, or not three, is refused', async () => {
    await spec()
      .when({ ...KEEP_GIFTS[0]!, gifts: ['Sol Negro', 'Furia', 'Viento'] })
      .thenProblem('keep_three_gifts');
    await spec().when({ type: 'anima.keep_character', player: 'p1', character: 'Acróbata' }).thenProblem('keep_three_gifts');
  });

  it('ANIMA-START-2a: with a Gift deck the Gifts discarded are named', async () => {
    await spec().givenCommands(KEEP_GIFTS).when({ type: 'anima.discard_gifts', player: 'p1', count: 1 }).thenProblem('name_the_gifts');
    const { state } = await spec()
      .givenCommands(KEEP_GIFTS)
      .when({ type: 'anima.discard_gifts', player: 'p1', gifts: ['Dormir'], take: false })
      .then([{ type: 'anima.gifts_discarded', data: { count: 1, cards: [2], takenBy: null } }]);
    expect(state.groupsInPlay.p1.hand).toEqual([0, 1]);
    expect(state.discards.gifts).toEqual([2]);
  });

  it('ANIMA-REWARD-2 / ANIMA-HAND-1: a Gift reward draws named cards from the Gift deck (level 2: two)', async () => {
    const atRuins = [...KEEP_GIFTS, end('p1'), end('p2'), { type: 'anima.go', player: 'p1', location: 'Las Ruinas' }, { type: 'anima.go', player: 'p2', location: 'Las Ruinas' }];
    const { state } = await spec()
      .givenCommands([...atRuins, end('p1'), end('p2'), { type: 'anima.explore', player: 'p1', dice: { values: [1] } }])
      .when({ type: 'anima.claim_reward', player: 'p1', reward: 0 })
      .then([
        { type: 'anima.reward_claimed', data: { kind: 'gift', giftsDrawn: 2 } },
        { type: 'anima.gifts_drawn', data: { player: 'p1', cards: [8, 9] } },
      ]);
    expect(state.groupsInPlay.p1).toMatchObject({ hand: [0, 1, 2, 8, 9], handSize: 5 });
  });

  it('ANIMA-INTERACT-1: at Trade Locations the Gifts traded are named and change hands', async () => {
    // p1 beats the Guerrero Errante at Arkángel (4+5 vs 2+1); p2 follows (no prior encounter left)
    const atArkangel = [
      ...KEEP_GIFTS,
      end('p1'),
      end('p2'),
      { type: 'anima.go', player: 'p1', location: 'Arkángel', dice: { values: [5, 1] } },
      { type: 'anima.go', player: 'p2', location: 'Arkángel' },
    ];
    await spec()
      .givenCommands(atArkangel)
      .when({ type: 'anima.trade_with', player: 'p1', with: 'p2', gives: { gifts: 1 } })
      .thenProblem('name_the_gifts');
    const { state } = await spec()
      .givenCommands(atArkangel)
      .when({ type: 'anima.trade_with', player: 'p1', with: 'p2', gives: { gifts: ['Dormir'] }, receives: { gifts: ['Viento', 'Furia'] } })
      .then([{ type: 'anima.traded', data: { gives: { gifts: 1, cards: [2] }, receives: { gifts: 2, cards: [6, 5] } } }]);
    expect(state.groupsInPlay.p1).toMatchObject({ hand: [0, 1, 6, 5], handSize: 4 });
    expect(state.groupsInPlay.p2).toMatchObject({ hand: [4, 2], handSize: 2 });
  });

  it('ANIMA-PRIOR-4 / ANIMA-HAND-1: an Event that takes a Gift takes a named card at random (die 2 of 3: Furia)', async () => {
    const cards = animaGiftCards();
    cards.encounters[0] = { name: 'Ladrones', kind: 'event', level: 1, losesGifts: 1 } as never;
    const { state } = await matchSpec('anima', { players: ANIMA_PLAYERS, options: cards })
      .givenCommands([...KEEP_GIFTS, end('p1'), end('p2')])
      .when({ type: 'anima.go', player: 'p1', location: 'Arkángel', dice: { values: [2] } })
      .then([
        { type: 'anima.went', data: { prior: { result: { handSize: 2 } } } },
        { type: 'anima.gifts_lost', data: { player: 'p1', cards: [1] } },
      ]);
    expect(state.groupsInPlay.p1.hand).toEqual([0, 2]);
    expect(state.discards.gifts).toEqual([1]);
  });

  it('ANIMA-MOVE-7/8: saving a Location from removal sacrifices a named Gift', async () => {
    const cards = animaGiftCards();
    const more = ['Torre', 'Americh', 'Puerto'].map((name) => ({ ...cards.locations[2]!, name }));
    const options = { ...cards, locations: [...cards.locations, ...more] };
    const seek = (player: string, more: Record<string, unknown> = {}) => ({ type: 'anima.seek_new_horizons', player, ...more });
    // Turn 1: p1 seeks Aldea de Cornes (Tesoro: two Gifts), p2 goes to Las Ruinas. Turn 2: p2 seeks Torre (Señor Oscuro, level 3: no effect).
    const history = [
      ...KEEP_GIFTS,
      end('p1'),
      end('p2'),
      seek('p1'),
      { type: 'anima.go', player: 'p2', location: 'Las Ruinas' },
      ...['p1', 'p2', 'p1', 'p2', 'p1', 'p2'].map(end),
      { type: 'anima.go', player: 'p1', location: 'Aldea de Cornes' },
      seek('p2'),
      ...['p1', 'p2', 'p1', 'p2', 'p1', 'p2'].map(end),
    ];
    // Turn 3: a fifth Location (Americh) is one over the maximum of 4; p2 saves Las Ruinas with Viento, nothing else may go (ANIMA-AMB-6).
    const { state } = await matchSpec('anima', { players: ANIMA_PLAYERS, options })
      .givenCommands(history)
      .when(seek('p1', { removal: ['Las Ruinas'], saves: [{ location: 'Las Ruinas', by: 'p2', gift: 'Viento' }], dice: { values: [9, 1] } }))
      .then([{ type: 'anima.sought', data: { removed: null, saved: [{ location: 'Las Ruinas', by: 'p2', gift: 6 }] } }]);
    expect(state.groupsInPlay.p2).toMatchObject({ hand: [4, 5], handSize: 2 });
    expect(state.discards.gifts).toEqual([6]);
    expect(state.locations).toHaveLength(5);
    await matchSpec('anima', { players: ANIMA_PLAYERS, options })
      .givenCommands(history)
      .when(seek('p1', { removal: ['Las Ruinas'], saves: [{ location: 'Las Ruinas', by: 'p2' }], dice: { values: [9, 1] } }))
      .thenProblem('name_the_gifts');
  });

  it('without a Gift deck Gifts cannot be played nor named', async () => {
    await matchSpec('anima', { players: ANIMA_PLAYERS, options: { ...animaGiftCards(), gifts: undefined } })
      .givenCommands([
        { type: 'anima.keep_character', player: 'p1', character: 'Acróbata' },
        { type: 'anima.keep_character', player: 'p2', character: 'Ladrona', dice: { values: [1, 1, 1, 7, 3] } },
      ])
      .when(play('p1', 'Sol Negro'))
      .thenProblem('no_gift_deck');
    await matchSpec('anima', { players: ANIMA_PLAYERS, options: { ...animaGiftCards(), gifts: undefined } })
      .when(KEEP_GIFTS[0]!)
      .thenProblem('no_gift_deck');
  });
});

describe('Ánima match with a Gift deck: playing Gifts (ANIMA-TIMING-1..4)', () => {
  it('ANIMA-TIMING-1 / ANIMA-HAND-2: an Organisation is played in its phase and turn; the Group joins it', async () => {
    const { state } = await spec()
      .givenCommands(KEEP_GIFTS)
      .when(play('p1', 'Sol Negro'))
      .then([{ type: 'anima.gift_played', data: { player: 'p1', gift: 0, character: null, forCombat: false } }]);
    expect(state.groupsInPlay.p1).toMatchObject({ organisation: 0, hand: [1, 2], handSize: 2 });
  });

  it('ANIMA-TIMING-1: a normal card outside its printed phase, or out of turn, is refused', async () => {
    await spec()
      .givenCommands(KEEP_GIFTS)
      .when(play('p1', 'Dormir', { character: 'Acróbata' }))
      .thenProblem('wrong_phase');
    await spec().givenCommands(KEEP_GIFTS).when(play('p2', 'Inquisición')).thenProblem('not_your_turn');
  });

  it('ANIMA-TIMING-2: an Interrupt card is played out of turn; its Speed lasts the turn', async () => {
    const { state } = await spec()
      .givenCommands(KEEP_GIFTS)
      .when(play('p2', 'Viento'))
      .then([{ type: 'anima.gift_played', data: { player: 'p2', gift: 6 } }]);
    expect(state.groupsInPlay.p2.bonus).toEqual({ combat: 0, speed: 2 });
    expect(state.discards.gifts).toEqual([6]);
  });

  it('ANIMA-ORDER-3 / ANIMA-START-1: the +2 Speed of an instant card expires with the turn; the next order ignores it', async () => {
    const turn1 = [
      ...KEEP_GIFTS,
      play('p2', 'Viento'),
      end('p1'),
      end('p2'),
      { type: 'anima.go', player: 'p1', location: 'Las Ruinas' },
      { type: 'anima.go', player: 'p2', location: 'Las Ruinas' },
      end('p1'),
      end('p2'),
      end('p1'),
    ];
    const { state } = await spec()
      .givenCommands(turn1)
      .when(end('p2'))
      .then([{ type: 'anima.phase_finished' }, { type: 'anima.turn_started', data: { turn: 2, order: ['p1', 'p2'] } }]);
    expect(state.groupsInPlay.p2.bonus).toEqual({ combat: 0, speed: 0 });
  });

  it('ANIMA-TIMING-3: a Combat card is not played on its own', async () => {
    await spec()
      .givenCommands(KEEP_GIFTS)
      .when(play('p1', 'Furia', { character: 'Acróbata' }))
      .thenProblem('combat_card');
  });

  it('ANIMA-HAND-2: one Organisation at a time; leaving it (Start phase) discards it', async () => {
    const taken = { type: 'anima.gifts_discarded', data: { player: 'p2', count: 1, takenBy: 'p1', reason: 'fewest', cards: [4] } };
    await spec()
      .givenCommands([...KEEP_GIFTS, play('p1', 'Sol Negro')])
      .given([taken])
      .when(play('p1', 'Inquisición'))
      .thenProblem('organisation_held');
    const { state } = await spec()
      .givenCommands([...KEEP_GIFTS, play('p1', 'Sol Negro')])
      .when({ type: 'anima.leave_organisation', player: 'p1' })
      .then([{ type: 'anima.organisation_left', data: { organisation: 0 } }]);
    expect(state.groupsInPlay.p1.organisation).toBeNull();
    expect(state.discards.gifts).toEqual([0]);
  });

  it('ANIMA-TIMING-4 / ANIMA-INCAP-1/2: Dormir taps the Acróbata (magic) and puts the Ladrona face down: she adds no Combat', async () => {
    const { state } = await spec()
      .givenCommands(ENEMIES_AT_RUINS)
      .when(play('p1', 'Dormir', { character: 'Acróbata', target: { player: 'p2', character: 'Ladrona' } }))
      .then([{ type: 'anima.gift_played', data: { gift: 2, character: 0, target: { player: 'p2', character: 2 } } }]);
    expect(state.groupsInPlay.p1.characters[0].tapped).toBe(true);
    expect(state.groupsInPlay.p2.characters[0].incapacitated).toBe(true);
    await spec()
      .givenCommands([...ENEMIES_AT_RUINS, play('p1', 'Dormir', { character: 'Acróbata', target: { player: 'p2', character: 'Ladrona' } })])
      .when({ type: 'anima.declare_combat', player: 'p1', target: 'p2', dice: { values: [1, 1, 1] } })
      .then([{ type: 'anima.group_combat', data: { combat: { group: { combat: 4 }, opponent: { combat: 0 } } } }]);
  });

  it('ANIMA-CARD-6 / ANIMA-TIMING-4: a tapped Character cannot power another Ability card; the skill icon must match', async () => {
    await spec()
      .givenCommands([...ENEMIES_AT_RUINS, play('p1', 'Dormir', { character: 'Acróbata', target: { player: 'p2', character: 'Ladrona' } })])
      .when({ type: 'anima.declare_combat', player: 'p1', target: 'p2', gifts: FURIA, dice: { values: [1, 1, 1] } })
      .thenProblem('character_tapped');
    await spec()
      .givenCommands(ENEMIES_AT_RUINS)
      .when({ type: 'anima.declare_combat', player: 'p1', target: 'p2', targetGifts: [{ gift: 'Furia', character: 'Ladrona' }], dice: { values: [1, 1, 1] } })
      .thenProblem('skill_missing');
  });
});

describe('Ánima match with a Gift deck: combats and Organisations (ANIMA-TIMING-3, ANIMA-INTERACT-4/5, ANIMA-GROUP-5)', () => {
  it('ANIMA-INTERACT-4: Groups of enemy Organisations at one Location must fight; the first in turn order cannot pass', async () => {
    await spec().givenCommands(ENEMIES_AT_RUINS).when(end('p1')).thenProblem('combat_required');
  });

  it('ANIMA-TIMING-3 / ANIMA-INTERACT-5: Furia adds 3 before the rolls (7+5 vs 2+6); the loser gives a random Gift (Furia)', async () => {
    const { state } = await spec()
      .givenCommands(ENEMIES_AT_RUINS)
      .when({ type: 'anima.declare_combat', player: 'p1', target: 'p2', gifts: FURIA, dice: { values: [5, 6, 1] } })
      .then([
        { type: 'anima.gift_played', data: { gift: 1, character: 0, forCombat: true } },
        { type: 'anima.group_combat', data: { combat: { group: { combat: 7, total: 12 }, opponent: { total: 8 }, winner: 'group' }, spoil: true, spoilCard: 5 } },
      ]);
    expect(state.groupsInPlay.p1.hand).toEqual([2, 5]);
    expect(state.groupsInPlay.p2).toMatchObject({ hand: [6], handSize: 1, location: null });
    expect(state.discards.gifts).toEqual([1]);
    // the combat was fought: p1 may now finish the phase (ANIMA-INTERACT-4)
    await spec()
      .givenCommands([...ENEMIES_AT_RUINS, { type: 'anima.declare_combat', player: 'p1', target: 'p2', gifts: FURIA, dice: { values: [5, 6, 1] } }])
      .when(end('p1'))
      .then([{ type: 'anima.phase_finished' }]);
  });

  it('ANIMA-GROUP-5: a Group that loses its last Character takes a new one and discards its Organisation', async () => {
    const { state } = await spec()
      .givenCommands(ENEMIES_AT_RUINS)
      .when({ type: 'anima.declare_combat', player: 'p1', target: 'p2', gifts: FURIA, dice: { values: [10, 1, 1] } })
      .then([
        { type: 'anima.gift_played' },
        { type: 'anima.group_combat', data: { combat: { characterDies: 'opponent' } } },
        { type: 'anima.character_lost', data: { player: 'p2', character: 2 } },
        { type: 'anima.group_replaced', data: { player: 'p2', character: 4, organisationDiscarded: 4 } },
      ]);
    expect(state.groupsInPlay.p2.organisation).toBeNull();
    expect(state.discards.gifts).toEqual([1, 4]);
  });

  it("ANIMA-START-1: the next turn untaps every Character, turns the incapacitated ones face up and ends the turn's card modifiers", async () => {
    const { state } = await spec()
      .givenCommands([
        ...ENEMIES_AT_RUINS,
        play('p1', 'Dormir', { character: 'Acróbata', target: { player: 'p2', character: 'Ladrona' } }),
        { type: 'anima.declare_combat', player: 'p1', target: 'p2', dice: { values: [5, 1, 1] } },
        end('p1'),
      ])
      .when(end('p1'))
      .then([{ type: 'anima.phase_finished' }, { type: 'anima.turn_started', data: { turn: 2 } }]);
    expect(state.groupsInPlay.p1.characters[0]).toMatchObject({ tapped: false, incapacitated: false });
    expect(state.groupsInPlay.p2.characters[0]).toMatchObject({ tapped: false, incapacitated: false });
  });
});
