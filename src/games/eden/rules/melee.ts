/** EDEN melee attack (digest §11): passive, dodge and response reactions. */
import type { Dice } from '../../../kernel/dice/index.js';
import { aimLocation, type Aim, type Location } from './location.js';
import { characteristicRoll, locationDie, opposedRoll, type CharacteristicRoll, type OpposedRoll } from './rolls.js';
import {
  addMarkers,
  characteristic,
  findEquipment,
  isNpc,
  isOutOfAction,
  markWounds,
  type Equipment,
  type Fighter,
  type Limb,
  type Modifiers,
  withOutOfAction,
} from './fighter.js';
import { apCost, assertAttackLeft, assertInAction, assertNotAfraid, ensureFighter } from './checks.js';
import { InvalidInput, RuleViolation } from '../../../kernel/errors.js';

export type Reaction = 'passive' | 'dodge' | 'response';
export type MeleeVia = 'attack' | 'engage' | 'disengage';
export type Side = 'attacker' | 'target';

export interface MeleeInput {
  attacker: Fighter;
  target: Fighter;
  /** Default `passive`; NPC targets always respond, disengagement targets are always passive. */
  reaction?: Reaction;
  aim?: Aim;
  targetAim?: Aim;
  via?: MeleeVia;
  modifiers?: { attacker?: Modifiers; target?: Modifiers };
  /** Equipment names whose bonus (and Fire/Fear) apply to each side's strikes (EDEN-EQUIP-4). */
  weapon?: string;
  targetWeapon?: string;
  /** Attacks already made this turn (EDEN-ATTACK-2), checked when supplied. */
  attacksThisTurn?: { attacker?: number; target?: number };
  /** Engages already made this turn by the attacker (EDEN-ENGAGE-1: 1 / Turn), checked when supplied. */
  engagesThisTurn?: number;
  /** Territory Elevation: the side stands on the raised position above its adversary (+2 CBT, EDEN-TERRAIN-R-ELEVATION). */
  elevated?: { attacker?: boolean; target?: boolean };
}

export interface Exchange {
  striker: Side;
  roll: CharacteristicRoll;
  /** null when the roll had no success (EDEN-AMB-39: no location die). */
  location: Location | null;
  /** The target's RAP roll against this strike (EDEN-MELEE-5), or null. */
  dodge: CharacteristicRoll | null;
  /** Successes left after spending on the location and the dodge: wounds inflicted. */
  inflicted: number;
  protection: number;
  marked: number;
  /** EDEN-WOUND-6: the struck fighter lost at least 1 PC. */
  success: boolean;
}

export interface MeleeResult {
  /** EDEN-WOUND-6: the attacker's strike made the target lose at least 1 PC. */
  success: boolean;
  reaction: Reaction;
  via: MeleeVia;
  /** The opposed CBT roll of a response (EDEN-MELEE-4), else null. */
  opposed: OpposedRoll | null;
  exchanges: Exchange[];
  attacker: Fighter;
  target: Fighter;
  apSpent: { attacker: number; target: number };
}

/** EDEN-TERRAIN-R-ELEVATION: «bonificación de +2 al CBT en los ataques cuerpo a cuerpo contra un adversario que está por debajo». */
const ELEVATION: Modifiers = { CBT: 2 };

/** EDEN-ENGAGE-1 costs 2 AP; Attack (EDEN-ATTACK-1) and a disengagement attack (EDEN-MOVE-ACT-2) 1 AP. */
const VIA_COST: Record<MeleeVia, number> = { attack: 1, engage: 2, disengage: 1 };

/**
 * One side of a melee as the rules set it up before any die is rolled: its fighter, its
 * `modifiers`, the weapon whose bonus applies to it (EDEN-EQUIP-4), its aim and its Territory
 * Elevation bonus. Every value the side rolls with comes from `strikeCbt` / `strikeVig` /
 * `dodgeRap` on it, in `resolveMelee` and in the exact odds alike.
 */
export interface MeleeSide {
  side: Side;
  fighter: Fighter;
  mods: Modifiers | undefined;
  weapon: Equipment | undefined;
  aim: Aim | undefined;
  /** EDEN-TERRAIN-R-ELEVATION: +2 CBT in melee against an adversary below. */
  elevation: Modifiers | undefined;
}

/** Everything `resolveMelee` settles before the first die (`meleeSetup`). */
export interface MeleeSetup {
  /** The effective reaction (NPC targets respond, disengagement targets are passive). */
  reaction: Reaction;
  via: MeleeVia;
  apSpent: { attacker: number; target: number };
  /** Both sides, with the AP they pay already deducted. */
  attacker: MeleeSide;
  target: MeleeSide;
}

function meleeWeapon(f: Fighter, name: string | undefined, path: string): Equipment | undefined {
  if (name === undefined) return undefined;
  const item = findEquipment(f, name);
  if (!item) throw new InvalidInput([{ path, code: 'unknown_equipment', message: `${f.id} carries no equipment named "${name}".` }]);
  return item;
}

