/**
 * Ánima match specs, fixed dice: Combat cards committed for the Creature combats of explore, go and
 * seek new horizons (ANIMA-TIMING-3), the Interrupt Dirección Equivocada (ANIMA-TIMING-2) and
 * structured Mission Benefits (ANIMA-MISSION-4).
 */
import { describe, expect, it } from 'vitest';
import { matchSpec } from '../../../helpers/match-spec.js';
import { ANIMA_PLAYERS, BENEFIT_DONE, KEEP_GIFTS, KEEP_REDIRECT, animaGiftCards, gapCards } from '../../../fixtures/anima-match.js';

const end = (player: string) => ({ type: 'anima.end_phase', player });
const FURIA = [{ gift: 'Furia', character: 'Acróbata' }];
const spec = (options: Record<string, unknown> = animaGiftCards()) => matchSpec('anima', { players: ANIMA_PLAYERS, options });
/** With gapCards, turn 1 (order p1, p2): both Groups at Las Ruinas (its prior encounter, level 3, has no effect); Interaction done. */
const AT_RUINS = [
  ...KEEP_REDIRECT,
  end('p1'),
  end('p2'),
  { type: 'anima.go', player: 'p1', location: 'Las Ruinas' },
  { type: 'anima.go', player: 'p2', location: 'Las Ruinas' },
  end('p1'),
  end('p2'),
];

