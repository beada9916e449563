/**
 * What an NPC does when activated in upkeep step 2 (EDEN-NPC-4, ES «Infestación», CNJ): Attack if a
 * fighter is in contact, else Charge the nearest visible fighter closer than 10 cm, else Wander 5 cm.
 * EDEN-AMB-30: only player fighters count; EDEN-AMB-22: ties are the activating player's choice.
 */
import { RuleViolation } from '../../../kernel/errors.js';
import { targetableWhenConcealed } from './scenery.js';

export interface NpcContact {
  id: string;
  /** Another NPC: NPCs only target player fighters (EDEN-AMB-30). */
  npc?: boolean;
}

export interface NpcVisible {
  id: string;
  /** Edge-to-edge distance in cm (EDEN-AMB-8). */
  distance: number;
  lineOfSight: boolean;
  npc?: boolean;
  /** Hidden by Concealment: an NPC more than 5 cm away cannot choose it (EDEN-TERRAIN-R-CONCEALMENT, EDEN-AMB-30). */
  concealed?: boolean;
}

export interface NpcInput {
  contacts: NpcContact[];
  visible: NpcVisible[];
  /** The activating player's pick among the legal targets (EDEN-NPC-4, EDEN-AMB-22). */
  targetId?: string;
}

export interface NpcDecision {
  action: 'attack' | 'charge' | 'wander';
  targetId?: string;
  /** The legal choices for the target (all equally legal). */
  candidates: string[];
  /** Wander distance (cm), direction chosen by the activating player. */
  distance?: number;
  rule: string;
}

/** EDEN-NPC-4 charge trigger: strictly less than 10 cm («a menos de 10 cm»). */
const CHARGE_RANGE = 10;
/** EDEN-NPC-4 wander: 5 cm. */
const WANDER_DISTANCE = 5;

function pick(candidates: string[], targetId: string | undefined, action: string): string {
  if (targetId === undefined) return candidates[0]!;
  if (!candidates.includes(targetId)) {
    throw new RuleViolation('illegal_target', `"${targetId}" is not a legal ${action} target; legal: ${candidates.join(', ')}.`, { legalTargets: candidates });
  }
  return targetId;
}

export function decideNpc(input: NpcInput): NpcDecision {
  const contacts = input.contacts.filter((c) => c.npc !== true);
  // EDEN-NPC-4 (1): Attack is mandatory when a fighter is in contact; the activating player picks which
  if (contacts.length > 0) {
    const candidates = [...new Set(contacts.map((c) => c.id))];
    return { action: 'attack', targetId: pick(candidates, input.targetId, 'attack'), candidates, rule: 'EDEN-NPC-4' };
  }
  // EDEN-NPC-4 (2): Charge is mandatory when free and a fighter in LoS is < 10 cm away; target the nearest in LoS
  // EDEN-TERRAIN-R-CONCEALMENT: a hidden fighter more than 5 cm away can be neither target nor trigger
  const inSight = input.visible.filter((v) => v.npc !== true && v.lineOfSight && targetableWhenConcealed(v.concealed, v.distance));
  const trigger = inSight.some((v) => v.distance < CHARGE_RANGE);
  if (trigger) {
    const nearest = Math.min(...inSight.map((v) => v.distance));
    // EDEN-AMB-22: equally near candidates are the activating player's choice
    const candidates = [...new Set(inSight.filter((v) => v.distance === nearest).map((v) => v.id))];
    return { action: 'charge', targetId: pick(candidates, input.targetId, 'charge'), candidates, rule: 'EDEN-NPC-4' };
  }
  // EDEN-NPC-4 (3): otherwise Wander 5 cm in a direction chosen by the activating player
  if (input.targetId !== undefined) {
    throw new RuleViolation('illegal_target', 'The NPC wanders: no fighter is in contact or within 10 cm in its line of sight, so it has no target.', { legalTargets: [] });
  }
  return { action: 'wander', candidates: [], distance: WANDER_DISTANCE, rule: 'EDEN-NPC-4' };
}

/**
 * EDEN-NPC-2 (Infestation, Preparation step 6bis): each player gets Infestation Points equal to the
 * Infestation Level and spends X per NPC of Level X. Returns the points left, or a problem when the
 * NPC levels bought cost more than the points (EDEN-EX-10).
 */
export function infestationPurchase(level: number, npcLevels: readonly number[]): { points: number; spent: number; left: number; allowed: boolean } {
  const spent = npcLevels.reduce((n, l) => n + l, 0);
  return { points: level, spent, left: level - spent, allowed: spent <= level && npcLevels.every((l) => l >= 1) };
}
