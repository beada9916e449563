/** Ánima full match specs: given commands / when a command / then events, with fixed dice (ANIMA-*). */
import { describe, expect, it } from 'vitest';
import { matchSpec } from '../../../helpers/match-spec.js';
import { ANIMA_PLAYERS, KEEP, animaCards } from '../../../fixtures/anima-match.js';

/** Setup with turn 1 ordered p2 (Ladrona), p1 (Acróbata). */
const KEEP_T1 = [KEEP[0]!, { ...KEEP[1]!, dice: { values: [1, 1, 1, 3, 7] } }];
const spec = (options: Record<string, unknown> = animaCards()) => matchSpec('anima', { players: ANIMA_PLAYERS, options });

describe('Ánima match: setup and turn order', () => {
  it('ANIMA-SETUP-2..5: two Characters dealt each, N Locations with face-down prior encounters, no Group at a Location', async () => {
    const s = await spec().state();
    expect(s.phase).toBe('setup');
    expect(s.groupsInPlay.p1.dealt).toEqual([0, 1]);
    expect(s.groupsInPlay.p1.missions.map((m: { name: string }) => m.name)).toEqual(['Derrotar a Tiamat', 'Correr']);
    expect(s.locations.map((l: { name: string }) => l.name)).toEqual(['Arkángel', 'Las Ruinas']);
    expect(s.locations[0].prior).toEqual({ card: 0, faceDown: true });
    expect(s.groupsInPlay.p1.location).toBeNull();
    expect(s.groupsInPlay.p1.handSize).toBe(3);
  });

  it('ANIMA-SETUP-3: a turn command before every player kept a Character is not_set_up, naming anima.keep_character', async () => {
    const e = (await spec().when({ type: 'anima.go', player: 'p1', location: 'Arkángel' }).thenProblem('not_set_up')) as { message: string; extra: { next: string } };
    expect(e.extra.next).toBe('anima.keep_character');
    expect(e.message).toContain('anima.keep_character');
  });

  it('ANIMA-SETUP-3: only a Character drawn may be kept', async () => {
    await spec().when({ type: 'anima.keep_character', player: 'p1', character: 'Ladrona' }).thenProblem('not_dealt');
  });

  it('ANIMA-ORDER-1/2: after setup turn 1 starts, ties rolled (4 vs 4: 7 beats 3)', async () => {
    const { state } = await spec()
      .givenCommands([KEEP[0]!])
      .when({ ...KEEP[1]!, dice: { values: [1, 1, 1, 3, 7] } })
      .then([{ type: 'anima.character_kept' }, { type: 'anima.deck_shuffled' }, { type: 'anima.turn_started', data: { turn: 1, order: ['p2', 'p1'] } }]);
    expect(state.phase).toBe('start');
    expect(state.toAct).toBe('p2');
  });

  it('ANIMA-TURN-1: players act in turn order (p2 won the tie-break)', async () => {
    await spec().givenCommands(KEEP_T1).when({ type: 'anima.end_phase', player: 'p1' }).thenProblem('not_your_turn');
  });

  it('a match without card lists refuses full-match commands and names what is missing', async () => {
    const e = (await spec({}).when(KEEP[0]!).thenProblem('not_set_up')) as { extra: { missing: string[] } };
    expect(e.extra.missing).toEqual(['characters', 'locations', 'encounters', 'basicMissions', 'finalMissions']);
  });
});

/** Turn 1 to the Move phase: both players end the Start phase. */
const START_DONE = [...KEEP_T1, { type: 'anima.end_phase', player: 'p2' }, { type: 'anima.end_phase', player: 'p1' }];

