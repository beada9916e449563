/** The upkeep log (EDEN-UPKEEP-3..9): one entry shape per step, told apart by `rule`. */
import { Type, type TProperties } from '@sinclair/typebox';
import { LimbSchema } from './schemas.js';
import { TableSideSchema } from './phase-common.js';

const count = (description?: string) => Type.Integer(description ? { description } : {});

/** One step's entry: `step` and `rule` fixed, the members of that effect. */
const entry = (step: number, title: string, properties: TProperties, description: string) =>
  Type.Object({ step: Type.Literal(step), rule: Type.Literal(`EDEN-UPKEEP-${step}`), ...properties }, { title, description });

/** A fighter's entry: which side and fighter it is about. */
const fighterEntry = (step: number, title: string, properties: TProperties, description: string) =>
  entry(step, title, { side: TableSideSchema, fighterId: Type.String(), ...properties }, description);

export const UpkeepLogEntrySchema = Type.Union(
  [
    fighterEntry(
      3,
      'UpkeepFire',
      {
        damageDice: Type.Array(Type.Integer(), { description: 'The 3 damage dice.' }),
        vig: count('The current VIG the dice are compared with.'),
        hits: count('Dice strictly above VIG.'),
        face: count('The location die.'),
        limb: LimbSchema,
        protection: count('Wounds stopped by protection.'),
        marked: count('PC boxes marked.'),
        fireLeft: count(),
        outOfAction: Type.Boolean(),
      },
      'Fire (EDEN-UPKEEP-3, EDEN-STATE-FIRE-1).',
    ),
    fighterEntry(
      4,
      'UpkeepFear',
      { psi: count('PSI rolled.'), roll: Type.Array(Type.Integer(), { description: 'The dice.' }), successes: count(), removed: count(), fearLeft: count() },
      'Fear (EDEN-UPKEEP-4).',
    ),
    fighterEntry(5, 'UpkeepPoison', { removed: count(), poisonLeft: count() }, 'Poison wears off (EDEN-UPKEEP-5).'),
    fighterEntry(6, 'UpkeepRage', { removed: count(), rageLeft: count() }, 'Rage removed (EDEN-UPKEEP-6).'),
    entry(7, 'UpkeepApLost', { apLost: count('Unspent AP lost by both bands.') }, 'Unspent AP are lost (EDEN-UPKEEP-7).'),
    entry(8, 'UpkeepApGranted', { fighters: count('Band fighters given AP.'), ap: count() }, 'Every band fighter gets 3 AP (EDEN-UPKEEP-8).'),
    fighterEntry(9, 'UpkeepSlow', { apLost: count(), slowLeft: count() }, 'Slow (EDEN-UPKEEP-9).'),
  ],
  { title: 'UpkeepLogEntry', description: 'One effect applied; `rule` says which step.' },
);
