/**
 * Territory management tests (§16, ES only): Climb, Swim, Jump, Hostile Presence and Obstruction.
 * Pure: (fighter, X, dice) → outcome; every roll is a characteristic roll (EDEN-ROLL-1..3).
 */
import type { Dice } from '../../../kernel/dice/index.js';
import { InvalidInput, RuleViolation } from '../../../kernel/errors.js';
import { LIMBS, characteristic, isOutOfAction, limbForFace, markWounds, type Fighter, type Limb } from './fighter.js';
import { characteristicRoll, locationDie, type CharacteristicRoll } from './rolls.js';

export interface WoundEntry {
  limb: Limb;
  face?: number;
  marked: number;
}

export interface TerrainOutcome {
  fighter: Fighter;
  rolls: { purpose: string; roll: CharacteristicRoll }[];
  wounds: WoundEntry[];
  apSpent: number;
  outOfAction: boolean;
}

function requireActive(f: Fighter): void {
  if (isOutOfAction(f) || f.outOfAction === true) {
    throw new RuleViolation('out_of_action', `${f.name} is out of action and no longer on the table (EDEN-WOUND-4).`);
  }
}

function payAp(f: Fighter, cost: number, what: string): Fighter {
  if (f.ap < cost) throw new RuleViolation('no_ap', `${what} costs ${cost} AP and ${f.name} has ${f.ap}.`, { ap: f.ap, cost });
  return { ...f, ap: f.ap - cost };
}

/** One wound on each limb, protection ignored; out of action checked once after all four (EDEN-AMB-13). */
function woundEveryLimb(f: Fighter, wounds: WoundEntry[]): Fighter {
  let fighter = f;
  for (const limb of LIMBS) {
    const r = markWounds(fighter, limb, 1, { ignoreProtection: true });
    fighter = r.fighter;
    wounds.push({ limb, marked: r.marked });
  }
  return fighter;
}

export interface ClimbOutcome extends TerrainOutcome {
  climbed: boolean;
}

/**
 * EDEN-TERRAIN-R-CLIMB (Escalada (X)): a Move costing 2 AP; RAP roll vs X. 0 successes → stays put,
 * then VIG roll vs X; 0 successes → one wound on each limb, protection ignored.
 */
export function climb(f: Fighter, x: number, dice: Dice): ClimbOutcome {
  requireActive(f);
  let fighter = payAp(f, 2, 'Climbing (EDEN-TERRAIN-R-CLIMB)');
  const rolls: TerrainOutcome['rolls'] = [];
  const wounds: WoundEntry[] = [];
  const rap = characteristicRoll(dice, `${f.id} climb RAP`, characteristic(fighter, 'RAP'), x);
  rolls.push({ purpose: 'climb', roll: rap });
  // EDEN-TERRAIN-R-CLIMB step 3: at least one success → placed on the raised position
  if (rap.successes >= 1) return { fighter, rolls, wounds, apSpent: 2, outOfAction: false, climbed: true };
  // EDEN-TERRAIN-R-CLIMB step 4: the move fails; VIG roll vs X, 0 successes → a wound on each limb
  const vig = characteristicRoll(dice, `${f.id} climb fall VIG`, characteristic(fighter, 'VIG'), x);
  rolls.push({ purpose: 'fall', roll: vig });
  if (vig.successes === 0) fighter = woundEveryLimb(fighter, wounds);
  return { fighter, rolls, wounds, apSpent: 2, outOfAction: isOutOfAction(fighter), climbed: false };
}

export interface SwimOutcome extends TerrainOutcome {
  crossed: boolean;
  /** The VIG penalty: one per item carried, a Complete protection counting 2. */
  penalty: number;
}

/** EDEN-TERRAIN-R-SWIM: items carried; «Una protección completa cuenta como dos equipos». */
export function swimPenalty(f: Fighter): number {
  let n = 0;
  for (const e of f.equipment) n += e.protection?.limbs === 'all' ? 2 : 1;
  return n;
}

/**
 * EDEN-TERRAIN-R-SWIM (Nado (X)): a Move costing 2 AP; VIG (minus the items carried) vs X, repeated
 * after each failure, which costs one Head wound with protection ignored, until a success or out of
 * action. With a penalised VIG ≤ 0 every roll fails without dice (EDEN-ROLL-3).
 */