describe('Ánima match: Start and Move phases', () => {
  it('ANIMA-START-2a / ANIMA-START-4: a discarded Gift goes to the player with strictly fewest Gifts', async () => {
    const { state } = await spec()
      .givenCommands(KEEP_T1)
      .when({ type: 'anima.discard_gifts', player: 'p2', count: 1 })
      .then([{ type: 'anima.gifts_discarded', data: { player: 'p2', count: 1, takenBy: 'p1', reason: 'fewest' } }]);
    expect([state.groupsInPlay.p2.handSize, state.groupsInPlay.p1.handSize]).toEqual([2, 4]);
  });

  it('ANIMA-START-4: the taker may decline; the Gift goes to the discard pile', async () => {
    await spec()
      .givenCommands(KEEP_T1)
      .when({ type: 'anima.discard_gifts', player: 'p2', count: 2, take: false })
      .then([{ type: 'anima.gifts_discarded', data: { takenBy: null, reason: 'declined' } }]);
  });

  it('ANIMA-START-3: Gifts can only be discarded in the Start phase', async () => {
    await spec().givenCommands(START_DONE).when({ type: 'anima.discard_gifts', player: 'p2', count: 1 }).thenProblem('wrong_phase');
  });

  it('ANIMA-MOVE: the Move phase needs a declaration, not anima.end_phase', async () => {
    await spec().givenCommands(START_DONE).when({ type: 'anima.end_phase', player: 'p2' }).thenProblem('declaration_needed');
  });

  it('ANIMA-PRIOR-2/5 / ANIMA-COMBAT-3: going to Arkángel reveals the Guerrero Errante; 2+5 vs 2+5 is a tie the Group wins', async () => {
    const { state } = await spec()
      .givenCommands(START_DONE)
      .when({ type: 'anima.go', player: 'p2', location: 'Arkángel', dice: { values: [5, 5] } })
      .then([{ type: 'anima.went', data: { location: 'Arkángel', prior: { card: 0, result: { arrives: true, encounter: { resolution: 'won' } } } } }]);
    expect(state.groupsInPlay.p2.location).toBe('Arkángel');
    expect(state.locations[0].prior).toBeNull();
    expect(state.toAct).toBe('p1');
  });

  it('ANIMA-PRIOR-5: a Creature that wins stays in front of the Location; the Group loses the turn', async () => {
    const { state } = await spec()
      .givenCommands(START_DONE)
      .when({ type: 'anima.go', player: 'p2', location: 'Arkángel', dice: { values: [1, 4] } })
      .then([{ type: 'anima.went', data: { prior: { result: { arrives: false, creatureStays: true, characterDies: false } } } }]);
    expect(state.groupsInPlay.p2).toMatchObject({ location: null, turnLost: true });
    expect(state.locations[0].prior).toEqual({ card: 0, faceDown: false });
  });

  it('ANIMA-COMBAT-4 / ANIMA-GROUP-5: losing by 5 or more with one Character: it dies, the top Character starts a new Group', async () => {
    const { state } = await spec()
      .givenCommands(START_DONE)
      .when({ type: 'anima.go', player: 'p2', location: 'Arkángel', dice: { values: [1, 9] } })
      .then([
        { type: 'anima.went', data: { prior: { result: { characterDies: true } } } },
        { type: 'anima.character_lost', data: { player: 'p2', character: 2 } },
        { type: 'anima.group_replaced', data: { player: 'p2' } },
      ]);
    expect(state.groupsInPlay.p2.characters).toHaveLength(1);
    expect(state.discards.characters).toEqual([2]);
  });

  it('ANIMA-PRIOR-3: La Sombra de Omega (level 3) at Las Ruinas (level 2) has no effect; the Group arrives', async () => {
    await spec()
      .givenCommands(START_DONE)
      .when({ type: 'anima.go', player: 'p2', location: 'Las Ruinas' })
      .then([{ type: 'anima.went', data: { prior: { card: 1, result: { arrives: true, encounter: { resolution: 'discarded_level' } } } } }]);
  });

  it('ANIMA-MOVE-4/5: Seek new horizons puts Aldea de Cornes on the table with the next Encounter face up; once per turn', async () => {
    const { state } = await spec()
      .givenCommands(START_DONE)
      .when({ type: 'anima.seek_new_horizons', player: 'p2', dice: { values: [] } })
      .then([{ type: 'anima.sought', data: { location: 2, encounter: 2, removed: null, result: { arrives: true } } }]);
    expect(state.locations.map((l: { name: string }) => l.name)).toEqual(['Arkángel', 'Las Ruinas', 'Aldea de Cornes']);
    expect(state.groupsInPlay.p2.handSize).toBe(5);
    await spec()
      .givenCommands([...START_DONE, { type: 'anima.seek_new_horizons', player: 'p2' }])
      .when({ type: 'anima.seek_new_horizons', player: 'p1' })
      .thenProblem('seek_taken');
  });

  it('ANIMA-MOVE-11/12: Rest — at no Location; next turn +2 Speed counts for the order', async () => {
    const rested = await spec()
      .givenCommands([...START_DONE, { type: 'anima.go', player: 'p2', location: 'Las Ruinas' }])
      .when({ type: 'anima.rest', player: 'p1' })
      .then([{ type: 'anima.rested', data: { player: 'p1' } }]);
    expect(rested.state.groupsInPlay.p1).toMatchObject({ location: null, resting: true });
    // Only p2 interacts and explores; when p2 is done, turn 2 starts with p1 first (4+2 > 4).
    const { state } = await spec()
      .givenCommands([...START_DONE, { type: 'anima.go', player: 'p2', location: 'Las Ruinas' }, { type: 'anima.rest', player: 'p1' }, { type: 'anima.end_phase', player: 'p2' }])
      .when({ type: 'anima.end_phase', player: 'p2' })
      .then([{ type: 'anima.phase_finished' }, { type: 'anima.turn_started', data: { turn: 2, order: ['p1', 'p2'] } }]);
    expect(state.groupsInPlay.p1).toMatchObject({ rested: true, resting: false });
  });
});
