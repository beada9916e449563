/**
 * The schema versions of Exsilium's full-match events whose stored data changed (CONTRACT §8.2:
 * stored events are the game's facts and outlive releases), with the upcaster of every earlier
 * version; src/app/matches/engine-events.ts registers them. Every other table event type is still
 * at version 1.
 *
 * `exsilium.combat_resolved` v2 (`CombatFacts`, evolve-turn.ts): `{combat, winner, effects, draws,
 * dice}` — the combat, its winner, what changed on the table, the cards drawn and the seed of the
 * shuffles. v1 `{combat, winner, result, effects}` also stored the rules core's answer (strengths,
 * totals, consequences, rule lists, the deck transcript): its upcaster keeps the transcript's draws
 * and its seed (when something was shuffled) and drops the rest; the fold reads `effects` alone.
 */

import type { EventVersion } from '../../../kernel/event-definition.js';
import { isRecord } from '../../../kernel/records.js';

/** v1 → v2: `result` dropped; its deck transcript's draws kept, and its seed when it shuffled (seedOf's "fixed" for fixed dice: null). */
function upcastCombatResolvedV1(data: unknown): unknown {
  if (!isRecord(data) || !('result' in data) || 'dice' in data) return data;
  const { result, ...facts } = data;
  const decks = isRecord(result) && isRecord(result.decks) ? result.decks : {};
  const shuffled = Array.isArray(decks.shuffles) && decks.shuffles.length > 0;
  const seed = shuffled && typeof decks.seed === 'string' && decks.seed !== 'fixed' ? decks.seed : null;
  return { ...facts, draws: Array.isArray(decks.draws) ? decks.draws : [], dice: { seed, values: [] } };
}

/** Exsilium's table event types at a version above 1, by type. */
export const EXSILIUM_EVENT_VERSIONS: Readonly<Record<string, EventVersion>> = {
  'exsilium.combat_resolved': {
    schemaVersion: 2,
    upcasters: { 1: upcastCombatResolvedV1 },
    description:
      'EXS-COMBAT-TRIGGER-4 / EXS-COMBAT-PVP-5 / EXS-COMBAT-NEWARU-5/6: a combat resolved. v2: the facts — `combat`, `winner`, `effects` (what changed on the table), `draws` (the Outcome and enemy action cards drawn, in order) and `dice` `{seed, values: []}` (the seed of its shuffles; null when nothing was shuffled or the dice were fixed); v1 (with the rules core’s `result`) is read as v2.',
  },
};
