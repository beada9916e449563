/** EDEN Spray (EDEN-SPRAY-1..2): no roll, no line of sight; one wound on each limb of every covered fighter. */
import { isOutOfAction, type Fighter, type Limb } from './fighter.js';
import { NO_MARKS, itemMarkers, woundEachLimb } from './area.js';
import { apCost, ensureFighter, rangedAttackWeapon } from './checks.js';

export interface SprayInput {
  attacker: Fighter;
  weapon: string;
  /** Every fighter whose base the template covers, own fighters and NPCs included (EDEN-SPRAY-2). */
  covered: { id: string; fighter: Fighter }[];
  attackerEngaged?: boolean;
  attacksThisTurn?: number;
  weaponUses?: { turn?: number; game?: number };
}

export interface SprayHit {
  id: string;
  marked: number;
  markedByLimb: Record<Limb, number>;
  fighter: Fighter;
}

export interface SprayResult {
  /** EDEN-AMB-24: a success when any covered fighter lost at least 1 PC. */
  success: boolean;
  results: SprayHit[];
  attacker: Fighter;
  apSpent: number;
}

export function resolveSpray(input: SprayInput): SprayResult {
  let attacker = ensureFighter(input.attacker);
  const weapon = rangedAttackWeapon(attacker, {
    role: 'attacker',
    action: 'use Spray',
    category: 'spray',
    weapon: input.weapon,
    engaged: input.attackerEngaged,
    attacksThisTurn: input.attacksThisTurn,
    weaponUses: input.weaponUses,
  });
  const cost = apCost(attacker, 1, 'attacker');
  if (cost) attacker = { ...attacker, ap: attacker.ap - cost };

  let success = false;
  const results: SprayHit[] = [];
  for (const entry of input.covered) {
    let f = ensureFighter(entry.fighter);
    if (isOutOfAction(f) || f.outOfAction === true) {
      results.push({ id: entry.id, marked: 0, markedByLimb: { ...NO_MARKS }, fighter: { ...f, outOfAction: true } });
      continue;
    }
    // EDEN-SPRAY-2: one wound on each limb, protection ignored (EDEN-EQUIP-3)
    const hit = woundEachLimb(f);
    // EDEN-SPRAY-2 / EDEN-AMB-25: the weapon's other effects on everyone covered
    f = itemMarkers(hit.fighter, weapon);
    if (hit.marked > 0) success = true;
    results.push({ id: entry.id, marked: hit.marked, markedByLimb: hit.markedByLimb, fighter: { ...f, outOfAction: isOutOfAction(f) } });
  }
  return { success, results, attacker: { ...attacker, outOfAction: false }, apSpent: cost };
}
