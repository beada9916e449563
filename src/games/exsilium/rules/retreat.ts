/**
 * A miniature going back to its player board (EXS-PBOARD-3) and the ability release check
 * (EXS-PBOARD-5), for combat losers (EXS-COMBAT-PVP-5 step 4, EXS-COMBAT-NEWARU-6) and for victims of
 * abilities and mines (EXS-COMBAT-DISCARD-3, EXS-MINE-5).
 */
import { RuleViolation } from '../../../kernel/errors.js';

export type Faction = 'syl' | 'keber' | 'vinsan' | 'wardun';

/** EXS-PBOARD-5 [OCR-25]: the retreat slot with the release icon — SYL 4, Keber 4, Vinsan 3, Wardun 2. */
export const RELEASE_SLOT: Record<Faction, number> = { syl: 4, keber: 4, vinsan: 3, wardun: 2 };

/** The faction named by a free-text name ("SYL", "Keber", "VINSAN", "wardun"); null when not one of the four. */
export function factionOf(name: string | undefined): Faction | null {
  if (name === undefined) return null;
  const key = name
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .trim()
    .toLowerCase();
  return key in RELEASE_SLOT ? (key as Faction) : null;
}

export interface RetreatInput {
  faction?: string;
  /** Miniatures already on the player board (inactive) before this death: 0–3. */
  inactiveMiniatures?: number;
  /** Faction tokens on the two ability slots (0–2). */
  abilityTokens?: number;
  /** Miniatures of this player that die at once (Keber strike, SYL drone, a border mine); default 1. */
  count?: number;
  /** JSON pointer of `inactiveMiniatures`, for the 422. */
  path?: string;
}

export interface RetreatResult {
  /** Retreat slots filled, in order (EXS-PBOARD-3: the k-th inactive miniature fills slot k); empty when unknown. */
  slots: number[];
  /** The slot carrying the release icon for this faction; null when the faction is not known. */
  releaseSlot: number | null;
  /** EXS-PBOARD-5: the death filled the release slot. Null when the faction or the board count was not sent. */
  released: boolean | null;
  /** Ability tokens going back to the personal reserve (null: released but the slots were not sent). */
  abilityTokensReturned: number | null;
  /** Wardun only: the Wardun token leaves the board and frees the trapped miniature (null: unknown). */
  wardunTokenFreed: boolean | null;
  rules: string[];
}

/**
 * EXS-PBOARD-3: the miniature takes the next retreat slot (1st, 2nd, 3rd, 4th). EXS-PBOARD-5: when it
 * fills the slot marked with the release icon (R = 4 SYL, 4 Keber, 3 Vinsan, 2 Wardun), the ability
 * tokens go back to the personal reserve; for Wardun the Wardun token is removed and the trapped
 * miniature freed.
 */
export function retreat(input: RetreatInput): RetreatResult {
  const faction = factionOf(input.faction);
  const count = input.count ?? 1;
  const before = input.inactiveMiniatures;
  const releaseSlot = faction ? RELEASE_SLOT[faction] : null;
  if (before !== undefined && before + count > 4) {
    throw new RuleViolation('no_active_miniature', `${before} miniature(s) are already on the player board: ${count} more cannot die (each faction has 4).`, {
      path: input.path ?? '/inactiveMiniatures',
    });
  }
  const rules = ['EXS-PBOARD-3'];
  const slots = before === undefined ? [] : Array.from({ length: count }, (_, i) => before + i + 1);
  if (releaseSlot === null || before === undefined) {
    return { slots, releaseSlot, released: null, abilityTokensReturned: null, wardunTokenFreed: null, rules };
  }
  rules.push('EXS-PBOARD-5');
  // EXS-PBOARD-5: released only when a death fills the release slot.
  const released = slots.includes(releaseSlot);
  if (!released) return { slots, releaseSlot, released, abilityTokensReturned: 0, wardunTokenFreed: false, rules };
  const tokens = input.abilityTokens;
  // EXS-FACTION-WARDUN-1: the Wardun token is on the board only after the ability fired (both slots filled).
  const wardunTokenFreed = faction !== 'wardun' ? false : tokens === undefined ? null : tokens === 2;
  if (faction === 'wardun') rules.push('EXS-FACTION-WARDUN-1');
  return { slots, releaseSlot, released, abilityTokensReturned: tokens ?? null, wardunTokenFreed, rules };
}
