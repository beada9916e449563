/**
 * A fighter sent by reference (CONTRACT §7.5): `{"ref": "<catalog id>"}` plus any state members
 * (`wounds`, `markers`, `ap`, `id`, …), wherever a Fighter is accepted. The profile comes from the
 * built-in catalog in the chosen printing (Value and name differ: EDEN-CARD-PROFILE-9); members
 * sent beside the ref win over the profile's.
 */
import { EXAMPLE_FIGHTERS, catalogFighter, catalogFighterById, type EditionId } from './catalog/index.js';

export type RefResolution = { fighter: Record<string, unknown> } | { code: 'unknown_fighter' | 'incomplete_profile'; message: string };

/** Catalog ids that resolve to a full profile in `edition`. */
export function resolvableFighterIds(edition: EditionId): string[] {
  return EXAMPLE_FIGHTERS.filter((f) => catalogFighter(f, edition) !== undefined).map((f) => f.id);
}

export function resolveFighterRef(entry: { ref: string } & Record<string, unknown>, edition: EditionId): RefResolution {
  const known = resolvableFighterIds(edition);
  const hint = `Known ids (${edition.toUpperCase()}): ${known.join(', ')} (GET /v1/eden/catalog).`;
  const found = catalogFighterById(entry.ref);
  if (!found || !found.editions.includes(edition)) return { code: 'unknown_fighter', message: `No fighter "${entry.ref}" in the ${edition.toUpperCase()} catalog. ${hint}` };
  const profile = catalogFighter(found, edition);
  if (!profile) {
    return {
      code: 'incomplete_profile',
      message: `"${entry.ref}" appears only in a worked example; the rulebooks do not print its full profile, so send the fighter itself. ${hint}`,
    };
  }
  // state sent beside the ref completes the profile's zero state limb by limb, marker by marker
  const fighter: Record<string, unknown> = { ...profile, ...entry };
  if (isObject(entry.wounds)) fighter.wounds = { ...profile.wounds, ...entry.wounds };
  if (isObject(entry.markers)) fighter.markers = { ...profile.markers, ...entry.markers };
  return { fighter };
}

const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);
