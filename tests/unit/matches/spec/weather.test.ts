/** EDEN Weather (EDEN-WEATHER-*, EDEN-PREP-0) as given / when / then with fixed dice, through MatchService. */
import { describe, expect, it } from 'vitest';
import { matchSpec } from '../../../helpers/match-spec.js';
import { activeA1 as preparedActiveA1, prep } from '../../../fixtures/eden-commands.js';

const weather = (a: number, b: number) => ({ type: 'eden.roll_weather', dice: { values: [a, b] } });
/** After the preparation: turn 1 with a1 activated. */
const activeA1 = preparedActiveA1.slice(prep.length);

describe('EDEN Weather (EDEN-WEATHER-1..9)', () => {
  it('EDEN-PREP-0 / EDEN-WEATHER-1: the weather is rolled before preparation step 1 (12 → Snowstorm)', async () => {
    const spec = matchSpec('eden', { options: { weather: true } });
    await spec.when(prep[0]!).thenProblem('wrong_step');
    const { state } = await spec.when(weather(6, 6)).then([{ type: 'eden.weather_rolled', data: { conditions: ['snowstorm'], rules: ['EDEN-WEATHER-8'] } }]);
    expect(state.weather).toEqual(['snowstorm']);
  });

  it('EDEN-WEATHER-1: without options.weather there is no weather roll', async () => {
    await matchSpec('eden').when(weather(6, 6)).thenProblem('option_disabled');
  });

  it('EDEN-WEATHER-9: two conditions; a repeated result is re-rolled', async () => {
    const { events } = await matchSpec('eden', { options: { weather: 2 } })
      .when({ type: 'eden.roll_weather', dice: { values: [3, 3, 1, 5, 6, 6] } })
      .then([{ type: 'eden.weather_rolled', data: { conditions: ['normal', 'snowstorm'] } }]);
    expect((events[0]!.data as { rolls: { discarded: boolean }[] }).rolls.map((r) => r.discarded)).toEqual([false, true, false]);
  });

  it('EDEN-WEATHER-8 / EDEN-TACPH-1: under Snowstorm a tactic card costs 3 SP (2 otherwise)', async () => {
    const card = { type: 'eden.play_tactic', player: 'A', card: 'Fury' };
    const bid = { type: 'eden.bid', bids: { A: 1, B: 0 } };
    await matchSpec('eden', { options: { weather: true } })
      .givenCommands([weather(6, 6), ...prep, bid])
      .when(card)
      .then([{ type: 'eden.tactic_played', data: { cost: 3 } }]);
    await matchSpec('eden', { options: { weather: true } })
      .givenCommands([weather(3, 3), ...prep, bid])
      .when(card)
      .then([{ type: 'eden.tactic_played', data: { cost: 2 } }]);
  });

  it('EDEN-WEATHER-3: under Headwind a Move covers 8 cm (10 otherwise)', async () => {
    const move = { type: 'eden.move', fighterId: 'a1' };
    await matchSpec('eden', { options: { weather: true } })
      .givenCommands([weather(1, 2), ...prep, ...activeA1])
      .when(move)
      .then([{ type: 'eden.fighter_moved', data: { distance: 8 } }]);
    await matchSpec('eden', { options: { weather: true } })
      .givenCommands([weather(3, 4), ...prep, ...activeA1])
      .when(move)
      .then([{ type: 'eden.fighter_moved', data: { distance: 10 } }]);
  });

  it('EDEN-WEATHER-4: under Thick fog no throw at a point more than 15 cm away', async () => {
    const state = await matchSpec('eden', { options: { weather: true } })
      .givenCommands([weather(2, 2), ...prep, ...activeA1])
      .state();
    expect(state.weather).toEqual(['thick_fog']);
    await matchSpec('eden', { options: { weather: true } })
      .givenCommands([weather(2, 2), ...prep, ...activeA1])
      .when({ type: 'eden.thrown', attacker: 'a1', weapon: 'Grenade', point: { distance: 16, lineOfSight: true }, affected: ['b1'], dice: { values: [6, 6, 6, 6, 6, 6] } })
      .thenProblem('out_of_range');
  });

  it('EDEN-WEATHER-2 / EDEN-UPKEEP-11: Ionic storm after the VP; 0 successes at VIG difficulty 6 → a Torso wound', async () => {
    const toUpkeep = [...activeA1, { type: 'eden.end_activation' }, { type: 'eden.pass', player: 'B' }, { type: 'eden.pass', player: 'A' }];
    const { state, events } = await matchSpec('eden', { options: { weather: true } })
      .givenCommands([weather(1, 1), ...prep, ...toUpkeep])
      .when({ type: 'eden.upkeep', dice: { values: [5, 5, 5, 5, 6, 1, 1, 1, 6, 1, 1, 1, 6, 1, 1, 1] } })
      .then([
        { type: 'eden.upkeep_resolved' },
        { type: 'eden.victory_points_scored' },
        { type: 'eden.weather_effects_resolved', data: { turn: 1 } },
        { type: 'eden.turn_started' },
      ]);
    // a1 rolls first (A is First player) and fails; the others each roll a 6: only a1 changed
    expect(events[2]!.data).toMatchObject({
      conditions: ['ionic_storm'],
      changes: { a1: { wounds: { torso: 1 } } },
      dice: { values: [5, 5, 5, 5, 6, 1, 1, 1, 6, 1, 1, 1, 6, 1, 1, 1] },
    });
    expect(Object.keys((events[2]!.data as { changes: object }).changes)).toEqual(['a1']);
    expect(state.fighters.a1.fighter.wounds.torso).toBe(1);
    expect(state.fighters.b1.fighter.wounds.torso).toBe(0);
  });
});
