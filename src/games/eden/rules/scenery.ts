/**
 * Territory management, scenery state (§16.1, ES only): Destruction (X), Inflammable, the burning
 * element's changed rules, and Concealment. Pure: (element state, fighter) → new state.
 */
import { RuleViolation } from '../../../kernel/errors.js';
import { addMarkers, isOutOfAction, type Fighter } from './fighter.js';
import { apCost, assertAttackLeft, assertNotAfraid } from './checks.js';
import { canonicalFaction } from './catalog/factions.js';
import { sceneryById, type SceneryRule, type SceneryRuleId } from './catalog/scenery.js';

export interface SceneryState {
  id: string;
  /** Catalog element (EDEN-TERRAIN-LIST-*), when it is one. */
  element?: string;
  /** The element's printed special rules. */
  rules: SceneryRule[];
  /** Attacks suffered so far this game (EDEN-TERRAIN-R-DESTRUCTION). */
  attacks: number;
  /** Fire markers on the element (EDEN-TERRAIN-R-INFLAMMABLE). */
  fire: number;
  destroyed?: boolean;
}

const DEVASTATED_ZONE = 'devastated_zone';

export function ruleValue(rules: readonly SceneryRule[], id: SceneryRuleId): number | undefined {
  const r = rules.find((x) => x.rule === id);
  // EDEN-TERRAIN-2: a missing parameter defaults to 1
  return r ? (r.value ?? 1) : undefined;
}

function hasRule(rules: readonly SceneryRule[], id: SceneryRuleId): boolean {
  return rules.some((x) => x.rule === id);
}

/** The element's rules as printed: the request's own list, else the catalog entry's. */
export function printedRules(element: string | undefined, rules: SceneryRule[] | undefined): SceneryRule[] {
  if (rules) return rules;
  return element ? [...(sceneryById(element)?.rules ?? [])] : [];
}

/** EDEN-TERRAIN-R-INFLAMMABLE: burning = Inflammable with at least one Fire marker. */
export function isBurning(s: Pick<SceneryState, 'rules' | 'fire'>): boolean {
  return s.fire > 0 && hasRule(s.rules, 'inflammable');
}

/**
 * EDEN-TERRAIN-R-INFLAMMABLE: while burning the element loses Crossable, Occupation and
 * Obstruction, and gains Obstacle (1), or +1 to the Obstacle value it already has.
 */
export function effectiveRules(s: Pick<SceneryState, 'rules' | 'fire'>): SceneryRule[] {
  if (!isBurning(s)) return s.rules.map((r) => ({ ...r }));
  const kept = s.rules.filter((r) => r.rule !== 'crossable' && r.rule !== 'occupation' && r.rule !== 'obstruction').map((r) => ({ ...r }));
  const obstacle = kept.find((r) => r.rule === 'obstacle');
  if (obstacle) obstacle.value = (obstacle.value ?? 1) + 1;
  else kept.push({ rule: 'obstacle', value: 1 });
  return kept;
}

/** EDEN-TERRAIN-R-DESTRUCTION / -INFLAMMABLE: attacks suffered plus Fire markers on the element. */
export function destructionCount(s: Pick<SceneryState, 'attacks' | 'fire' | 'rules'>): number {
  return s.attacks + (hasRule(s.rules, 'inflammable') ? s.fire : 0);
}

export interface SceneryOutcome {
  scenery: SceneryState;
  /** True when this event destroyed the element. */
  destroyedNow: boolean;
  /** EDEN-TERRAIN-R-DESTRUCTION: the Devastated zone of the same size that replaces it. */
  replacedBy: SceneryState | null;
  /** X of Destruction (X), or null when the element cannot be destroyed. */
  destruction: number | null;
  count: number;
}

function settle(before: SceneryState, after: SceneryState): SceneryOutcome {
  const x = ruleValue(after.rules, 'destruction') ?? null;
  const count = destructionCount(after);
  // EDEN-TERRAIN-R-DESTRUCTION: destroyed after X attacks (each Fire marker counts as one)
  if (!before.destroyed && x !== null && count >= x) {
    const devastated = sceneryById(DEVASTATED_ZONE)!;
    return {
      scenery: { ...after, destroyed: true },
      destroyedNow: true,
      replacedBy: { id: `${after.id}-devastated`, element: DEVASTATED_ZONE, rules: devastated.rules.map((r) => ({ ...r })), attacks: 0, fire: 0 },
      destruction: x,
      count,
    };
  }
  return { scenery: after, destroyedNow: false, replacedBy: null, destruction: x, count };
}

function assertStanding(s: SceneryState): void {
  if (s.destroyed) {
    throw new RuleViolation('scenery_destroyed', `The element ${s.id} was destroyed and replaced by a Devastated zone (EDEN-TERRAIN-R-DESTRUCTION).`, { sceneryId: s.id });
  }
}

export interface SceneryAttackOutcome extends SceneryOutcome {
  attacker: Fighter | null;
  apSpent: number;
}

/**
 * EDEN-TERRAIN-R-DESTRUCTION: an Attack action against the element; no dice, automatic success.
 * EDEN-AMB-33: it costs the Attack's 1 AP and counts towards the 2 Attacks per turn; Fear forbids it
 * (EDEN-STATE-FEAR-1). EDEN-TERRAIN-LIST-11: fighters of the Matriarchy cannot attack the idol.
 */
