/** Preconditions shared by EDEN attacks: well-formed profiles (400) and who may act (422). */
import { InvalidInput, RuleViolation, pointer, type InputProblem } from '../../../kernel/errors.js';
import { LIMBS, findEquipment, isNpc, isOutOfAction, normalizeFighter, type Equipment, type Fighter, type FighterInput } from './fighter.js';

/** The fighter with defaults filled, unless it already has them (cheap for simulations). */
export function ensureFighter(f: Fighter | FighterInput): Fighter {
  return f.wounds && f.markers && f.equipment && f.types && f.ap !== undefined && f.value !== undefined ? (f as Fighter) : normalizeFighter(f);
}

/** CONTRACT §2: the faces of the four limbs partition 1..6. */
export function fighterProblems(f: Fighter | FighterInput, ...path: (string | number)[]): InputProblem[] {
  const problems: InputProblem[] = [];
  const seen = new Map<number, string>();
  for (const limb of LIMBS) {
    for (const face of f.limbs[limb].faces) {
      const other = seen.get(face);
      if (other !== undefined) {
        problems.push({
          path: pointer(...path, 'limbs', limb, 'faces'),
          code: 'duplicate_face',
          message: `Face ${face} is already on the ${other} index; the four limbs must partition 1..6.`,
        });
      }
      seen.set(face, limb);
    }
  }
  const missing = [1, 2, 3, 4, 5, 6].filter((face) => !seen.has(face));
  if (missing.length) {
    problems.push({
      path: pointer(...path, 'limbs'),
      code: 'incomplete_index',
      message: `Faces ${missing.join(', ')} are on no limb's index; the four limbs must partition 1..6.`,
    });
  }
  return problems;
}

/** Throw one InvalidInput listing every problem of every fighter given as [fighter, path…]. */
export function assertFighters(entries: [Fighter | FighterInput, ...(string | number)[]][]): void {
  const problems: InputProblem[] = [];
  for (const [f, ...path] of entries) problems.push(...fighterProblems(f, ...path));
  if (problems.length) throw new InvalidInput(problems, 'A fighter profile is not valid.');
}

/** The fighters on the table: both bands and the NPCs. */
export interface TableFighters<F> {
  bands: { A: F[]; B: F[] };
  npcs: F[];
}

/**
 * Every fighter on the table checked at once (one 400 listing the problems of all, at
 * `bands/A/i`, `bands/B/i`, `npcs/i`), then with defaults filled.
 */
export function tableFighters(table: TableFighters<Fighter | FighterInput>): TableFighters<Fighter> {
  const {
    bands: { A, B },
    npcs,
  } = table;
  assertFighters([
    ...A.map((f, i) => [f, 'bands', 'A', i] as [FighterInput, ...(string | number)[]]),
    ...B.map((f, i) => [f, 'bands', 'B', i] as [FighterInput, ...(string | number)[]]),
    ...npcs.map((f, i) => [f, 'npcs', i] as [FighterInput, ...(string | number)[]]),
  ]);
  return { bands: { A: A.map(ensureFighter), B: B.map(ensureFighter) }, npcs: npcs.map(ensureFighter) };
}

/** EDEN-WOUND-4: a fighter out of action has left the table. */
export function assertInAction(f: Fighter, role: string): void {
  if (isOutOfAction(f) || f.outOfAction === true) {
    throw new RuleViolation('out_of_action', `The ${role} (${f.id}) is out of action and has left the table (EDEN-WOUND-4).`, { fighterId: f.id });
  }
}

/** EDEN-STATE-FEAR-1: a fighter with a Fear marker may only Move (no Attack, no Engage). */
export function assertNotAfraid(f: Fighter, role: string): void {
  if (f.markers.fear > 0) {
    throw new RuleViolation('under_fear', `The ${role} (${f.id}) has a Fear marker and may only Move (EDEN-STATE-FEAR-1).`, { fighterId: f.id });
  }
}

