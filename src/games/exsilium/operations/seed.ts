/**
 * Exsilium's `dice` member (CONTRACT §7.5): `{"seed"}` is the same as the top-level `seed` (see
 * request-seed.ts). Exsilium rolls no dice, so fixed `dice.values` (a match command's dice) name no seed.
 */
import { Type } from '@sinclair/typebox';
import { DiceSpecSchema } from '../../../kernel/schemas/common.js';

export const ExsiliumDice = Type.Object(DiceSpecSchema.properties, {
  minProperties: 1,
  maxProperties: 1,
  description:
    'As for the endpoints that roll (CONTRACT §1): `{"seed"}` is the same as the top-level `seed` (both given must agree). Exsilium rolls no dice: `values` are ignored.',
});

export { requestSeed } from '../../../kernel/request-seed.js';
