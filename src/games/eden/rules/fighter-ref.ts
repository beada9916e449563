/**
 * A fighter sent by reference (CONTRACT §7.5): `{"ref": "<catalog id>"}` plus any state members
 * (`wounds`, `markers`, `ap`, `id`, …), wherever a Fighter is accepted. The profile comes from the
 * built-in catalog in the chosen printing (Value and name differ: EDEN-CARD-PROFILE-9); members
 * sent beside the ref win over the profile's.
 */
import { EXAMPLE_FIGHTERS, catalogFighter, catalogFighterById, type EditionId } from './catalog/index.js';
import { leagueFighter, type LeagueCatalog } from './catalog/league.js';
import { normalizeFighter } from './fighter.js';
import { isRecord } from '../../../kernel/records.js';

export type RefResolution = { fighter: Record<string, unknown> } | { code: 'unknown_fighter' | 'incomplete_profile'; message: string };

/** Catalog ids that resolve to a full profile in `edition`. */
function resolvableFighterIds(edition: EditionId): string[] {
  return EXAMPLE_FIGHTERS.filter((f) => catalogFighter(f, edition) !== undefined).map((f) => f.id);
}

/**
 * With `league` (a stored catalog named by `catalogRef`, CONTRACT §8.4) the ref is looked up there
 * first, by id or printed name, and the league's profile is used as written in either printing.
 */
export function resolveFighterRef(entry: { ref: string } & Record<string, unknown>, edition: EditionId, league?: LeagueCatalog): RefResolution {
  const own = leagueFighter(league, entry.ref);
  if (own) return { fighter: withState(normalizeFighter(own) as unknown as Record<string, unknown>, entry) };
  const known = resolvableFighterIds(edition);
  const hint = `Known ids (${edition.toUpperCase()}): ${known.join(', ')} (GET /v1/eden/catalog)${league ? ", or the league catalog's" : ''}.`;
  const found = catalogFighterById(entry.ref);
  if (!found || !found.editions.includes(edition)) {
    return { code: 'unknown_fighter', message: `No fighter "${entry.ref}" in the ${league ? 'league catalog or the ' : ''}${edition.toUpperCase()} catalog. ${hint}` };
  }
  const profile = catalogFighter(found, edition);
  if (!profile) {
    return {
      code: 'incomplete_profile',
      message: `"${entry.ref}" appears only in a worked example; the rulebooks do not print its full profile, so send the fighter itself. ${hint}`,
    };
  }
  return { fighter: withState(profile as unknown as Record<string, unknown>, entry) };
}

/** The profile with the members sent beside the ref over it: state completes its zero state limb by limb, marker by marker. */
function withState(profile: Record<string, unknown>, entry: Record<string, unknown>): Record<string, unknown> {
  const fighter: Record<string, unknown> = { ...profile, ...entry };
  if (isRecord(entry.wounds)) fighter.wounds = { ...(profile.wounds as object), ...entry.wounds };
  if (isRecord(entry.markers)) fighter.markers = { ...(profile.markers as object), ...entry.markers };
  return fighter;
}