export function attackScenery(s: SceneryState, attacker: Fighter | null, attacksThisTurn?: number): SceneryAttackOutcome {
  assertStanding(s);
  if (ruleValue(s.rules, 'destruction') === undefined) {
    throw new RuleViolation('not_destructible', `The element ${s.id} has no Destruction (X) rule and cannot be the target of an Attack (EDEN-TERRAIN-R-DESTRUCTION).`, {
      sceneryId: s.id,
    });
  }
  let a = attacker;
  let apSpent = 0;
  if (a) {
    if (isOutOfAction(a) || a.outOfAction === true) throw new RuleViolation('out_of_action', `The attacker (${a.id}) is out of action (EDEN-WOUND-4).`, { fighterId: a.id });
    // EDEN-TERRAIN-LIST-11: «Un combatiente del Matriarcado de Sybille no puede atacar a este elemento»
    if (s.element === 'quadristic_idol' && a.faction !== undefined && canonicalFaction(a.faction) === 'matriarchy') {
      throw new RuleViolation('illegal_target', `Fighters of the Matriarchy of Sybille cannot attack the Quadristic idol (EDEN-TERRAIN-LIST-11).`, { legalTargets: [] });
    }
    assertNotAfraid(a, 'attacker');
    assertAttackLeft(a, attacksThisTurn, 'attacker');
    apSpent = apCost(a, 1, 'attacker');
    if (apSpent) a = { ...a, ap: a.ap - apSpent };
  }
  const out = settle(s, { ...s, attacks: s.attacks + 1 });
  return { ...out, attacker: a ? { ...a, outOfAction: false } : null, apSpent };
}

/** EDEN-TERRAIN-R-INFLAMMABLE: the element receives Fire markers as a fighter does (Fire (X)). */
export function igniteScenery(s: SceneryState, markers: number): SceneryOutcome {
  assertStanding(s);
  if (!hasRule(s.rules, 'inflammable')) {
    throw new RuleViolation('not_inflammable', `The element ${s.id} is not Inflammable and takes no Fire markers (EDEN-TERRAIN-R-INFLAMMABLE).`, { sceneryId: s.id });
  }
  return settle(s, { ...s, fire: s.fire + markers });
}

/**
 * EDEN-TERRAIN-R-INFLAMMABLE, upkeep: an element with at least one Fire marker gains another
 * (recommended timing: step 3); the new marker counts towards Destruction (X).
 */
export function sceneryUpkeep(s: SceneryState): SceneryOutcome {
  if (s.destroyed || !isBurning(s)) {
    return { scenery: s, destroyedNow: false, replacedBy: null, destruction: ruleValue(s.rules, 'destruction') ?? null, count: destructionCount(s) };
  }
  return settle(s, { ...s, fire: s.fire + 1 });
}

/**
 * EDEN-TERRAIN-R-INFLAMMABLE: a fighter that starts its activation or ends a move in contact with
 * a burning element immediately receives 1 Fire marker.
 */
export function touchBurning(s: SceneryState, f: Fighter): { fighter: Fighter; fireAdded: number } {
  if (s.destroyed || !isBurning(s) || isOutOfAction(f) || f.outOfAction === true) return { fighter: f, fireAdded: 0 };
  return { fighter: addMarkers(f, { fire: 1 }), fireAdded: 1 };
}

/** EDEN-TERRAIN-R-CONCEALMENT: more than 15 cm from every adversary to hide. */
const CONCEAL_MIN_DISTANCE = 15;
/** EDEN-TERRAIN-R-CONCEALMENT: adversaries within 5 cm (≤ 5) may still target a hidden fighter. */
const CONCEALED_TARGET_DISTANCE = 5;

/**
 * EDEN-TERRAIN-R-CONCEALMENT: in contact with the element, more than 15 cm from every adversary,
 * and a Move action (1 AP; allowed under Fear, EDEN-STATE-FEAR-1). EDEN-AMB-31: it lasts until the
 * fighter leaves contact, Attacks or Engages.
 */
export function conceal(s: SceneryState, f: Fighter, inContact: boolean, nearestAdversary: number | null): { fighter: Fighter; apSpent: number } {
  assertStanding(s);
  if (isOutOfAction(f) || f.outOfAction === true) throw new RuleViolation('out_of_action', `${f.id} is out of action (EDEN-WOUND-4).`, { fighterId: f.id });
  if (!hasRule(effectiveRules(s), 'concealment')) {
    throw new RuleViolation('rule_not_on_element', `The element ${s.id} has no Concealment rule (EDEN-TERRAIN-R-CONCEALMENT).`, { sceneryId: s.id });
  }
  if (!inContact) throw new RuleViolation('not_in_contact', `${f.id} must be in contact with the element to hide (EDEN-TERRAIN-R-CONCEALMENT).`, { fighterId: f.id });
  if (nearestAdversary !== null && nearestAdversary <= CONCEAL_MIN_DISTANCE) {
    throw new RuleViolation(
      'adversary_too_close',
      `The nearest adversary is ${nearestAdversary} cm away; hiding needs more than ${CONCEAL_MIN_DISTANCE} cm (EDEN-TERRAIN-R-CONCEALMENT).`,
      { nearestAdversary },
    );
  }
  const apSpent = apCost(f, 1, 'fighter');
  return { fighter: { ...f, ap: f.ap - apSpent, outOfAction: false }, apSpent };
}

/** EDEN-TERRAIN-R-CONCEALMENT: may an adversary `distance` cm away choose a (possibly hidden) fighter as target? */
export function targetableWhenConcealed(concealed: boolean | undefined, distance: number): boolean {
  return concealed !== true || distance <= CONCEALED_TARGET_DISTANCE;
}