export function swim(f: Fighter, x: number, dice: Dice): SwimOutcome {
  requireActive(f);
  let fighter = payAp(f, 2, 'Swimming (EDEN-TERRAIN-R-SWIM)');
  const penalty = swimPenalty(f);
  const rolls: TerrainOutcome['rolls'] = [];
  const wounds: WoundEntry[] = [];
  for (let attempt = 1; ; attempt++) {
    const vig = characteristic(fighter, 'VIG', { VIG: -penalty });
    const roll = characteristicRoll(dice, `${f.id} swim VIG (attempt ${attempt})`, vig, x);
    rolls.push({ purpose: `swim ${attempt}`, roll });
    // EDEN-TERRAIN-R-SWIM step 5: a success → placed in contact with the element within 20 cm
    if (roll.successes >= 1) return { fighter, rolls, wounds, apSpent: 2, outOfAction: false, crossed: true, penalty };
    // EDEN-TERRAIN-R-SWIM step 3: a failure → 1 Head wound, protection ignored, then roll again
    const r = markWounds(fighter, 'head', 1, { ignoreProtection: true });
    fighter = r.fighter;
    wounds.push({ limb: 'head', marked: r.marked });
    // EDEN-TERRAIN-R-SWIM step 4: until a success or out of action
    if (isOutOfAction(fighter)) return { fighter, rolls, wounds, apSpent: 2, outOfAction: true, crossed: false, penalty };
  }
}

export interface JumpOutcome extends TerrainOutcome {
  jumped: boolean;
}

/**
 * EDEN-TERRAIN-R-JUMP (Salto (X)): a Move action (1 AP); RAP roll vs X; 0 successes → automatically
 * out of action. EDEN-AMB-32: on success it lands touching the far side, ≤ 10 cm counted like a Move.
 */
export function jump(f: Fighter, x: number, dice: Dice): JumpOutcome {
  requireActive(f);
  const fighter = payAp(f, 1, 'Jumping (a Move action, EDEN-TERRAIN-R-JUMP)');
  const roll = characteristicRoll(dice, `${f.id} jump RAP`, characteristic(fighter, 'RAP'), x);
  const rolls = [{ purpose: 'jump', roll }];
  if (roll.successes >= 1) return { fighter, rolls, wounds: [], apSpent: 1, outOfAction: false, jumped: true };
  // EDEN-TERRAIN-R-JUMP: «queda automáticamente fuera de combate»
  return { fighter: { ...fighter, outOfAction: true }, rolls, wounds: [], apSpent: 1, outOfAction: true, jumped: false };
}

/**
 * EDEN-TERRAIN-R-HOSTILE (Presencia Hostil (X)): X wounds, protection ignored, one location roll per
 * wound. Once the fighter is out of action the remaining wounds are discarded and not rolled.
 */
export function hostilePresence(f: Fighter, x: number, dice: Dice): TerrainOutcome {
  requireActive(f);
  let fighter = f;
  const wounds: WoundEntry[] = [];
  for (let i = 1; i <= x && !isOutOfAction(fighter); i++) {
    const face = locationDie(dice, `${f.id} hostile presence location ${i}`);
    const limb = limbForFace(fighter, face);
    if (!limb)
      throw new InvalidInput([
        { path: '/fighter/limbs', code: 'faces_incomplete', message: `No limb of ${f.name} has location face ${face}; the four limbs must share out 1..6.` },
      ]);
    const r = markWounds(fighter, limb, 1, { ignoreProtection: true });
    fighter = r.fighter;
    wounds.push({ limb, face, marked: r.marked });
  }
  return { fighter, rolls: [], wounds, apSpent: 0, outOfAction: isOutOfAction(fighter) };
}

export interface ObstructionOutcome {
  /** Movement spent: cm outside + X × cm inside. */
  cost: number;
  allowance: number;
  allowed: boolean;
  /** The most cm that fit inside the element after the cm outside. */
  maxInside: number;
}

/**
 * EDEN-TERRAIN-R-OBSTRUCTION (Obstrucción (X)): each cm inside costs X cm. EDEN-EX-6: 10 cm of Move
 * wholly inside an Obstruction (2) swamp covers at most 5 cm.
 */
export function obstruction(x: number, inside: number, outside: number, allowance: number): ObstructionOutcome {
  const cost = outside + x * inside;
  const room = Math.max(0, allowance - outside);
  return { cost, allowance, allowed: cost <= allowance, maxInside: x > 0 ? room / x : room };
}
