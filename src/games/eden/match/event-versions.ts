/**
 * The schema versions of EDEN's events whose stored data changed (CONTRACT §8.2: stored events are
 * the game's facts and outlive releases), with the upcaster of every earlier version.
 * src/app/matches/engine-events.ts registers them; every other EDEN event type is still at version 1.
 *
 * Version 2 of the attack events (`eden.melee_resolved`, `eden.shot_resolved`,
 * `eden.throw_resolved`, `eden.spray_resolved`) and of `eden.scenery_attacked` keeps the facts
 * only: who attacked whom (ids), with which weapon, what changed on each fighter (`changes`: by
 * fighter id, its new `wounds`, `markers` and `ap`, only those that changed) and the dice drawn
 * (`dice: {seed, values}`). Version 1 stored the rules core's answer (`result`) and every changed
 * fighter whole (`fighters`, profiles included) with the dice transcript: its upcaster keeps the
 * members the fold reads (wounds, markers, AP of every fighter listed) and the faces drawn.
 *
 * The other events that stored whole fighters or a rules core's answer are at version 2 the same
 * way (below): `eden.fighter_moved`, `eden.fire_doused`, `eden.upkeep_resolved`,
 * `eden.npc_activated`, `eden.scenery_contact_resolved` and `eden.weather_effects_resolved` keep
 * the ids, the choices made, `changes` and the faces drawn; their v1 `fighters`, core `log`,
 * `wounds` rolls, melee result and NPC candidates are dropped when read.
 */
import type { EventVersion } from '../../../kernel/event-definition.js';
import { diceFactOf, transcriptToFact } from '../../../kernel/dice/facts.js';
import { setOwn, type Disengagement, type FighterChange, type FighterChanges, type NpcAction } from './state.js';
import { isRecord } from '../../../kernel/records.js';

/** v1 `fighters: [{id, fighter}]` → v2 `changes`: every fighter listed, with the members the fold replaces (the profile is left out). */
function changesOf(fighters: unknown[]): FighterChanges {
  const changes: FighterChanges = {};
  for (const u of fighters) {
    if (!isRecord(u) || typeof u.id !== 'string' || !isRecord(u.fighter)) continue;
    const f = u.fighter;
    const change: FighterChange = {};
    if (isRecord(f.wounds)) change.wounds = f.wounds as FighterChange['wounds'];
    if (isRecord(f.markers)) change.markers = f.markers as FighterChange['markers'];
    if (typeof f.ap === 'number') change.ap = f.ap;
    setOwn(changes, u.id, change);
  }
  return changes;
}

/** Whether `data` kept a v1 dice transcript (`dice.rolls`). */
const hasTranscript = (data: unknown): boolean => isRecord(data) && isRecord(data.dice) && Array.isArray(data.dice.rolls);

/** Whether `data` is of version 1 (whole fighters, no `changes`). */
const isV1 = (data: unknown): data is Record<string, unknown> => isRecord(data) && Array.isArray(data.fighters) && !('changes' in data);

/** v1 → v2 of an attack: `result` and the whole `fighters` dropped, `changes` and the faces drawn kept. */
function upcastAttackV1(data: unknown): unknown {
  if (!isV1(data)) return data;
  const { result: _result, fighters, dice, ...facts } = data;
  return { ...facts, changes: changesOf(fighters as unknown[]), dice: diceFactOf(dice) };
}

/** v1 → v2 of `eden.scenery_attacked`: the whole attacker dropped, its AP after the Attack kept (no dice: EDEN-AMB-33). */
function upcastSceneryAttackedV1(data: unknown): unknown {
  if (!isV1(data)) return data;
  const { fighters, ...facts } = data;
  return { ...facts, changes: changesOf(fighters as unknown[]) };
}

// ------------------------------------------------------------------ the other events that stored fighters whole

const strings = (x: unknown): string[] => (Array.isArray(x) ? x.filter((s): s is string => typeof s === 'string') : []);