/**
 * Each side's parameters for this melee (EDEN-MELEE-3/4/5): weapon (EDEN-EQUIP-4; an unknown
 * name is 400 `unknown_equipment`), modifiers, aim and Elevation. `fighters` default to the
 * input's fighters (normalised).
 */
export function meleeSides(
  input: MeleeInput,
  fighters: { attacker: Fighter; target: Fighter } = { attacker: ensureFighter(input.attacker), target: ensureFighter(input.target) },
): { attacker: MeleeSide; target: MeleeSide } {
  // EDEN-TERRAIN-R-ELEVATION: only the side above its adversary (both raised: neither is below)
  const raisedA = input.elevated?.attacker === true;
  const raisedT = input.elevated?.target === true;
  return {
    attacker: {
      side: 'attacker',
      fighter: fighters.attacker,
      mods: input.modifiers?.attacker,
      weapon: meleeWeapon(fighters.attacker, input.weapon, '/weapon'),
      aim: input.aim,
      elevation: raisedA && !raisedT ? ELEVATION : undefined,
    },
    target: {
      side: 'target',
      fighter: fighters.target,
      mods: input.modifiers?.target,
      weapon: meleeWeapon(fighters.target, input.targetWeapon, '/targetWeapon'),
      aim: input.targetAim,
      elevation: raisedT && !raisedA ? ELEVATION : undefined,
    },
  };
}

/** EDEN-MELEE-3 step 3 / EDEN-MELEE-4 / EDEN-MELEE-5 step 6: the side's current CBT for this attack (weapon, modifiers, Elevation +2). */
export const strikeCbt = (s: MeleeSide): number => characteristic(s.fighter, 'CBT', s.weapon?.bonus, s.mods, s.elevation);
/** EDEN-MELEE-3 step 3: the difficulty of a strike against the side, its current VIG. */
export const strikeVig = (d: MeleeSide): number => characteristic(d.fighter, 'VIG', d.weapon?.bonus, d.mods);
/** EDEN-MELEE-5 step 6: the side's RAP when it dodges. */
export const dodgeRap = (d: MeleeSide): number => characteristic(d.fighter, 'RAP', d.weapon?.bonus, d.mods);

/**
 * EDEN-MELEE-3 step 6 / EDEN-MELEE-5 step 7: `remaining` successes of S land on `limb` of the
 * struck fighter `struck` as wounds, less protection (EDEN-WOUND-5); EDEN-AMB-25: a Fire/Fear
 * melee weapon marks it when a success remained after the dodge.
 */
export function strikeWounds(s: MeleeSide, struck: Fighter, limb: Limb, remaining: number): { fighter: Fighter; protection: number; marked: number } {
  const hit = markWounds(struck, limb, remaining);
  let after = hit.fighter;
  if (remaining > 0 && s.weapon && (s.weapon.fire || s.weapon.fear)) {
    after = addMarkers(after, { fire: s.weapon.fire ?? 0, fear: s.weapon.fear ?? 0 });
  }
  return { fighter: after, protection: hit.protection, marked: hit.marked };
}

/**
 * STRIKE(S→D) (EDEN-MELEE-3): S's CBT roll against D's VIG, location die, successes spent on the
 * location keeping one; with `dodge`, D's RAP roll against S's current CBT cancels successes
 * (EDEN-MELEE-5); remaining successes are wounds, less protection (EDEN-WOUND-5).
 */
function strike(dice: Dice, s: MeleeSide, d: MeleeSide, dodge: boolean): Exchange {
  const cbt = strikeCbt(s);
  const roll = characteristicRoll(dice, s.side + ' CBT', cbt, strikeVig(d));
  // EDEN-AMB-39: zero successes → no location die, no wounds, failure
  if (roll.successes === 0) {
    return { striker: s.side, roll, location: null, dodge: null, inflicted: 0, protection: 0, marked: 0, success: false };
  }
  // EDEN-MELEE-3 steps 4–5 (EDEN-ROLL-6/7)
  const location = aimLocation(d.fighter, locationDie(dice, s.side + ' location'), roll.successes, s.aim);
  let remaining = roll.successes - Math.abs(location.shift);
  let dodgeRoll: CharacteristicRoll | null = null;
  if (dodge) {
    // EDEN-MELEE-5 step 6: RAP against the initiator's current CBT; each success cancels one
    dodgeRoll = characteristicRoll(dice, d.side + ' RAP (dodge)', dodgeRap(d), cbt);
    remaining = Math.max(0, remaining - dodgeRoll.successes);
  }
  const hit = strikeWounds(s, d.fighter, location.limb, remaining);
  d.fighter = hit.fighter;
  return {
    striker: s.side,
    roll,
    location,
    dodge: dodgeRoll,
    inflicted: remaining,
    protection: hit.protection,
    marked: hit.marked,
    success: hit.marked > 0,
  };
}

