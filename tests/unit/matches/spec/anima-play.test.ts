/** Ánima full match specs: Interaction, Exploration, rewards, missions and the winner (fixed dice, ANIMA-*). */
import { describe, expect, it } from 'vitest';
import { matchSpec } from '../../../helpers/match-spec.js';
import { ANIMA_PLAYERS, KEEP, animaCards } from '../../../fixtures/anima-match.js';

const spec = () => matchSpec('anima', { players: ANIMA_PLAYERS, options: animaCards() });
/** Turn 1: p2 (Ladrona) then p1 (Acróbata); both go to Las Ruinas (level 2: La Sombra de Omega discarded). */
const AT_RUINS = [
  KEEP[0]!,
  { ...KEEP[1]!, dice: { values: [1, 1, 1, 3, 7] } },
  { type: 'anima.end_phase', player: 'p2' },
  { type: 'anima.end_phase', player: 'p1' },
  { type: 'anima.go', player: 'p2', location: 'Las Ruinas' },
  { type: 'anima.go', player: 'p1', location: 'Las Ruinas' },
];
const TO_EXPLORE = [...AT_RUINS, { type: 'anima.end_phase', player: 'p2' }, { type: 'anima.end_phase', player: 'p1' }];

describe('Ánima match: Interaction', () => {
  it('ANIMA-INTERACT-2/5 / ANIMA-COMBAT-1: Ladrona 2+3 vs Acróbata 4+6: p2 loses, gives a Gift, is expelled', async () => {
    const { state } = await spec()
      .givenCommands(AT_RUINS)
      .when({ type: 'anima.declare_combat', player: 'p2', target: 'p1', dice: { values: [3, 6] } })
      .then([
        { type: 'anima.group_combat', data: { combat: { winner: 'opponent', characterDies: 'group' }, spoil: true } },
        { type: 'anima.character_lost' },
        { type: 'anima.group_replaced' },
      ]);
    expect(state.groupsInPlay.p2).toMatchObject({ location: null, turnLost: true, handSize: 2 });
    expect(state.groupsInPlay.p1.handSize).toBe(4);
  });

  it('ANIMA-INTERACT-5: a draw forbids a rematch this turn', async () => {
    await spec()
      .givenCommands([...AT_RUINS, { type: 'anima.declare_combat', player: 'p2', target: 'p1', dice: { values: [4, 2] } }])
      .when({ type: 'anima.declare_combat', player: 'p2', target: 'p1', dice: { values: [4, 2] } })
      .thenProblem('no_rematch');
  });

  it('ANIMA-INTERACT-1: no trade without the Trade icon at both Locations', async () => {
    await spec()
      .givenCommands(AT_RUINS)
      .when({ type: 'anima.trade_with', player: 'p2', with: 'p1', gives: { gifts: 1 } })
      .thenProblem('no_trade_icon');
  });
});

describe('Ánima match: Exploration, rewards and missions', () => {
  it('ANIMA-EXPLORE-5 / ANIMA-EX-7: roll 6 at Las Ruinas: Señor Oscuro (level 3) discarded… Tesoro draws 2 capped at 5, then a reward', async () => {
    // deck after setup: Tesoro (2), Señor Oscuro (3), Lobo (4)
    const { state } = await spec()
      .givenCommands(TO_EXPLORE)
      .when({ type: 'anima.explore', player: 'p2', dice: { values: [6] } })
      .then([{ type: 'anima.explored', data: { drawn: [2, 3], exploration: { roll: 6, rewardAllowed: true, handSize: 5 } } }]);
    expect(state.choosing).toEqual({ kind: 'reward', player: 'p2', location: 'Las Ruinas' });
    await spec()
      .givenCommands([...TO_EXPLORE, { type: 'anima.explore', player: 'p2', dice: { values: [6] } }])
      .when({ type: 'anima.end_phase', player: 'p2' })
      .thenProblem('decision_pending');
  });

  it('ANIMA-REWARD-2 / ANIMA-HAND-1: a full hand cannot take a Gift', async () => {
    await spec()
      .givenCommands([...TO_EXPLORE, { type: 'anima.explore', player: 'p2', dice: { values: [6] } }])
      .when({ type: 'anima.claim_reward', player: 'p2', reward: 0 })
      .thenProblem('hand_full');
  });

  it('ANIMA-REWARD-5: a mission reward needs a linked Mission', async () => {
    await spec()
      .givenCommands([...TO_EXPLORE, { type: 'anima.explore', player: 'p2', dice: { values: [1] } }])
      .when({ type: 'anima.claim_reward', player: 'p2', reward: 1 })
      .thenProblem('no_linked_mission');
  });

  it('ANIMA-MISSION-7 / ANIMA-AMB-12: a failed mission test leaves the Mission open', async () => {
    await spec()
      .givenCommands([...TO_EXPLORE, { type: 'anima.end_phase', player: 'p2' }, { type: 'anima.explore', player: 'p1', dice: { values: [1] } }])
      .when({ type: 'anima.claim_reward', player: 'p1', reward: 1, dice: { values: [1, 2] } })
      .then([{ type: 'anima.reward_claimed', data: { mission: { name: 'Derrotar a Tiamat', success: false } } }, { type: 'anima.turn_started' }]);
  });

  it('ANIMA-MISSION-2/3: completing a Basic Mission reveals a Final Mission; completing it wins the game', async () => {
    const done = await spec()
      .givenCommands([...TO_EXPLORE, { type: 'anima.end_phase', player: 'p2' }, { type: 'anima.explore', player: 'p1', dice: { values: [1] } }])
      .when({ type: 'anima.claim_reward', player: 'p1', reward: 1, dice: { values: [8, 2, 3, 1] } })
      .then([
        { type: 'anima.reward_claimed', data: { mission: { name: 'Derrotar a Tiamat', success: true } } },
        { type: 'anima.mission_completed', data: { player: 'p1', final: false } },
        { type: 'anima.final_mission_revealed' },
        { type: 'anima.turn_started', data: { turn: 2 } },
      ]);
    expect(done.state.finalMission.name).toBe('La Sombra');
  });
});
