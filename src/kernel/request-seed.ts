/**
 * The seed a request names (CONTRACT §7.5): where a body takes a top-level `seed` (Exsilium's
 * shuffles, simulations), `dice: {"seed"}` means the same; both given and different → 400 naming
 * both members.
 */
import { InvalidInput } from './errors.js';

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
