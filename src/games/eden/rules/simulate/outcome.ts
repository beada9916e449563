/**
 * What one resolution contributes to a simulation: the attack's success, and what happened to the
 * fighter attacked (the melee target, or the fighter a shot actually hit) and, in a melee, to the
 * attacker (a Response can hurt it).
 */
import { LIMBS, isOutOfAction, type Fighter, type Limb } from '../fighter.js';
import { resolveMelee, type MeleeInput, type MeleeResult } from '../melee.js';
import { resolveShot, type ShotInput, type ShotResult } from '../ranged.js';
import type { Dice } from '../../../../kernel/dice/index.js';
import { ensureFighter } from '../checks.js';
import type { CharacteristicRoll } from '../rolls.js';
import type { TracedResolver } from './sampler.js';

export interface Outcome {
  success: boolean;
  /** The fighter attacked is out of action afterwards. */
  outOfAction: boolean;
  /** PC the fighter attacked lost. */
  marked: number;
  /** PC lost per limb (index as LIMBS). */
  byLimb: [number, number, number, number];
  /** Melee: PC the attacker lost (Response); ranged: 0. */
  attackerMarked: number;
  attackerOutOfAction: boolean;
  /** Ranged: the shot was redirected (EDEN-RANGED-4) / found no target. */
  redirected: boolean;
  noTarget: boolean;
}

export type SimulationKind = 'eden.melee' | 'eden.ranged';
export const SIMULATION_KINDS: readonly SimulationKind[] = ['eden.melee', 'eden.ranged'];

function limbLoss(before: Fighter, after: Fighter, out: [number, number, number, number]): number {
  let total = 0;
  for (let i = 0; i < 4; i++) {
    const limb: Limb = LIMBS[i]!;
    const d = after.wounds[limb] - before.wounds[limb];
    out[i] = d;
    total += d;
  }
  return total;
}

export function meleeOutcome(input: MeleeInput, r: MeleeResult): Outcome {
  const byLimb: [number, number, number, number] = [0, 0, 0, 0];
  const marked = limbLoss(input.target, r.target, byLimb);
  const mine: [number, number, number, number] = [0, 0, 0, 0];
  const attackerMarked = limbLoss(input.attacker, r.attacker, mine);
  return {
    success: r.success,
    outOfAction: r.target.outOfAction === true,
    marked,
    byLimb,
    attackerMarked,
    attackerOutOfAction: r.attacker.outOfAction === true,
    redirected: false,
    noTarget: false,
  };
}

export function shotOutcome(input: ShotInput, r: ShotResult): Outcome {
  const byLimb: [number, number, number, number] = [0, 0, 0, 0];
  if (r.location && r.marked > 0) byLimb[LIMBS.indexOf(r.location.limb)] = r.marked;
  return {
    success: r.success,
    outOfAction: r.hit ? isOutOfAction(r.hit.fighter) : false,
    marked: r.marked,
    byLimb,
    attackerMarked: 0,
    attackerOutOfAction: false,
    redirected: r.redirectedTo !== null,
    noTarget: r.targetId === null,
  };
}

/** One resolution of `kind` with `dice`, reduced to its outcome. Throws what the rules throw. */
export type Resolver = (dice: Dice) => Outcome;

/**
 * The rule function's input from a stateless request body, as the endpoint builds it: fighter
 * defaults filled once (so every resolution skips it, and outcomes can diff wounds), `weather` as a
 * list. Used by simulations and exact odds alike.
 */
export function prepareInput(kind: SimulationKind, input: unknown): MeleeInput | ShotInput {
  if (kind === 'eden.melee') {
    const i = input as MeleeInput;
    return { ...i, attacker: ensureFighter(i.attacker), target: ensureFighter(i.target) };
  }
  const i = input as ShotInput;
  // the endpoint's body takes one weather name or a list; the rule function reads a list
  const weather = (i as { weather?: unknown }).weather;
  return {
    ...i,
    ...(weather !== undefined ? { weather: (Array.isArray(weather) ? weather : [weather]) as ShotInput['weather'] } : {}),
    shooter: ensureFighter(i.shooter),
    candidates: (i.candidates ?? []).map((c) => ({
      ...c,
      fighter: ensureFighter(c.fighter),
      ...(c.engagedWith ? { engagedWith: c.engagedWith.map((e) => ({ ...e, fighter: ensureFighter(e.fighter) })) } : {}),
    })),
  };
}

/** A resolver that also hands back the characteristic rolls it made (for the MemoSampler). */
export function tracedResolverFor(kind: SimulationKind, input: unknown): TracedResolver {
  if (kind === 'eden.melee') {
    const i = prepareInput(kind, input) as MeleeInput;
    return (dice) => {
      const r = resolveMelee(i, dice);
      const pools: (CharacteristicRoll | null)[] = [];
      for (const e of r.exchanges) pools.push(e.roll, e.dodge);
      // EDEN-MELEE-4: the opposed CBT pairs come first in the dice order (CONTRACT §1)
      const opposed = r.opposed ? { start: 0, rounds: r.opposed.rounds.length, a: r.opposed.a.value, b: r.opposed.b.value } : null;
      return { outcome: meleeOutcome(i, r), pools, opposed };
    };
  }
  const i = prepareInput(kind, input) as ShotInput;
  return (dice) => {
    const r = resolveShot(i, dice);
    return { outcome: shotOutcome(i, r), pools: [r.roll, r.potency?.roll] };
  };
}

export function resolverFor(kind: SimulationKind, input: unknown): Resolver {
  if (kind === 'eden.melee') {
    const i = prepareInput(kind, input) as MeleeInput;
    return (dice) => meleeOutcome(i, resolveMelee(i, dice));
  }
  const i = prepareInput(kind, input) as ShotInput;
  return (dice) => shotOutcome(i, resolveShot(i, dice));
}
