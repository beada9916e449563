/**
 * The seed of a request's shuffles (CONTRACT §7.5): a top-level `seed` and `dice: {"seed"}` mean the
 * same; both given and different → 400 naming both members. Exsilium rolls no dice, so fixed
 * `dice.values` (a match command's dice) name no seed.
 */
import { Type } from '@sinclair/typebox';
import { InvalidInput } from '../../games/errors.js';
import { DiceSpecSchema } from '../schemas/common.js';

export const ExsiliumDice = Type.Object(DiceSpecSchema.properties, {
  minProperties: 1,
  maxProperties: 1,
  description:
    'As for the endpoints that roll (CONTRACT §1): `{"seed"}` is the same as the top-level `seed` (both given must agree). Exsilium rolls no dice: `values` are ignored.',
});

export function requestSeed(input: { seed?: string; dice?: { seed?: string } }): string | undefined {
  const top = input.seed;
  const nested = input.dice?.seed;
  if (top !== undefined && nested !== undefined && top !== nested) {
    const message = `\`seed\` ("${top}") and \`dice.seed\` ("${nested}") mean the same: send one, or the same value in both.`;
    throw new InvalidInput([
      { path: '/seed', code: 'conflicting_seed', message },
      { path: '/dice/seed', code: 'conflicting_seed', message },
    ]);
  }
  return top ?? nested;
}