describe('Ánima match: Combat cards in Creature combats met while moving or exploring (ANIMA-TIMING-3)', () => {
  it('ANIMA-TIMING-3 / ANIMA-PRIOR-5: Furia committed to anima.go is spent on the Guerrero Errante (4+3+1 vs 2+6: a tie, the Group wins)', async () => {
    const { state } = await spec()
      .givenCommands([...KEEP_GIFTS, end('p1'), end('p2')])
      .when({ type: 'anima.go', player: 'p1', location: 'Arkángel', gifts: FURIA, dice: { values: [1, 6] } })
      .then([
        { type: 'anima.gift_played', data: { player: 'p1', gift: 1, character: 0, forCombat: true } },
        {
          type: 'anima.went',
          data: { location: 'Arkángel', prior: { result: { arrives: true, handSize: 2, encounter: { resolution: 'won', combat: { group: { total: 8 } } } } } },
        },
      ]);
    expect(state.groupsInPlay.p1).toMatchObject({ hand: [0, 2], handSize: 2, location: 'Arkángel' });
    expect(state.groupsInPlay.p1.characters[0].tapped).toBe(true);
    expect(state.discards.gifts).toEqual([1]);
  });

  it('ANIMA-TIMING-3 / ANIMA-PRIOR-3: with no Creature combat (level-3 Event at Las Ruinas) the committed card stays in hand', async () => {
    const { state } = await spec()
      .givenCommands([...KEEP_GIFTS, end('p1'), end('p2')])
      .when({ type: 'anima.go', player: 'p1', location: 'Las Ruinas', gifts: FURIA })
      .then([{ type: 'anima.went', data: { location: 'Las Ruinas', prior: { result: { encounter: { resolution: 'discarded_level' } } } } }]);
    expect(state.groupsInPlay.p1).toMatchObject({ hand: [0, 1, 2], handSize: 3 });
    expect(state.groupsInPlay.p1.characters[0].tapped).toBe(false);
  });

  it('ANIMA-TIMING-3: committed cards are checked before anything is revealed — the same refusal whatever the prior encounter', async () => {
    const given = spec().givenCommands([...KEEP_GIFTS, end('p1'), end('p2')]);
    for (const location of ['Arkángel', 'Las Ruinas']) {
      await given.when({ type: 'anima.go', player: 'p1', location, gifts: [{ gift: 'Dormir', character: 'Acróbata' }] }).thenProblem('not_a_combat_card');
      await given.when({ type: 'anima.go', player: 'p1', location, gifts: [{ gift: 'Escudo' }] }).thenProblem('gift_not_held');
      await given.when({ type: 'anima.go', player: 'p1', location, gifts: [{ gift: 'Furia' }] }).thenProblem('character_needed');
    }
  });

  it('ANIMA-TIMING-3 / ANIMA-EXPLORE-5: Furia goes to the first Creature (Lobo, 4+3+5 vs 3+1); Tesoro then draws within the smaller hand', async () => {
    const { state } = await spec(gapCards())
      .givenCommands(AT_RUINS)
      .when({ type: 'anima.explore', player: 'p1', gifts: FURIA, dice: { values: [7, 5, 1] } })
      .then([
        { type: 'anima.gift_played', data: { player: 'p1', gift: 1, forCombat: true } },
        {
          type: 'anima.explored',
          data: {
            exploration: {
              handSize: 4,
              encounters: [
                { resolution: 'won', combat: { group: { total: 12 } } },
                { resolution: 'event', giftsDrawn: 2 },
              ],
            },
          },
        },
        { type: 'anima.gifts_drawn', data: { player: 'p1', cards: [8, 9] } },
      ]);
    expect(state.groupsInPlay.p1).toMatchObject({ hand: [0, 2, 8, 9], handSize: 4 });
  });

  it('ANIMA-TIMING-3 / ANIMA-EXPLORE-4: an exploration with no Creature (roll 1: Nothing) keeps the committed card', async () => {
    const { state } = await spec(gapCards())
      .givenCommands(AT_RUINS)
      .when({ type: 'anima.explore', player: 'p1', gifts: FURIA, dice: { values: [1] } })
      .then([{ type: 'anima.explored', data: { exploration: { encounters: [] } } }]);
    expect(state.groupsInPlay.p1.hand).toEqual([0, 1, 2]);
  });

  it('ANIMA-TIMING-3 / ANIMA-MOVE-5: Seek new horizons with Furia against the face-up Lobo (4+3+3 vs 3+7: a tie, the Group wins)', async () => {
    const { state } = await spec(gapCards())
      .givenCommands([...KEEP_REDIRECT, end('p1'), end('p2')])
      .when({ type: 'anima.seek_new_horizons', player: 'p1', gifts: FURIA, dice: { values: [3, 7] } })
      .then([
        { type: 'anima.gift_played', data: { player: 'p1', gift: 1, forCombat: true } },
        { type: 'anima.sought', data: { encounter: 2, result: { arrives: true, handSize: 2, encounter: { resolution: 'won' } } } },
      ]);
    expect(state.groupsInPlay.p1).toMatchObject({ hand: [0, 2], handSize: 2, location: 'Aldea de Cornes' });
  });
});

const WRONG_WAY = { by: 'p2', gift: 'Dirección Equivocada', location: 'Arkángel' };