/** EDEN-ACTION-1: the effect applies only if the cost is paid. NPCs pay nothing (EDEN-AMB-30). */
export function apCost(f: Fighter, cost: number, role: string): number {
  if (isNpc(f)) return 0;
  if (f.ap < cost) {
    throw new RuleViolation('no_ap', `The ${role} (${f.id}) has ${f.ap} AP and needs ${cost} (EDEN-ACTION-1).`, { fighterId: f.id, ap: f.ap, cost });
  }
  return cost;
}

/** EDEN-ATTACK-2: at most 2 Attacks per turn, when the caller says how many were used. */
export function assertAttackLeft(f: Fighter, used: number | undefined, role: string): void {
  if (used !== undefined && used >= 2 && !isNpc(f)) {
    throw new RuleViolation('attack_limit', `The ${role} (${f.id}) already made ${used} Attacks this turn; the limit is 2 (EDEN-ATTACK-2).`, { fighterId: f.id, used });
  }
}

/** The named equipment item, which must be of `category` (400 when unknown, 422 when of another kind). */
function weaponOf(f: Fighter, name: string, category: string, path: string): Equipment {
  const item = findEquipment(f, name);
  if (!item) {
    throw new InvalidInput([{ path, code: 'unknown_equipment', message: `${f.id} carries no equipment named "${name}".` }]);
  }
  if (!item.categories.includes(category)) {
    throw new RuleViolation('wrong_category', `"${item.name}" is not ${category} equipment (EDEN-EQUIP-2).`, { weapon: item.name, categories: item.categories });
  }
  return item;
}

/** EDEN-EFFECT-LIMIT: X / Turn and X / Game, when the caller says how often the item was used. */
export function assertItemUses(item: Equipment, usedThisTurn: number | undefined, usedThisGame: number | undefined): void {
  if (item.perTurn !== undefined && usedThisTurn !== undefined && usedThisTurn >= item.perTurn) {
    throw new RuleViolation('item_limit', `"${item.name}" may be used ${item.perTurn} time(s) per turn (EDEN-EFFECT-LIMIT).`, { weapon: item.name });
  }
  if (item.perGame !== undefined && usedThisGame !== undefined && usedThisGame >= item.perGame) {
    throw new RuleViolation('item_limit', `"${item.name}" may be used ${item.perGame} time(s) per game (EDEN-EFFECT-LIMIT).`, { weapon: item.name });
  }
}

/** What a ranged attack (Shooting, Throwing, Spray) is told about its attacker. */
export interface RangedAttacker {
  /** The attacker's role in messages: `shooter` or `attacker`. */
  role: string;
  /** What the attack does, for the `not_free` message: `shoot`, `throw`, `use Spray`. */
  action: string;
  /** The equipment category the weapon must have (`shooting`, `thrown`, `spray`). */
  category: string;
  weapon: string;
  engaged?: boolean;
  attacksThisTurn?: number;
  weaponUses?: { turn?: number; game?: number };
}

/**
 * The weapon of a ranged attack, once the attacker may make it: the named item of the right
 * category, an attacker in action, without Fear (EDEN-STATE-FEAR-1), free (EDEN-RANGED-1), with an
 * Attack left this turn (EDEN-ATTACK-2) and uses of the item left (EDEN-EFFECT-LIMIT).
 */
export function rangedAttackWeapon(attacker: Fighter, a: RangedAttacker): Equipment {
  const weapon = weaponOf(attacker, a.weapon, a.category, '/weapon');
  assertInAction(attacker, a.role);
  // EDEN-STATE-FEAR-1: no Attack under Fear
  assertNotAfraid(attacker, a.role);
  // EDEN-RANGED-1: the attacker must be free
  if (a.engaged)
    throw new RuleViolation('not_free', `The ${a.role} (${attacker.id}) is in contact with an adversary and cannot ${a.action} (EDEN-RANGED-1).`, { fighterId: attacker.id });
  assertAttackLeft(attacker, a.attacksThisTurn, a.role);
  assertItemUses(weapon, a.weaponUses?.turn, a.weaponUses?.game);
  return weapon;
}
