import { describe, expect, it } from 'vitest';
import { rollWeather } from '../../../src/games/eden/rules/weather.js';
import { SeededDice } from '../../../src/kernel/dice/index.js';
import { dice } from '../../fixtures/eden-fighters.js';

describe('EDEN weather (EDEN-WEATHER-1..9)', () => {
  const cases: [number, number, string, string][] = [
    [1, 1, 'ionic_storm', 'EDEN-WEATHER-2'],
    [1, 2, 'headwind', 'EDEN-WEATHER-3'],
    [1, 3, 'thick_fog', 'EDEN-WEATHER-4'],
    [2, 3, 'thick_fog', 'EDEN-WEATHER-4'],
    [3, 3, 'normal', 'EDEN-WEATHER-5'],
    [3, 4, 'normal', 'EDEN-WEATHER-5'],
    [4, 4, 'mist', 'EDEN-WEATHER-6'],
    [4, 5, 'mist', 'EDEN-WEATHER-6'],
    [5, 5, 'acid_rain', 'EDEN-WEATHER-7'],
    [5, 6, 'acid_rain', 'EDEN-WEATHER-7'],
    [6, 6, 'snowstorm', 'EDEN-WEATHER-8'],
  ];
  for (const [a, b, condition, rule] of cases) {
    it(`${rule}: 2D6 ${a}+${b} = ${a + b} → ${condition}`, () => {
      const d = dice(a, b);
      const r = rollWeather(d);
      expect([r.total, r.condition, r.rule]).toEqual([a + b, condition, rule]);
      expect(d.transcript().rolls).toEqual([{ purpose: 'weather 2D6 (condition 1)', sides: 6, values: [a, b] }]);
    });
  }

  it('EDEN-WEATHER-3 / EDEN-AMB-26: headwind moves 8 cm, Engage keeps 10', () => {
    expect(rollWeather(dice(1, 2)).effect).toMatchObject({ moveDistance: 8, engageDistance: 10 });
  });

  it('EDEN-WEATHER-4 / EDEN-AMB-26: fog forbids targets beyond 15 cm, not Spray', () => {
    expect(rollWeather(dice(2, 2)).effect).toMatchObject({ maxTargetDistance: 15, sprayAffected: false });
  });

  it('EDEN-WEATHER-9 / EDEN-AMB-26: combining conditions re-rolls a repeated one', () => {
    // 7 normal, 6 normal again (re-rolled), 12 snowstorm
    const r = rollWeather(dice(3, 4, 2, 4, 6, 6), 2);
    expect(r.conditions.map((c) => c.condition)).toEqual(['normal', 'snowstorm']);
    expect(r.rolls.map((x) => x.discarded)).toEqual([false, true, false]);
    expect(r.condition).toBe('normal');
  });

  it('EDEN-WEATHER-9: three conditions, all distinct', () => {
    const r = rollWeather(new SeededDice('three'), 3);
    expect(new Set(r.conditions.map((c) => c.condition)).size).toBe(3);
  });

  it('CONTRACT §1: the same seed gives the same weather', () => {
    expect(rollWeather(new SeededDice('x'), 2)).toEqual(rollWeather(new SeededDice('x'), 2));
  });
});