/** v1 data with the whole fighters and the answer's members dropped: `changes` in their place, the faces drawn when it had dice. */
function v1Facts(data: Record<string, unknown>, answer: readonly string[]): Record<string, unknown> {
  const facts = Object.fromEntries(Object.entries(data).filter(([k]) => k !== 'fighters' && k !== 'dice' && !answer.includes(k)));
  return { ...facts, changes: changesOf(data.fighters as unknown[]), ...('dice' in data ? { dice: diceFactOf(data.dice) } : {}) };
}

/** v1 → v2 of `eden.fighter_moved`: the mover's AP in `changes`; the disengagement as resolved, without the core's roll (its faces are in `dice`). */
function upcastFighterMovedV1(data: unknown): unknown {
  if (!isV1(data)) return data;
  const d = data.disengage;
  const disengage: Disengagement | null = isRecord(d)
    ? { adversaries: strings(d.adversaries), difficulty: typeof d.difficulty === 'number' ? d.difficulty : 0, success: d.success === true }
    : null;
  return { ...v1Facts(data, ['disengage']), disengage };
}

/** v1 → v2 of `eden.fire_doused` and `eden.scenery_contact_resolved`: `changes` for the fighter whole (and no core wound rolls). */
function upcastFightersV1(data: unknown): unknown {
  return isV1(data) ? v1Facts(data, ['wounds']) : data;
}

/** The core's log entries of a step (v1 `log`). */
const logOf = (data: Record<string, unknown>, step: number) =>
  Array.isArray(data.log) ? data.log.filter((e): e is Record<string, unknown> => isRecord(e) && e.step === step) : [];

/** v1 → v2 of `eden.upkeep_resolved`: the core's log dropped; the fighters whose owner chose to remove a Rage marker (its step 6) kept. */
function upcastUpkeepV1(data: unknown): unknown {
  if (!isV1(data)) return data;
  return { ...v1Facts(data, ['log']), removeRage: logOf(data, 6).flatMap((e) => strings([e.fighterId])) };
}

/** v1 → v2 of `eden.weather_effects_resolved`: the core's log dropped (`engaged` was not kept by v1). */
function upcastWeatherEffectsV1(data: unknown): unknown {
  return isV1(data) ? v1Facts(data, ['log']) : data;
}

const NPC_ACTIONS: readonly NpcAction['action'][] = ['attack', 'charge', 'wander'];
const isNpcAction = (x: unknown): x is NpcAction['action'] => NPC_ACTIONS.some((a) => a === x);

/** v1 → v2 of `eden.npc_activated`: what the NPC did and to whom, the attack's reaction and success; the core's candidates, rule and melee result dropped. */
function upcastNpcActivatedV1(data: unknown): unknown {
  if (!isV1(data)) return data;
  const d = isRecord(data.decision) ? data.decision : {};
  const decision: NpcAction = {
    action: isNpcAction(d.action) ? d.action : 'wander',
    ...(typeof d.targetId === 'string' ? { targetId: d.targetId } : {}),
    ...(typeof d.distance === 'number' ? { distance: d.distance } : {}),
  };
  const m = data.melee;
  const melee = isRecord(m) ? { reaction: String(m.reaction), success: m.success === true } : null;
  return { ...v1Facts(data, ['decision', 'melee']), decision, melee };
}

const FACTS_V2 =
  'v2: the facts — ids, the choices made, `changes` (by fighter id: its new `wounds`, `markers`, `ap`, only those that changed) and `dice` `{seed, values}` (the faces drawn); v1 (the changed fighters whole, with the rules core’s answer and the dice transcript) is read as v2.';
const facts = (what: string, upcaster: (data: unknown) => unknown): EventVersion => ({ schemaVersion: 2, upcasters: { 1: upcaster }, description: `${what}. ${FACTS_V2}` });

const ATTACK_V2 =
  'v2: the facts — `attackerId`, `weapon`, `success`, `changes` (by fighter id: its new `wounds`, `markers`, `ap`, only those that changed) and `dice` `{seed, values}` (the faces drawn; seed null for fixed values or no die); v1 (the rules core’s `result` and the changed fighters whole, with the dice transcript) is read as v2.';
const attack = (what: string): EventVersion => ({ schemaVersion: 2, upcasters: { 1: upcastAttackV1 }, description: `${what}. ${ATTACK_V2}` });

