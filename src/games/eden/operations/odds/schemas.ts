/** Response schema of the exact-odds operations. */
import { Type } from '@sinclair/typebox';
import { OutcomeStatsProperties } from './outcome-stats.js';

export const OddsResponseSchema = Type.Object(
  {
    method: Type.Literal('exact', { description: 'Computed over every way the dice can fall; no sampling.' }),
    ...OutcomeStatsProperties,
  },
  { title: 'AttackOdds', description: 'The exact outcome distribution; the same statistics a simulation estimates (without confidence intervals).' },
);
