/** The Spirit of Eden match (SOE-*) as given / when / then with fixed dice, through the match services. */
import { describe, expect, it } from 'vitest';
import { InvalidInput } from '../../../../src/kernel/errors.js';
import { matchSpec } from '../../../helpers/match-spec.js';
import { ACTION_CARDS, SOLO, layout, rollOf, setUp } from '../../../fixtures/spirit-of-eden-match.js';

const soe = (options: Record<string, unknown> = {}) => matchSpec('spirit-of-eden', { ...SOLO, options: { ...SOLO.options, ...options } });
/** Turn 1 rolled 3, 1, 6, 2 (fauna on MR m1 is 3 steps from BL s2: w2, f2, s2). */
const turnOne = [setUp, rollOf([3, 1, 6, 2])];

describe('The Spirit of Eden match: setup and turn start (SOE-SETUP, SOE-TURN)', () => {
  it('SOE-SETUP-1..5: the dealt layout starts turn 1; the projection holds one board', async () => {
    const { state } = await soe()
      .when(setUp)
      .then([{ type: 'soe.game_set_up' }]);
    expect(state).toMatchObject({ phase: 'turn_start', turn: 1, board: { ring: layout().ring } });
  });

  it('SOE-SETUP-2: a Goomz off the left column is refused (illegal_setup)', async () => {
    const board = layout();
    board.goomz[0]!.at = 'f1';
    await soe().when({ type: 'soe.set_up', board }).thenProblem('illegal_setup');
  });

  it('SOE-SETUP-5: the Objective piles are required (their faces are not printed): 400', async () => {
    const { objectives: _o, ...board } = layout();
    const { service, id } = await soe().arrange();
    const error = await service.commands.command('spec-owner', id, { command: { type: 'soe.set_up', board } as never }).catch((e: unknown) => e);
    expect((error as InvalidInput).errors.map((p) => p.path)).toEqual(['/command/board/objectives']);
  });

  it('SOE-DICE-1: the roll gives 4 unused dice; rolling again in the player phase is refused', async () => {
    const spec = soe().givenCommands([setUp]);
    const { state } = await spec.when(rollOf([3, 1, 6, 2])).then([{ type: 'soe.dice_rolled', data: { roll: [3, 1, 6, 2] } }]);
    expect(state.dice.map((d: any) => d.state)).toEqual(['unused', 'unused', 'unused', 'unused']);
    await soe()
      .givenCommands(turnOne)
      .when(rollOf([1, 1, 1, 1]))
      .thenProblem('wrong_phase');
  });

  it('SOE-MODE-6: in Scarcity the roll names the face-down Action card, which cannot be used', async () => {
    const spec = soe({ modes: ['scarcity'] }).givenCommands([setUp]);
    await spec.when(rollOf([3, 1, 6, 2])).thenProblem('disabled_card_missing');
    await soe({ modes: ['scarcity'] })
      .givenCommands([setUp, rollOf([3, 1, 6, 2], { disabledCard: 0 })])
      .when({ type: 'soe.place', die: 0, card: 0, action: { type: 'move', ally: 'fauna', to: 'w2', steps: 3 } })
      .thenProblem('card_disabled');
  });

  it('options: malformed Action cards are refused at creation with their paths (400)', async () => {
    const error = await soe({ actionCards: [['move1'], ACTION_CARDS[1], ACTION_CARDS[2], ['fly', 'move1', 'move1', 'move1', 'move1', 'move1']], modes: ['hard'] })
      .state()
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(InvalidInput);
    expect((error as InvalidInput).errors.map((p) => p.path)).toEqual(['/options/modes/0', '/options/actionCards/0', '/options/actionCards/3/0']);
  });
});