describe('Ánima match: Dirección Equivocada redirects a declared move (ANIMA-TIMING-2)', () => {
  it('ANIMA-TIMING-2 / ANIMA-PRIOR-5: p1 declares Las Ruinas, p2 sends the Group to Arkángel, where it meets the Guerrero Errante (4+5 vs 2+1)', async () => {
    const { state } = await spec(gapCards())
      .givenCommands([...KEEP_REDIRECT, end('p1'), end('p2')])
      .when({ type: 'anima.go', player: 'p1', location: 'Las Ruinas', redirect: WRONG_WAY, dice: { values: [5, 1] } })
      .then([
        { type: 'anima.gift_played', data: { player: 'p2', gift: 6, character: null, forCombat: false } },
        { type: 'anima.went', data: { player: 'p1', location: 'Arkángel', prior: { result: { arrives: true } } } },
      ]);
    expect(state.groupsInPlay.p1.location).toBe('Arkángel');
    expect(state.groupsInPlay.p2).toMatchObject({ hand: [4, 5], handSize: 2 });
    expect(state.discards.gifts).toEqual([6]);
  });

  it('ANIMA-TIMING-2: only another player redirects, only with a redirect card, and only on a move declaration', async () => {
    const given = spec(gapCards()).givenCommands([...KEEP_REDIRECT, end('p1'), end('p2')]);
    await given.when({ type: 'anima.go', player: 'p1', location: 'Las Ruinas', redirect: { ...WRONG_WAY, by: 'p1' } }).thenProblem('same_player');
    await given.when({ type: 'anima.go', player: 'p1', location: 'Las Ruinas', redirect: { ...WRONG_WAY, gift: 'Inquisición' } }).thenProblem('not_redirect');
    await given.when({ type: 'anima.go', player: 'p1', location: 'Las Ruinas', redirect: { ...WRONG_WAY, location: 'Torre' } }).thenProblem('not_active');
    await given.when({ type: 'anima.play_gift', player: 'p2', gift: 'Dirección Equivocada' }).thenProblem('redirect_with_go');
  });

  it('ANIMA-TIMING-2: a redirect card that is not an Interrupt is refused at creation (400 with its path)', async () => {
    const cards = gapCards();
    cards.gifts[6] = { ...cards.gifts[6]!, timing: 'normal', phase: 'move' } as never;
    await expect(spec(cards).state()).rejects.toMatchObject({
      status: 400,
      errors: expect.arrayContaining([expect.objectContaining({ path: '/options/gifts/6/timing', code: 'redirect_is_interrupt' })]),
    });
  });
});

describe('Ánima match: Mission Benefits (ANIMA-MISSION-4)', () => {
  it('ANIMA-MISSION-4 / ANIMA-HAND-1: Derrotar a Tiamat completed (4+8 vs 6+2): two Gifts drawn, +1 Combat kept, the text for the table', async () => {
    const { state } = await spec(gapCards())
      .givenCommands(BENEFIT_DONE.slice(0, -1))
      .when(BENEFIT_DONE.at(-1)!)
      .then([
        { type: 'anima.reward_claimed', data: { mission: { name: 'Derrotar a Tiamat', success: true } } },
        { type: 'anima.mission_completed', data: { player: 'p1', benefit: { text: 'El Grupo gana fama.', giftsDrawn: 2, combat: 1 } } },
        { type: 'anima.final_mission_revealed' },
        { type: 'anima.gifts_drawn', data: { player: 'p1', cards: [8, 9] } },
      ]);
    expect(state.groupsInPlay.p1).toMatchObject({ hand: [0, 1, 2, 8, 9], handSize: 5, lasting: { combat: 1, speed: 0 } });
  });

  it('ANIMA-MISSION-4: a Benefit given as text only is carried in the event and changes nothing else', async () => {
    const cards = gapCards();
    cards.basicMissions[0] = { ...cards.basicMissions[0]!, benefit: 'Roba una Localización.' } as never;
    const { state } = await spec(cards)
      .givenCommands([...AT_RUINS, { type: 'anima.explore', player: 'p1', dice: { values: [1] } }])
      .when({ type: 'anima.claim_reward', player: 'p1', reward: 1, dice: { values: [8, 2, 3, 1] } })
      .then([
        { type: 'anima.reward_claimed' },
        { type: 'anima.mission_completed', data: { benefit: { text: 'Roba una Localización.' } } },
        { type: 'anima.final_mission_revealed' },
      ]);
    expect(state.groupsInPlay.p1).toMatchObject({ handSize: 3, lasting: { combat: 0, speed: 0 } });
  });

  it('ANIMA-MISSION-4: a structured Benefit outside the documented shape is refused at creation (400 with its path)', async () => {
    const cards = animaGiftCards();
    cards.basicMissions[0] = { ...cards.basicMissions[0]!, benefit: { gifts: 9, locations: 1 } } as never;
    const error = await spec(cards)
      .state()
      .catch((e: unknown) => e);
    expect(error).toMatchObject({ status: 400 });
    expect((error as { errors: { path: string }[] }).errors.map((e) => e.path)).toEqual(expect.arrayContaining(['/options/basicMissions/0/benefit']));
  });
});
