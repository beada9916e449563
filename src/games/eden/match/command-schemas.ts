/**
 * The pieces every EDEN command schema is built from. Each command's schema, the one declaration of
 * its input, is written beside its handler (preparation.ts, turn.ts, attacks.ts, upkeep.ts,
 * weather.ts, territory.ts, infestation.ts) with `command`; the TypeScript type its handler receives
 * is derived from it (`Static`). Where a stateless operation resolves the same thing (melee, ranged,
 * thrown, spray, douse fire, scenery, roster, NPC), the command's members are taken from that
 * operation's body (`fromBody`), with the full fighters swapped for fighter refs: the match state
 * supplies them. Members the match bounds differently from the endpoint (ids of 200 characters,
 * distances up to 100 000 cm, a band of 1..50 fighters, …) keep their own declaration, so every
 * command validates exactly as before.
 */
import { Type, type Static, type TObject, type TProperties, type TSchema } from '@sinclair/typebox';
import { defineResolver } from '../../../kernel/validate.js';
import { InvalidInput } from '../../../kernel/errors.js';

export const Id = Type.String({ minLength: 1, maxLength: 200 });
export const Player = Type.Union([Type.Literal('A'), Type.Literal('B'), Type.String({ minLength: 1, maxLength: 200 })], {
  description: '"A" (the first player of the match), "B" (the second) or a player id.',
});
export const FighterRef = Type.Union([Id, Type.Object({ id: Id })], {
  description: 'A fighter of the match: its id, or any object with its `id` (the match state supplies the profile, wounds, markers and AP).',
});
export const Distance = Type.Number({ minimum: 0, maximum: 100_000 });
export const refs = (maxItems: number, description?: string) => Type.Array(FighterRef, description ? { maxItems, description } : { maxItems });

/**
 * Members of an operation's body, as they are. A `default` is dropped: the body validator fills
 * defaults in, and a command leaves an omitted member to the match (the decider applies the rule's
 * default).
 */
export function fromBody<P extends TProperties, const K extends keyof P & string>(body: TObject<P>, keys: readonly K[]): Pick<P, K> {
  return Object.fromEntries(
    keys.map((k) => {
      const { default: _default, ...schema } = body.properties[k] as TSchema & { default?: unknown };
      return [k, schema];
    }),
  ) as Pick<P, K>;
}

/** The members a strike takes besides its fighters: as POST /v1/eden/attacks/melee. */
export const STRIKE = ['reaction', 'aim', 'targetAim', 'via', 'modifiers', 'weapon', 'targetWeapon'] as const;
/** The same without `via`: what an NPC's attack or charge takes (EDEN-NPC-3..5). */
export const STRIKE_OPTIONS = ['reaction', 'aim', 'targetAim', 'modifiers', 'weapon', 'targetWeapon'] as const;

/** Most fighters a band registered in a match may have (EDEN-PREP-1). */
export const MAX_BAND = 50;

// EDEN-PREP-1: a band of more than MAX_BAND fighters is refused before any fighter is validated (the
// validator reports every problem at once, so it would check each one first: 50,000 took 18 s). A
// resolver runs before the command's own checks; throwing ends the validation there, and the 400
// `too_many_items` reaches the caller with its path under `/command` (as POST /v1/eden/rosters/validate).
defineResolver('eden-band-size', (command) => {
  const fighters = command.fighters;
  if (!Array.isArray(fighters) || fighters.length <= MAX_BAND) return undefined;
  const problem = {
    path: '/fighters',
    code: 'maxItems',
    message: `must NOT have more than ${MAX_BAND} items (${fighters.length} sent; none was validated)`,
    limit: MAX_BAND,
    count: fighters.length,
  };
  throw new InvalidInput([problem], `A band has at most ${MAX_BAND} fighters (${fighters.length} sent); none was validated.`, 'too_many_items');
});

/** The command schema with the band-size check first (above). */
export const bandSized = <S extends TSchema>(schema: S): S => ({ ...schema, 'x-resolve': 'eden-band-size' });

/** A fighter of the match: its id, or any object with its `id`. */
export type FighterRef = Static<typeof FighterRef>;
/** "A", "B" or a player id. */
export type PlayerRef = Static<typeof Player>;
