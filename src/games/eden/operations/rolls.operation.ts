/** `eden.rolls` — POST /v1/eden/rolls: characteristic, opposed and location rolls (digest §4). */
import { Type } from '@sinclair/typebox';
import { rollsExamples } from './examples.js';
import { defineOperation } from '../../../kernel/operation.js';
import { DiceTranscriptSchema, SummarySchema } from '../../../kernel/schemas/common.js';
import { AimSchema, DiceSpecSchema, FighterSchema, OpposedRollSchema, RollSchema } from './schemas.js';
import { InvalidInput, type InputProblem } from '../../../kernel/errors.js';
import { characteristicRoll, clampFace, locationDie, opposedRoll } from '../rules/rolls.js';
import { aimLocation, type Aim } from '../rules/location.js';
import { limbForFace, type FighterInput } from '../rules/fighter.js';
import { ensureFighter, fighterProblems } from '../rules/checks.js';
import { locationText, opposedText, rollText } from './summary.js';

const CHARACTERISTIC_ROLL = { en: 'Characteristic roll', es: 'Tirada de característica', de: 'Attributswurf' } as const;
const LOCATION_ROLL = { en: 'Location roll', es: 'Tirada de localización', de: 'Trefferwurf' } as const;

const Value = Type.Integer({ minimum: -50, maximum: 50 });

const body = Type.Object({
  kind: Type.Union([Type.Literal('characteristic'), Type.Literal('opposed'), Type.Literal('location')]),
  value: Type.Optional(Type.Integer({ minimum: -50, maximum: 50, description: '`characteristic`: current value (pool).' })),
  difficulty: Type.Optional(Type.Integer({ minimum: -50, maximum: 60, description: '`characteristic`: difficulty; above 6 it becomes 6 and the pool shrinks by the excess.' })),
  a: Type.Optional(Type.Object({ value: Value }, { description: '`opposed`: first party (rolls first).' })),
  b: Type.Optional(Type.Object({ value: Value }, { description: '`opposed`: second party.' })),
  fighter: Type.Optional(FighterSchema),
  successes: Type.Optional(Type.Integer({ minimum: 1, maximum: 50, description: '`location`: attack successes available for shifting (default 1: no shift).' })),
  aim: Type.Optional(AimSchema),
  dice: Type.Optional(DiceSpecSchema),
});

export const edenRollsOperation = defineOperation({
  id: 'eden.rolls',
  method: 'POST',
  path: '/v1/eden/rolls',
  graphql: { name: 'edenRoll' },
  tags: ['eden'],
  summary: 'EDEN characteristic, opposed or location roll.',
  description: [
    '- `characteristic` (EDEN-ROLL-1): `value` D6, each die ≥ `difficulty` is a success. EDEN-ROLL-2: a difficulty above 6 becomes 6 and the pool loses the excess; EDEN-ROLL-3: a pool ≤ 0 fails without rolling (no die consumed).',
    '- `opposed` (EDEN-ROLL-5): `a` rolls first, then `b`; 1D6 + value each (EDEN-AMB-4: also when the value is ≤ 0). Equal totals → higher value wins; full ties re-roll another pair.',
    '- `location` (EDEN-ROLL-6/7): one die. With `fighter` the limb is looked up on its index; with `successes` and `aim` the die is shifted as CONTRACT §2 defines (at most successes − 1 steps, one direction (EDEN-AMB-6), result within 1..6; `{shift}` outside that → 422 `illegal_shift`).',
  ].join('\n'),
  body,
  examples: rollsExamples,
  response: Type.Object(
    {
      kind: Type.String(),
      successes: Type.Optional(Type.Integer()),
      roll: Type.Optional(RollSchema),
      winner: Type.Optional(Type.Union([Type.Literal('a'), Type.Literal('b')])),
      opposed: Type.Optional(OpposedRollSchema),
      face: Type.Optional(Type.Integer()),
      rolled: Type.Optional(Type.Integer()),
      shift: Type.Optional(Type.Integer()),
      spent: Type.Optional(Type.Integer({ description: 'Location with `aim`: the steps of the shift spent.' })),
      limb: Type.Optional(Type.String()),
      dice: DiceTranscriptSchema,
      summary: SummarySchema,
    },
    { additionalProperties: true },
  ),
  handle(input, ctx) {
    const problems: InputProblem[] = [];
    const need = (field: string, present: boolean) => {
      if (!present) problems.push({ path: '/' + field, code: 'required', message: `must have required property '${field}' for kind "${input.kind}"` });
    };
    if (input.kind === 'characteristic') {
      need('value', input.value !== undefined);
      need('difficulty', input.difficulty !== undefined);
    } else if (input.kind === 'opposed') {
      need('a', input.a !== undefined);
      need('b', input.b !== undefined);
    } else if (input.fighter) {
      problems.push(...fighterProblems(input.fighter as FighterInput, 'fighter'));
    }
    if (problems.length) throw new InvalidInput(problems, 'The request does not match the schema.');
    const dice = ctx.dice(input.dice);

    if (input.kind === 'characteristic') {
      const roll = characteristicRoll(dice, 'characteristic', input.value!, input.difficulty!);
      return { kind: input.kind, successes: roll.successes, roll, dice: dice.transcript(), summary: rollText(CHARACTERISTIC_ROLL[ctx.lang], roll, ctx.lang) + '.' };
    }
    if (input.kind === 'opposed') {
      const opposed = opposedRoll(dice, 'a', 'b', input.a!.value, input.b!.value);
      return { kind: input.kind, winner: opposed.winner, opposed, dice: dice.transcript(), summary: opposedText(opposed, ctx.lang, ['a', 'b']) + '.' };
    }
    const rolled = locationDie(dice, 'location');
    if (!input.fighter) {
      return { kind: input.kind, face: clampFace(rolled), rolled, shift: 0, dice: dice.transcript(), summary: `${LOCATION_ROLL[ctx.lang]} (EDEN-ROLL-6): ${rolled}.` };
    }
    const fighter = ensureFighter(input.fighter as FighterInput);
    const location = aimLocation(fighter, rolled, input.successes ?? 1, input.aim as Aim | undefined);
    return {
      kind: input.kind,
      ...location,
      limb: location.limb ?? limbForFace(fighter, location.face),
      spent: Math.abs(location.shift),
      dice: dice.transcript(),
      summary: locationText(location, ctx.lang) + '.',
    };
  },
});