describe('The Spirit of Eden match: player phase (SOE-PLACE, SOE-ACT, SOE-REROLL, SOE-NOA)', () => {
  it('SOE-PLACE-2/3: die 0 (3) on card 0 is Move ×3: fauna goes from m1 to s2 at once', async () => {
    const { state } = await soe()
      .givenCommands(turnOne)
      .when({ type: 'soe.place', die: 0, card: 0, action: { type: 'move', ally: 'fauna', to: 's2', steps: 3 } })
      .then([{ type: 'soe.player_step_taken' }]);
    expect(state.board.allies.find((a: any) => a.kind === 'fauna').at).toBe('s2');
    expect(state.dice[0]).toMatchObject({ state: 'placed', card: 0 });
  });

  it('SOE-PLACE-2: the action must be the one the card shows for the die (card data from options)', async () => {
    await soe()
      .givenCommands(turnOne)
      .when({ type: 'soe.place', die: 0, card: 1, action: { type: 'protect', ally: 'fauna' } })
      .thenProblem('wrong_action');
  });

  it('SOE-PLACE-2: without options.actionCards a die cannot be placed, and the message says what to send', async () => {
    await matchSpec('spirit-of-eden', { players: SOLO.players })
      .givenCommands(turnOne)
      .when({ type: 'soe.place', die: 0, card: 0, action: { type: 'move', ally: 'fauna', to: 's2', steps: 3 } })
      .thenProblem('action_cards_missing');
  });

  it('SOE-PLACE-1: one die per Action card per turn', async () => {
    await soe()
      .givenCommands([...turnOne, { type: 'soe.place', die: 1, card: 0, action: { type: 'move', ally: 'water', to: 'f1', steps: 1 } }])
      .when({ type: 'soe.place', die: 3, card: 0, action: { type: 'move', ally: 'water', to: 'w1', steps: 2 } })
      .thenProblem('card_occupied');
  });

  it('SOE-ACT-MOVE-1: a Move ×1 cannot go 2 steps (too_far)', async () => {
    await soe()
      .givenCommands(turnOne)
      .when({ type: 'soe.place', die: 1, card: 0, action: { type: 'move', ally: 'water', to: 'w1', steps: 1 } })
      .thenProblem('too_far');
  });

  it('SOE-REROLL-1: a die set aside re-rolls another; a third set-aside is refused', async () => {
    const spec = soe().givenCommands([
      ...turnOne,
      { type: 'soe.reroll', die: 0, discard: 1, dice: { values: [5] } },
      { type: 'soe.reroll', die: 0, discard: 2, dice: { values: [4] } },
    ]);
    const state = await spec.state();
    expect(state.dice.map((d: any) => [d.value, d.state])).toEqual([
      [4, 'unused'],
      [1, 'discarded'],
      [6, 'discarded'],
      [2, 'unused'],
    ]);
    await spec.when({ type: 'soe.reroll', die: 0, discard: 3, dice: { values: [4] } }).thenProblem('too_many_discards');
  });

  it('SOE-NOA-1: Noa sets one die right after the roll, once per game', async () => {
    const spec = soe().givenCommands(turnOne);
    const { state } = await spec.when({ type: 'soe.noa', die: 1, value: 6 }).then([{ type: 'soe.player_step_taken', data: { noaPowerUsed: true } }]);
    expect(state.dice[1].value).toBe(6);
    await soe()
      .givenCommands([...turnOne, { type: 'soe.noa', die: 1, value: 6 }])
      .when({ type: 'soe.noa', die: 2, value: 6 })
      .thenProblem('noa_power_used');
  });

  it('SOE-OBJ-4: no owned die bonus → a bonus re-roll is refused', async () => {
    await soe()
      .givenCommands(turnOne)
      .when({ type: 'soe.bonus', die: 0, dice: { values: [6] } })
      .thenProblem('no_bonus');
  });

  it("SOE-ACT-AMBUSH-1 / SOE-EX-1: Fauna on the Black Goomz's Swamp does not meet Black's objective (Flora on a Waterfall)", async () => {
    await soe()
      .givenCommands([...turnOne, { type: 'soe.place', die: 0, card: 0, action: { type: 'move', ally: 'fauna', to: 's2', steps: 3 } }])
      .when({ type: 'soe.place', die: 1, card: 1, action: { type: 'ambush', ally: 'fauna', goomz: 'black' } })
      .thenProblem('ambush_not_objective');
  });
});