/** v1 → v2 of an event that kept the dice transcript (with the answer's English `purpose` labels): its faces as the fact. */
const upcastTranscriptV1 = transcriptToFact('dice');

/** EDEN's event types at a version above 1, by type. */
export const EDEN_EVENT_VERSIONS: Readonly<Record<string, EventVersion>> = {
  'eden.melee_resolved': attack('EDEN-ATTACK-1 / EDEN-ENGAGE-1 / EDEN-MOVE-ACT-2: a melee attack between match fighters (`targetId`, `via`, `reaction`, `responded`)'),
  'eden.shot_resolved': attack('EDEN-RANGED-1..7: a shot (`targetId`: the fighter hit at, null with no eligible target)'),
  'eden.throw_resolved': attack('EDEN-THROW-1: a thrown weapon'),
  'eden.spray_resolved': attack('EDEN-SPRAY-1/2: a spray weapon'),
  'eden.scenery_attacked': {
    schemaVersion: 2,
    upcasters: { 1: upcastSceneryAttackedV1 },
    description:
      'EDEN-TERRAIN-R-DESTRUCTION / EDEN-AMB-33: an Attack on a scenery element (no dice). v2: `changes` holds the attacker’s AP after it (by fighter id); v1 (the attacker whole, profile included) is read as v2.',
  },
  'eden.first_player_determined': {
    schemaVersion: 2,
    upcasters: { 1: upcastTranscriptV1 },
    description:
      'EDEN-PREP-3 / EDEN-FIRST-1/2: the bids, the roll-off and the First player. v2: `dice` `{seed, values}` (the faces drawn); v1 kept the whole transcript, with the answer’s labels.',
  },
  'eden.weather_rolled': {
    schemaVersion: 2,
    upcasters: { 1: upcastTranscriptV1 },
    description: 'EDEN-PREP-0 / EDEN-WEATHER-1/9: the Weather rolled. v2: `dice` `{seed, values}` (the faces drawn); v1 kept the whole transcript, with the answer’s labels.',
  },
  'eden.fighter_moved': facts(
    'EDEN-MOVE-ACT-1/2: a Move (`apSpent`, `distance`) and its disengagement as resolved (`disengage`: `adversaries`, `difficulty`, `success`; v1 kept the core’s roll)',
    upcastFighterMovedV1,
  ),
  'eden.fire_doused': facts('EDEN-STATE-FIRE-2: Fire markers removed (`markers`; no dice)', upcastFightersV1),
  'eden.upkeep_resolved': facts('EDEN-UPKEEP-3..9: the Upkeep steps (`removeRage`: the fighters named for EDEN-UPKEEP-6; v1 kept the core’s `log`)', upcastUpkeepV1),
  'eden.npc_activated': facts(
    'EDEN-NPC-3..5: an NPC activated (`decision`: its `action` and `targetId`, or the `distance` it wandered; `melee`: the attack’s `reaction` and `success`, null when it wandered; v1 kept the core’s decision and melee result)',
    upcastNpcActivatedV1,
  ),
  'eden.scenery_contact_resolved': facts(
    'EDEN-TERRAIN-R-INFLAMMABLE / EDEN-TERRAIN-R-HOSTILE: contact with an element (`moment`, `fireAdded`; v1 kept the core’s wound rolls)',
    upcastFightersV1,
  ),
  'eden.weather_effects_resolved': facts(
    'EDEN-UPKEEP-11 / EDEN-WEATHER-2/7: end-of-turn weather (`conditions` in the order played, `engaged`: the fighters named not free, absent from v1; v1 kept the core’s `log`)',
    upcastWeatherEffectsV1,
  ),
};

/**
 * The data of `type` at its current version, whoever stored it: the fold reads v1 data too (a log
 * folded without the reads' upcasting, as tests and tools do), so it never depends on who upcast.
 */
export function current<T>(type: string, data: T): T {
  const v = Object.hasOwn(EDEN_EVENT_VERSIONS, type) ? EDEN_EVENT_VERSIONS[type] : undefined;
  return v && (isV1(data) || hasTranscript(data)) ? (v.upcasters[1]!(data) as T) : data;
}