/**
 * Everything before the first die of a melee (EDEN-MELEE-1/2/7, EDEN-ATTACK-2, EDEN-ENGAGE-1,
 * EDEN-STATE-FEAR-1, EDEN-NPC-5): the preconditions (RuleViolation / InvalidInput, as
 * `resolveMelee` throws them), the effective reaction, the AP each side pays and both sides.
 */
export function meleeSetup(input: MeleeInput): MeleeSetup {
  const attacker = ensureFighter(input.attacker);
  const target = ensureFighter(input.target);
  const via: MeleeVia = input.via ?? 'attack';
  assertInAction(attacker, 'attacker');
  assertInAction(target, 'target');
  if (attacker.id === target.id) throw new RuleViolation('illegal_target', 'A fighter cannot attack itself (EDEN-MELEE-2).', { legalTargets: [] });

  // EDEN-STATE-FEAR-1: no Attack, no Engage (and no disengagement attack) under Fear
  assertNotAfraid(attacker, 'attacker');
  const attackerAp = apCost(attacker, VIA_COST[via], 'attacker');
  // EDEN-ATTACK-2: every melee attack counts towards the 2 Attacks per turn
  assertAttackLeft(attacker, input.attacksThisTurn?.attacker, 'attacker');
  // EDEN-ENGAGE-1: 1 / Turn
  if (via === 'engage' && input.engagesThisTurn !== undefined && input.engagesThisTurn >= 1 && !isNpc(attacker)) {
    throw new RuleViolation('engage_limit', `The attacker (${attacker.id}) already Engaged this turn (EDEN-ENGAGE-1: 1 / Turn).`, { fighterId: attacker.id });
  }

  let reaction: Reaction = input.reaction ?? 'passive';
  // EDEN-MELEE-7 / EDEN-MOVE-ACT-2: the disengaging fighter is always Passive
  if (via === 'disengage') reaction = 'passive';
  // EDEN-MELEE-2 / EDEN-NPC-5 / EDEN-AMB-30: NPCs always Respond, at no cost and without limit
  else if (isNpc(target)) reaction = 'response';

  let targetAp = 0;
  if (reaction === 'dodge') {
    // EDEN-MELEE-5 (EDEN-AMB-38: allowed under Fear): 1 AP
    targetAp = apCost(target, 1, 'target');
  } else if (reaction === 'response') {
    // EDEN-STATE-FEAR-1: no Response under Fear
    if (target.markers.fear > 0 && !isNpc(target)) {
      throw new RuleViolation(
        'fear_forbids_response',
        `The target (${target.id}) has a Fear marker and may not Respond (EDEN-STATE-FEAR-1); it may Dodge or stay Passive (EDEN-AMB-38).`,
        { fighterId: target.id },
      );
    }
    // EDEN-MELEE-2: 1 AP and an Attack use left this turn
    targetAp = apCost(target, 1, 'target');
    assertAttackLeft(target, input.attacksThisTurn?.target, 'target');
  }

  const sides = meleeSides(input, {
    attacker: attackerAp ? { ...attacker, ap: attacker.ap - attackerAp } : attacker,
    target: targetAp ? { ...target, ap: target.ap - targetAp } : target,
  });
  return { reaction, via, apSpent: { attacker: attackerAp, target: targetAp }, ...sides };
}

/** Resolve one melee attack (EDEN-MELEE-1..7). Throws RuleViolation before rolling when illegal. */
export function resolveMelee(input: MeleeInput, dice: Dice): MeleeResult {
  const { reaction, via, apSpent, attacker: a, target: t } = meleeSetup(input);

  const exchanges: Exchange[] = [];
  let opposed: OpposedRoll | null = null;
  let success = false;
  if (reaction === 'response') {
    // EDEN-MELEE-4: opposed CBT (attacker's die first), winner strikes, then the loser if still in play
    opposed = opposedRoll(dice, 'attacker CBT (opposed)', 'target CBT (opposed)', strikeCbt(a), strikeCbt(t));
    const [w, l] = opposed.winner === 'a' ? [a, t] : [t, a];
    const first = strike(dice, w, l, false);
    exchanges.push(first);
    if (!isOutOfAction(l.fighter)) exchanges.push(strike(dice, l, w, false));
    for (const e of exchanges) if (e.striker === 'attacker') success = e.success;
  } else {
    // EDEN-MELEE-3 (passive) / EDEN-MELEE-5 (dodge)
    const e = strike(dice, a, t, reaction === 'dodge');
    exchanges.push(e);
    success = e.success;
  }

  return {
    success,
    reaction,
    via,
    opposed,
    exchanges,
    attacker: withOutOfAction(a.fighter),
    target: withOutOfAction(t.fighter),
    apSpent,
  };
}