describe('The Spirit of Eden match: Goomz phase and end (SOE-GOOMZ, SOE-END)', () => {
  it('SOE-GOOMZ-A / ORDER-1: alone on healthy cards each Goomz devastates its card; turn 2 starts', async () => {
    const { state } = await soe()
      .givenCommands(turnOne)
      .when({ type: 'soe.goomz' })
      .then([{ type: 'soe.goomz_phase_resolved', data: { order: ['yellow', 'black', 'red'], steps: [{ rule: 'A' }, { rule: 'A' }, { rule: 'A' }] } }]);
    expect(state).toMatchObject({ turn: 2, phase: 'turn_start', board: { cards: { w1: { state: 'devastated' }, s2: { state: 'devastated' }, m2: { state: 'devastated' } } } });
  });

  it('SOE-GOOMZ-B / SOE-END-2: the second Swamp destroyed loses the game at once (SOE-END-3: Red does not act)', async () => {
    const board = layout();
    board.cards.s1!.state = 'destroyed';
    board.cards.s2!.state = 'devastated';
    board.allies[0]!.at = 'f1';
    const { state } = await soe()
      .given([{ type: 'soe.game_set_up', data: { board } }])
      .givenCommands([rollOf([1, 1, 1, 1])])
      .when({ type: 'soe.goomz', order: ['yellow', 'black', 'red'] })
      .then([
        { type: 'soe.goomz_phase_resolved', data: { steps: [{ rule: 'A' }, { color: 'black', rule: 'B' }], skipped: ['red'], lost: true } },
        { type: 'soe.game_ended', data: { lost: true, won: false, destroyedPairs: ['swamp'] } },
      ]);
    expect(state).toMatchObject({ phase: 'ended', result: { lost: true, turn: 1 } });
    await soe()
      .given([{ type: 'soe.game_set_up', data: { board } }])
      .givenCommands([rollOf([1, 1, 1, 1]), { type: 'soe.goomz', order: ['yellow', 'black', 'red'] }])
      .when(rollOf([1, 1, 1, 1]))
      .thenProblem('game_over');
  });

  it('SOE-GOOMZ-D / SOE-NOA-RET-1/2: an Ally on a Goomz card goes to Noa, sits out turn 2 and returns on a Forest at turn 3', async () => {
    const spec = soe().givenCommands([...turnOne, { type: 'soe.place', die: 0, card: 0, action: { type: 'move', ally: 'fauna', to: 's2', steps: 3 } }, { type: 'soe.goomz' }]);
    const state = await spec.state();
    expect(state.board.allies.find((a: any) => a.kind === 'fauna')).toMatchObject({ at: 'noa', availableFromTurn: 3 });
    const later = soe().givenCommands([
      ...turnOne,
      { type: 'soe.place', die: 0, card: 0, action: { type: 'move', ally: 'fauna', to: 's2', steps: 3 } },
      { type: 'soe.goomz' },
      rollOf([2, 2, 2, 2]),
    ]);
    await later.when({ type: 'soe.place', die: 0, card: 0, action: { type: 'move', ally: 'fauna', to: 'w2', steps: 2 } }).thenProblem('ally_unavailable');
    const t3 = await soe()
      .givenCommands([
        ...turnOne,
        { type: 'soe.place', die: 0, card: 0, action: { type: 'move', ally: 'fauna', to: 's2', steps: 3 } },
        { type: 'soe.goomz' },
        rollOf([2, 2, 2, 2]),
        { type: 'soe.goomz' },
      ])
      .when(rollOf([1, 2, 3, 4], { returns: { fauna: 'f2' } }))
      .then([{ type: 'soe.dice_rolled', data: { returned: [{ kind: 'fauna', to: 'f2' }] } }]);
    expect(t3.state.board.allies.find((a: any) => a.kind === 'fauna').at).toBe('f2');
  });

  it('SOE-ACT-AMBUSH-1 / SOE-GOOMZ-F / SOE-OBJ-3: Flora ambushes Black on a Waterfall; Black withdraws clockwise, the objective is claimed', async () => {
    const board = layout();
    board.goomz[0]!.at = 's2';
    board.goomz[2]!.at = 'w1';
    board.allies[2]!.at = 'w1';
    const { state } = await soe()
      .given([{ type: 'soe.game_set_up', data: { board } }])
      .givenCommands([rollOf([1, 2, 5, 5]), { type: 'soe.place', die: 0, card: 1, action: { type: 'ambush', ally: 'flora', goomz: 'black' } }])
      .when({ type: 'soe.goomz', order: ['black', 'red', 'yellow'] })
      .then([{ type: 'soe.goomz_phase_resolved', data: { steps: [{ color: 'black', rule: 'F', to: 'f1', objective: { remaining: 2 } }, { rule: 'A' }, { rule: 'A' }] } }]);
    expect(state.board.objectives[2].claimed).toEqual([{ ally: 'flora', terrain: 'waterfall' }]);
    expect(state.board.allies.find((a: any) => a.kind === 'flora').at).toBe('w1');
  });
});
